"""A full disk during a Timed Run leaves the game running and the profile intact; the progress is saved once there is room."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support.e2e_helpers import ROOT, last_json, run_script

pytestmark = pytest.mark.e2e


def test_full_disk_during_a_timed_run(home):
    out = run_script("tests.e2e.full_disk_flow", env_home=home, timeout=600)
    assert out["driving"] == "drive" and out["after_run"] == "results"
    assert out["results_message"].startswith("Replay not saved: No space left on device.")
    assert "Profile not saved: No space left on device." in out["results_message"]
    assert out["profile_untouched"] is True and out["replays"] == []  # nothing torn, no temp files
    assert out["credits_earned"] > 0 and out["memory_credits"] == 1000 + out["credits_earned"]
    assert out["memory_best"]["score"] > 0 and out["memory_best"]["replay"] is None
    assert out["menu_on_full_disk"] == "main"  # the game went on
    assert out["back_at"] == "main" and out["notice"].strip() == "Your profile is saved now."
    assert out["disk_credits"] == out["memory_credits"] and out["disk_best"] == out["memory_best"]


def test_a_headless_run_that_cannot_save_says_so_in_one_line(home):
    """A headless Timed Run on a disk full from the start: the run ends as usual, one line says what was not saved, exit 3."""
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    p = subprocess.run([sys.executable, "-m", "tests.e2e.headless_full_disk", "play", "--headless", "--mode", "timed",
                        "--car", "hatch", "--inputs", str(ROOT / "tests" / "e2e" / "timed_drift.jsonl"), "--frames", "93", "--stats",
                        "--size", "192x120", "--frame-dt", "1.0"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert p.returncode == 3, p.stderr[-2000:]
    run = last_json(p.stdout)  # the stats line is still the last line
    assert run["finished"] is True and run["results"]["credits"] > 0 and run["results"]["replay_file"] is None
    ours = [line for line in p.stderr.splitlines() if line.startswith("sideways play:")]
    assert ours == ["sideways play: could not save the replay (No space left on device) and the profile (No space left on device); "
                    f"this run's {run['results']['credits']} credits, its session and its best are lost"]
    assert not (home / "profile.json").exists() and list((home / "replays").glob("*")) == []
