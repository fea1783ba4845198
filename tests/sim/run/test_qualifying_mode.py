"""Qualifying: judged runs on a course, each staged at the course's spawn, the better one counting; its replay and ghost."""

from __future__ import annotations

import dataclasses

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.controls import Controls
from game.sim.judges.course import result as cr
from game.sim.judges.course.result import CourseResult, StyleResult
from game.sim.judges.scoring import credits_for
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes import qualifying
from game.sim.run.modes.qualifying import Qualifying, best_index
from game.sim.run.modes.registry import hosted_modes
from game.sim.run.setup import RunSetup
from game.sim.run.verify import resimulate
from game.sim.world import World

STRAIGHT = Controls(throttle=0.6)  # up the park's south road past the start and initiation lines, then off the course


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def _drive(run, controls=STRAIGHT, limit_steps=120 * 60) -> list:
    """Step until the session ends; every step's StepResult."""
    outs = []
    while not run.finished and len(outs) < limit_steps:
        outs.append(run.step(controls))
    return outs


@pytest.fixture(scope="module", params=["arcade", "sim"])
def straight(request, catalog, park, rules):
    """Both runs of a session driven straight up the road, with either handling model: (run, step results)."""
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", model=request.param, track_id="sideways_park"))
    first_judge, spawn_state = run.game_mode.course_judge, run.session.state.copy()
    outs = _drive(run)
    return run, outs, first_judge, spawn_state


def test_each_run_starts_at_rest_at_the_course_spawn(straight, park):
    run, outs, first_judge, spawn_state = straight
    spawn = park.track.courses[0].spawn
    assert (spawn_state.x, spawn_state.z, spawn_state.heading_deg, spawn_state.speed) == (spawn.x, spawn.z, spawn.heading_deg, 0.0)
    staged = [i for i, o in enumerate(outs) if o.staged]
    assert len(staged) == 1  # two runs: one staging between them
    i = staged[0]
    ended = [k for k, o in enumerate(outs) if any(e.kind == cr.ENDED for e in o.judge_events)]
    assert len(ended) == 2 and ended[0] < i < ended[1]
    rules = run.rules.judging
    assert (i - ended[0]) * run.session.dt == pytest.approx(rules.between_runs_s, abs=run.session.dt)  # it rolled on, then was staged
    assert run.replay().stages == (i + 1,)  # before the step after the one it was staged in
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert replay.course == "pad_hook" and replay.spawn == (spawn.x, spawn.z, spawn.heading_deg)
    # the last run's judge stays readable until the next is staged; then a fresh one judges from there
    assert run.game_mode.course_judge is not first_judge and run.game_mode.course_judge.t0 == pytest.approx((i + 1) * run.session.dt)


def test_two_runs_then_the_session_ends(straight):
    run, outs, *_ = straight
    r = run.results()
    assert run.finished and len(r.judged) == 2 and r.mode_name == "Qualifying"
    assert all(j.course == "pad_hook" and j.zero == cr.OFF_COURSE for j in r.judged)  # straight on: off the course at the bend
    assert r.judged[0].as_dict() == r.judged[1].as_dict()  # staged the same way, driven the same way: judged the same
    assert r.best_run == 0 and r.best_judged is r.judged[0] and run.score == r.score == 0  # a tie goes to the earlier run
    assert run.step(STRAIGHT).events == [] and run.session.steps == len(outs)  # nothing steps once it is over


def test_a_replay_re_simulates_both_runs_exactly(straight, catalog, park, rules):
    run, *_ = straight
    replay = Replay.from_bytes(run.replay().to_bytes())
    again = resimulate(replay, catalog, park, rules)
    assert replay.matches(again.session.state, again.score)
    assert [j.as_dict() for j in again.results().judged] == [j.as_dict() for j in run.results().judged]


def test_the_ghost_drives_the_run_that_counted_beside_each_run(straight, catalog, park, rules):
    run, outs, *_ = straight
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert replay.best_run == 0 and replay.run_steps(0) == (0, replay.stages[0])
    chase = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", model=replay.model, ghost=replay))
    ghost, me = chase.ghost_car, chase.session
    for _ in range(replay.stages[0] - 1):  # the player's first run and its roll-on, on the recorded inputs: the ghost alongside
        chase.step(STRAIGHT)
        assert (ghost.state.x, ghost.state.z) == (me.state.x, me.state.z)
    assert chase.step(STRAIGHT).staged  # the player is staged for the second run, and the ghost with it
    spawn = park.track.courses[0].spawn
    assert (ghost.state.x, ghost.state.z, ghost.state.speed) == (spawn.x, spawn.z, 0.0) == (me.state.x, me.state.z, me.state.speed)
    _drive(chase)
    assert (ghost.state.x, ghost.state.z, ghost.state.heading) == (me.state.x, me.state.z, me.state.heading)  # its run again, beside


def test_a_reset_zeroes_the_run_in_progress(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", runs=1))
    for _ in range(240):
        run.step(STRAIGHT)
    run.reset()
    out = run.step(STRAIGHT)
    assert [e.kind for e in out.judge_events][-2:] == [cr.ZERO, cr.ENDED] and out.judge_events[-2].ref == cr.RESET
    assert run.finished and run.results().judged[0].zero == cr.RESET and run.replay().resets == (240,)


def test_one_run_when_asked_and_ending_early_cuts_the_run(catalog, park, rules):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", runs=1))
    for _ in range(120):
        run.step(STRAIGHT)
    # still staged short of the start gate: its clock is the wait for the start gate (the course's limit runs from there)
    assert not run.finished and run.time_left_s == pytest.approx(rules.judging.start_within_s - 1.0)
    out = run.finish()
    assert out.judge_events[-1].kind == cr.ENDED and run.finished
    assert [j.zero for j in run.results().judged] == [cr.UNFINISHED] and run.replay().runs == 1


def _result(total: float, style: float) -> CourseResult:
    return CourseResult("c", "C", total, 0.0, 0.0, style, StyleResult(0, 0, 0), True, None, (), (), (), 10.0, 15.0)


def test_the_better_run_counts_and_a_tie_goes_to_style():
    assert best_index([]) is None
    assert best_index([_result(60, 10), _result(72, 5)]) == 1
    assert best_index([_result(70, 20), _result(70, 25)]) == 1  # Formula Drift: a tie goes to style
    assert best_index([_result(70, 20), _result(70, 20)]) == 0


class _Scripted:
    """A stand-in judge whose runs end after SCRIPT[n][0] steps with the total SCRIPT[n][1]."""

    made = 0

    def __init__(self, course, rules, spec, t0=0.0):
        self.steps, self.total = SCRIPT[_Scripted.made]
        _Scripted.made += 1
        self.course, self.t0, self.n = course, t0, 0

    done = property(lambda self: self.n >= self.steps)

    def update(self, state, events, dt):
        self.n += 1
        return [cr.JudgeEvent(cr.ENDED, state.t, "")] if self.done else []

    def finish(self, t):
        return []

    def note_reset(self, t):
        return []

    def result(self):
        return _result(self.total, 10.0)


SCRIPT = [(60, 41.6), (90, 77.4)]


def test_the_score_and_credits_are_the_better_runs(catalog, park, rules, monkeypatch):
    monkeypatch.setattr(qualifying, "CourseJudge", _Scripted)
    _Scripted.made = 0
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying"))
    outs = _drive(run)
    between = round(rules.judging.between_runs_s * 120)
    assert len(outs) == 60 + between + 90 and run.results().best_run == 1 and run.score == 77
    assert run.credits() == credits_for(run.game_mode.scorer.stats, rules) + int(77.4 / 100 * rules.zone_points_max / rules.points_per_credit)


def test_which_maps_host_it_and_which_course(catalog, park, maps, rules):
    assert "qualifying" in hosted_modes(park.track) and "qualifying" not in hosted_modes(maps["parking_yard"].track)
    with pytest.raises(ValueError, match=r"^map 'parking_yard' has no courses: it cannot host Qualifying$"):
        DriftRun(RunSetup(catalog, "hatch", maps["parking_yard"], rules, mode="qualifying"))
    with pytest.raises(ValueError, match=r"^map 'sideways_park' has no course 'nope' \(it has pad_hook\)$"):
        DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", course="nope"))
    bare = World(dataclasses.replace(park.track, courses=()), list(catalog.surfaces))
    assert Qualifying.hosting_problem(bare.track) == "has no courses: it cannot host Qualifying"
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", course="pad_hook"))
    assert run.game_mode.course.id == "pad_hook" and run.game_mode.runs == rules.judging.qualifying_runs == 2


def test_a_qualifying_run_is_solo_unless_ai_cars_are_asked_for():
    from game.content import settings as settings_mod

    s = dataclasses.replace(settings_mod.default_settings(), ai_cars=5, ai_in_timed_modes=True)
    assert settings_mod.ai_cars_for(s, "timed") == 5 and settings_mod.ai_cars_for(s, "qualifying") == 0
    assert settings_mod.ai_cars_for(s, "qualifying", 2) == 2  # --ai 2


def test_a_drifted_session_counts_the_better_run_and_its_replay_re_judges_exactly(catalog, maps, rules):
    from tools.course_driver import CAR, SLOPPY, driver_for

    lake = maps["frozen_lake"]
    run = DriftRun(RunSetup(catalog, CAR, lake, rules, mode="qualifying", model="arcade", track_id="frozen_lake"))
    course = run.game_mode.course
    driver = driver_for(run.session, course, "arcade", **SLOPPY["arcade"])  # a sloppy first run, then a good one
    while not run.finished:
        if run.step(driver(run.session.state)).staged:
            driver = driver_for(run.session, course, "arcade")
    r = run.results()
    assert len(r.judged) == 2 and r.judged[1].total > r.judged[0].total and r.best_run == 1
    assert run.score == round(r.judged[1].total) > 0 and r.judged[1].clips[0].distance_m is not None
    replay = Replay.from_bytes(run.replay().to_bytes())
    again = resimulate(replay, catalog, lake, rules)
    assert [j.as_dict() for j in again.results().judged] == [j.as_dict() for j in r.judged] and again.score == run.score
    # its ghost drives the second run, the one that counted, from the first step of the next session
    # (the player waits at the spawn the whole time: a start gate wait longer than the ghost's run keeps its first run going)
    patient = dataclasses.replace(rules, judging=dataclasses.replace(rules.judging, start_within_s=120.0))
    chase = DriftRun(RunSetup(catalog, CAR, lake, patient, mode="qualifying", model="arcade", ghost=replay))
    first, end = replay.run_steps(replay.best_run)
    assert first == replay.stages[0] > 0 and end == replay.steps
    for _ in range(end - first):
        chase.step(Controls())
    g = chase.ghost_car.state
    assert (g.x, g.z, g.heading, g.speed) == (replay.final.x, replay.final.z, replay.final.heading, replay.final.speed)
