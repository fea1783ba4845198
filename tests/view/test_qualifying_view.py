"""Qualifying on screen, built offscreen in a child process: the course's posts and lit clip, the strip, the call-outs, the results."""

from __future__ import annotations

import pytest

CHILD = "tests.view.qualifying_view_child"


@pytest.fixture(scope="module")
def out(child_findings) -> dict:
    return child_findings(CHILD)


def test_course_view_is_three_entities_whatever_the_clips(out):
    assert out["entities"] == 3 and out["posts"] == 3


def test_next_clip_lit_and_only_changed_clips_repainted(out):
    assert out["states0"] == ["next", "pending", "pending", "pending", "pending"]
    assert out["marker0"][0] == 10.0 and out["marker0"][2] == 0.0  # over the first post (x 10, z 0)
    assert out["states1"] == ["hit", "next", "pending", "pending", "pending"]
    assert out["changed_tags"] == [0, 1]  # the judged clip and the new next one; gates and poles untouched
    assert out["unchanged"]
    assert out["marker1_xz"] == [29.4, 0.8]  # over the outer zone's middle: 9 m along its 18 m
    assert out["states2"] == ["hit", "missed", "next", "pending", "pending"]
    assert out["states_reset"] == ["next", "pending", "pending", "pending", "pending"]


def test_minimap_marks_every_clip_the_next_one_bigger(out):
    assert out["minimap_marks"] == 5 and out["minimap_next_big"]


def test_minimap_shows_a_course_mark_only_while_it_is_wholly_inside_the_window(out):
    shown, wanted = out["minimap_shown"], out["minimap_wanted"]
    assert shown == wanted  # every mark, at every place the window slid to: shown exactly when all its points are inside
    marks = [m for frame in shown for m in frame]
    assert any(marks) and not all(marks)  # the slide both hid marks and showed them
    assert shown[0] == shown[-1]  # back where it started: the same marks again


def test_strip_and_call_outs(out):
    assert out["strip"] == ["1/2", "21.4", "18.0", "12.5", "\u22124", "47.9"]
    assert out["status"].startswith("CLIPS 2/5") and "NEXT Cone 2 (inner)" in out["status"]
    (clip, green), (zero, red) = out["callouts"]
    assert clip == "CLIP 9/10" and green[1] > 0.8 and green[0] < 0.6
    assert zero == "ZERO: SPIN" and red[0] > 0.9 and red[1] < 0.5
    assert out["zero_total"] == "ZERO"
    assert out["callouts_left"] == 0  # faded out after 1.5 s


def test_results_break_the_counting_run_down(out):
    r = out["results"]
    assert r["score"] == "62.4" and r["best"].startswith("NEW BEST!") and "48" in r["best"]
    assert (r["run0"], r["run1"]) == ("0.0", "62.4")
    assert r["line"] == "20.7" and r["clip0"] == "7.0/7" and r["sector2"] == "5.0/10.5" and r["ded0"] == "\u22123.0"
    assert r["menu"] == ["Drive again", "Main menu"]


def test_the_minimap_picture_scrolls_with_the_window(out):
    (w, d), offsets = out["minimap_size_m"], out["minimap_offsets"]
    (u0, v0), (cx0, cz0) = offsets[0]
    for (u, v), (cx, cz) in offsets[1:]:  # the picture moves by the window's move, as a share of the map
        assert abs((u - u0) - (cx - cx0) / w) < 1e-5 and abs((v - v0) - (cz - cz0) / d) < 1e-5
    assert len({tuple(uv) for uv, _ in offsets}) == 4  # four different places (the last is the first again)
