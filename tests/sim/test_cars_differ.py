"""The six cars measurably differ in the ways their descriptions promise."""

from __future__ import annotations

import math

import pytest

from game.sim.controls import Controls
from tests.support.simdrive import drive, flat_session


def top_speed(catalog, car, surface):
    s = flat_session(catalog, car, surface)
    drive(s, Controls(throttle=1.0), 15.0)
    return s.state.speed


def peak_slide(catalog, car, steer=0.5):
    """Peak drift angle in a plain turn (no handbrake) at a given lock from 80 km/h."""
    s = flat_session(catalog, car)
    while s.state.speed < 80 / 3.6:
        s.step(Controls(throttle=1.0))
    peak = 0.0
    for _ in range(240):
        s.step(Controls(throttle=0.6, steer=steer))
        peak = max(peak, abs(math.degrees(s.state.drift_angle)))
    return peak


@pytest.fixture(scope="module")
def figures(catalog):
    out = {}
    for cid in catalog.cars:
        asphalt = top_speed(catalog, cid, "asphalt")
        out[cid] = {"top": asphalt, "grass_keep": top_speed(catalog, cid, "grass") / asphalt, "slide": peak_slide(catalog, cid)}
    return out


def test_hypercar_fastest_kart_slowest(figures):
    tops = {c: f["top"] for c, f in figures.items()}
    assert max(tops, key=tops.get) == "zenith_hyper"
    assert min(tops, key=tops.get) == "kart"


def test_rally_lynx_barely_slows_on_grass_vortex_bogs_down(figures):
    assert figures["rally_lynx"]["grass_keep"] > 0.9
    assert figures["vortex_gt"]["grass_keep"] < 0.6
    assert figures["rally_lynx"]["grass_keep"] == max(f["grass_keep"] for f in figures.values())


def test_hypercar_breaks_into_a_drift_at_half_lock_where_others_grip(figures):
    slides = {c: f["slide"] for c, f in figures.items()}
    assert max(slides, key=slides.get) == "zenith_hyper"
    assert slides["zenith_hyper"] > 2 * slides["hatch"]
    assert slides["zenith_hyper"] > 2 * slides["kart"]
    assert slides["bruiser_v8"] > slides["hatch"]  # the loose-tailed muscle car holds a wider slide


def test_vortex_on_grass_slides_like_ice(catalog):
    def lateral_left(car, surface):
        s = flat_session(catalog, car, surface)
        from tests.support.simdrive import set_velocity

        set_velocity(s.state, 15.0, 5.0)
        drive(s, Controls(), 0.5)
        return abs(s.state.lateral)

    assert lateral_left("vortex_gt", "grass") > 3 * lateral_left("vortex_gt", "asphalt")
    assert lateral_left("vortex_gt", "grass") > 2 * lateral_left("rally_lynx", "grass")
