"""Saving never crashes a session: a full or unwritable disk at the end of a run loses nothing it earned."""

from __future__ import annotations

import errno
import os

import pytest

from game.content import profile as profiles
from game.content.bests import best_key
from game.content.scoring_rules import load_scoring_rules
from game.content.session_results import settle_run
from game.sim.controls import Controls
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup

DRIFT = [(Controls(throttle=1.0), 150), (Controls(throttle=0.7, steer=1.0, handbrake=True), 50), (Controls(throttle=0.6, steer=0.7), 300)]


def _full_disk(*_args):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def finished_run(catalog, park):
    run = DriftRun(RunSetup(catalog, "hatch", park, load_scoring_rules(), mode="timed"))
    for c, n in DRIFT:
        for _ in range(n):
            run.step(c)
    run.finish()
    assert run.score > 0 and run.credits() > 0
    return run


def _settle(run, profile):
    return settle_run(run, profile, track_id="sideways_park", car_name="Hatch", track_name="Park", now=1_800_000_000.0)


def test_a_full_disk_keeps_the_credits_and_the_best_in_memory(finished_run, monkeypatch, tmp_path):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    monkeypatch.setattr(os, "fsync", _full_disk)  # every atomic write fails as on a full disk
    start = profiles.new_profile(["hatch"], 1000)
    p, summary = _settle(finished_run, start)
    assert p.credits == 1000 + finished_run.credits()
    best = p.bests[best_key("hatch", "sideways_park", "timed")]
    assert best["score"] == finished_run.score and best["replay"] is None  # a best without a ghost
    assert summary["is_best"] is True and summary["replay_file"] is None
    assert summary["warning"] == "Replay not saved: No space left on device. Credits and best still count."
    assert [f.name for f in (tmp_path / "replays").iterdir()] == []  # no torn or temporary file left behind


def test_an_unwritable_replays_folder_is_reported_the_same_way(finished_run, monkeypatch, tmp_path):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "replays").write_text("a file where the folder should be")
    p, summary = _settle(finished_run, profiles.new_profile(["hatch"], 0))
    assert p.credits == finished_run.credits() and summary["is_best"] is True
    assert summary["warning"].startswith("Replay not saved: ")


def test_with_room_on_disk_the_replay_is_kept_and_named_in_the_best(finished_run, monkeypatch, tmp_path):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    p, summary = _settle(finished_run, profiles.new_profile(["hatch"], 0))
    assert "warning" not in summary
    assert (tmp_path / "replays" / summary["replay_file"]).is_file()
    assert p.bests[best_key("hatch", "sideways_park", "timed")]["replay"] == summary["replay_file"]
