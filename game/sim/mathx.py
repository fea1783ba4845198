"""Scalar helpers the sim and the view share: clamping and angle wrapping, one source for each."""

from __future__ import annotations

import math

TAU = 2.0 * math.pi  # one full turn, rad
_MANY_TURNS_RAD = 1e6 * TAU  # past this, whole turns come off in one exact step instead of one at a time


def clamp(x: float, lo: float, hi: float) -> float:
    """x limited to [lo, hi]: lo below it, hi above it, x itself otherwise (a NaN passes through)."""
    return lo if x < lo else hi if x > hi else x


def clamp01(x: float) -> float:
    """x limited to [0, 1] (a NaN passes through)."""
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def wrap_pi(angle_rad: float) -> float:
    """The same direction in (-pi, pi], whole turns taken off one at a time; NaN and infinities come back as they are."""
    if not -_MANY_TURNS_RAD < angle_rad < _MANY_TURNS_RAD:
        if not math.isfinite(angle_rad):
            return angle_rad
        angle_rad = math.remainder(angle_rad, TAU)
    while angle_rad > math.pi:
        angle_rad -= TAU
    while angle_rad <= -math.pi:
        angle_rad += TAU
    return angle_rad


def angle_diff(a_rad: float, b_rad: float) -> float:
    """The shortest signed turn from angle a to angle b, in (-pi, pi]."""
    return wrap_pi(b_rad - a_rad)


def wrap_deg(angle_deg: float) -> float:
    """The same direction in [-180, 180) degrees, for any number of turns."""
    return (angle_deg + 180.0) % 360.0 - 180.0
