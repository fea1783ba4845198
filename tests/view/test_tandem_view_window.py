"""Tandem on screen in a real (offscreen) drive: the opponent drawn where the sim has it, both cars in the frame, the
camera above the ground, the HUD showing the judge's gap and the player's role, and nothing left once the drive goes."""

from __future__ import annotations

import pytest

CHILD = "tests.view.tandem_view_child"


@pytest.fixture(scope="module")
def out(child_findings) -> dict:
    return child_findings(CHILD, timeout=400)


def test_the_opponent_is_drawn_where_the_sim_has_it(out):
    assert out["built"]
    frames = out["frames"]
    assert max(f["rival_err_m"] for f in frames) < 0.6  # between its last two sim steps (0.25 m apart at 30 m/s), never elsewhere
    assert frames[0]["rival_moved"] != frames[-1]["rival_moved"]  # it drove


def test_both_cars_stay_in_the_frame_and_the_camera_above_the_ground(out):
    close = [f for f in out["frames"] if f["gap_m"] is not None and f["gap_m"] < 15.0]
    assert close, "the chase never came within 15 m: nothing framed"
    assert all(f["me_on_screen"] for f in out["frames"]), "the player's car left the frame"
    assert all(f["rival_on_screen"] for f in close), [f for f in close if not f["rival_on_screen"]]
    assert min(f["cam_above_ground"] for f in out["frames"]) > 0.5


def test_hud_shows_the_role_the_run_and_the_judges_gap(out):
    for f in out["frames"]:
        assert f["badge"] == tt_role(f["role"]) and f["run"] == "1/2"
        assert f["gap_shown"] == f["gap_live"]  # what the box says is what the judge said at its last reading
        assert f["strip"] == (f["role"] == "chase") and f["course_strip"] == (f["role"] == "lead")


def test_leaving_the_drive_leaves_nothing_of_tandem(out):
    assert out["entities_left"] == [] and out["rig_reset"]
    assert not out["voice_left"]  # the opponent's engine went with it


def test_the_opponent_has_its_engine_note_from_its_rpm_and_where_it_is(out):
    voices = [f["voice"] for f in out["frames"]]
    for v in voices:  # the note settles on the rival's own rpm (the player's engine has its own), its level on the distance
        assert v["level"] == pytest.approx(1.0 / (1.0 + max(0.0, v["distance_m"] - 6.0) ** 2 / 36.0), abs=0.05) or v["distance_m"] >= 90.0
    by_rpm = sorted(voices, key=lambda v: v["rpm"])
    assert by_rpm[-1]["rpm"] > by_rpm[0]["rpm"] + 500.0 and by_rpm[-1]["pitch"] > by_rpm[0]["pitch"]  # it revved, and so did its note
    assert any(v["volume"] > 0.05 for v in voices if v["distance_m"] < 15.0)  # heard when close
    assert out["voice_listed"] and out["voice_muted_volume"] == 0.0  # the player's mute silences it too


def tt_role(role: str) -> str:
    return "LEAD" if role == "lead" else "CHASE"
