"""The settings screen end to end: key events only, saved at once, survives a restart, used by the next drive."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_settings_menu_rebinds_saves_and_applies(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.settings_flow", env_home=home, timeout=600)

    assert out["opened"] == "SettingsMenu" and out["opened_on"] == ["tabs", "Audio"]
    assert out["controls_page"] == ["page", "Controls"]
    assert out["camera_after_rebind"] == ["v"] and out["camera_after_reset"] == ["c"]
    assert out["reset_asks"] == ["Press Enter again to reset every key and button", ["v"]]
    assert out["conflict_message"] == "'space' is already used by handbrake on the keyboard; unbind it there first"
    assert out["throttle_after_conflict"] == ["w", "up arrow"]
    assert out["listening"] == ["handbrake", "keyboard"]
    assert out["handbrake_keyboard"] == ["left control"]
    assert out["after_cancel"] == [None, "page", ["left control"]]
    assert out["handbrake_gamepad"] == ["gamepad x"]
    assert out["assist_shown"] == "Automatic"
    assert out["assist"] == ["sequential", "Sequential (clutch on shifts)"]
    assert out["master_in_memory"] == pytest.approx(0.7)
    assert out["back_at"] == "MainMenu"

    assert out["disk"] == {"handbrake": {"keyboard": ["left control"], "gamepad": ["gamepad x"]},
                           "throttle": ["w", "up arrow"], "master_volume": pytest.approx(0.7), "shadows": False,
                           "gearbox_assist": "sequential"}
    assert out["loaded_equals_game"] is True
    assert out["restart_handbrake"] == ["left control"] and out["restart_master"] == pytest.approx(0.7)

    assert out["scene"] == "DriveScene" and out["scene_master"] == pytest.approx(0.7)
    assert out["handbrake_left_control"] is True and out["handbrake_pad_x"] is True
    assert out["handbrake_space"] is False

    assert set(out["applied"]) == {"audio", "units", "camera", "controls", "shadows", "minimap"}
    assert out["live"] == {"units": "mph", "camera": "top", "master": pytest.approx(0.3), "deadzone": 0.25, "shadows": True,
                           "minimap": False}
    assert out["minimap_shown"] is True  # on by default, hidden live by the setting
    assert out["window_untouched_offscreen"] is True
