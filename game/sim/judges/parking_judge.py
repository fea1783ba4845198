"""The parking challenge judge (pure): tasks in a map's bays, one at a time, judged on time, angle, offset and touches.

A task is done when the car has stood still (speed under parking_stop_speed_mps) for parking_hold_s with its whole
footprint inside the bay's painted lines. It is judged on the time taken (plus parking_touch_penalty_s for every new
touch of a cone, parked car, kerb, wall or post), the angle to the bay (stars at parking_star1_angle_deg and
parking_star2_angle_deg) and the distance of the car's centre from the bay's centre. The manual-car note (docs/reference/000-manual-car.md)
is where the game comes from: "parking is the slowest thing a car does".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.mathx import wrap_deg
from game.sim.world import box_corners

TOUCH, HOLDING, DONE, STARTED = "touch", "holding", "done", "started"
CONE_RADIUS_M = 0.27  # footprint of a traffic cone's base at scale 1 (the drawn cone's plate)
REVERSED = {"nose_in": False, "reverse_in": True, "garage": True}  # parked facing out of the bay; parallel: either way
GRID_M = 8.0  # cell of the broad phase: each step tests only the obstacles whose near-bounds reach the car's cell


@dataclass(frozen=True, slots=True)
class TaskResult:
    """How one parking task went (angle and offset as parked; None when the task was not reached)."""

    id: str
    label: str
    kind: str
    done: bool
    time_s: float
    angle_err_deg: float | None
    offset_m: float | None
    touches: int
    stars: int
    penalty_s: float
    points: int

    def as_stats(self) -> dict:
        """The headless stats' form."""
        r = lambda v, n: None if v is None else round(v, n)  # noqa: E731
        return {"id": self.id, "done": self.done, "time_s": round(self.time_s, 3), "angle_err_deg": r(self.angle_err_deg, 2),
                "offset_m": r(self.offset_m, 3), "touches": self.touches, "stars": self.stars}


@dataclass(frozen=True, slots=True)
class ParkingEvent:
    """Something the HUD shows at once: a task started, a touch (with its penalty), holding still, a task done."""

    kind: str
    t: float
    task_id: str
    value: float = 0.0
    result: TaskResult | None = None


def angle_error_deg(car_heading_deg: float, bay_heading_deg: float, kind: str) -> float:
    """Degrees between the car's heading and the way the task wants it parked (0..180)."""

    def diff(want: float) -> float:
        return abs(wrap_deg(car_heading_deg - want))

    if kind == "parallel":
        return min(diff(bay_heading_deg), diff(bay_heading_deg + 180.0))
    return diff(bay_heading_deg + (180.0 if REVERSED.get(kind) else 0.0))


def inside_bay(corners, bay) -> bool:
    """Whether every corner (x, z) lies within the bay's painted rectangle."""
    a = math.radians(bay.heading_deg)
    fx, fz, rx, rz = math.sin(a), math.cos(a), math.cos(a), -math.sin(a)
    for x, z in corners:
        dx, dz = x - bay.x, z - bay.z
        if abs(dx * fx + dz * fz) > bay.length_m / 2 or abs(dx * rx + dz * rz) > bay.width_m / 2:
            return False
    return True


def _box_frame(x: float, z: float, heading_deg: float):
    a = math.radians(heading_deg)
    return x, z, math.sin(a), math.cos(a)


def _local(frame, px: float, pz: float) -> tuple[float, float]:
    """(across, along) of a point in a box's frame (across + to the right, along + forward)."""
    x, z, s, c = frame
    dx, dz = px - x, pz - z
    return dx * c - dz * s, dx * s + dz * c


def box_touches_circle(frame, hw: float, hl: float, cx: float, cz: float, r: float) -> bool:
    """Whether a circle overlaps the box (half width hw, half length hl)."""
    u, v = _local(frame, cx, cz)
    du, dv = max(abs(u) - hw, 0.0), max(abs(v) - hl, 0.0)
    return du * du + dv * dv < r * r


def box_touches_segment(frame, hw: float, hl: float, a, b) -> bool:
    """Whether a wall line a-b crosses or enters the box (Liang-Barsky clip against its rectangle)."""
    u0, v0 = _local(frame, *a)
    u1, v1 = _local(frame, *b)
    t0, t1 = 0.0, 1.0
    du, dv = u1 - u0, v1 - v0
    for p, q in ((-du, u0 + hw), (du, hw - u0), (-dv, v0 + hl), (dv, hl - v0)):
        if p == 0.0:
            if q < 0.0:
                return False
        else:
            t = q / p
            if p < 0.0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def obstacles_of(track) -> list[tuple[str, str, tuple]]:
    """What a parking car may touch: (id, 'c'ircle or 's'egments, geometry) for cones, solid props, parked cars and walls."""
    out: list[tuple[str, str, tuple]] = []
    for i, p in enumerate(track.props):
        if p.kind == "cone":
            out.append((f"cone{i}", "c", (p.x, p.z, CONE_RADIUS_M * p.scale)))
        elif p.solid:
            out.append((f"{p.kind}{i}", "c", (p.x, p.z, p.radius_m * p.scale)))
    for i, car in enumerate(track.parked_cars):
        c = box_corners(car.x, car.z, car.heading_deg, car.length_m, car.width_m)
        out.append((f"car{i}", "s", tuple(zip(c, c[1:] + c[:1]))))
    for i, w in enumerate(track.walls):
        pts = list(w.points) + ([w.points[0]] if w.closed else [])
        out.append((f"{w.kind}{i}", "s", tuple(zip(pts, pts[1:]))))
    return out


def _near_circle(geo: tuple, x: float, z: float, reach: float) -> bool:
    return abs(geo[0] - x) < reach + geo[2] and abs(geo[1] - z) < reach + geo[2]


def _extent(kind: str, geo: tuple):
    """An obstacle's bounds: (min x, max x, min z, max z) of all its segments and of each one (None for a circle)."""
    if kind == "c":
        return None
    boxes = tuple((min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in geo)
    return (min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes)), boxes


def _broad_phase(obstacles, extents, reach: float) -> dict[tuple[int, int], tuple[int, ...]]:
    """{cell: indices of the obstacles touching() could find near a car centred in it}: a circle's box, or each segment's
    box, grown by the car's reach (inclusive, so every centre the narrow checks accept lies in a listed cell)."""
    cells: dict[tuple[int, int], list[int]] = {}
    for i, ((_, _, geo), extent) in enumerate(zip(obstacles, extents)):
        if extent is None:
            gx, gz, r = geo
            boxes = ((gx - r, gx + r, gz - r, gz + r),)
        else:
            boxes = extent[1]
        for x0, x1, z0, z1 in boxes:
            for ix in range(math.floor((x0 - reach) / GRID_M), math.floor((x1 + reach) / GRID_M) + 1):
                for iz in range(math.floor((z0 - reach) / GRID_M), math.floor((z1 + reach) / GRID_M) + 1):
                    ids = cells.setdefault((ix, iz), [])
                    if not ids or ids[-1] != i:
                        ids.append(i)
    return {k: tuple(v) for k, v in cells.items()}


class ParkingJudge:
    """Follows the player's car through a map's parking tasks (bays with a task, in listed order)."""

    def __init__(self, track, rules, length_m: float, width_m: float):
        self.rules = rules
        self.tasks = [b for b in track.bays if b.task]
        if not self.tasks:
            raise ValueError(f"map {track.id!r} has no parking bays with a task")
        self.length_m, self.width_m = length_m, width_m
        self._obstacles = obstacles_of(track)
        self._extents = [_extent(kind, geo) for _, kind, geo in self._obstacles]
        self._cells = _broad_phase(self._obstacles, self._extents, length_m / 2 + 1.0 + 1e-6)  # touching()'s reach, and a hair
        self.index = 0
        self.results: list[TaskResult] = []
        self._t0 = 0.0
        self._touches = 0
        self._touching: set[str] = set()
        self.hold_s = 0.0
        self.inside = False
        self.angle_err_deg = 0.0
        self.offset_m = 0.0

    @property
    def current(self):
        """The bay of the task in progress (None when all are done)."""
        return self.tasks[self.index] if self.index < len(self.tasks) else None

    @property
    def all_done(self) -> bool:
        """Every task is complete."""
        return self.index >= len(self.tasks)

    @property
    def touches(self) -> int:
        """Touches during the task in progress."""
        return self._touches

    @property
    def score(self) -> int:
        """Points of the tasks done so far."""
        return sum(r.points for r in self.results)

    def touching(self, x: float, z: float, heading_deg: float) -> set[str]:
        """Ids of the obstacles the car's footprint overlaps at this pose."""
        frame = _box_frame(x, z, heading_deg)
        hw, hl = self.width_m / 2, self.length_m / 2
        reach = hl + 1.0
        out: set[str] = set()
        if not (math.isfinite(x) and math.isfinite(z)):
            return out
        sin_h, cos_h = abs(frame[2]), abs(frame[3])
        ex, ez = cos_h * hw + sin_h * hl + 1e-6, sin_h * hw + cos_h * hl + 1e-6  # the footprint's bounds: x +- ex, z +- ez
        for i in self._cells.get((math.floor(x / GRID_M), math.floor(z / GRID_M)), ()):
            (oid, kind, geo), extent = self._obstacles[i], self._extents[i]
            if extent is None:
                if not _near_circle(geo, x, z, reach):
                    continue
            else:  # a wall or parked car: near as a whole, then near one of its segments (bounds computed once)
                (x0, x1, z0, z1), boxes = extent
                if not (x0 - reach < x < x1 + reach and z0 - reach < z < z1 + reach):
                    continue
                if not any(bx0 - reach < x < bx1 + reach and bz0 - reach < z < bz1 + reach for bx0, bx1, bz0, bz1 in boxes):
                    continue
            if kind == "c":
                hit = box_touches_circle(frame, hw, hl, *geo)
            else:  # only the segments whose bounds meet the footprint's (grown by a hair) can cross it
                hit = any(box_touches_segment(frame, hw, hl, a, b) for (a, b), (bx0, bx1, bz0, bz1) in zip(geo, boxes)
                          if bx0 < x + ex and x - ex < bx1 and bz0 < z + ez and z - ez < bz1)
            if hit:
                out.add(oid)
        return out

    def update(self, x: float, z: float, heading_deg: float, speed_mps: float, t: float, dt: float) -> list[ParkingEvent]:
        """Follow the car for one step (pose after the step at sim time t); the events to show."""
        bay = self.current
        if bay is None:
            return []
        out: list[ParkingEvent] = []
        now = self.touching(x, z, heading_deg)
        for _touched in sorted(now - self._touching):  # a touch each object newly touched
            self._touches += 1
            out.append(ParkingEvent(TOUCH, t, bay.id, self.rules.parking_touch_penalty_s))
        self._touching = now
        corners = box_corners(x, z, heading_deg, self.length_m, self.width_m)
        self.inside = inside_bay(corners, bay)
        self.angle_err_deg = angle_error_deg(heading_deg, bay.heading_deg, bay.task)
        self.offset_m = math.hypot(x - bay.x, z - bay.z)
        if self.inside and speed_mps < self.rules.parking_stop_speed_mps:
            if self.hold_s == 0.0:
                out.append(ParkingEvent(HOLDING, t, bay.id))
            self.hold_s += dt
            if self.hold_s >= self.rules.parking_hold_s - 1e-9:
                out.append(self._complete(t))
        else:
            self.hold_s = 0.0
        return out

    def _complete(self, t: float) -> ParkingEvent:
        bay = self.current
        r = self.rules
        stars = (self.angle_err_deg <= r.parking_star1_angle_deg) + (self.angle_err_deg <= r.parking_star2_angle_deg)
        penalty = self._touches * r.parking_touch_penalty_s
        time_s = t - self._t0
        points = max(0.0, r.parking_points_base - r.parking_points_per_s * (time_s + penalty) - r.parking_points_per_m * self.offset_m)
        result = TaskResult(bay.id, bay.label or bay.id, bay.task, True, time_s, self.angle_err_deg, self.offset_m, self._touches,
                            int(stars), penalty, int(round(points + stars * r.parking_star_points)))
        self.results.append(result)
        self.index += 1
        self._t0, self._touches, self.hold_s = t, 0, 0.0
        return ParkingEvent(DONE, t, bay.id, result=result)

    def finish(self, t: float) -> list[TaskResult]:
        """End of the run: the tasks not done, as not done (the one in progress with its time and touches)."""
        out = []
        for k, bay in enumerate(self.tasks[self.index :]):
            first = k == 0
            touches = self._touches if first else 0
            out.append(TaskResult(bay.id, bay.label or bay.id, bay.task, False, t - self._t0 if first else 0.0, None, None,
                                  touches, 0, touches * self.rules.parking_touch_penalty_s, 0))
        self.results += out
        self.index = len(self.tasks)
        return out
