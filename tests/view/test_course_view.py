"""The course in the world and on the HUD, from pure helpers: posts per inner clip, the next clip lit, the strip's text."""

from __future__ import annotations

import numpy as np
import pytest

from game.sim.judges.course.result import CLIP, DEDUCTION, ENDED, INITIATED, MISSED, SPIN, ZERO, JudgeEvent
from game.view.hud import course_text as ct
from game.view.world import course_geometry as cg
from game.view.world.map_image import CLIP_RGBA, MapImage, course_image
from tests.support.course_fixture import live, pad_course


@pytest.fixture(scope="module")
def built(park):
    return pad_course(), cg.build_course(park, pad_course())


def test_one_post_per_inner_clip_standing_at_its_point(built, park):
    course, parts = built
    (pos, _, _, _), tags = parts["standing"]
    for i, clip in enumerate(course.clips):
        mine = pos[tags == i]
        assert len(mine) > 0, clip.id
        if clip.kind == "inner":
            x, z = clip.points[0]
            assert np.hypot(mine[:, 0] - x, mine[:, 2] - z).max() < 0.35  # one slim post on the point, nothing elsewhere
            ground = float(park.terrain_height(x, z))
            assert mine[:, 1].max() - ground > 2.5  # tall enough to show over a car's roof from a chase camera
    inner = [c for c in course.clips if c.kind == "inner"]
    posts = {int(t) for t in np.unique(tags) if t >= 0 and course.clips[t].kind == "inner"}
    assert len(posts) == len(inner) == 3


def test_paint_follows_the_ground(built, park):
    _, parts = built
    (pos, _, _, _), _ = parts["ground"]
    lift = pos[:, 1] - np.asarray(cg.mesh_height(park, pos[:, 0], pos[:, 2]))
    assert np.all(np.abs(lift - cg.PAINT_LIFT_M) < 0.02)


def test_next_clip_is_lit_and_judged_ones_turn_green_or_red(built):
    course, parts = built
    (_, _, base, _), tags = parts["standing"]
    states = cg.clip_states(len(course.clips), 2, {0: True, 1: False})
    assert states == [cg.HIT, cg.MISSED, cg.NEXT, cg.PENDING, cg.PENDING]
    cols = cg.clip_colours(base, tags, states)
    for i, st in enumerate(states):
        want = np.asarray(cg.STATE_RGB[st]) * (cg.DONE_DIM if st in (cg.HIT, cg.MISSED) else 1.0)
        assert np.allclose(cols[tags == i, :3], want), (i, st)
    assert np.array_equal(cols[tags == -1], base[tags == -1])  # gates, poles and stripes keep their colours


def test_marker_floats_over_the_next_clip(built, park):
    course, _ = built
    x, y, z = cg.marker_point(park, course.clips[0])
    assert (x, z) == course.clips[0].points[0] and y > park.terrain_height(x, z) + cg.POST_H_M
    x, _, z = cg.marker_point(park, course.clips[1])  # an outer zone: over its middle
    assert (round(x, 2), round(z, 2)) == (29.4, 0.8)  # 9 m along its 18 m line


def test_strip_text_from_a_live_score():
    assert ct.strip_text(live(), None, run=0, runs=2) == "RUN 1/2  LINE 21.4  ANGLE 18.0  STYLE 12.5  \u22124"
    assert ct.strip_text(live(deductions=0.0), None, run=1, runs=2) == "RUN 2/2  LINE 21.4  ANGLE 18.0  STYLE 12.5"
    assert [f[2] for f in ct.strip_fields(live())] == ["/35", "/35", "/30"]
    assert ct.live_total(live()) == pytest.approx(21.44 + 18.0 + 12.5 - 4.0)
    assert ct.live_total(live(zero=SPIN)) == 0.0
    assert ct.status_text(live(), pad_course()) == "CLIPS 2/5   \u00b7   NEXT Cone 2 (inner)   \u00b7   SECTOR Middle   \u00b7   0:12.4"
    assert ct.fmt_run_time(67.34) == "1:07.3" and ct.fmt_run_time(7.85) == "0:07.8"


def test_call_outs_are_coloured_by_what_they_say():
    kinds = [ct.callout_kind(JudgeEvent(k, 1.0, text, pts)) for k, text, pts in (
        (CLIP, "CLIP 9/10", 9.0), (CLIP, "CLIP 0/10", 0.0), (DEDUCTION, "STRAIGHTENED \u22124", -4.0), (MISSED, "MISSED CLIP", 0.0),
        (ZERO, "ZERO: SPIN", 0.0), (INITIATED, "INITIATION 9/10", 9.0), (ENDED, "62.4 POINTS", 62.4), (ENDED, "", 0.0), (ENDED, "ZERO", 0.0))]
    assert kinds == ["good", "deduction", "deduction", "deduction", "zero", "plain", "gold", None, None]  # a zero is called once


def test_between_runs_the_strip_says_how_it_went_and_what_comes():
    assert ct.between_text(0, 2, 62.44, None) == "RUN 1 OVER   \u00b7   62.4 POINTS   \u00b7   RUN 2 NEXT"
    assert ct.between_text(1, 2, 0.0, SPIN) == "RUN 2 OVER   \u00b7   ZERO \u2014 the car spun   \u00b7   LAST RUN"


def test_map_preview_shows_the_course(catalog, park):
    course = pad_course()
    img = MapImage(park.track, catalog.surfaces, 1024)
    pic = course_image(img, course)
    assert pic.size[0] < img.size[0] / 2 and pic.size[1] < img.size[1] / 2  # cropped round the course
    arr = np.asarray(pic)[..., :4]
    assert np.all(arr == CLIP_RGBA, axis=-1).sum() > 20  # the clips are drawn on it, in their colour
