"""The debug overlays' world pieces (note 002's AI overlay, note 000's red Ackermann lines) and the AI look, offscreen.

Note 002: docs/reference/002-ai-cars.md; note 000: docs/reference/000-manual-car.md.
"""

from __future__ import annotations

import pytest

CHILD = "tests.view.ai_debug_child"


@pytest.fixture(scope="module")
def found(child_findings):
    return child_findings(CHILD)


def test_skid_opacity_reaches_ai_marks_already_laid_and_debug_shows_their_kind_at_raw_alpha(found):
    # a dark (0.1) mark at alpha 1 over white: 0.85 opacity blends to 0.85 x 0.1 + 0.15 x 1 = 0.235 (60/255)
    assert found["ai_mark_opacity_085"] == pytest.approx([60, 60, 60], abs=3)
    assert found["ai_mark_opacity_0"] == [255, 255, 255]  # the same laid mark, gone at opacity 0
    assert found["ai_mark_debug"] == pytest.approx([0, 255, 255], abs=3)  # debug: the turn kind's cyan, opacity bypassed
    assert found["player_mark_opacity_0"] == pytest.approx([26, 26, 26], abs=3)  # the player's own marks are not AI marks


def test_the_red_lines_show_under_a_steered_car_with_f3_only(found):
    assert found["turn_lines_steered"] == [3, True]  # both front wheels and the rear axle, under the car model
    assert found["turn_lines_straight"] == 0
    assert found["turn_lines_hidden"] == [0, True]


def test_the_ai_overlay_labels_each_cars_slip_angle_and_colours_the_marks_while_it_shows(found):
    o = found["overlay"]
    assert o["debug_marks"] == [True, True]
    for (text, shown), deg in zip(o["slip_labels"], o["slip_deg"]):
        assert shown and text == f"\u03b1 {deg:+.1f}\u00b0"
    assert found["overlay_hidden"] == [False, False, [False, False]]  # hidden: raw marks and labels go again


def test_the_look_block_sets_the_ai_shadows_and_marks(catalog, found):
    look = found["look"]
    assert look["skid_opacity"] == 0.3
    assert look["shadow_alpha"] == pytest.approx(0.2, abs=0.002)
    assert look["shadow_offset"] == pytest.approx([1.0, -0.5], abs=1e-3)  # world space: east 1 m, south 0.5 m
    kart = catalog.car("kart")  # AI car 0 drives the catalog's first car
    sx, sz = kart.width_m / 2 * 1.12, kart.length_m / 2 * 1.08
    assert look["shadow_scale"] == pytest.approx([(sx + 0.5) / sx, (sz + 0.5) / sz], rel=1e-3)  # the soft edge reaches 0.5 m out
