"""The tandem judge's geometry, written out for speed, gives exactly what the plain formulas give."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from game.sim.judges.course.judge_geometry import bumper
from game.sim.judges.tandem.gap_geometry import _clips_box, bumper_gap


def plain_bumper_gap(chase, chase_spec, lead, lead_spec) -> float:
    """bumper_gap as it was first written (generator and min/max)."""
    (ax, az), (bx, bz) = bumper(chase.x, chase.z, chase.heading, chase_spec.length_m, chase_spec.width_m, True)
    fx, fz = math.sin(lead.heading), math.cos(lead.heading)
    hl, hw = 0.5 * lead_spec.length_m, 0.5 * lead_spec.width_m
    dx, dz = ax - lead.x, az - lead.z
    p0 = (dx * fz - dz * fx, dx * fx + dz * fz)
    dx, dz = bx - lead.x, bz - lead.z
    p1 = (dx * fz - dz * fx, dx * fx + dz * fz)
    if _clips_box(p0, p1, hw, hl):
        return 0.0
    best = min(math.hypot(max(abs(p[0]) - hw, 0.0), max(abs(p[1]) - hl, 0.0)) for p in (p0, p1))
    ex, ez = p1[0] - p0[0], p1[1] - p0[1]
    ll = ex * ex + ez * ez
    for cx, cz in ((hw, hl), (-hw, hl), (hw, -hl), (-hw, -hl)):
        t = 0.0 if ll == 0.0 else min(1.0, max(0.0, ((cx - p0[0]) * ex + (cz - p0[1]) * ez) / ll))
        best = min(best, math.hypot(cx - p0[0] - t * ex, cz - p0[1] - t * ez))
    return best


def test_the_gap_equals_the_plain_formula_to_the_digit():
    rng = np.random.default_rng(21)
    specs = [SimpleNamespace(length_m=4.4, width_m=1.8), SimpleNamespace(length_m=3.9, width_m=1.7), SimpleNamespace(length_m=0.0, width_m=0.0)]
    touching = 0
    for _ in range(20000):
        lead = SimpleNamespace(x=float(rng.normal(0, 50)), z=float(rng.normal(0, 50)), heading=float(rng.uniform(-4, 4)))
        far = rng.random() < 0.5
        chase = SimpleNamespace(x=lead.x + float(rng.normal(0, 8 if far else 2.5)), z=lead.z + float(rng.normal(0, 8 if far else 2.5)),
                                heading=lead.heading + float(rng.normal(0, 0.6)) if rng.random() < 0.9 else lead.heading)
        cs, ls = specs[int(rng.integers(0, 3))], specs[int(rng.integers(0, 2))]
        gap = bumper_gap(chase, cs, lead, ls)
        assert gap == plain_bumper_gap(chase, cs, lead, ls)
        touching += gap == 0.0
    assert 100 < touching < 19000  # both branches were taken
