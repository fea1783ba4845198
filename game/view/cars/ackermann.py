"""Ackermann steering geometry for drawing the front wheels (pure math, no ursina)."""

from __future__ import annotations

import math

# Both front wheels point at one turning centre on the rear-axle line (Ackermann geometry,
# docs/reference/000-manual-car.md: "each front wheel gets the angle that points at the same turning
# center"). The mean angle a = steer * max_angle sets the turn radius R = L / tan(a), measured
# from the car's centre line; the inner wheel sits t/2 closer to the centre, the outer t/2 farther:
#   tan(inner) = L / (R - t/2),   tan(outer) = L / (R + t/2).


def turn_radius(steer: float, max_angle_rad: float, wheelbase_m: float) -> float:
    """Distance (m) from the car's centre line to the turning centre, math.inf when straight."""
    mean = abs(max(-1.0, min(1.0, steer))) * max_angle_rad
    if mean <= 1e-9:
        return math.inf
    return wheelbase_m / math.tan(mean)


def ackermann_angles(steer: float, max_angle_rad: float, wheelbase_m: float, track_m: float) -> tuple[float, float]:
    """(left, right) front-wheel angles in rad, + turning right; the inner wheel turns more."""
    r = turn_radius(steer, max_angle_rad, wheelbase_m)
    if math.isinf(r):
        return 0.0, 0.0
    half = 0.5 * track_m
    inner = math.atan2(wheelbase_m, r - half)  # atan2 stays finite when the centre falls inside the track
    outer = math.atan2(wheelbase_m, r + half)
    if steer > 0.0:
        return outer, inner  # turning right: the right wheel is the inner one
    return -inner, -outer


def turning_centre_lines(steer: float, max_angle_rad: float, wheelbase_m: float, track_m: float,
                         max_radius_m: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The note's red lines, in the car frame (x right, z forward, origin midway between the axles): from each
    front wheel and from the rear axle's middle to the turning centre on the rear-axle line. None drawn when the
    wheel is straight or the centre lies farther than max_radius_m (the lines would run off the screen)."""
    r = turn_radius(steer, max_angle_rad, wheelbase_m)
    if math.isinf(r) or r > max_radius_m:
        return []
    side = 1.0 if steer > 0.0 else -1.0
    half_l, half_t = 0.5 * wheelbase_m, 0.5 * track_m
    centre = (side * r, -half_l)
    return [((-half_t, half_l), centre), ((half_t, half_l), centre), ((0.0, -half_l), centre)]
