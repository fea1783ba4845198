"""Two games in one home finishing together (one drives, one more on the side) keep both runs: credits, sessions, bests, replays."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.content.replays import load_replay
from tests.support.e2e_helpers import ROOT, last_json

pytestmark = pytest.mark.e2e
INPUTS = ROOT / "tests" / "e2e" / "timed_drift.jsonl"
RUN = ["play", "--headless", "--mode", "timed", "--inputs", str(INPUTS), "--frames", "93", "--stats", "--size", "192x120", "--frame-dt", "1.0"]


def test_two_games_finishing_together_in_one_home_keep_both_runs(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    env = dict(os.environ, SIDEWAYS_HOME=str(home))
    games = [subprocess.Popen([sys.executable, "-m", "game", *RUN, "--car", car], cwd=ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for car in ("hatch", "kart")]
    outs = [g.communicate(timeout=300) for g in games]
    for g, (_, err) in zip(games, outs):
        assert g.returncode == 0, err[-2000:]
    hatch, kart = (last_json(out)["results"] for out, _ in outs)
    assert hatch["credits"] > 0 and kart["credits"] > 0 and hatch["is_best"] and kart["is_best"]

    profile = json.loads((home / "profile.json").read_text())
    assert profile["credits"] == 6000 + hatch["credits"] + kart["credits"]
    assert profile["stats"]["sessions"] == 2
    bests = profile["bests"]
    assert bests["hatch|sideways_park|timed"]["score"] == hatch["score"]
    assert bests["kart|sideways_park|timed"]["score"] == kart["score"]
    assert {bests[k]["replay"] for k in bests} == {hatch["replay_file"], kart["replay_file"]}
    replays = sorted((home / "replays").glob("*.swr"))
    assert len(replays) == 2 and {load_replay(r).car_id for r in replays} == {"hatch", "kart"}
