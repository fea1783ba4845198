"""Things that happen in one sim step, for the view, sound and scoring to react to."""

from __future__ import annotations

from dataclasses import dataclass

WALL_HIT = "wall_hit"  # value: impact speed into the wall (m/s)
LANDED = "landed"  # value: vertical speed at touchdown (m/s)
LAUNCHED = "launched"  # value: vertical speed at take-off (m/s)
DRIFT_START = "drift_start"  # value: lateral speed (m/s)
DRIFT_END = "drift_end"  # value: how long the drift lasted (s)
SURFACE = "surface"  # value: 0; detail: the new surface id


@dataclass(frozen=True, slots=True)
class Event:
    """One sim event at a place and time."""

    kind: str
    t: float
    x: float
    z: float
    value: float = 0.0
    detail: str = ""
