"""The tandem judge on placed poses: the gap, each chase term, the contact rule, free passes, zeros and one more time."""

from __future__ import annotations

import copy
import json
import math
from types import SimpleNamespace

import pytest

from game.content.scoring_rules import load_scoring_rules, rules_from_dict
from game.paths import DATA_DIR
from game.safe_json import DataError
from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.judges.tandem import scorecard as tr
from game.sim.judges.tandem.battle import battle_of
from game.sim.judges.tandem.chase_judge import TandemJudge
from game.sim.judges.tandem.gap_geometry import bumper_gap
from game.sim.judges.tandem.scorecard import TandemRun
from tests.support.course_judge_feed import COURSE, SPEC

DT = 1.0 / 60.0
SPEED = 20.0
LEAD, CHASE = 1, 0


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules().tandem


def pose(t: float, x: float, z: float, angle_deg: float, speed: float = SPEED, heading_deg: float = 0.0) -> CarState:
    """A car pointing heading_deg at (x, z), its velocity angle_deg off its nose (so its drift angle is -angle_deg)."""
    s = CarState(x=x, z=z, heading=math.radians(heading_deg))
    s.t = t
    tr_ = math.radians(heading_deg + angle_deg)
    s.vx, s.vz = speed * math.sin(tr_), speed * math.cos(tr_)
    h = s.heading
    s.forward = s.vx * math.sin(h) + s.vz * math.cos(h)
    s.lateral = s.vx * math.cos(h) - s.vz * math.sin(h)
    return s


def feed(rules, lead_plan, chase_plan, t_max: float = 30.0, events_at=None, cut_at: float | None = None):
    """Step the judge: plan(t, lead_z) -> (x, z, angle_deg[, speed]) for each car (north along the strip at 20 m/s from
    z = -30); events_at(t, lead, chase) -> sim events. Returns (judge, JudgeEvents)."""
    judge = TandemJudge(COURSE, rules, SPEC, SPEC, LEAD, CHASE, 0.0)
    out, k = [], 0
    while not judge.done and k * DT <= t_max:
        t = k * DT
        lz = -30.0 + SPEED * t
        lead, chase = pose(t, *lead_plan(t, lz)), pose(t, *chase_plan(t, lz))
        if cut_at is not None and t >= cut_at:
            out += judge.finish(t)
            break
        out += judge.update(lead, chase, events_at(t, lead, chase) if events_at else [], DT)
        k += 1
    return judge, out


def lead_35(t, lz):
    return 0.0, lz, 35.0


def behind(gap: float, x: float = 0.0, angle: float = 35.0):
    """A chase straight behind the lead, its front bumper `gap` from the lead's rear (both pointing north)."""
    return lambda t, lz: (x, lz - SPEC.length_m - gap, angle)


# ---- the gap -----------------------------------------------------------------------------------------------

def test_the_gap_runs_from_the_chase_front_bumper_to_the_lead_body():
    lead = pose(0.0, 0.0, 10.0, 0.0)
    assert bumper_gap(pose(0.0, 0.0, 10.0 - 4.4 - 3.0, 0.0), SPEC, lead, SPEC) == pytest.approx(3.0)
    # offset 4 m to the side: the bumper's near end (x = 3.1) to the lead's rear corner (x = 0.9), 3 m back
    assert bumper_gap(pose(0.0, 4.0, 10.0 - 4.4 - 3.0, 0.0), SPEC, lead, SPEC) == pytest.approx(math.hypot(2.2, 3.0))
    # nose beside the lead's door: the gap is to its side, not to its centre
    assert bumper_gap(pose(0.0, 3.0, 10.0 - 2.2, 0.0), SPEC, lead, SPEC) == pytest.approx(3.0 - 0.9 - 0.9)
    # nose in the lead's rear: touching
    assert bumper_gap(pose(0.0, 0.0, 10.0 - 4.4 + 0.3, 0.0), SPEC, lead, SPEC) == 0.0
    # the lead sideways at 90 deg across the road: its flank is 0.9 m behind its centre
    side = pose(0.0, 0.0, 10.0, 0.0, heading_deg=90.0)
    assert bumper_gap(pose(0.0, 0.0, 10.0 - 0.9 - 2.2 - 1.5, 0.0), SPEC, side, SPEC) == pytest.approx(1.5)


# ---- the terms ---------------------------------------------------------------------------------------------

def test_a_chase_on_the_lead_door_at_its_angle_and_line_scores_full_marks(rules):
    judge, out = feed(rules, lead_35, behind(0.5))
    r = judge.result()
    assert r.zero is None and not r.contact
    assert (r.proximity, r.angle_match, r.line_match, r.initiation) == pytest.approx((40.0, 25.0, 20.0, 15.0), abs=0.05)
    assert r.total == pytest.approx(100.0, abs=0.1)
    assert r.gap_mean_m == pytest.approx(0.5) and r.initiation_delay_s == pytest.approx(0.0)


@pytest.mark.parametrize("gap, share", [(1.0, 1.0), (4.5, 0.5), (6.25, 0.25), (8.0, 0.0), (15.0, 0.0)])
def test_proximity_is_closeness_over_the_judged_time(rules, gap, share):
    r = feed(rules, lead_35, behind(gap))[0].result()
    assert r.proximity == pytest.approx(rules.proximity_max * share, abs=0.05)
    assert r.gap_mean_m == pytest.approx(gap) and r.gap_p90_m == pytest.approx(gap)


def test_closeness_counts_only_for_as_long_as_it_lasts(rules):
    # on the door for the first half of the judged time, 10 m back after it (so 9.5 m more to the finish: 0.475 s)
    judge0 = feed(rules, lead_35, behind(0.5))[0]
    half = judge0.judged_s / 2
    judge = feed(rules, lead_35, lambda t, lz: behind(0.5 if t < half else 10.0)(t, lz))[0]
    assert judge.judged_s == pytest.approx(judge0.judged_s + 9.5 / SPEED, abs=2 * DT)
    assert judge.result().proximity == pytest.approx(40.0 * half / judge.judged_s, abs=0.1)


def test_a_chase_that_never_drifts_scores_nothing_for_closeness_angle_or_line(rules):
    r = feed(rules, lead_35, behind(0.5, angle=0.0))[0].result()
    assert r.zero is None
    assert (r.proximity, r.angle_match, r.line_match, r.initiation) == (0.0, 0.0, 0.0, 0.0)
    assert r.total < 15.0 and r.initiation_delay_s is None


@pytest.mark.parametrize("chase_deg, points", [(35.0, 25.0), (30.0, 25.0), (20.0, 25.0 * 0.5), (15.0, 25.0 * 0.25), (-35.0, 0.0)])
def test_angle_match_scores_the_difference_to_the_lead_angle(rules, chase_deg, points):
    # 5 deg apart is a full match, 25 none; the other way round is no match at all
    r = feed(rules, lead_35, behind(0.5, angle=chase_deg))[0].result()
    assert r.angle_match == pytest.approx(points, abs=0.05)


def test_line_match_compares_the_chase_with_the_lead_at_the_same_station(rules):
    def weave(z: float) -> float:  # the lead's line swings 3 m either side of the judges' line every 60 m
        return 3.0 * math.sin(2 * math.pi * z / 60.0)

    def lead(t, lz):
        return weave(lz), lz, 35.0

    dz = SPEC.length_m + 1.0
    mimic = feed(rules, lead, lambda t, lz: (weave(lz - dz), lz - dz, 35.0))[0].result()  # where the lead was, there
    beside = feed(rules, lead, lambda t, lz: (weave(lz), lz - dz, 35.0))[0].result()  # alongside where the lead is now
    straight = feed(rules, lead, lambda t, lz: (0.0, lz - dz, 35.0))[0].result()  # the judges' line
    assert mimic.line_match == pytest.approx(20.0, abs=0.1)
    assert straight.line_match < beside.line_match < mimic.line_match - 1.0
    off3 = feed(rules, lead_35, behind(0.5, x=3.0))[0].result()  # 3 m off the lead's line all the way: half of it
    assert off3.line_match == pytest.approx(10.0, abs=0.05)


@pytest.mark.parametrize("late_s, points", [(-0.5, 15.0), (0.0, 15.0), (0.5, 7.5), (1.0, 0.0), (2.0, 0.0)])
def test_initiation_no_later_than_the_lead(rules, late_s, points):
    # the lead initiates 1 s in; the chase late_s after it
    def lead(t, lz):
        return 0.0, lz, 35.0 if t >= 1.0 else 0.0

    def chase(t, lz):
        return 0.0, lz - 5.4, 35.0 if t >= 1.0 + late_s - 1e-9 else 0.0

    r = feed(rules, lead, chase)[0].result()
    assert r.initiation == pytest.approx(points, abs=0.3)
    assert r.initiation_delay_s == pytest.approx(late_s, abs=DT + 1e-9)


# ---- contact -----------------------------------------------------------------------------------------------

def _hit_at(t0: float):
    def events(t, lead, chase):
        return [ev.Event(ev.CAR_HIT, t, chase.x, chase.z, 6.0, str(LEAD), CHASE)] if abs(t - t0) < DT / 2 else []

    return events


def test_a_chase_that_rams_the_lead_off_its_path_scores_zero(rules):
    def lead(t, lz):  # shoved: 4 m/s faster from the hit on
        return 0.0, lz, 35.0, SPEED + (4.0 if t >= 5.0 - DT / 2 else 0.0)

    judge, out = feed(rules, lead, lambda t, lz: (0.0, lz - 4.4 + (0.2 if abs(t - 5.0) < DT / 2 else -0.5), 35.0), events_at=_hit_at(5.0))
    r = judge.result()
    assert r.zero == tr.CONTACT and r.total == 0.0 and r.contact
    assert any(e.kind == "zero" and e.ref == tr.CONTACT for e in out)


def test_a_push_without_a_hit_event_that_speeds_the_lead_up_is_contact_too(rules):
    def lead(t, lz):  # pushed 30 m/s^2 for 0.2 s: twice what it could do by itself
        dv = 0.0 if t < 5.0 else min(0.2, t - 5.0) * 30.0
        return 0.0, lz, 35.0, SPEED + dv

    r = feed(rules, lead, lambda t, lz: (0.0, lz - 4.4 + (0.1 if 5.0 <= t <= 5.2 else -0.5), 35.0))[0].result()
    assert r.zero == tr.CONTACT


def test_a_light_touch_is_a_deduction_not_a_zero(rules):
    # the bumper 2 cm from the lead for three steps, the lead's path unchanged
    r = feed(rules, lead_35, lambda t, lz: (0.0, lz - 4.4 - (0.02 if 5.0 <= t < 5.05 else 0.5), 35.0))[0].result()
    assert r.zero is None and r.contact
    assert r.total == pytest.approx(100.0 - rules.touch_points, abs=0.2)


def test_a_lead_that_spins_just_after_the_chase_touched_it_is_a_chase_zero(rules):
    def lead(t, lz):
        return 0.0, lz, 35.0 if t < 5.5 else 130.0

    r = feed(rules, lead, lambda t, lz: (0.0, lz - 4.4 - (0.02 if 5.0 <= t < 5.05 else 0.5), 35.0))[0].result()
    assert r.zero == tr.CONTACT


def test_a_lead_zeroed_by_its_judge_as_the_chase_knocks_it_round_gives_no_free_pass(rules):
    # the lead's course judge zeroes its spin in the same step as the tandem judge finds the chase's touch caused it
    judge = TandemJudge(COURSE, rules, SPEC, SPEC, LEAD, CHASE, 0.0)
    k = 0
    while not judge.done:
        t = k * DT
        lz = -30.0 + SPEED * t
        if t >= 5.5:
            judge.lead_ended(t, "spin")
        judge.update(pose(t, 0.0, lz, 35.0 if t < 5.5 else 130.0), pose(t, 0.0, lz - 4.4 - (0.02 if 5.0 <= t < 5.05 else 0.5), 35.0), [], DT)
        k += 1
    r = judge.result()
    assert r.zero == tr.CONTACT and r.free_pass is None  # the lead keeps its run as it stood (the mode), not a lead error


def test_a_chase_that_runs_into_a_lead_stopped_on_course_keeps_the_free_pass_and_its_zero(rules):
    # the lead stops dead at 5 s (its error: a free pass 2 s on), the chase drives into its back at 9 s (its own zero)
    def lead(t, lz):  # shoved to 4 m/s by the hit
        return (0.0, lz, 35.0) if t < 5.0 else (0.0, -30.0 + SPEED * 5.0, 0.0, 0.0 if t < 9.0 - DT / 2 else 4.0)

    def chase(t, lz):
        return 0.0, min(lz, -30.0 + SPEED * 5.0 - 4.4 + (0.1 if t >= 9.0 else -0.5)), 35.0

    def events(t, lead_s, chase_s):
        return [ev.Event(ev.CAR_HIT, t, chase_s.x, chase_s.z, 6.0, str(LEAD), CHASE)] if abs(t - 9.0) < DT / 2 else []

    r = feed(rules, lead, chase, events_at=events, t_max=12.0)[0].result()
    assert r.zero == tr.CONTACT and r.free_pass == tr.LEAD_STOPPED  # both drivers erred: both runs count zero


def test_a_lead_that_backs_into_the_chase_is_not_the_chase_fault(rules):
    # the chase alongside the lead's rear quarter, its centre ahead of the lead's, the lead shoved on the hit
    def lead(t, lz):
        return 0.0, lz, 35.0, SPEED + (4.0 if t >= 5.0 - DT / 2 else 0.0)

    def chase(t, lz):
        return (1.8 if abs(t - 5.0) < DT / 2 else 2.5), lz + 0.5, 35.0

    r = feed(rules, lead, chase, events_at=_hit_at(5.0))[0].result()
    assert r.contact and r.zero is None


# ---- free passes and the chase's own zeros ---------------------------------------------------------------

def test_a_lead_that_spins_gives_the_chase_a_free_pass(rules):
    def lead(t, lz):
        return 0.0, lz, 35.0 if t < 5.0 else 130.0

    r = feed(rules, lead, behind(0.5))[0].result()
    assert r.zero is None and r.free_pass_s > 5.0 and r.free_pass == tr.LEAD_SPUN
    assert r.total == pytest.approx(100.0, abs=0.1)  # the judged part was perfect; the rest is not held against it


def test_a_lead_that_loses_drift_briefly_is_not_held_against_the_chase_and_gives_no_free_pass(rules):
    # the lead straight for 1 s mid-run (a quick loss and re-initiation: its course judge's deduction only)
    def lead(t, lz):
        return 0.0, lz, 0.0 if 5.0 <= t < 6.0 else 35.0

    base = feed(rules, lead_35, behind(0.5))[0]
    judge, _ = feed(rules, lead, lambda t, lz: behind(0.5, angle=0.0 if 5.0 <= t < 6.0 else 35.0)(t, lz))
    r = judge.result()
    assert r.free_pass is None and r.free_pass_s == 0.0
    assert judge.judged_s == pytest.approx(base.judged_s - 1.0, abs=2 * DT)  # the straight second was not judged
    assert r.total == pytest.approx(100.0, abs=0.1)  # the chase straightened with its lead: nothing held against it


def test_a_lead_that_straightens_for_good_gives_the_chase_a_free_pass_and_counts_zero(rules):
    # the lead straight from 5 s on; the chase on its door at 35 deg all the way (following a straight lead)
    def lead(t, lz):
        return 0.0, lz, 35.0 if t < 5.0 else 0.0

    judge, _ = feed(rules, lead, behind(0.5))
    r = judge.result()
    assert r.free_pass == tr.LEAD_STRAIGHTENED and r.zero is None
    assert judge.judged_s == pytest.approx(5.0, abs=2 * DT)  # judged from the lead's initiation (at once) to its error
    assert r.free_pass_s == pytest.approx(judge.free_s) and r.free_pass_s > 5.0
    assert r.total == pytest.approx(100.0, abs=0.1)  # what was judged was perfect: the rest is not held against it
    run = TandemRun(0, LEAD, CHASE, SimpleNamespace(total=90.0, zero=None), r)
    assert run.lead_error and run.lead_total == 0.0 and run.score_of(CHASE) == r.total


def test_a_chase_behind_a_lead_that_never_drifts_gets_no_following_points_and_a_free_pass(rules):
    # the lead crawls up the course at 7 m/s, straight; the chase drifts on its bumper at 35 deg (the 79-point case)
    def crawl(t, lz):
        return 0.0, -30.0 + 7.0 * t, 0.0, 7.0

    def chase(t, lz):
        return 0.0, -30.0 + 7.0 * t - SPEC.length_m - 0.5, 35.0, 7.0

    judge, _ = feed(rules, crawl, chase, t_max=60.0)
    r = judge.result()
    assert r.free_pass == tr.LEAD_STRAIGHTENED and r.zero is None and judge.judged_s == 0.0
    assert (r.proximity, r.angle_match, r.line_match) == (0.0, 0.0, 0.0)
    assert r.total == r.initiation == rules.initiation_max  # it initiated and the lead never did: that much is its own
    stopped = feed(rules, lambda t, lz: (0.0, 0.0, 0.0, 0.0 if t > 1.0 else 2.0), lambda t, lz: (0.0, -10.0, 0.0, 0.0), t_max=8.0)[0]
    assert stopped.result().free_pass is None  # a lead that never reached the initiation line opened no judged window


def test_a_lead_that_stops_on_course_gives_a_free_pass_for_stopping(rules):
    def lead(t, lz):
        return (0.0, lz, 35.0) if t < 4.0 else (0.0, -30.0 + SPEED * 4.0, 0.0, 0.0)

    r = feed(rules, lead, lambda t, lz: behind(0.5)(min(t, 4.0), -30.0 + SPEED * min(t, 4.0)), t_max=12.0)[0].result()
    assert r.free_pass == tr.LEAD_STOPPED and r.total == pytest.approx(100.0, abs=0.2)


def test_a_chase_that_spins_scores_zero(rules):
    r = feed(rules, lead_35, lambda t, lz: (0.0, lz - 5.0, 35.0 if t < 5.0 else 120.0))[0].result()
    assert r.zero == tr.CHASE_SPIN and r.total == 0.0


def test_a_chase_cut_short_of_the_finish_is_unfinished(rules):
    judge, out = feed(rules, lead_35, behind(0.5), cut_at=5.0)
    assert judge.done and judge.result().zero == tr.CHASE_UNFINISHED


def test_a_chase_far_behind_after_the_lead_ended_runs_out_of_time(rules):
    judge = TandemJudge(COURSE, rules, SPEC, SPEC, LEAD, CHASE, 0.0)
    judge.update(pose(0.0, 0.0, 215.0, 35.0), pose(0.0, 0.0, -30.0, 0.0, 0.0), [], DT)
    judge.lead_ended(0.0)
    t = 0.0
    while not judge.done and t < 60:
        t += DT
        judge.update(pose(t, 0.0, 230.0, 0.0, 0.0), pose(t, 0.0, -30.0, 0.0, 0.0), [], DT)
    assert judge.result().zero == tr.CHASE_UNFINISHED and t == pytest.approx(rules.end_margin_s, abs=2 * DT)


def test_the_live_reading_follows_the_run(rules):
    judge = TandemJudge(COURSE, rules, SPEC, SPEC, LEAD, CHASE, 0.0)
    assert judge.live().gap_m is None
    judge.update(pose(0.1, 0.0, 0.0, 35.0), pose(0.1, 0.0, -4.4 - 2.0, 20.0), [], DT)
    live = judge.live()
    assert live.gap_m == pytest.approx(2.0) and live.angle_diff_deg == pytest.approx(-15.0) and not live.free_pass


# ---- the battle --------------------------------------------------------------------------------------------

def run_of(index: int, lead: int, lead_total: float, chase_total: float) -> TandemRun:
    return TandemRun(index, lead, 1 - lead, SimpleNamespace(total=lead_total), SimpleNamespace(total=chase_total, free_pass=None))


def test_each_drivers_lead_and_chase_add_up_and_the_higher_wins(rules):
    b = battle_of((run_of(0, 1, 80.0, 60.0), run_of(1, 0, 75.0, 50.0)), rules.omt_margin_points, rules.omt_max)
    assert b.scores == pytest.approx((60.0 + 75.0, 80.0 + 50.0))
    assert b.decided and b.winner == 0 and b.one_more_times == 0
    first = battle_of((run_of(0, 1, 80.0, 60.0),), rules.omt_margin_points, rules.omt_max)
    assert not first.decided and first.winner is None and first.scores == (60.0, 80.0)


def test_a_tie_is_one_more_time_at_most_twice(rules):
    tie = (run_of(0, 1, 80.0, 70.0), run_of(1, 0, 80.0, 70.0))  # 150 each
    runs = tie
    b = battle_of(runs, rules.omt_margin_points, rules.omt_max)
    assert not b.decided and b.one_more_times == 1  # two more runs
    runs = runs + (run_of(2, 1, 75.0, 70.0), run_of(3, 0, 75.0, 72.0))  # 145 vs 147: inside the 3-point margin again
    b = battle_of(runs, rules.omt_margin_points, rules.omt_max)
    assert not b.decided and b.one_more_times == 2
    runs = runs + (run_of(4, 1, 81.0, 70.0), run_of(5, 0, 80.0, 70.0))  # 150 vs 151: tied again, but no third OMT
    b = battle_of(runs, rules.omt_margin_points, rules.omt_max)
    assert b.decided and b.one_more_times == 2 and b.winner == 1 and b.scores == (150.0, 151.0)
    dead = runs[:4] + (run_of(4, 1, 80.0, 70.0), run_of(5, 0, 80.0, 70.0))  # dead level and equal leads: who led first
    assert battle_of(dead, rules.omt_margin_points, rules.omt_max).winner == 1
    better_lead = runs[:4] + (run_of(4, 1, 79.0, 70.0), run_of(5, 0, 80.0, 71.0))  # 150 each: the better lead run, car 0's 80
    assert battle_of(better_lead, rules.omt_margin_points, rules.omt_max).winner == 0


# ---- the rules ---------------------------------------------------------------------------------------------

def test_the_chase_split_adds_to_100_and_a_bad_one_is_refused_in_one_line():
    data = json.loads((DATA_DIR / "scoring.json").read_text())
    r = load_scoring_rules().tandem
    assert r.proximity_max + r.angle_max + r.line_max + r.initiation_max == 100.0
    bad = copy.deepcopy(data)
    bad["tandem"]["proximity_max"] = 50
    with pytest.raises(DataError, match=r"^data/scoring.json: tandem.initiation_max: .* must be 100, got 110$"):
        rules_from_dict(bad, "data/scoring.json")
    bad = copy.deepcopy(data)
    bad["tandem"]["gap_zero_m"] = 0.5
    with pytest.raises(DataError, match=r"tandem.gap_zero_m: must be > gap_full_m"):
        rules_from_dict(bad, "data/scoring.json")


def test_a_lead_zeroed_by_its_judge_ends_the_chase_run_as_it_stood(rules):
    judge = TandemJudge(COURSE, rules, SPEC, SPEC, LEAD, CHASE, 0.0)
    t = 0.0
    while t < 4.0:
        lz = -30.0 + SPEED * t
        judge.update(pose(t, 0.0, lz, 35.0), pose(t, 0.0, lz - 4.9, 35.0), [], DT)
        t += DT
    judge.lead_ended(t, "off_course")  # the lead ran off the course: its zero, not the chase's
    out = judge.update(pose(t, 0.0, 60.0, 35.0), pose(t, 0.0, 55.0, 35.0), [], DT)
    r = judge.result()
    assert judge.done and r.zero is None and r.total == pytest.approx(100.0, abs=0.2)
    assert [e.kind for e in out][-1] == "ended"
