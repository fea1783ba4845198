"""Cubic Bezier curves for the fleet driver's paths (points as (x, z) or any pair; componentwise)."""

from __future__ import annotations

import math

BEZIER_LENGTH_SAMPLES = 20  # the note's source measures a path with 20 straight pieces


def bezier_point(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    """A point on the cubic Bezier p0..p3 at parameter t (Bernstein form)."""
    e = 1.0 - t
    a, b, c, d = e * e * e, 3.0 * e * e * t, 3.0 * e * t * t, t * t * t
    return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])


def bezier_length(p0, p1, p2, p3, samples: int = BEZIER_LENGTH_SAMPLES) -> float:
    """Arc length of the curve as the sum of `samples` straight pieces."""
    total = 0.0
    prev = p0
    for i in range(1, samples + 1):
        pt = bezier_point(p0, p1, p2, p3, i / samples)
        total += math.hypot(pt[0] - prev[0], pt[1] - prev[1])
        prev = pt
    return total
