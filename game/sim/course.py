"""Judged courses as typed, frozen data: what a map's "courses" block describes (pure).

A course is a line set by the judges (`line`, from the start gate to the finish, `width_m` wide: its edges
are the course limits), three gates crossed in the course direction (start, initiation, finish), clips in
the order they come along the line and sectors between them. Stations are distances along the line (m),
derived by the loader from the geometry with `station_along`, never typed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.track import Spawn

Point = tuple[float, float]
INNER, OUTER = "inner", "outer"  # clip kinds: a point judged by the front bumper; a line judged by the rear bumper
FINISH = "finish"  # a sector's `until` for the last sector: it runs to the finish gate


@dataclass(frozen=True, slots=True)
class Gate:
    """A line across the course from a to b; the course direction crosses it from its left to its right
    (seen from above, driving through it with a on the left)."""

    a: Point
    b: Point
    station_m: float = 0.0  # where its midpoint projects on the course line


@dataclass(frozen=True, slots=True)
class Clip:
    """An inner clipping point (one point, approached with the front bumper) or an outer clipping zone (a polyline,
    swept by the rear bumper); full marks within full_m of it, none beyond zero_m."""

    id: str
    kind: str  # INNER or OUTER
    points: tuple[Point, ...]  # one point for an inner clip, two or more for an outer zone
    full_m: float
    zero_m: float
    name: str = ""
    station_m: float = 0.0  # where it projects on the course line (its midpoint, for a zone)


@dataclass(frozen=True, slots=True)
class Sector:
    """A stretch of the course from the previous sector's end (the initiation line for the first) to a clip's
    station or the finish; its weight is its share of the angle points (the weights sum to 100)."""

    id: str
    name: str
    until: str  # a clip id, or FINISH
    weight: float
    target_angle_deg: float
    start_m: float = 0.0
    end_m: float = 0.0


@dataclass(frozen=True, slots=True)
class Course:
    """One judged course on a map."""

    id: str
    name: str
    spawn: Spawn  # where a run is staged, before the start gate
    start: Gate
    initiation: Gate
    finish: Gate
    line: tuple[Point, ...]
    width_m: float
    clips: tuple[Clip, ...]
    sectors: tuple[Sector, ...]
    reference_speed_mps: float
    time_limit_s: float  # from the run's first step (staged at the spawn) to the finish
    description: str = ""

    @property
    def length_m(self) -> float:
        """The course line's length."""
        return polyline_length(self.line)


def polyline_length(points) -> float:
    """Length (m) of an open polyline."""
    return sum(math.hypot(bx - ax, bz - az) for (ax, az), (bx, bz) in zip(points, points[1:]))


def station_along(line, x: float, z: float) -> tuple[float, float]:
    """(station_m, offset_m) of (x, z) against an open polyline: the distance along it to the nearest point, and how
    far off it (+ right of the line's direction, - left)."""
    best_d2, best_s, best_off = math.inf, 0.0, 0.0
    run = 0.0
    for (ax, az), (bx, bz) in zip(line, line[1:]):
        ex, ez = bx - ax, bz - az
        ll = ex * ex + ez * ez
        seg = math.sqrt(ll)
        t = 0.0 if ll == 0.0 else min(1.0, max(0.0, ((x - ax) * ex + (z - az) * ez) / ll))
        px, pz = ax + t * ex, az + t * ez
        d2 = (x - px) ** 2 + (z - pz) ** 2
        if d2 < best_d2:
            # right of the direction (ex, ez) is (ez, -ex) in x/z seen from above with +z north and +x east
            side = (x - px) * ez - (z - pz) * ex
            best_d2, best_s, best_off = d2, run + t * seg, math.copysign(math.sqrt(d2), side) if seg else 0.0
        run += seg
    return best_s, best_off


def direction_at(line, station_m: float) -> float:
    """The course line's heading (rad, 0 facing +z, clockwise) at a station."""
    run = 0.0
    pairs = list(zip(line, line[1:]))
    for i, ((ax, az), (bx, bz)) in enumerate(pairs):
        seg = math.hypot(bx - ax, bz - az)
        if station_m <= run + seg or i == len(pairs) - 1:
            return math.atan2(bx - ax, bz - az)
        run += seg
    return 0.0
