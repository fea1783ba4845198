"""The parking challenge headless: a scripted nose-in park is judged, the run reaches its results, its best, replay and ghost work."""

from __future__ import annotations

import json

import pytest

from tests.support.e2e_helpers import ROOT, last_json, run_game

pytestmark = pytest.mark.e2e
INPUTS = ROOT / "tests" / "e2e" / "park_nose_in.jsonl"  # creep into bay N6 from the yard's first spawn, then hold the handbrake
FAST = ["--size", "192x120", "--frame-dt", "1.0"]  # the 420 s challenge in 425 small frames


@pytest.fixture
def fast_home(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    return home


def test_parking_task_judged_to_results_with_best_replay_and_ghost(fast_home):
    args = ["play", "--headless", "--track", "parking_yard", "--mode", "parking", "--car", "hatch", "--inputs", str(INPUTS),
            "--frames", "425", "--stats", *FAST]
    p = run_game(*args, env_home=fast_home)
    assert p.returncode == 0, p.stderr[-2000:]
    run = last_json(p.stdout)
    assert run["mode"] == "parking" and run["finished"] is True
    assert run["dual_pass"] == 0  # the bay marker, parked cars and results each drawn once a frame
    tasks = run["parking"]["tasks"]
    assert [t["id"] for t in tasks] == ["n6", "s5", "p1", "garage"]
    first = tasks[0]
    assert first["done"] is True and first["touches"] == 0 and first["stars"] == 2
    assert first["angle_err_deg"] == 0.0 and first["offset_m"] < 0.1 and 3.0 < first["time_s"] < 4.5
    assert [t["done"] for t in tasks[1:]] == [False, False, False]
    assert run["score"] > 1000 and run["results"]["score"] == run["score"] and run["results"]["is_best"] is True
    profile = json.loads((fast_home / "profile.json").read_text())
    best = profile["bests"]["hatch|parking_yard|parking"]
    assert best["score"] == run["score"]

    back = run_game("replay", str(fast_home / "replays" / best["replay"]), "--headless", "--stats", *FAST, env_home=fast_home)
    assert back.returncode == 0, back.stderr[-2000:]
    again = last_json(back.stdout)
    assert again["car"] == run["car"] and again["score"] == run["score"] and again["parking"] == run["parking"]

    second = last_json(run_game(*args, env_home=fast_home).stdout)
    assert run["ghost"] is False and second["ghost"] is True and second["results"]["is_best"] is False
    assert second["dual_pass"] == 0  # the ghost too


def test_parking_on_a_map_without_bays_is_refused_in_one_line(home):
    p = run_game("play", "--headless", "--track", "mountain_pass", "--mode", "parking", env_home=home)
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert "--mode parking: map 'mountain_pass' cannot host it" in p.stderr
