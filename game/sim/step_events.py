"""Things that happen in one sim step, for the view, sound and scoring to react to."""

from __future__ import annotations

from dataclasses import dataclass

WALL_HIT = "wall_hit"  # value: impact speed into the wall (m/s)
LANDED = "landed"  # value: vertical speed at touchdown (m/s)
LAUNCHED = "launched"  # value: vertical speed at take-off (m/s)
DRIFT_START = "drift_start"  # value: lateral speed (m/s)
DRIFT_END = "drift_end"  # value: how long the drift lasted (s)
SURFACE = "surface"  # value: 0; detail: the new surface id
CAR_HIT = "car_hit"  # value: closing speed of the two cars (m/s); detail: index of the other car


@dataclass(frozen=True, slots=True)
class Event:
    """One sim event at a place and time, of one car (`car`: its index in the session, 0 the player)."""

    kind: str
    t: float
    x: float
    z: float
    value: float = 0.0
    detail: str = ""
    car: int = 0
