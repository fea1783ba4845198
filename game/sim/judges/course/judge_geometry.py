"""The course judge's geometry: the car's bumpers and wheels, distances between segments, gates, stations (pure).

Axes as the rest of the sim: heading 0 faces +z and grows clockwise seen from above, so the car's forward
unit vector is (sin h, cos h) and its right unit vector (cos h, -sin h).
"""

from __future__ import annotations

import math

from game.sim.course import Gate, Point

Segment = tuple[Point, Point]
GATE_MARGIN_M = 0.01  # far over any rounding: a bound for a quick answer, not a rule


def bumper(x: float, z: float, heading: float, length_m: float, width_m: float, front: bool) -> Segment:
    """The front (or rear) bumper: a segment across the car's width at +length/2 (or -length/2) along its heading."""
    fx, fz = math.sin(heading), math.cos(heading)
    rx, rz = math.cos(heading), -math.sin(heading)
    k = 0.5 * length_m if front else -0.5 * length_m
    cx, cz = x + k * fx, z + k * fz
    hw = 0.5 * width_m
    return (cx - hw * rx, cz - hw * rz), (cx + hw * rx, cz + hw * rz)


def bumpers(x: float, z: float, heading: float, length_m: float, width_m: float) -> tuple[Segment, Segment]:
    """(front, rear) bumpers: bumper()'s two segments, the same floats, the heading's sine and cosine taken once."""
    fx, fz = math.sin(heading), math.cos(heading)
    rx, rz = fz, -fx
    hw = 0.5 * width_m
    out = []
    for k in (0.5 * length_m, -0.5 * length_m):
        cx, cz = x + k * fx, z + k * fz
        out.append(((cx - hw * rx, cz - hw * rz), (cx + hw * rx, cz + hw * rz)))
    return out[0], out[1]


def wheels(x: float, z: float, heading: float, wheelbase_m: float, track_m: float) -> tuple[Point, Point, Point, Point]:
    """The four tyres' contact points (front left, front right, rear left, rear right) from the wheelbase and track."""
    fx, fz = math.sin(heading), math.cos(heading)
    rx, rz = math.cos(heading), -math.sin(heading)
    hb, ht = 0.5 * wheelbase_m, 0.5 * track_m
    return tuple((x + a * hb * fx + b * ht * rx, z + a * hb * fz + b * ht * rz) for a in (1, -1) for b in (-1, 1))  # type: ignore[return-value]


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment ab."""
    ex, ez = b[0] - a[0], b[1] - a[1]
    ll = ex * ex + ez * ez
    if ll == 0.0:
        t = 0.0
    else:  # clamped to 0..1 by comparisons: min(1, max(0, t))'s floats, cheaper (the judges call it many times a step)
        t = ((p[0] - a[0]) * ex + (p[1] - a[1]) * ez) / ll
        t = t if t > 0.0 else 0.0
        t = t if t < 1.0 else 1.0
    return math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ez)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ab and cd cross or touch (proper crossings; collinear overlaps count as touching)."""
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (d1 == 0 and _on(a, c, d)) or (d2 == 0 and _on(b, c, d)) or (d3 == 0 and _on(c, a, b)) or (d4 == 0 and _on(d, a, b))


def _on(p: Point, a: Point, b: Point) -> bool:
    return point_segment_distance(p, a, b) <= 1e-12


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """Closest distance between segments ab and cd in the plane: 0 when they cross, else the least endpoint-to-segment one."""
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d), point_segment_distance(c, a, b), point_segment_distance(d, a, b))


def polyline_segment_distance(points, a: Point, b: Point) -> float:
    """Closest distance between a polyline (an outer clipping zone) and the segment ab (the rear bumper)."""
    best = math.inf
    mx, mz, half = 0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]), 0.5 * math.hypot(b[0] - a[0], b[1] - a[1])
    for i in range(len(points) - 1):
        p, q = points[i], points[i + 1]
        if best < math.inf:  # a zone segment whose circle is surely further than the best cannot change the minimum
            reach = 0.5 * math.hypot(q[0] - p[0], q[1] - p[1]) + half
            if math.hypot(0.5 * (p[0] + q[0]) - mx, 0.5 * (p[1] + q[1]) - mz) - reach > best + 1e-6:
                continue
        d = segment_segment_distance(p, q, a, b)
        if d < best:
            best = d
    return best


def crossed_gate(gate: Gate, p0: Point, p1: Point) -> bool:
    """True when the car's centre moved from p0 to p1 across the gate in the course direction.

    The gate's judged line (game/sim/course.py Gate.judged, reaching past the course's edges) runs from a on the
    driver's left to b on the right, so b - a points along the car's right vector and the course direction through the
    gate is (-(b-a)_z, (b-a)_x). A step whose bounding box is GATE_MARGIN_M clear of the line's cannot meet it: that is
    answered before the exact test (the judges ask every step)."""
    ga, gb = gate.judged
    (ax, az), (bx, bz) = ga, gb
    m = GATE_MARGIN_M
    lo, hi = (p0[0], p1[0]) if p0[0] < p1[0] else (p1[0], p0[0])
    if (hi < ax - m and hi < bx - m) or (lo > ax + m and lo > bx + m):
        return False
    lo, hi = (p0[1], p1[1]) if p0[1] < p1[1] else (p1[1], p0[1])
    if (hi < az - m and hi < bz - m) or (lo > az + m and lo > bz + m):
        return False
    if not segments_intersect(p0, p1, ga, gb):
        return False
    gx, gz = bx - ax, bz - az
    return (p1[0] - p0[0]) * -gz + (p1[1] - p0[1]) * gx > 0.0


def wrap_angle(a: float) -> float:
    """An angle folded into (-pi, pi]."""
    return math.atan2(math.sin(a), math.cos(a))
