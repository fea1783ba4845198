"""Judged courses as typed, frozen data: what a map's "courses" block describes (pure).

A course is a line set by the judges (`line`, from the start gate to the finish, `width_m` wide: its edges
are the course limits), three gates crossed in the course direction (start, initiation, finish), clips in
the order they come along the line and sectors between them. Stations are distances along the line (m),
derived by the loader from the geometry with `station_along`, never typed in.
"""

from __future__ import annotations

import bisect
import functools
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
    reach: tuple[Point, Point] | None = None  # the line the judges test, where it reaches past a and b (None: a to b)

    @property
    def judged(self) -> tuple[Point, Point]:
        """The ends of the line a car crosses: the gate's reach, or its posts a and b."""
        return self.reach or (self.a, self.b)


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
    station, offset, _ = shared_tracker(line, 0.0).locate(x, z, None)
    return station, offset


class LineTracker:
    """Projects points onto the course line near a known station, so a line that crosses itself keeps its branch.

    locate() is the nearest point of the segments in the window, the first of them on a tie, as a plain scan of the
    window gives; it gets there cheaply (it runs several times a step): a short window (SCAN segments) is scanned; in a
    longer one the hint's segment comes first, then only the segments whose bounding circle (and their block's: BLOCK
    consecutive segments) could hold a point nearer than the best so far, by a margin (PRUNE_EPS_M) far over the
    rounding of the distances compared.
    """

    BLOCK = 6  # segments per block of the broad phase
    PRUNE_EPS_M = 1e-6  # a segment is passed over only if it is this much further than the best: rounding cannot tie it
    SCAN = 6  # a window of this many segments or fewer is simply scanned (cheaper than pruning)
    MEMO = 4  # answers remembered (a tracker shared by several judges is asked the same point, from the same hint)

    def __init__(self, line, window_m: float):
        self._segs = []  # (ax, az, ex, ez, length, station at a)
        run = 0.0
        for (ax, az), (bx, bz) in zip(line, line[1:]):
            seg = math.hypot(bx - ax, bz - az)
            self._segs.append((ax, az, bx - ax, bz - az, seg, run))
            run += seg
        self._starts = [s[5] for s in self._segs]
        self._circles = [(ax + 0.5 * ex, az + 0.5 * ez, 0.5 * seg) for ax, az, ex, ez, seg, _ in self._segs]  # midpoint, half length
        self._dirs = [math.atan2(ex, ez) for _, _, ex, ez, _, _ in self._segs]
        self._blocks = []  # (centre x, centre z, radius) of each BLOCK segments' vertices
        for b in range(0, len(self._segs), self.BLOCK):
            pts = [(ax, az) for ax, az, *_ in self._segs[b:b + self.BLOCK]]
            ax, az, ex, ez, _, _ = self._segs[min(b + self.BLOCK, len(self._segs)) - 1]
            pts.append((ax + ex, az + ez))
            cx = 0.5 * (min(p[0] for p in pts) + max(p[0] for p in pts))
            cz = 0.5 * (min(p[1] for p in pts) + max(p[1] for p in pts))
            self._blocks.append((cx, cz, max(math.hypot(px - cx, pz - cz) for px, pz in pts)))
        self.length_m = run
        self.window_m = window_m
        self._memo: dict = {}

    def _d2(self, i: int, x: float, z: float) -> float:
        """The squared distance from (x, z) to segment i (the one formula every search compares)."""
        ax, az, ex, ez, seg, _ = self._segs[i]
        ll = seg * seg
        if ll == 0.0:
            t = 0.0
        else:  # min(1, max(0, t)) by comparisons: the same floats, cheaper
            t = ((x - ax) * ex + (z - az) * ez) / ll
            t = t if t > 0.0 else 0.0
            t = t if t < 1.0 else 1.0
        dx, dz = x - ax - t * ex, z - az - t * ez
        return dx * dx + dz * dz

    def locate(self, x: float, z: float, near_m: float | None) -> tuple[float, float, float]:
        """(station_m, offset_m, direction rad) of (x, z): the nearest point of the line within window_m of near_m
        (the whole line when near_m is None); offset + is right of the line's direction, direction as course.direction_at."""
        memo = self._memo
        key = (x, z, near_m) if x and z else (x, z, near_m, math.copysign(1.0, x), math.copysign(1.0, z))  # 0.0 and -0.0: one key, not one answer
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._search(x, z, near_m)
            if len(memo) > self.MEMO:
                del memo[next(iter(memo))]
        return found

    def _search(self, x: float, z: float, near_m: float | None) -> tuple[float, float, float]:
        """locate's search, every time."""
        starts, n = self._starts, len(self._segs)
        if near_m is None:
            lo, hi, h = 0, n, 0
        else:  # lo = max(0, ...), hi = min(n, ...), h = min(hi - 1, max(lo, ...)), by comparisons
            lo = bisect.bisect_right(starts, near_m - self.window_m) - 1
            lo = lo if lo > 0 else 0
            hi = bisect.bisect_right(starts, near_m + self.window_m)
            hi = hi if hi < n else n
            h = bisect.bisect_right(starts, near_m) - 1
            h = h if h > lo else lo
            h = h if h < hi - 1 else hi - 1
        if hi <= lo:
            return 0.0, 0.0, 0.0
        if hi - lo <= self.SCAN:
            return self._scan(x, z, lo, hi)
        segs, circles, size = self._segs, self._circles, self.BLOCK
        best_i, best = h, self._d2(h, x, z)
        reach = math.sqrt(best) + self.PRUNE_EPS_M
        for b in range(lo // size, (hi - 1) // size + 1):
            cx, cz, r = self._blocks[b]
            dx, dz, far = x - cx, z - cz, reach + r
            if dx * dx + dz * dz > far * far:
                continue  # no point of these segments is as near as the best
            i0, i1 = b * size, b * size + size
            for i in range(i0 if i0 > lo else lo, i1 if i1 < hi else hi):
                cx, cz, r = circles[i]
                dx, dz, far = x - cx, z - cz, reach + r
                if i == h or dx * dx + dz * dz > far * far:
                    continue
                ax, az, ex, ez, seg, _ = segs[i]  # _d2's formula, inline (min/max as comparisons: the same floats)
                ll = seg * seg
                if ll == 0.0:
                    t = 0.0
                else:
                    t = ((x - ax) * ex + (z - az) * ez) / ll
                    t = t if t > 0.0 else 0.0
                    t = t if t < 1.0 else 1.0
                dx, dz = x - ax - t * ex, z - az - t * ez
                d = dx * dx + dz * dz
                if d < best or (d == best and i < best_i):
                    best_i, best = i, d
                    reach = math.sqrt(best) + self.PRUNE_EPS_M
        return self._answer(best_i, best, x, z)

    def _scan(self, x: float, z: float, lo: int, hi: int) -> tuple[float, float, float]:
        """Every segment of the window, the first nearest wins (the plain search)."""
        best_i, best = lo, math.inf
        for i in range(lo, hi):
            d = self._d2(i, x, z)
            if d < best:
                best_i, best = i, d
        return self._answer(best_i, best, x, z)

    def _answer(self, i: int, d2: float, x: float, z: float) -> tuple[float, float, float]:
        """(station, signed offset, direction) of (x, z) projected onto segment i, d2 its squared distance there."""
        ax, az, ex, ez, seg, s0 = self._segs[i]
        ll = seg * seg
        t = 0.0 if ll == 0.0 else min(1.0, max(0.0, ((x - ax) * ex + (z - az) * ez) / ll))
        dx, dz = x - ax - t * ex, z - az - t * ez
        side = dx * ez - dz * ex  # right of (ex, ez) is (ez, -ex) with +z north and +x east
        return s0 + t * seg, math.copysign(math.sqrt(d2), side) if seg else 0.0, self._dirs[i]

    def station(self, p: Point, near_m: float | None = None) -> float:
        """The station of a point (near near_m)."""
        return self.locate(p[0], p[1], near_m)[0]


def shared_tracker(line, window_m: float) -> LineTracker:
    """One LineTracker per line and window for the judges and guides that follow cars on it: what one of them located
    the others get from its memo (a tracker's answers depend only on the point and the hint, so sharing changes none)."""
    return _shared_tracker(tuple(tuple(p) for p in line), window_m)


@functools.lru_cache(maxsize=32)
def _shared_tracker(line: tuple, window_m: float) -> LineTracker:
    return LineTracker(line, window_m)


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
