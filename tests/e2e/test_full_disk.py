"""A full disk during a Timed Run leaves the game running and the profile intact; the progress is saved once there is room."""

from __future__ import annotations

import pytest

from e2e_helpers import ROOT, run_script

pytestmark = pytest.mark.e2e


def test_full_disk_during_a_timed_run(home):
    out = run_script(ROOT / "tests" / "e2e" / "full_disk_flow.py", env_home=home, timeout=600)
    assert out["driving"] == "drive" and out["after_run"] == "results"
    assert out["results_message"].startswith("Replay not saved: No space left on device.")
    assert "Profile not saved: No space left on device." in out["results_message"]
    assert out["profile_untouched"] is True and out["replays"] == []  # nothing torn, no temp files
    assert out["credits_earned"] > 0 and out["memory_credits"] == 1000 + out["credits_earned"]
    assert out["memory_best"]["score"] > 0 and out["memory_best"]["replay"] is None
    assert out["menu_on_full_disk"] == "main"  # the game went on
    assert out["back_at"] == "main" and out["notice"].strip() == "Your profile is saved now."
    assert out["disk_credits"] == out["memory_credits"] and out["disk_best"] == out["memory_best"]
