"""AI cars join and leave while driving (keys, and Settings -> AI cars applied live), and the replay plays it back."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_ai_cars_join_and_leave_mid_drive_and_the_replay_keeps_them(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.ai_live_flow", env_home=home, timeout=600)
    assert out["screen"] == "drive" and out["start"]["ai"] == 2 and out["start"]["models"] == 2
    assert out["added"] == {"ai": 3, "models": 3, "session_cars": 4, "message": "AI cars: 3"}  # = adds one, drawn at once
    assert out["removed_all"] == {"ai": 0, "models": 0, "session_cars": 1, "message": "AI cars: none"}
    assert out["none_left"]["message"] == "No AI cars to remove"
    assert out["from_settings"] == {"ai": 4, "models": 4, "session_cars": 5, "message": "AI cars: 4"}  # no restart
    assert out["overlay_toggled"] is True and out["overlay_kept"] is True  # a fleet change keeps the overlay on
    assert out["after"] == "results"
    assert out["ai_count"] == 2 and [d for _, d in out["fleet_changes"]] == [1, -1, -1, -1, 1, 1, 1, 1, 1]
    assert out["replay_matches"]  # every join and leave played back at its step: the run ends where it did
