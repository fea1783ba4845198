"""Photo mode in the real game (offscreen): from the pause menu, a free camera and looks over the frozen drive, 1x and
2x PNGs saved to SIDEWAYS_HOME/photos, a failed write reported, and Esc giving the drive back exactly as it was."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e
W, H = 320, 180  # photo_flow.py's window


def test_photo_mode_from_pause_shoots_pngs_and_gives_the_drive_back(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.photo_flow", env_home=home, timeout=300)
    assert "error" not in out, out.get("error")
    # over the paused drive, the pause menu under it; the HUD hidden, the sim not stepped, the camera where it was
    assert out["pause_stack"] == ["drive", "pause"]
    assert (out["photo_screen"], out["photo_stack"]) == ("photo", ["drive", "pause", "photo"])
    assert out["hud_hidden"] and out["paused"] and out["steps_frozen"]
    assert out["start_cam_equal"], "photo mode's camera did not start from the drive's"
    assert out["stale_ignored"], "the arrow still held from the pause menu moved the camera"
    assert out["post_live"], "the looks' post-process could not be made on the headless renderer"
    assert out["moves"] == {"w": True, "right arrow": True, "e": True, "r": True, "gamepad right stick": True, "scroll down": True}
    # the pictures: the window's size and twice it, real PNGs (Panda3D reads them), named <stamp>-<map>.png
    shots = out["shots"]
    assert all(s is not None for s in shots.values()), shots
    assert shots["1x"]["size"] == shots["1x"]["panda_size"] == [W, H]
    assert shots["2x"]["size"] == shots["2x"]["panda_size"] == [2 * W, 2 * H]
    assert all(s["name"].endswith("sideways_park.png") or "sideways_park-" in s["name"] for s in shots.values())
    assert len({s["name"] for s in shots.values()}) == len(shots)  # a second shot in the same second gets a new name
    assert out["notice"] == f"Saved {shots['1x']['name']} ({W}x{H}) in {home / 'photos'}"
    # the same view at 2x, halved, is the 1x picture (up to edges drawn at a finer grain)
    assert out["2x_vs_1x_mean_abs"] < 8.0
    # the looks are in the picture: black and white is grey, +0.5 EV is brighter, depth of field softens the detail
    assert shots["mono"]["mono"] and not shots["1x"]["mono"]
    assert shots["bright"]["mean"] > shots["1x"]["mean"] + 15
    assert out["detail_dof"] < out["detail_1x"] * 0.9 and out["dof_vs_1x_mean_abs"] > 1.0
    # a write that fails is a notice naming why; photo mode goes on
    assert out["failed_shot"] is None
    assert out["failed_notice"].startswith("Photo not saved: the photos folder is a file") and "photos" in out["failed_notice"]
    assert out["help_hidden"]
    # Esc: the pause menu again, the camera, HUD and car state exactly as they were, the plain view; Resume drives on
    assert (out["back_stack"], out["back_screen"]) == (["drive", "pause"], "pause")
    assert out["cam_restored"] and out["hud_restored"] and out["state_unchanged"] and out["post_removed"]
    assert out["resumed_stack"] == ["drive"] and out["resumed_steps"] > 0 and out["same_drive"]
