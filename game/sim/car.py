"""The shared car state: what every handling model moves and what scoring, zones and the view read.

A `CarState` is pose (x, y, z, heading, pitch, roll), velocity (vx, vy, vz, yaw_rate, and the
car-frame `forward` / `lateral` speeds), the eased driver inputs the view draws (steer_wheel,
handbrake), ground contact (surface, ground_h, ground normal, airborne, air_time, in_contact,
landing_timer) and the drift state (drifting, drift_time). Every model keeps these meaning the
same thing, so scoring, zones, replays and the view work with any model.

What a model computes beyond that (grip factors, engine rpm, gear, tyre forces, ...) lives in
`telemetry`, an object of the model's own `Telemetry` class (game/sim/models/model_telemetry.py).
"""

from __future__ import annotations

import math
from typing import Generic, TypeVar

from game.sim.models.model_telemetry import Telemetry
from game.sim.slot_copy import slot_copier

TelT = TypeVar("TelT", bound=Telemetry)  # the telemetry class of the car's model (a bare CarState: any model's)


class CarState(Generic[TelT]):
    """Everything every model shares about one car at one instant, plus its model's telemetry."""

    __slots__ = (
        "t", "x", "y", "z", "heading", "vx", "vy", "vz", "yaw_rate", "steer_wheel", "handbrake",
        "airborne", "air_time", "landing_timer", "drifting", "drift_time", "pitch", "roll",
        "surface", "ground_h", "forward", "lateral", "top_speed_eff", "in_contact", "gnx", "gny", "gnz",
        "telemetry",
    )

    def __init__(self, x: float = 0.0, y: float = 0.0, z: float = 0.0, heading: float = 0.0, surface: str = "",
                 telemetry: TelT | None = None):
        self.t = 0.0
        self.x, self.y, self.z = x, y, z
        self.heading = heading
        self.vx = self.vy = self.vz = 0.0
        self.yaw_rate = 0.0
        self.steer_wheel = 0.0
        self.handbrake = 0.0
        self.airborne = False
        self.air_time = 0.0
        self.landing_timer = 0.0
        self.drifting = False
        self.drift_time = 0.0
        self.pitch = self.roll = 0.0
        self.surface = surface
        self.ground_h = y
        self.forward = self.lateral = 0.0
        self.top_speed_eff = 0.0  # the model's top speed on this surface (m/s), for the HUD's speed bar
        self.in_contact = False
        self.gnx, self.gny, self.gnz = 0.0, 1.0, 0.0  # ground normal under the car
        # a state made without one (tests, tools) has the base Telemetry: the checker sees no model there
        self.telemetry: TelT = telemetry if telemetry is not None else Telemetry()  # type: ignore[assignment]

    def copy(self) -> CarState[TelT]:
        """An independent copy (the telemetry, and with it the model's own state, copied too)."""
        c = _copy_fields(self)
        c.telemetry = self.telemetry.copy()
        return c

    def as_dict(self) -> dict:
        """Every shared field by name, and the telemetry as a dict under "telemetry"."""
        d = {name: getattr(self, name) for name in CarState.__slots__}
        d["telemetry"] = self.telemetry.as_dict()
        return d

    @property
    def speed(self) -> float:
        """Ground speed (m/s), horizontal."""
        return math.hypot(self.vx, self.vz)

    @property
    def heading_deg(self) -> float:
        """Heading in degrees, 0 faces +z, 90 faces +x (ursina rotation_y)."""
        return math.degrees(self.heading)

    @property
    def drift_angle(self) -> float:
        """Angle between where the car points and where it goes (rad, + sliding to the right)."""
        if self.forward * self.forward + self.lateral * self.lateral < 1.0:
            return 0.0
        return math.atan2(self.lateral, abs(self.forward))


_copy_fields = slot_copier(CarState, tuple(n for n in CarState.__slots__ if n != "telemetry"))
