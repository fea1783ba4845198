"""Typed, frozen handling parameters: the global constants, surfaces and cars of a catalog.

Field names equal the JSON keys in data/cars.json; units and meanings live in
data/cars.schema.json. The loader in game.content.catalog builds these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.sim.models.sim_params import Drivetrain


@dataclass(frozen=True, slots=True)
class Handling:
    """Global handling constants (drift-physics reference note, plus our named additions)."""

    gravity: float = 30.0
    drag_quad: float = 0.010
    drag_lin: float = 0.22
    power_falloff: float = 2.0
    brake_power: float = 36.0
    steer_rate: float = 1.9
    steer_smooth: float = 8.0
    steer_ref_speed: float = 7.0
    high_speed_tame: float = 0.52
    handbrake_grip: float = 0.22
    handbrake_yaw: float = 1.35
    handbrake_engage_s: float = 0.10
    handbrake_release_s: float = 0.35
    handbrake_decel: float = 3.0
    drift_side_spd: float = 4.2
    drift_end_side_spd: float = 2.6
    air_grip: float = 0.06
    air_yaw: float = 0.35
    airborne_clearance_m: float = 0.12
    landing_grip: float = 0.45
    landing_recovery_s: float = 0.35
    overspeed_decay: float = 1.6
    reverse_power_frac: float = 0.5
    reverse_top_speed: float = 12.0
    stop_speed: float = 0.3
    tilt_follow_rate: float = 12.0
    wall_restitution: float = 0.15

    def drag(self, speed: float) -> float:
        """Drag deceleration (m/s^2) at a forward speed, signed against the motion."""
        return self.drag_quad * speed * abs(speed) + self.drag_lin * speed


@dataclass(frozen=True, slots=True)
class Surface:
    """One ground type: how it changes grip and top speed."""

    id: str
    slickness: float = 1.0
    offroad: bool = False
    offroad_grip: float = 1.0
    offroad_top_speed: float = 1.0
    color: str = "#777777"
    effect: str = "smoke"

    def grip_factor(self, car_offroad: float) -> float:
        """Multiplier on car grip here: slickness, times the off-road factor eased by the car's offroad stat."""
        f = self.slickness
        if self.offroad:
            f *= self.offroad_grip + (1.0 - self.offroad_grip) * car_offroad
        return f

    def top_speed_factor(self, car_offroad: float) -> float:
        """Multiplier on top speed here (1 on paved surfaces)."""
        if not self.offroad:
            return 1.0
        return self.offroad_top_speed + (1.0 - self.offroad_top_speed) * car_offroad


@dataclass(frozen=True, slots=True)
class CarSpec:
    """One car of the catalog: its feel (power..offroad) and what the game needs to show and sell it."""

    id: str
    name: str
    description: str
    power: float
    top_speed: float
    grip: float
    steer: float
    offroad: float
    mass_kg: float
    length_m: float
    width_m: float
    height_m: float
    wheelbase_m: float
    track_m: float
    wheel_radius_m: float
    max_wheel_angle_deg: float
    color: str
    price: int
    body: str = "coupe"
    starter: bool = False
    drivetrain: Drivetrain | None = None  # the simulation model's parameters (None: arcade only)

    @property
    def collision_radius_m(self) -> float:
        """Radius of the circle the car collides with walls as."""
        return 0.5 * self.width_m + 0.15 * (self.length_m - self.width_m)


@dataclass(frozen=True, slots=True)
class Economy:
    """What things cost and earn."""

    starting_credits: int = 6000


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything data/cars.json holds, typed."""

    handling: Handling
    surfaces: dict[str, Surface]
    cars: dict[str, CarSpec]
    economy: Economy = field(default_factory=Economy)
    source: str = "data/cars.json"
    digest: str = ""

    def car(self, car_id: str) -> CarSpec:
        """The car with this id (KeyError when the catalog has none)."""
        return self.cars[car_id]

    @property
    def starter_ids(self) -> list[str]:
        """Cars every new profile owns, in catalog order."""
        return [c.id for c in self.cars.values() if c.starter]
