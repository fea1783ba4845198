"""How a car looks beyond its paint: the paint's finish and its stance (camber, ride height, track, rims).

Visual only: nothing here reaches a car's physics, so replays, scores and `sideways sim` are the same whatever a
player picks. The sim holds these values only so that a run, its replay and its ghost carry the car's looks along.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

FINISHES = ("gloss", "metallic", "matte")
FINISH_LABELS = {"gloss": "Gloss", "metallic": "Metallic", "matte": "Matte"}
RIM_STYLES = ("factory", "five_spoke", "mesh", "dish", "six_spoke", "turbofan")
RIM_LABELS = {"factory": "Factory", "five_spoke": "Five-spoke", "mesh": "Mesh", "dish": "Deep dish",
              "six_spoke": "Six-spoke", "turbofan": "Turbofan"}
HEX_RE = re.compile(r"#[0-9a-f]{6}")

# Each number's range and the step the garage moves it by: (low, high, step). Camber is the top of the wheel leaning in
# (negative, as drift cars run it); ride height is the body against the factory height (negative: lower); track is how
# far each wheel sits out from the factory track (positive: wider).
RANGES: dict[str, tuple[float, float, float]] = {
    "camber_front_deg": (-12.0, 2.0, 1.0),
    "camber_rear_deg": (-8.0, 2.0, 1.0),
    "ride_mm": (-80.0, 40.0, 10.0),
    "track_mm": (-20.0, 60.0, 5.0),
}


class LooksError(ValueError):
    """A stance or finish that is not one (its message names the field and what it must be)."""


@dataclass(frozen=True)
class Stance:
    """A car's stance: camber per axle, ride height and track against the factory, rim style and rim colour."""

    camber_front_deg: float = 0.0
    camber_rear_deg: float = 0.0
    ride_mm: float = 0.0
    track_mm: float = 0.0
    rim: str = "factory"
    rim_colour: str = ""  # "#rrggbb"; "" keeps the car's own rim colour

    def __post_init__(self) -> None:
        for name, (lo, hi, _) in RANGES.items():
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
                raise LooksError(f"stance {name} must be a number from {lo:g} to {hi:g}, got {v!r}")
            object.__setattr__(self, name, float(v))
        if self.rim not in RIM_STYLES:
            raise LooksError(f"stance rim must be one of {', '.join(RIM_STYLES)}, got {self.rim!r}")
        if self.rim_colour and not (isinstance(self.rim_colour, str) and HEX_RE.fullmatch(self.rim_colour)):
            raise LooksError(f"stance rim_colour must look like #rrggbb, got {self.rim_colour!r}")

    @property
    def is_factory(self) -> bool:
        """True when nothing differs from the car as it left the factory."""
        return self == FACTORY

    def to_json(self) -> dict[str, Any]:
        """The stance as a JSON object (every field)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Stance:
        """A stance from a JSON object; unknown keys or bad values raise LooksError naming the field."""
        if not isinstance(data, Mapping):
            raise LooksError(f"stance must be an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        extra = sorted(str(k) for k in data if k not in known)
        if extra:
            raise LooksError(f"stance has no field {extra[0]!r}")
        values = dict(data)
        if isinstance(values.get("rim_colour"), str):
            values["rim_colour"] = values["rim_colour"].lower()
        return cls(**values)

    def snapped(self) -> Stance:
        """The same stance with every number on its garage step (what the garage offers)."""
        changes = {n: round(getattr(self, n) / step) * step for n, (_, _, step) in RANGES.items()}
        return Stance(**{**asdict(self), **changes})


FACTORY = Stance()


def check_finish(finish: object) -> str:
    """The finish if it is one, else LooksError."""
    if finish not in FINISHES:
        raise LooksError(f"finish must be one of {', '.join(FINISHES)}, got {finish!r}")
    return str(finish)
