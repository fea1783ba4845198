"""The AI cars' handling model: the fleet driver's kinematic bicycle on the 3D ground (note 002).

The driver (game/sim/ai/driver.py) works in its plane: its x is the world's z and its y the world's
x, so its heading is the world heading (0 faces +z, growing clockwise seen from above). This
model moves the driver along its bicycle model, then puts the car on the ground (heights and
ramps, never airborne), pushes it out of walls like the player (game/sim/body.py) and hands the
pushed pose back to the driver.
"""

from __future__ import annotations

import math

from game.sim.ai.driver import FleetCar
from game.sim.ai.geometry import clamp
from game.sim.body import collide, follow_ground
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.models.telemetry import Telemetry
from game.sim.params import CarSpec, Catalog

_TWO_PI = 2.0 * math.pi


class FleetTelemetry(Telemetry):
    """The AI driver itself (its target, path, wheel and skid state) and, per step, the values the view blends."""

    __slots__ = ("driver", "skid", "slip_angle", "steering_rad", "braking", "exhaust_frame")

    def __init__(self, driver: FleetCar | None = None) -> None:
        super().__init__()
        self.driver = driver  # shared by every copy of this state: the live brain of the car
        self.skid = None  # game.sim.ai.skids.SkidState, set when the car joins a session's traffic
        self.slip_angle = 0.0  # rad, + the rear steps out to the left of the heading's turn
        self.steering_rad = 0.0
        self.braking = False
        self.exhaust_frame = -1


class FleetModel:
    """The kinematic fleet car as a VehicleModel (any catalog car can be an AI car)."""

    id = "fleet"
    name = "AI fleet (kinematic)"

    def supports(self, car: CarSpec) -> bool:
        return True

    def new_telemetry(self, car: CarSpec) -> FleetTelemetry:
        return FleetTelemetry()

    def step(self, s: CarState, c: Controls, car: CarSpec, catalog: Catalog, world, dt: float) -> list:
        """Advance the driver (it decided in its controller), then ground and walls; the pushed pose goes back to it."""
        tel = s.telemetry
        d = tel.driver
        start = (s.x, s.z)
        d.advance(dt)
        out: list = []
        h = d.heading % _TWO_PI
        s.heading = h - _TWO_PI if h > math.pi else h
        sh, ch = math.sin(s.heading), math.cos(s.heading)
        s.x, s.z = d.y, d.x
        s.vx, s.vz = d.speed * sh, d.speed * ch
        s.yaw_rate = d.yaw_rate
        collide(s, car.collision_radius_m, catalog.handling, world, out, start)
        if s.in_contact:  # walls push it like the player; it keeps only the speed along its nose
            d.x, d.y = s.z, s.x
            d.speed = max(0.0, s.vx * sh + s.vz * ch)
            s.vx, s.vz = d.speed * sh, d.speed * ch
        follow_ground(s, catalog.handling, world, dt, out)
        s.forward, s.lateral = d.speed, 0.0
        s.steer_wheel = clamp(d.steering / d.max_steering, -1.0, 1.0)
        s.top_speed_eff = d.max_speed
        tel.slip_angle, tel.steering_rad, tel.braking, tel.exhaust_frame = d.slip_angle, d.steering, d.braking, d.exhaust_frame
        return out


FLEET_MODEL = FleetModel()
