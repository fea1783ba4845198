"""The six body styles and the wheels as meshes (no window): silhouettes apart, spoilers where they belong, rims apart."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.content.bodies import load_bodies
from game.content.catalog import load_catalog
from game.sim.looks import RIM_STYLES
from game.view.cars.bodies import build_body
from game.view.cars.car_wheels import ride_offset_m, wheel_parts

STYLES = ("kart", "hatch", "rally", "coupe", "muscle", "hyper")


@pytest.fixture(scope="module")
def gt():
    """One car's sizes (the GT's), so that styles are compared at the same length, width and height."""
    return load_catalog().cars["vortex_gt"]


def _points(parts) -> np.ndarray:
    return np.asarray(parts.paint.v + parts.detail.v, float).reshape(-1, 3)


def _side_profile(spec, style: str, bins: int = 24) -> np.ndarray:
    """The highest point of the car in each of `bins` slices from tail to nose (m)."""
    p = _points(build_body(replace(spec, body=style)))
    hl = 0.5 * spec.length_m
    idx = np.clip(((p[:, 2] + hl) / (2 * hl) * bins).astype(int), 0, bins - 1)
    return np.array([p[idx == i, 1].max() if (idx == i).any() else 0.0 for i in range(bins)])


def test_the_six_silhouettes_differ_at_the_same_size(gt):
    prof = {s: _side_profile(gt, s) for s in STYLES}
    for i, a in enumerate(STYLES):
        for b in STYLES[i + 1:]:
            assert np.abs(prof[a] - prof[b]).max() > 0.1, (a, b)  # somewhere along the car, 10 cm apart in height


def test_wings_stand_above_the_tail_and_the_muscle_car_has_none(gt):
    def tail_rise(style: str) -> float:
        """How far the tail's top (last 20 % of the car) rises above the roof's top, in metres."""
        p = _points(build_body(replace(gt, body=style)))
        tail = p[p[:, 2] < -0.6 * 0.5 * gt.length_m]
        return tail[:, 1].max() - gt.height_m

    assert tail_rise("hyper") > -0.05 and tail_rise("coupe") > -0.3  # a wing up at roof height on the GT and the hyper
    assert tail_rise("muscle") < tail_rise("coupe") - 0.1  # a low ducktail, no wing


def test_an_unknown_style_draws_as_the_nearest(gt):
    van = replace(gt, body="van", length_m=4.9, height_m=1.4, mass_kg=1700)
    assert load_bodies().for_car(van).id == "muscle"
    assert np.array_equal(_points(build_body(van)), _points(build_body(replace(van, body="muscle"))))


def test_low_detail_has_fewer_vertices(gt):
    for style in STYLES[1:]:  # the kart's frame has no loft to bevel
        full, low = (len(_points(build_body(replace(gt, body=style), d))) for d in ("full", "low"))
        assert low < 0.8 * full, style


def test_every_rim_style_is_its_own_geometry_and_low_detail_a_flat_disc():
    meshes = {r: np.asarray(wheel_parts(0.33, 0.22, 1, r, (0.8, 0.8, 0.8)).detail.v) for r in RIM_STYLES[1:]}
    for i, a in enumerate(RIM_STYLES[1:]):
        for b in RIM_STYLES[i + 2:]:
            assert meshes[a].shape != meshes[b].shape or not np.allclose(meshes[a], meshes[b]), (a, b)
    lows = {len(wheel_parts(0.33, 0.22, 1, r, (0.8, 0.8, 0.8), "low").detail.v) for r in RIM_STYLES[1:]}
    assert len(lows) == 1 and lows.pop() < min(len(m) for m in meshes.values()) / 2


def test_the_tyre_is_rounded_and_dark_and_the_rim_takes_its_colour():
    w = wheel_parts(0.33, 0.22, 1, "five_spoke", (0.9, 0.1, 0.1))
    v, c = np.asarray(w.detail.v), np.asarray(w.detail.c)
    radius = np.hypot(v[:, 1], v[:, 2])
    outer = radius > 0.329
    assert np.abs(v[outer, 0]).max() < 0.11 - 0.005  # the tread stops short of the sidewall: a rounded shoulder
    assert (c[outer, :3] < 0.1).all()  # dark rubber
    assert ((c[:, 0] > 0.85) & (c[:, 1] < 0.15)).sum() > 30  # the rim in its colour


def test_ride_height_is_clamped_to_the_arch_and_the_ground():
    assert ride_offset_m(30.0, 0.3, 0.35, 0.2) == pytest.approx(0.03)
    assert ride_offset_m(-20.0, 0.3, 0.35, 0.2) == pytest.approx(-0.02)
    assert ride_offset_m(-80.0, 0.3, 0.35, 0.2) == pytest.approx(-(0.05 - 0.012))  # the arch's crown over the tyre
    assert ride_offset_m(-80.0, 0.3, 0.6, 0.05) == pytest.approx(-(0.05 - 0.025))  # the floor over the ground
