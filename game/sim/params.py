"""Typed, frozen handling parameters: the global constants, surfaces and cars of a catalog.

Field names are the JSON keys in data/cars.json, except where Handling adds a unit to a key's Python name
(`Handling.from_json` / `to_json` map them); units and meanings live in data/cars.schema.json.
The loader in game.content.catalog builds these.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field, fields, is_dataclass
from typing import Any

from game.sim.models.sim_params import Drivetrain


def _key(json_key: str, default: float) -> Any:
    """A field that cars.json spells `json_key` (its Python name adds the unit)."""
    return field(default=default, metadata={"json": json_key})


def json_key(f: Field) -> str:
    """The cars.json key of a dataclass field: its metadata's, or its own name."""
    return f.metadata.get("json", f.name)


@dataclass(frozen=True, slots=True)
class Handling:
    """Global handling constants (the drift-physics note, docs/reference/001-drift-physics.md, plus our named additions).

    The Python names carry their units; cars.json keeps its own keys (modders' files and replay digests use them),
    and a field whose name differs from its key names the key in its metadata (`_key`).
    """

    gravity_mps2: float = _key("gravity", 30.0)
    drag_quad_per_m: float = _key("drag_quad", 0.010)
    drag_lin_per_s: float = _key("drag_lin", 0.22)
    power_falloff: float = 2.0
    brake_decel_mps2: float = _key("brake_power", 36.0)
    steer_rate_radps: float = _key("steer_rate", 1.9)
    steer_smooth_per_s: float = _key("steer_smooth", 8.0)
    steer_ref_speed_mps: float = _key("steer_ref_speed", 7.0)
    high_speed_tame: float = 0.52
    handbrake_grip: float = 0.22
    handbrake_yaw: float = 1.35
    handbrake_engage_s: float = 0.10
    handbrake_release_s: float = 0.35
    handbrake_decel_mps2: float = _key("handbrake_decel", 3.0)
    drift_side_speed_mps: float = _key("drift_side_spd", 4.2)
    drift_end_side_speed_mps: float = _key("drift_end_side_spd", 2.6)
    air_grip: float = 0.06
    air_yaw: float = 0.35
    airborne_clearance_m: float = 0.12
    landing_grip: float = 0.45
    landing_recovery_s: float = 0.35
    overspeed_decay_per_s: float = _key("overspeed_decay", 1.6)
    reverse_power_frac: float = 0.5
    reverse_top_speed_mps: float = _key("reverse_top_speed", 12.0)
    stop_speed_mps: float = _key("stop_speed", 0.3)
    tilt_follow_rate_per_s: float = _key("tilt_follow_rate", 12.0)
    wall_restitution: float = 0.15

    def drag(self, speed: float) -> float:
        """Drag deceleration (m/s^2) at a forward speed, signed against the motion."""
        return self.drag_quad_per_m * speed * abs(speed) + self.drag_lin_per_s * speed

    @classmethod
    def from_json(cls, block: Mapping[str, float]) -> Handling:
        """From cars.json's handling block, read by its keys (schema-checked: no unknown ones)."""
        return cls(**{_FIELD_OF_KEY.get(k, k): v for k, v in block.items()})

    def to_json(self) -> dict[str, float]:
        """The handling block as cars.json spells it."""
        return {json_key(f): getattr(self, f.name) for f in fields(self)}


_FIELD_OF_KEY = {json_key(f): f.name for f in fields(Handling)}


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
    body: str = ""  # a body style of data/bodies.json; "" or an unknown one: the view draws the nearest by size and mass
    starter: bool = False
    drivetrain: Drivetrain | None = None  # the simulation model's parameters (None: arcade only)

    @property
    def collision_radius_m(self) -> float:
        """Radius of the circle the car collides with walls as."""
        return 0.5 * self.width_m + 0.15 * (self.length_m - self.width_m)

    @classmethod
    def from_json(cls, block: Mapping[str, Any]) -> CarSpec:
        """From a schema-checked car as cars.json spells it (a catalog's, or one a replay carries)."""
        f = dict(block)
        if "drivetrain" in f:
            f["drivetrain"] = Drivetrain.from_dict(f["drivetrain"])
        return cls(**f)

    def to_json(self) -> dict[str, Any]:
        """The car as cars.json spells it: CarSpec.from_json(spec.to_json()) == spec."""
        out = {f.name: _plain(getattr(self, f.name)) for f in fields(self)}
        if out["drivetrain"] is None:
            del out["drivetrain"]
        return out


def _plain(v: Any) -> Any:
    """A value of a car's record as JSON spells it: records as objects (a tyre block naming its rule), tuples as lists."""
    if is_dataclass(v) and not isinstance(v, type):
        out = {f.name: _plain(getattr(v, f.name)) for f in fields(v) if f.init}
        rule = getattr(type(v), "rule", None)
        return {"rule": rule, **out} if isinstance(rule, str) else out
    return [_plain(x) for x in v] if isinstance(v, tuple) else v


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

    def physics_digest(self) -> str:
        """sha256 of what every car drives by besides its own spec: the handling block and the surfaces."""
        doc = {"handling": self.handling.to_json(), "surfaces": {k: asdict(s) for k, s in self.surfaces.items()}}
        return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()

    @property
    def starter_ids(self) -> list[str]:
        """Cars every new profile owns, in catalog order."""
        return [c.id for c in self.cars.values() if c.starter]
