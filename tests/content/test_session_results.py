"""What a finished run leaves: a replay no other game's replay overwrites, and a best that belongs to the car as tuned."""

from __future__ import annotations

import copy
import json
import os

import pytest

from game import paths
from game.content import profile as profiles
from game.content.catalog import catalog_from_dict
from game.content.replays import load_replay
from game.content.scoring_rules import load_scoring_rules
from game.content.session_results import best_replay, bests_for, replay_name, settle_run
from game.sim.controls import Controls
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup

DRIFT = [(Controls(throttle=1.0), 150), (Controls(throttle=0.7, steer=1.0, handbrake=True), 50), (Controls(throttle=0.6, steer=0.7), 300)]
NOW = 1_800_000_000.0
SHIPPED_KEY = "hatch|sideways_park|timed"


def _drive(catalog, park):
    run = DriftRun(RunSetup(catalog, "hatch", park, load_scoring_rules(), mode="timed"))
    for c, n in DRIFT:
        for _ in range(n):
            run.step(c)
    run.finish()
    assert run.score > 0
    return run


def _settle(run, profile):
    return settle_run(run, profile, track_id="sideways_park", car_name="Hatch", track_name="Park", now=NOW)


def _user_catalog(**hatch):
    """data/cars.json with the hatch changed, as a player's cars.json in SIDEWAYS_HOME."""
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    next(c for c in data["cars"] if c["id"] == "hatch").update(hatch)
    return catalog_from_dict(data, "home/cars.json", digest="ab" * 32)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    return tmp_path


def test_another_game_saving_a_replay_of_the_same_name_meanwhile_keeps_both(catalog, park, home, monkeypatch):
    run = _drive(catalog, park)
    name = replay_name(run.replay(), "20270115-080000")
    theirs = home / "replays" / name
    real_fsync = os.fsync

    def other_game_finishes_now(fd):  # while our replay is being written, the other game publishes the same name
        real_fsync(fd)
        if not theirs.exists():
            theirs.write_bytes(b"the other game's replay")

    monkeypatch.setattr(os, "fsync", other_game_finishes_now)
    _, summary = _settle(run, profiles.new_profile(["hatch"], 0))
    assert theirs.read_bytes() == b"the other game's replay"
    assert summary["replay_file"] == name.replace(".swr", "-1.swr")
    assert load_replay(home / "replays" / summary["replay_file"]).final_score == run.score
    assert sorted(p.name for p in (home / "replays").iterdir()) == sorted([name, summary["replay_file"]])


def test_a_retuned_cars_best_does_not_stand_as_the_shipped_cars(catalog, park, home):
    rules = load_scoring_rules()
    retuned = _user_catalog(grip=catalog.car("hatch").grip * 0.8)
    p, first = _settle(_drive(retuned, park), profiles.new_profile(["hatch"], 0))
    assert first["is_best"] is True
    assert bests_for(p, "hatch", "sideways_park") == {}  # the shipped hatch has no best yet
    assert bests_for(p, "hatch", "sideways_park", catalog) == {}
    assert bests_for(p, "hatch", "sideways_park", retuned) == {"timed": first["score"]}
    assert best_replay(p, "hatch", "sideways_park", "timed", catalog, rules, "") is None
    ghost = best_replay(p, "hatch", "sideways_park", "timed", retuned, rules, "")
    assert ghost is not None and ghost.catalog_digest == retuned.digest  # the retune races its own ghost

    p, shipped = _settle(_drive(catalog, park), p)
    assert shipped["is_best"] is True and shipped["previous_best"] is None  # measured against the shipped car only
    assert p.bests[SHIPPED_KEY]["score"] == shipped["score"]
    assert bests_for(p, "hatch", "sideways_park", retuned) == {"timed": first["score"]}  # and the retune's best stays


def test_an_old_profiles_bests_load_as_the_shipped_cars_and_only_a_real_retune_sets_them_apart(catalog, home):
    (home / "profile.json").write_text(json.dumps({"version": 2, "credits": 10, "owned": ["hatch"], "equipped": "hatch",
                                                   "bests": {SHIPPED_KEY: {"score": 500, "replay": None}}}))
    res = profiles.load_profile(home / "profile.json", list(catalog.cars), ["hatch"], 0)
    assert res.message is None and res.profile.bests[SHIPPED_KEY]["score"] == 500  # nothing lost, nothing to say
    p = res.profile
    assert bests_for(p, "hatch", "sideways_park", catalog) == {"timed": 500}
    renamed = _user_catalog(name="Café Hatch", price=1, color="#123456")  # looks and price only: the same drive
    assert bests_for(p, "hatch", "sideways_park", renamed) == {"timed": 500}
    assert bests_for(p, "hatch", "sideways_park", _user_catalog(power=catalog.car("hatch").power * 1.5)) == {}
