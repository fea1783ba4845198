"""A drive asked for with a DriveRequest (game.shell.request) and made into its RunSetup by the planner (game.shell.planner)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.content.profile import new_profile
from game.content.settings import default_settings
from game.shell.planner import plan
from game.shell.request import DriveRequest, TandemChoice
from game.sim.controls import Controls
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback, RunCues
from game.sim.run.setup import RunSetup


def _game(catalog, park, rules, roster, **profile_changes):
    """What the planner reads of the Game: a new profile, the default settings, a fixed seed, the park."""
    profile = replace(new_profile(catalog.starter_ids, 0), **profile_changes)
    return SimpleNamespace(catalog=catalog, world=park, rules=rules, track_id="sideways_park", track_digest="d" * 64, notice=None,
                           profile=profile, settings=default_settings(), pacing=SimpleNamespace(session_seed=lambda: 11),
                           drift_roster=lambda: roster)


def _recorded(catalog, park, rules, steps: int = 90, **setup):
    """A short run, recorded: its replay."""
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, track_id="sideways_park", **setup))
    for i in range(steps):
        run.step(Controls(throttle=1.0, steer=0.4 if i > 40 else 0.0))
    run.finish()
    return run.replay()


def test_a_menu_pick_keeps_the_command_lines_choices_and_nothing_of_the_last_drive(catalog, park, rules):
    script = object()
    choices = DriveRequest(mode="tandem", car="kart", model="sim", track="sideways_park", course="pad_hook", runs=1, ai=2,
                           autopilot="ace", script=script, tandem=TandemChoice("lead", "vera"))
    here = choices.picked("timed")  # --track: the mode list drives this map, on the course asked for
    assert (here.mode, here.track, here.course, here.car, here.model, here.ai, here.autopilot, here.script, here.runs) == (
        "timed", "sideways_park", "pad_hook", "kart", "sim", 2, "ace", script, 1)
    there = choices.picked("qualifying", track="mountain_pass")  # another map: its own course ("" -> its first)
    assert (there.track, there.course, there.tandem) == ("mountain_pass", "", TandemChoice("lead", "vera"))
    picks = TandemChoice("chase", "rin")
    assert choices.picked("tandem", track="frozen_lake", course="ice", tandem=picks).tandem == picks
    watched = DriveRequest.watching(_recorded(catalog, park, rules))
    assert watched.picked("free").watch is None and choices.but(event=object()).picked("free").event is None


def test_watching_a_replay_asks_for_its_own_car_paint_map_and_course(catalog, park, rules):
    replay = _recorded(catalog, park, rules, mode="qualifying", course="pad_hook", runs=1, paint="#123456", seed=4)
    request = DriveRequest.watching(replay)
    assert (request.mode, request.car, request.paint, request.track, request.course, request.runs, request.watch) == (
        "qualifying", "hatch", "#123456", "sideways_park", "pad_hook", 1, replay)
    assert request.tandem is None  # not a Tandem run: no role or opponent to carry


def test_the_planner_makes_a_watched_replay_the_run_it_recorded(catalog, park, rules, roster, home):
    replay = _recorded(catalog, park, rules, mode="free", seed=9, spawn=(12.0, -30.0, 45.0), paint="#abcdef", model="sim")
    game = _game(catalog, park, rules, roster, equipped="kart")
    setup = plan(game, DriveRequest.watching(replay))
    assert (setup.car_id, setup.mode, setup.model, setup.seed, setup.spawn, setup.paint, setup.ai_count) == (
        "hatch", "free", "sim", 9, (12.0, -30.0, 45.0), "#abcdef", 0)  # the replay's, not the profile's kart or the pacing's seed
    run = DriftRun(setup)
    playback, cues = Playback.of_replay(replay), RunCues(run, None)
    for step in range(replay.steps):
        run.step(playback.drive(step, step * run.session.dt, cues))
    state = run.session.state
    assert (round(state.x, 6), round(state.z, 6)) == (round(replay.final.x, 6), round(replay.final.z, 6))  # it ends where it did


def test_a_picked_drive_takes_the_profiles_car_and_paint_unless_the_request_names_them(catalog, park, rules, roster, home):
    game = _game(catalog, park, rules, roster, equipped="kart", paint={"kart": "#00ff00"})
    mine = plan(game, DriveRequest(mode="free", ai=0))
    assert (mine.car_id, mine.paint, mine.seed, mine.ai_count, mine.ghost) == ("kart", "#00ff00", 11, 0, None)
    asked = plan(game, DriveRequest(mode="free", car="hatch", paint="#ff0000", seed=3, spawn=(1.0, 2.0, 90.0), ai=2))
    assert (asked.car_id, asked.paint, asked.seed, asked.spawn, asked.ai_count) == ("hatch", "#ff0000", 3, (1.0, 2.0, 90.0), 2)
    assert asked.drivers is not None  # AI cars drive by data/drivers.json


@pytest.mark.parametrize("tandem, role, opponent", [(None, "chase", ""), (TandemChoice("lead", "vera"), "lead", "vera")])
def test_tandems_picks_reach_the_run_and_other_modes_ignore_them(catalog, park, rules, roster, home, tandem, role, opponent):
    game = _game(catalog, park, rules, roster)
    setup = plan(game, DriveRequest(mode="tandem", course="pad_hook", tandem=tandem))
    assert (setup.mode, setup.role, setup.opponent, setup.course, setup.lead_replay) == ("tandem", role, opponent, "pad_hook", None)
    assert setup.drift_drivers is roster
    timed = plan(game, DriveRequest(mode="timed", tandem=TandemChoice("lead", "vera")))
    assert (timed.role, timed.opponent, timed.drift_drivers) == ("chase", "", None)  # the command line's Tandem picks, unused


def test_a_watched_tandem_replay_keeps_its_role_and_opponent(catalog, park, rules, roster, home):
    """`sideways replay` of a run led against Vera re-creates that battle, not a chase of the default pro (issue 32)."""
    replay = _recorded(catalog, park, rules, steps=60, mode="tandem", course="pad_hook", runs=1, role="lead", opponent="vera",
                       drift_drivers=roster)
    request = DriveRequest.watching(replay)
    assert request.tandem == TandemChoice("lead", "vera")
    setup = plan(_game(catalog, park, rules, roster), request)
    assert (setup.mode, setup.role, setup.opponent, setup.course, setup.runs) == ("tandem", "lead", "vera", "pad_hook", 1)
    assert setup.drift_drivers is roster
