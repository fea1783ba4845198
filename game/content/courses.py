"""Build a map's judged courses (its "courses" block) into Course objects, checking what the schema cannot."""

from __future__ import annotations

import math

from game.safe_json import DataError
from game.sim.course import FINISH, INNER, Clip, Course, Gate, Sector, polyline_length, station_along
from game.sim.track import Spawn

GATE_OVERHANG_M = 2.0  # a gate reaches this far past each edge of the course: past a car with all four tyres just off it

WEIGHT_TOTAL = 100.0  # the sectors' weights are shares of the angle points, in percent (D1GP DOSS sectors)
WEIGHT_TOLERANCE = 1e-6


def courses_from_list(items: list, label: str, size_m) -> tuple[Course, ...]:
    """Courses from a schema-valid "courses" list of a map `size_m` across; DataError names file, course and field."""
    out, seen = [], set()
    for c in items:
        if c["id"] in seen:
            raise DataError(f"{label}: courses[{c['id']}].id: used twice")
        seen.add(c["id"])
        out.append(_course(c, _Where(label, f"courses[{c['id']}]", size_m)))
    return tuple(out)


class _Where:
    """Formats a course's error lines and checks places against the map's extent."""

    def __init__(self, label: str, course: str, size_m):
        self.label, self.course = label, course
        self.hw, self.hd = size_m[0] / 2, size_m[1] / 2

    def error(self, field: str, problem: str) -> DataError:
        return DataError(f"{self.label}: {self.course}.{field}: {problem}")

    def inside(self, p, field: str) -> tuple[float, float]:
        x, z = float(p[0]), float(p[1])
        if not (-self.hw < x < self.hw and -self.hd < z < self.hd):
            raise self.error(field, f"({x:g}, {z:g}) is outside the map (x and z within +-{self.hw:g} and +-{self.hd:g} m)")
        return x, z


def _course(c: dict, w: _Where) -> Course:
    line = tuple(w.inside(p, f"line[{i}]") for i, p in enumerate(c["line"]))
    first: dict = {}
    for i, p in enumerate(line):
        if p in first:
            raise w.error(f"line[{i}]", f"repeats line[{first[p]}] ({p[0]:g}, {p[1]:g}); a judges' line never comes back to a point")
        first[p] = i
    width = float(c["width_m"])
    s = c["spawn"]
    sx, sz = w.inside((s["x"], s["z"]), "spawn")
    gap = math.hypot(sx - line[0][0], sz - line[0][1])
    if gap > width:
        raise w.error("spawn", f"is {gap:.1f} m from the line's start, farther than the course width ({width:g} m): the line starts at the spawn")
    start, initiation, finish = (_gate(c[g], g, line, width, w) for g in ("start", "initiation", "finish"))
    if not start.station_m < initiation.station_m:
        raise w.error("initiation", f"is at {initiation.station_m:.1f} m along the line, not after the start gate ({start.station_m:.1f} m)")
    clips = _clips(c["clips"], line, width, w)
    if not initiation.station_m < clips[0].station_m:
        raise w.error(f"clips[{clips[0].id}]", f"is at {clips[0].station_m:.1f} m along the line, not after the initiation line ({initiation.station_m:.1f} m)")
    if not clips[-1].station_m < finish.station_m:
        raise w.error("finish", f"is at {finish.station_m:.1f} m along the line, not after the last clip {clips[-1].id!r} ({clips[-1].station_m:.1f} m)")
    sectors = _sectors(c["sectors"], clips, initiation.station_m, finish.station_m, w)
    return Course(
        id=c["id"], name=c["name"], description=c.get("description", ""), spawn=Spawn(sx, sz, float(s["heading_deg"])),
        start=start, initiation=initiation, finish=finish, line=line, width_m=width, clips=clips, sectors=sectors,
        reference_speed_mps=float(c["reference_speed_mps"]), time_limit_s=float(c["time_limit_s"]),
    )


def _gate(g: dict, field: str, line, width: float, w: _Where) -> Gate:
    """A gate as the file places it (its posts and painted line, a to b), judged along its line pushed out to
    GATE_OVERHANG_M past the course's edges where the posts stop short: a line across the course is crossed wherever on
    the course the car is (a car that finishes wide of the posts has still finished)."""
    a, b = w.inside(g["a"], f"{field}.a"), w.inside(g["b"], f"{field}.b")
    if a == b:
        raise w.error(field, f"a and b are the same point ({a[0]:g}, {a[1]:g}): a gate needs a length")
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    station, _ = station_along(line, *mid)
    # which side of the line each end lies on, against the line's direction where the gate crosses it
    (_, off_a), (_, off_b) = station_along(line, *a), station_along(line, *b)
    if not (off_a < 0.0 < off_b):
        raise w.error(field, "must cross the line with a on the driver's left and b on the right (swap a and b, or move the gate onto the line)")
    length = math.dist(a, b)
    ux, uz = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    rate = (off_b - off_a) / length  # metres off the line per metre along the gate
    edge = 0.5 * width + GATE_OVERHANG_M
    more_a, more_b = max(0.0, (edge + off_a) / rate), max(0.0, (edge - off_b) / rate)
    reach = ((a[0] - ux * more_a, a[1] - uz * more_a), (b[0] + ux * more_b, b[1] + uz * more_b))
    return Gate(a, b, station, reach if more_a or more_b else None)


def _clips(items: list, line, width: float, w: _Where) -> tuple[Clip, ...]:
    out: list[Clip] = []
    seen = set()
    for c in items:
        field = f"clips[{c['id']}]"
        if c["id"] in seen:
            raise w.error(f"{field}.id", "used twice in this course")
        seen.add(c["id"])
        if c["id"] == FINISH:
            raise w.error(f"{field}.id", f"{FINISH!r} names the finish gate (a sector's until); give the clip another id")
        if c["kind"] == INNER:
            if "points" in c:
                raise w.error(f"{field}.points", "an inner clip is one point: give 'at' only")
            pts: tuple[tuple[float, float], ...] = (w.inside(c["at"], f"{field}.at"),)
            mid = pts[0]
        else:
            if "at" in c:
                raise w.error(f"{field}.at", "an outer zone is a line: give 'points' only")
            pts = tuple(w.inside(p, f"{field}.points[{i}]") for i, p in enumerate(c["points"]))
            for i in range(1, len(pts)):
                if pts[i] == pts[i - 1]:
                    raise w.error(f"{field}.points[{i}]", f"repeats the point before it ({pts[i][0]:g}, {pts[i][1]:g})")
            mid = _halfway(pts)
        if not c["zero_m"] > c["full_m"]:
            raise w.error(f"{field}.zero_m", f"{c['zero_m']:g} m must be more than full_m ({c['full_m']:g} m)")
        station, offset = station_along(line, *mid)
        reach = width / 2 + c["zero_m"]
        if abs(offset) > reach:
            raise w.error(field, f"is {abs(offset):.1f} m off the line, more than half the course width plus zero_m ({reach:g} m): no car could score it")
        if out and not station > out[-1].station_m:
            raise w.error(field, f"is at {station:.1f} m along the line, not after {out[-1].id!r} ({out[-1].station_m:.1f} m): list clips in course order")
        out.append(Clip(c["id"], c["kind"], pts, float(c["full_m"]), float(c["zero_m"]), c.get("name", c["id"]), station))
    return tuple(out)


def _halfway(pts) -> tuple[float, float]:
    """The point halfway along a polyline (by length)."""
    left = polyline_length(pts) / 2
    for (ax, az), (bx, bz) in zip(pts, pts[1:]):
        seg = math.hypot(bx - ax, bz - az)
        if left <= seg:
            t = left / seg if seg else 0.0
            return ax + t * (bx - ax), az + t * (bz - az)
        left -= seg
    return pts[-1]


def _sectors(items: list, clips, start_m: float, finish_m: float, w: _Where) -> tuple[Sector, ...]:
    stations = {c.id: c.station_m for c in clips}
    total = sum(s["weight"] for s in items)
    if abs(total - WEIGHT_TOTAL) > WEIGHT_TOLERANCE:
        raise w.error("sectors", f"weights sum to {total:g}, must sum to {WEIGHT_TOTAL:g}")
    out, seen, at = [], set(), start_m
    for s in items:
        field = f"sectors[{s['id']}]"
        if s["id"] in seen:
            raise w.error(f"{field}.id", "used twice in this course")
        seen.add(s["id"])
        until = s["until"]
        if until == FINISH:
            end = finish_m
        elif until in stations:
            end = stations[until]
        else:
            raise w.error(f"{field}.until", f"{until!r} is no clip of this course (clips: {', '.join(stations)}; or {FINISH!r})")
        if not end > at:
            raise w.error(f"{field}.until", f"{until!r} ({end:.1f} m along the line) is not after the previous sector's end ({at:.1f} m): sectors go in order")
        out.append(Sector(s["id"], s.get("name", s["id"]), until, float(s["weight"]), float(s["target_angle_deg"]), at, end))
        at = end
    if out[-1].until != FINISH:
        raise w.error(f"sectors[{out[-1].id}].until", f"the last sector must run to {FINISH!r}, not {out[-1].until!r}")
    return tuple(out)
