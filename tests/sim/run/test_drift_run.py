"""DriftRun: modes end when they should, and every run (resets included) replays exactly."""

from __future__ import annotations

import dataclasses

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.controls import Controls
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import add_ghost
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify
from game.sim.session import Session
from tests.support.simdrive import DRIFT
from tests.support.simdrive import drive_plan as drive


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def test_timed_run_stops_at_its_time_limit_and_banks(catalog, park, rules):
    short = dataclasses.replace(rules, timed_run_s=4.0)
    run = DriftRun(RunSetup(catalog, "zenith_hyper", park, short, mode="timed"))
    drive(run, DRIFT)
    assert run.finished and run.session.t == pytest.approx(4.0)
    assert run.time_left_s == 0.0
    assert run.score > 0 and run.scorer.pending == 0
    steps = run.session.steps
    run.step(Controls(throttle=1.0))
    assert run.session.steps == steps  # a finished run does not move


def test_free_drift_has_no_clock(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free"))
    drive(run, DRIFT)
    assert run.time_left_s is None and not run.finished
    run.finish()
    assert run.finished


def test_zone_points_add_to_the_score(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "zenith_hyper", park, rules, mode="zones"))
    drive(run, DRIFT)
    run.finish()
    assert "pad" in run.game_mode.best_zone and run.game_mode.best_zone["pad"].points > 0
    assert run.score == int(run.scorer.banked + sum(r.points for r in run.game_mode.best_zone.values()))
    assert run.credits() > 0


def test_a_run_with_a_reset_replays_bit_for_bit(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "bruiser_v8", park, rules, mode="free", spawn=(0.0, -20.0, 0.0)))
    drive(run, DRIFT)
    run.reset()
    drive(run, DRIFT[:1])
    run.finish()
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert replay.resets == (500,)
    state, score = verify(replay, catalog, park, rules)
    assert replay.matches(state, score) and score == run.score
    host = Session(catalog, "hatch", park)
    ghost = add_ghost(host, replay)  # a non-colliding car in another session, its reset replayed too
    for _ in range(replay.steps):
        host.step()
    assert (ghost.state.x, ghost.state.z) == (run.session.state.x, run.session.state.z)
