"""The shadow map's redraw decisions: only when the box changes cell or a drawn caster moves."""

from __future__ import annotations

import pytest

from game.view.world.shadow_cache import ShadowCache, box_cell, snap_step

AXES = ((1.0, 0.0, 0.0), (0.0, 0.6, 0.8))  # sun right and up (unit vectors)


def test_snap_step_is_a_whole_number_of_texels() -> None:
    texel = 120.0 / 1024  # 0.1171875 m
    assert snap_step(texel, 12.0) == pytest.approx(102 * texel)  # 12 / 0.1171875 = 102.4 -> 102 texels
    assert snap_step(texel, 0.0) == pytest.approx(texel)  # at least one texel: never zero


def test_box_cell_changes_only_across_a_step() -> None:
    assert box_cell((0.0, 0.0, 0.0), AXES, 10.0) == (0, 0)
    assert box_cell((4.9, 0.0, 0.0), AXES, 10.0) == (0, 0)
    assert box_cell((5.1, 0.0, 0.0), AXES, 10.0) == (1, 0)  # rounds to the nearest cell centre
    assert box_cell((0.0, 10.0, 0.0), AXES, 10.0) == (0, 1)  # up component 0.6 * 10 = 6 m -> cell 1
    assert box_cell((-5.1, 0.0, 0.0), AXES, 10.0) == (-1, 0)


def test_first_frame_draws_then_a_still_scene_does_not() -> None:
    c = ShadowCache("cached")
    assert c.frame((0, 0)) is True
    assert [c.frame((0, 0)) for _ in range(50)] == [False] * 50
    assert (c.redraws, c.frames) == (1, 51)


def test_cached_policy_ignores_cars_but_follows_the_box() -> None:
    c = ShadowCache("cached")
    c.frame((0, 0), casters=[(1.0, 2.0)])
    assert c.frame((0, 0), casters=[(9.0, 9.0)]) is False  # cars are not in a cached map
    assert c.frame((1, 0), casters=[(9.0, 9.0)]) is True
    assert c.frame((1, 0)) is False


def test_live_policy_redraws_when_a_caster_moves() -> None:
    c = ShadowCache("live")
    c.frame((0, 0), casters=[(1.0, 2.0), (5.0, 5.0)])
    assert c.frame((0, 0), casters=[(1.0, 2.0), (5.0, 5.0)]) is False  # parked cars: nothing to draw
    assert c.frame((0, 0), casters=[(1.0, 2.5), (5.0, 5.0)]) is True
    assert c.frame((0, 0), casters=[(1.0, 2.5)]) is True  # a car left the scene


def test_invalidate_forces_one_redraw() -> None:
    c = ShadowCache("cached")
    c.frame((3, 4))
    c.invalidate()
    assert c.frame((3, 4)) is True and c.frame((3, 4)) is False


def test_box_moved_reports_without_consuming() -> None:
    c = ShadowCache("live")
    c.frame((0, 0))
    assert c.box_moved((0, 1)) and not c.box_moved((0, 0))
    assert c.frame((0, 1)) is True


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="shadow policy"):
        ShadowCache("sometimes")
