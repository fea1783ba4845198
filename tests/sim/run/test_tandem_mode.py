"""Tandem mode: the opponent car, staging both cars each run, roles swapped, one more time, briefs, a replay lead, replays."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.sim.ai.drift.brief import CHASE, LEAD, SOLO
from game.sim.controls import Controls
from game.sim.judges.tandem import scorecard as tr
from game.sim.judges.tandem.gap_geometry import bumper_gap
from game.sim.mode_ids import MODE_IDS
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes import tandem as tandem_mode
from game.sim.run.modes.registry import hosted_modes, mode_class
from game.sim.run.modes.tandem import Tandem
from game.sim.run.playback import Playback, RunCues
from game.sim.run.setup import RunSetup
from game.sim.run.verify import resimulate
from game.sim.session import RIVAL
from tests.support.tandem_helpers import autopilot, drive, pilot_controls, tandem_run

BRAKE = Controls(brake=1.0)


def test_tandem_comes_after_qualifying_on_maps_with_courses(park, maps):
    assert MODE_IDS[-2:] == ("qualifying", "tandem") and mode_class("tandem") is Tandem
    assert Tandem.solo and not Tandem.races_ghost and Tandem.name == "Tandem"
    assert "tandem" in hosted_modes(park.track) and "tandem" not in hosted_modes(maps["parking_yard"].track)
    assert Tandem.hosting_problem(None) == "has no courses: it cannot host Tandem"


def test_the_opponent_is_a_colliding_rival_and_both_start_at_rest_staged(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster)
    m, s = run.game_mode, run.session
    spawn = m.course.spawn
    assert len(s.cars) == 2 and s.cars[1] is m.opponent and m.opponent.kind == RIVAL and m.opponent.collides
    ace = roster.get("ace")
    assert m.opponent.spec.id == ace.car and m.opponent.paint == ace.paint and m.opponent_name == ace.name
    assert (m.role_of(0), m.role_of(1), m.run_index) == (CHASE, LEAD, 0)
    lead, chase = s.cars[1].state, s.cars[0].state
    assert (lead.x, lead.z, lead.heading_deg, lead.speed, chase.speed) == (spawn.x, spawn.z, spawn.heading_deg, 0.0, 0.0)
    assert chase.heading_deg == spawn.heading_deg
    assert bumper_gap(chase, s.cars[0].spec, lead, s.cars[1].spec) == pytest.approx(rules.tandem.chase_start_gap_m)
    as_lead = tandem_run(catalog, park, rules, roster, role="lead")
    p = as_lead.session.cars[0].state
    assert (p.x, p.z) == (spawn.x, spawn.z) and as_lead.game_mode.role_of(0) == LEAD


def test_setup_errors_are_one_line(catalog, park, rules, roster):
    with pytest.raises(ValueError, match=r"^Tandem needs the drift driver roster \(data/drift_drivers.json\)$"):
        tandem_run(catalog, park, rules, None)
    with pytest.raises(ValueError, match=r"^role must be one of lead, chase, got 'side'$"):
        tandem_run(catalog, park, rules, roster, role="side")
    with pytest.raises(ValueError, match=r"^unknown drift driver 'nobody'"):
        tandem_run(catalog, park, rules, roster, opponent="nobody")


def test_briefs_name_the_course_role_other_car_and_run(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster)
    m = run.game_mode
    b0, b1 = m.drift_brief(0), m.drift_brief(1)
    assert (b0.course, b0.role, b0.other, b0.run) == (m.course, CHASE, 1, 0)
    assert (b1.role, b1.other) == (LEAD, 0) and m.drift_brief(2) is None
    q = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="qualifying", runs=1, track_id="sideways_park"))
    assert q.game_mode.drift_brief(0).role == SOLO and q.game_mode.drift_brief(1) is None
    free = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free"))
    assert free.game_mode.drift_brief(0) is None


@pytest.fixture(scope="module")
def omt_battle(catalog, park, rules, roster):
    """A whole battle between two aces whose judges can never separate them (a 200-point margin): 2 + 2 x 2 runs."""
    tied = dataclasses.replace(rules, tandem=dataclasses.replace(rules.tandem, omt_margin_points=200.0))
    run = tandem_run(catalog, park, tied, roster, runs=0)
    pilot = autopilot(run, roster)
    seen = []  # (step, run index, lead index, lead state, chase state) on each staging
    step = pilot_controls(pilot)

    def note(r, out):
        if out.staged:
            m = r.game_mode
            seen.append((m.run_index, m.lead_index(), r.session.cars[m.lead_index()].state.copy(), r.session.cars[1 - m.lead_index()].state.copy()))

    outs = drive(run, step, every=note)
    return run, outs, seen


def test_a_battle_swaps_roles_each_run_and_a_tie_is_one_more_time_at_most_twice(omt_battle, rules):
    run, outs, seen = omt_battle
    m = run.game_mode
    b = m.battle
    assert len(b.runs) == 6 and b.one_more_times == 2 and b.decided and b.winner in (0, 1)  # 2 runs + two OMTs, then decided
    assert [r.lead for r in b.runs] == [1, 0, 1, 0, 1, 0]  # the player chased first, then led; the same order each pair
    assert [x[:2] for x in seen] == [(1, 0), (2, 1), (3, 0), (4, 1), (5, 0)]
    spawn = m.course.spawn
    for _, _, lead, chase in seen:  # each run staged at rest: the lead at the spawn, the chase behind it
        assert (lead.x, lead.z, lead.speed, chase.speed) == (spawn.x, spawn.z, 0.0, 0.0)
    last = b.runs[-2:]
    assert b.scores == pytest.approx((sum(r.score_of(0) for r in last), sum(r.score_of(1) for r in last)))
    res = run.results()
    assert res.tandem is b and res.score == round(b.scores[0]) and len(res.judged) == 6
    assert run.finished and m.run_index == 5


def test_the_stats_block_describes_the_run_that_just_ended(omt_battle):
    run, _, _ = omt_battle
    block = run.game_mode.stats_block(run.session)["tandem"]
    last = run.game_mode.battle.runs[-1]
    assert block["role"] == "lead" and block["lead_total"] == round(last.lead_total, 2)  # car 0 led the last run
    assert set(block) == {"role", "gap_m", "proximity", "angle_match", "line_match", "initiation", "chase_total", "lead_total",
                          "contact", "zero", "free_pass", "lead_end"}
    assert set(block["gap_m"]) == {"mean", "p90"} and set(block["lead_end"]) == {"x", "z", "heading_deg"}
    free = DriftRun(RunSetup(run.setup.catalog, "hatch", run.setup.world, run.setup.rules))
    assert free.game_mode.stats_block(free.session) == {}  # Free Drift judges nothing of its own


def test_the_same_seed_gives_the_same_battle(catalog, park, rules, roster):
    def once():
        run = tandem_run(catalog, park, rules, roster, seed=11)
        drive(run, pilot_controls(autopilot(run, roster)))
        return run.game_mode.battle, [c.state.as_dict() for c in run.session.cars]

    (b1, s1), (b2, s2) = once(), once()
    assert b1 == b2 and s1 == s2 and len(b1.runs) == 1


def test_a_chase_that_resets_scores_zero(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster)
    pilot = autopilot(run, roster)
    for _ in range(600):
        run.step(pilot.controls(run.session, run.session.player))
    run.reset()
    drive(run, pilot_controls(pilot))
    assert run.game_mode.battle.runs[0].chase_result.zero == tr.CHASE_RESET


def test_a_chasing_player_is_judged_by_the_course_judge_too(catalog, park, rules, roster):
    # the ace in car 0 chasing the ace: its own run judged as in Qualifying, for its stats; the battle is the tandem judge's
    run = tandem_run(catalog, park, rules, roster, car="hatch")
    m = run.game_mode
    assert m.stats_block(run.session)["judging"]["total"] == 0.0  # the run in progress, as it stands
    drive(run, pilot_controls(autopilot(run, roster)))
    r = m.battle.runs[0]
    own = r.chase_course
    assert r.chase == 0 and own is not None and own.finished and own.zero is None and own.total > 50.0
    assert own is not r.lead_result and own.total != r.lead_result.total
    block = m.stats_block(run.session)
    assert block["judging"] == own.as_dict() and block["tandem"]["role"] == "chase"
    assert block["tandem"]["chase_total"] == round(r.chase_total, 2)  # the battle still scores the chase's run by the tandem judge
    led = tandem_run(catalog, park, rules, roster, car="hatch", role="lead")
    assert led.game_mode.chase_course_judge is None  # an AI chase needs no course judge of its own


def test_a_tandem_replay_resimulates_to_the_same_battle(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster, role="lead", seed=5)
    drive(run, pilot_controls(autopilot(run, roster)))
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert (replay.mode, replay.role, replay.opponent, replay.drift_drivers_digest) == ("tandem", "lead", "ace", roster.digest)
    choice = mode_class(replay.mode).setup_record.of_replay(replay)  # the mode's setup record: its own choices, from the file
    assert choice == tandem_mode.TandemChoice(role="lead", opponent="ace")
    assert choice.setup_fields() == {k: getattr(run.setup, k) for k in choice.setup_fields()}  # the fields the run was set up with
    with pytest.raises(ValueError, match="drift driver roster"):
        resimulate(replay, catalog, park, rules)
    again = resimulate(replay, catalog, park, rules, drift_drivers=roster)
    assert again.game_mode.battle == run.game_mode.battle
    assert replay.matches(again.session.state, again.score)


def _lead_replay(catalog, park, rules, roster):
    """A Qualifying run of the ace on the park, recorded: (replay, car 0's (x, z, heading) after each step)."""
    run = DriftRun(RunSetup(catalog, "zenith_hyper", park, rules, mode="qualifying", runs=1, seed=2, track_id="sideways_park"))
    pilot = autopilot(run, roster)
    drive(run, pilot_controls(pilot))
    replay = Replay.from_bytes(run.replay().to_bytes())
    alone = DriftRun(RunSetup(catalog, replay.car_id, park, rules, mode="qualifying", runs=1, seed=replay.seed, spawn=replay.spawn))
    play, cues, poses = Playback.of_replay(replay), RunCues(alone), []
    for step in range(replay.steps):
        alone.step(play.drive(step, step * alone.session.dt, cues))
        s = alone.session.state
        poses.append((s.x, s.z, s.heading))
    return replay, poses


def test_a_replay_lead_follows_its_recording_exactly(catalog, park, rules, roster):
    replay, alone = _lead_replay(catalog, park, rules, roster)
    run = tandem_run(catalog, park, rules, roster, role="lead", lead_replay=replay, lead_file="best.swr")
    m = run.game_mode
    assert m.role_of(0) == CHASE and m.opponent_name == "replay: zenith_hyper" and m.max_runs == 1  # the player always chases
    led = []
    for _ in range(replay.steps):
        run.step(BRAKE)  # the chase stays out of its way
        s = run.session.cars[1].state
        led.append((s.x, s.z, s.heading))
    assert led == alone  # to the last bit
    drive(run, lambda r: BRAKE)
    assert len(m.battle.runs) == 1 and run.finished
    rep = Replay.from_bytes(run.replay().to_bytes())
    assert rep.lead_file == "best.swr" and len(rep.lead_digest) == 64 and rep.opponent == ""
    assert rep.lead is not None and rep.lead.changes == replay.changes  # the chase keeps the replay that led it
    again = resimulate(rep, catalog, park, rules)
    assert rep.matches(again.session.state, again.score) and again.game_mode.battle == m.battle


def test_staging_falls_back_to_the_lead_ahead_without_road_behind(catalog, park, rules):
    course = park.track.courses[0]
    level = tandem_mode.stage_poses(course, rules.tandem, park, 4.4, 4.4)
    s = course.spawn
    assert level[0] == (s.x, s.z, s.heading_deg) and math.hypot(level[1][0] - s.x, level[1][1] - s.z) == pytest.approx(4.4 + rules.tandem.chase_start_gap_m)

    class Cliff:  # the ground drops 5 m behind the spawn
        def ground(self, x, z):
            return (0.0 if z >= s.z - 1.0 else -5.0, 0.0, 1.0, 0.0, "asphalt")

    lead, chase = tandem_mode.stage_poses(course, rules.tandem, Cliff(), 4.4, 4.4)
    assert chase == (s.x, s.z, s.heading_deg) and lead[1] == pytest.approx(s.z + 4.4 + rules.tandem.chase_start_gap_m)


@pytest.mark.parametrize("field, value, message", [
    ("role", "side", "header field 'role' is 'side', not 'lead', 'chase' or empty"),
    ("opponent", "../x", "header field 'opponent' is '../x', not a drift driver id or skill level, or empty"),
    ("lead_file", "/etc/passwd", "header field 'lead_file' is '/etc/passwd', not a file name (no folders) or empty"),
    ("lead_file", "a/../b.swr", "header field 'lead_file' is 'a/../b.swr', not a file name (no folders) or empty"),
    ("lead_digest", "zz", "header field 'lead_digest' is 'zz', not a sha256 digest"),
])
def test_a_crafted_tandem_header_is_refused_field_by_field(field, value, message):
    from tests.sim.replay.test_replay_untrusted import _file, _header

    ok = Replay.from_bytes(_file(_header(mode="tandem", role="chase", opponent="ace", lead_file="best-run.swr", lead_digest="ab" * 32)), "r.swr")
    assert (ok.role, ok.opponent, ok.lead_file) == ("chase", "ace", "best-run.swr")
    with pytest.raises(ValueError) as e:
        Replay.from_bytes(_file(_header(mode="tandem", **{field: value})), "r.swr")
    assert str(e.value) == f"r.swr: corrupt replay ({message})"


def test_a_tandem_replay_is_refused_with_another_drift_driver_file(catalog, park, rules, roster):
    from game.sim.replay.format import ReplayError, check_compatible

    run = tandem_run(catalog, park, rules, roster)
    for _ in range(10):
        run.step(BRAKE)
    replay = run.replay()
    check_compatible(replay, catalog.digest, rules.digest, drift_drivers_digest=roster.digest)
    with pytest.raises(ReplayError, match=r"different drift_drivers.json .*; its tandem opponent would drive out of sync$"):
        check_compatible(replay, catalog.digest, rules.digest, drift_drivers_digest="cd" * 32)


def test_a_session_ended_mid_run_cuts_both_judges(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster)
    pilot = autopilot(run, roster)
    for _ in range(900):  # 7.5 s: both mid-course
        run.step(pilot.controls(run.session, run.session.player))
    run.finish()
    r = run.game_mode.battle.runs[0]
    assert r.chase_result.zero == tr.CHASE_UNFINISHED and r.lead_result.zero == "unfinished" and run.finished
