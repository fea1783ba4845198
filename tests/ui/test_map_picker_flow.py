"""The map picker end to end: key events only, previews, bests per map and mode, --track skips it."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_drive_mode_then_map_by_keys(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.map_picker_flow", env_home=home, timeout=600)
    assert out["modes"][:4] == ["career", "free", "timed", "zones"]  # the Career row first
    assert out["screen"] == "MapPicker" and out["stack"] == ["main", "mode_select", "map_picker"]  # pushed over the menus
    assert out["cards"] == ["frozen_lake", "mountain_pass", "parking_yard", "sideways_park"]
    assert out["start_on"] == "sideways_park"  # the map driven last is highlighted
    assert out["moved_to"] == "mountain_pass"
    assert out["shown"] == ["Mountain Pass", "BEST 4,321  (Sprite Hatch)", "Surfaces"]
    assert max(out["preview_size"]) == 384
    assert out["back_to"] == "ModeSelect" and out["stack_after_back"] == ["main", "mode_select"]  # Esc pops it
    assert out["scene"] == ["DriveScene", "timed", "mountain_pass", "mountain_pass"]
    if "parking_cards" in out:
        assert out["parking_cards"] == ["parking_yard"]  # only maps with parking bays host the challenge
    assert "parking" not in out["fixed_modes"] and out["fixed_modes"][:3] == ["free", "timed", "zones"]
    assert out["fixed_scene"] == ["DriveScene", "sideways_park"]
    # a map broken after the picker listed it: back at the main menu, one line naming the file and field, no drive
    assert out["broken_pick_on"] == "mountain_pass"
    assert out["broken_pick"] == ["MainMenu", True, "sideways_park"] and out["broken_stack"] == ["main"]
    notice = out["broken_notice"].strip()  # (the menu wraps it at 90 columns)
    assert notice.endswith("mountain_pass.json: missing field 'description'")
