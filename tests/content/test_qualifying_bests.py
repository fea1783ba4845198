"""Qualifying bests are per car, map, course and handling model; the best run keeps its replay (the ghost), other modes' keys stay."""

from __future__ import annotations

import pytest

from game.content import profile as profiles
from game.content.bests import best_key
from game.content.scoring_rules import load_scoring_rules
from game.content.session_results import best_of, best_replay, bests_for, settle_run
from game.sim.controls import Controls
from game.sim.judges.course import result as cr
from game.sim.judges.course.result import CourseResult, StyleResult
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes import qualifying
from game.sim.run.setup import RunSetup

NOW = 1_800_000_000.0


class _Judged:
    """A stand-in judge: each run ends after 30 steps with the next total of TOTALS."""

    totals: list[float] = []

    def __init__(self, course, rules, spec, t0=0.0):
        self.total, self.n = _Judged.totals.pop(0), 0

    done = property(lambda self: self.n >= 30)

    def update(self, state, events, dt):
        self.n += 1
        return [cr.JudgeEvent(cr.ENDED, state.t, "")] if self.done else []

    def finish(self, t):
        return []

    def result(self):
        return CourseResult("pad_hook", "Pad Hook", self.total, 0, 0, 5.0, StyleResult(0, 0, 0), True, None, (), (), (), 1.0, 10.0)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    monkeypatch.setattr(qualifying, "CourseJudge", _Judged)
    return tmp_path


def _session(catalog, park, model: str, totals: list[float]) -> DriftRun:
    _Judged.totals = list(totals)
    rules = load_scoring_rules()
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", model=model, track_id="sideways_park"))
    while not run.finished:
        run.step(Controls(throttle=0.5))
    return run


def _settle(run, profile):
    return settle_run(run, profile, track_id="sideways_park", car_name="Hatch", track_name="Park", now=NOW)


def test_a_best_per_course_and_model_with_its_replay_as_the_ghost(catalog, park, home):
    p = profiles.Profile(credits=0, owned=("hatch",), equipped="hatch")
    p, summary = _settle(_session(catalog, park, "arcade", [48.2, 63.7]), p)
    assert summary["is_best"] and summary["score"] == 64 and summary["best_run"] == 1 and len(summary["judged"]) == 2
    arcade = best_key("hatch", "sideways_park", "qualifying", variant="pad_hook:arcade")
    assert arcade == "hatch|sideways_park|qualifying:pad_hook:arcade" and p.bests[arcade]["score"] == 64
    p, summary = _settle(_session(catalog, park, "sim", [30.0, 20.0]), p)  # worse, but the other model: a best of its own
    assert summary["is_best"] and p.bests["hatch|sideways_park|qualifying:pad_hook:sim"]["score"] == 30
    p, summary = _settle(_session(catalog, park, "arcade", [50.0, 10.0]), p)  # worse on the same model: no best
    assert not summary["is_best"] and p.bests[arcade]["score"] == 64
    assert bests_for(p, "hatch", "sideways_park", catalog)["qualifying"] == 64  # the mode list shows the map's best
    assert best_of(p, "hatch", "sideways_park", "qualifying", catalog, "pad_hook:sim") == 30
    rules = load_scoring_rules()
    ghost = best_replay(p, "hatch", "sideways_park", "qualifying", catalog, rules, "", variant="pad_hook:arcade")
    assert ghost is not None and ghost.final_score == 64 and ghost.course == "pad_hook" and ghost.model == "arcade"
    assert best_replay(p, "hatch", "sideways_park", "qualifying", catalog, rules, "") is None  # no variant: no such best


def test_other_modes_keep_their_keys(catalog):
    assert best_key("hatch", "sideways_park", "timed") == "hatch|sideways_park|timed"
    assert qualifying.Qualifying.best_variant(None, "", "arcade") == ""
    from game.sim.run.modes.timed import TimedRun

    assert TimedRun.best_variant(None, "pad_hook", "sim") == ""
