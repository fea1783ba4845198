"""Drift-zone judging: each run through a track's drift zone is scored on entry speed, angle held and line.

Per criterion 0..100: speed = entry speed / zone_full_speed_mps, angle = mean |drift angle| inside /
zone_full_angle_deg, line = 1 - mean distance to the zone's line / zone_line_tolerance_m (the zone's
"line" polyline, else the centreline of a path-shaped zone, else not judged). The total is their
weighted mean (weights zone_weight_*), and the run earns total / 100 * zone_points_max points.
Runs shorter than zone_min_time_s (clipping a corner) are reported but earn nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.sim.judges.scoring import ScoringRules
    from game.sim.track import Shape

ENTERED, EXITED = "entered", "exited"


@dataclass(frozen=True, slots=True)
class ZoneResult:
    """How one run through a zone scored (criteria 0..100; line_* None when the zone has no line)."""

    zone_id: str
    name: str
    time_s: float
    entry_speed_mps: float
    mean_angle_deg: float
    mean_line_m: float | None
    speed_score: float
    angle_score: float
    line_score: float | None
    total: float
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class ZoneEvent:
    """The car entered a zone, or left it (with the run's result)."""

    kind: str
    t: float
    zone_id: str
    name: str
    result: ZoneResult | None = None


def inside(shape: Shape, x: float, z: float) -> bool:
    """Whether the point (x, z) lies in the shape (scalar twin of shapes.shape_mask)."""
    if shape.kind == "circle":
        cx, cz = shape.center
        return (x - cx) ** 2 + (z - cz) ** 2 <= shape.radius_m**2
    if shape.kind == "rect":
        cx, cz = shape.center
        a = math.radians(shape.rotation_deg)
        dx, dz = x - cx, z - cz
        u = dx * math.cos(a) - dz * math.sin(a)
        v = dx * math.sin(a) + dz * math.cos(a)
        return abs(u) <= shape.size[0] / 2 and abs(v) <= shape.size[1] / 2
    if shape.kind == "polygon":
        result = False
        pts = shape.points
        for (ax, az), (bx, bz) in zip(pts, pts[1:] + pts[:1]):
            if az != bz and (az > z) != (bz > z) and x < ax + (z - az) * (bx - ax) / (bz - az):
                result = not result
        return result
    if shape.kind == "path":
        return polyline_distance(shape.points, shape.closed, x, z) <= shape.width_m / 2
    raise ValueError(f"unknown shape kind {shape.kind!r}")


def polyline_distance(points, closed: bool, x: float, z: float) -> float:
    """Distance (m) from (x, z) to the nearest point of a polyline."""
    pts = list(points) + ([points[0]] if closed and points else [])
    if len(pts) == 1:
        return math.hypot(x - pts[0][0], z - pts[0][1])
    best = math.inf
    for (ax, az), (bx, bz) in zip(pts, pts[1:]):
        ex, ez = bx - ax, bz - az
        ll = ex * ex + ez * ez
        t = 0.0 if ll == 0.0 else min(1.0, max(0.0, ((x - ax) * ex + (z - az) * ez) / ll))
        best = min(best, math.hypot(x - (ax + t * ex), z - (az + t * ez)))
    return best


class _Run:
    """Sums for one zone while the car is inside it."""

    __slots__ = ("t0", "entry_speed", "time_s", "angle_sum", "line_sum")

    def __init__(self, t0: float, entry_speed: float):
        self.t0, self.entry_speed = t0, entry_speed
        self.time_s = self.angle_sum = self.line_sum = 0.0


class ZoneJudge:
    """Watches the car against a track's drift zones and scores each run through them."""

    def __init__(self, zones: Iterable[dict], rules: ScoringRules):
        self.rules = rules
        self.zones = tuple(zones)
        self._lines: dict[str, tuple[tuple[tuple[float, float], ...], bool] | None] = {}
        for z in self.zones:
            area = z["area"]
            if z.get("line"):
                self._lines[z["id"]] = (tuple(tuple(p) for p in z["line"]), False)
            elif area.kind == "path":
                self._lines[z["id"]] = (area.points, area.closed)
            else:
                self._lines[z["id"]] = None
        self._runs: dict[str, _Run] = {}
        self.results: list[ZoneResult] = []

    @property
    def active(self) -> tuple[str, ...]:
        """Ids of the zones the car is inside now."""
        return tuple(self._runs)

    def update(self, state, dt: float) -> list[ZoneEvent]:
        """Follow the car for one step (state after the step); entered/exited events."""
        out: list[ZoneEvent] = []
        angle = abs(math.degrees(state.drift_angle))
        for z in self.zones:
            zid = z["id"]
            now_in = inside(z["area"], state.x, state.z)
            run = self._runs.get(zid)
            if now_in:
                if run is None:
                    run = self._runs[zid] = _Run(state.t, state.speed)
                    out.append(ZoneEvent(ENTERED, state.t, zid, z["name"]))
                run.time_s += dt
                run.angle_sum += angle * dt
                line = self._lines[zid]
                if line is not None:
                    run.line_sum += polyline_distance(line[0], line[1], state.x, state.z) * dt
            elif run is not None:
                out.append(self._close(z, state.t))
        return out

    def finish(self, t: float) -> list[ZoneEvent]:
        """End of session: close the runs still open."""
        return [self._close(z, t) for z in self.zones if z["id"] in self._runs]

    def _close(self, zone: dict, t: float) -> ZoneEvent:
        run = self._runs.pop(zone["id"])
        result = score_run(zone, run, self._lines[zone["id"]] is not None, self.rules)
        self.results.append(result)
        return ZoneEvent(EXITED, t, zone["id"], zone["name"], result)


def score_run(zone: dict, run: _Run, has_line: bool, rules: ScoringRules) -> ZoneResult:
    """The result of one run from its sums."""
    r = rules
    time_s = run.time_s
    mean_angle = run.angle_sum / time_s if time_s > 0 else 0.0
    speed_score = 100.0 * min(run.entry_speed / r.zone_full_speed_mps, 1.0)
    angle_score = 100.0 * min(mean_angle / r.zone_full_angle_deg, 1.0)
    weighted = r.zone_weight_speed * speed_score + r.zone_weight_angle * angle_score
    weights = r.zone_weight_speed + r.zone_weight_angle
    mean_line = line_score = None
    if has_line:
        mean_line = run.line_sum / time_s if time_s > 0 else 0.0
        line_score = 100.0 * max(0.0, 1.0 - mean_line / r.zone_line_tolerance_m)
        weighted += r.zone_weight_line * line_score
        weights += r.zone_weight_line
    total = weighted / weights if weights > 0 else 0.0
    counted = time_s >= r.zone_min_time_s
    points = int(round(total / 100.0 * r.zone_points_max)) if counted else 0
    return ZoneResult(zone["id"], zone["name"], time_s, run.entry_speed, mean_angle, mean_line,
                      speed_score, angle_score, line_score, total, points, counted)
