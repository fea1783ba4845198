"""Settings -> Controls -> Wheel and pedals end to end with a fake wheel: opened from the Controls page, the rotation
range changed, the brake calibrated by pressing it, a paddle captured, saved at once, back to the menu, and the next
drive steered and rumbled through the same wheel."""

from __future__ import annotations

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_the_wheel_screen_calibrates_saves_and_drives(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.settings_wheel_flow", env_home=home, timeout=600)
    assert out["opened"] == ["WheelSettingsScreen", False, "Wheel: Fake G29"]
    assert out["calibrating"].startswith("Press the brake pedal all the way down")
    assert out["brake_message"] == "Brake: brake +1.00 to -1.00 (inverted)"
    assert out["shift_up_shown"] == "rshoulder"
    assert out["back"][:3] == [True, "page", "Controls"]
    assert out["disk"] == {"rotation": 1080.0, "brake": ["brake", 1.0, -1.0], "shift_up": "rshoulder"}
    assert out["drive"] == [0.5, 1.0, True]
