"""A headless Timed Run reaches the results with a score and a best; its replay plays back exactly; bad replays are refused."""

from __future__ import annotations

import json
import shutil

import pytest

from game.content.replays import file_digest
from game.content.scoring_rules import load_scoring_rules
from game.content.tracks import track_path
from game.sim.controls import Controls
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup
from tests.support.e2e_helpers import ROOT, last_json, run_game

pytestmark = pytest.mark.e2e
INPUTS = ROOT / "tests" / "e2e" / "timed_drift.jsonl"
FAST = ["--size", "192x120", "--frame-dt", "1.0"]  # 90 s of sim time in 90 small frames (the inputs are in sim time)


@pytest.fixture
def fast_home(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    return home


def test_timed_run_results_best_and_exact_replay(fast_home, tmp_path):
    p = run_game("play", "--headless", "--mode", "timed", "--car", "hatch", "--inputs", str(INPUTS), "--frames", "93", "--stats", *FAST, env_home=fast_home)
    assert p.returncode == 0, p.stderr[-2000:]
    run = last_json(p.stdout)
    assert run["mode"] == "timed" and run["finished"] is True
    assert run["score"] > 0 and run["results"]["score"] == run["score"]
    assert run["results"]["is_best"] is True and run["results"]["credits"] >= 0
    profile = json.loads((fast_home / "profile.json").read_text())
    best = profile["bests"]["hatch|sideways_park|timed"]
    assert best["score"] == run["score"]
    replay = fast_home / "replays" / best["replay"]
    assert replay.is_file() and replay.stat().st_size < 8000
    assert profile["credits"] == 6000 + run["results"]["credits"]

    back = run_game("replay", str(replay), "--headless", "--stats", *FAST, env_home=fast_home)
    assert back.returncode == 0, back.stderr[-2000:]
    again = last_json(back.stdout)
    assert again["car"] == run["car"] and again["score"] == run["score"]
    assert json.loads((fast_home / "profile.json").read_text()) == profile  # watching a replay changes nothing

    # a second, identical run is not a new best, and the ghost of the first one races along
    p2 = run_game("play", "--headless", "--mode", "timed", "--car", "hatch", "--inputs", str(INPUTS), "--frames", "93", "--stats", *FAST, env_home=fast_home)
    second = last_json(p2.stdout)
    assert second["results"]["is_best"] is False
    assert run["ghost"] is False and second["ghost"] is True


def recorded_replay(catalog, park, path) -> bytes:
    """A short kart drive on the park recorded as the game records one (the refusals need a real replay, not a game start
    to make it: the test above plays and replays one)."""
    run = DriftRun(RunSetup(catalog, "kart", park, load_scoring_rules(), track_id="sideways_park",
                            track_digest=file_digest(track_path("sideways_park")), created="2026-12-01T10:00:00"))
    for _ in range(120):
        run.step(Controls(throttle=1.0, steer=0.3))
    run.finish()
    path.write_bytes(run.replay().to_bytes())
    return path.read_bytes()


def test_replay_refusals(fast_home, tmp_path, catalog, park):
    replay = tmp_path / "kart.swr"
    data = recorded_replay(catalog, park, replay)
    assert Replay.from_bytes(data, "kart.swr").steps == 120  # a whole replay: each refusal below is of what was done to it

    truncated = tmp_path / "cut.swr"
    truncated.write_bytes(data[: len(data) // 2])
    r = run_game("replay", str(truncated), "--headless", env_home=fast_home)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "truncated" in r.stderr

    junk = tmp_path / "junk.swr"
    junk.write_bytes(b"not a replay at all")
    r = run_game("replay", str(junk), "--headless", env_home=fast_home)
    assert r.returncode == 2 and "not a Sideways replay" in r.stderr

    modded = tmp_path / "cars.json"
    shutil.copy(ROOT / "data" / "cars.json", modded)
    cat = json.loads(modded.read_text())
    cat["handling"]["gravity"] = 20.0  # what every car drives by (a retuned car plays with the car the replay keeps)
    modded.write_text(json.dumps(cat))
    r = run_game("replay", str(replay), "--headless", "--catalog", str(modded), env_home=fast_home)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "different cars.json handling and surfaces" in r.stderr
