"""Simulation handling end to end, key events only: the garage switches the hatch to Simulation, then with each
gearbox assist (picked in Settings), on the keyboard and on the gamepad, the player pulls away, shifts, drifts and scores."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_switch_to_simulation_then_pull_away_shift_drift_and_score_with_every_assist(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.sim_flow", env_home=home, timeout=900)

    assert out["start"] == "main" and out["garage_car"] == "hatch"
    assert (out["handling_before"], out["handling_after"]) == ("Handling: Arcade", "Handling: Simulation")
    assert out["garage_message"] == "The Sprite Hatch now drives with Simulation handling."
    assert out["disk_handling"] == {"hatch": "sim"}  # saved at once

    drives = {(d["assist"], d["device"]): d for d in out["drives"]}
    assert set(drives) == {("automatic", "keyboard"), ("sequential", "keyboard"), ("manual", "keyboard"), ("manual", "gamepad")}
    for (assist, device), d in drives.items():
        who = f"{assist}/{device}"
        assert d["screen"] == "drive" and d["model"] == "sim" and d["assist_in_scene"] == assist, who
        assert d["kmh_at_1s"] > 3.0, who  # pulled away from rest on the automatic clutch
        assert d["gears"][:2] == [1, 2], who  # shifted up into 2nd ...
        assert d["clutch_at_shifts"][0] < 0.2, who  # ... with the clutch open while the gear went in
        assert d["drift_frames"] > 20 and d["max_pending"] > 0, who  # a handbrake flick held with counter-steer
        assert d["score"] > 0 and d["back_at"] == "main", who  # finished: the drift scored
    assert drives[("sequential", "keyboard")]["shown"] == "Sequential (clutch on shifts)"
    assert drives[("manual", "keyboard")]["sent_clutch_max"] == 1.0  # the player's own clutch key, fully in
    assert drives[("manual", "gamepad")]["sent_clutch_max"] == 1.0  # ... and the pad's clutch button
