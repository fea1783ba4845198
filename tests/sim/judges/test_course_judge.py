"""The course judge against hand-computed cases: bumpers, clips, sectors, style, each deduction and zero, the totals."""

from __future__ import annotations

import json
import math

import pytest

from game.content.scoring_rules import load_scoring_rules, rules_from_dict
from game.safe_json import DataError
from game.sim.course import LineTracker
from game.sim.judges.course import result as cr
from game.sim.judges.course.judge_geometry import bumper, segment_segment_distance, wheels
from game.sim.judges.course.run_judge import CourseJudge
from tests.support.course_judge_feed import COURSE, DT, INNER_GAP_M, OUTER_GAP_M, SPEC, SPEED, drive, good, good_x


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules().judging


@pytest.fixture(scope="module")
def good_run():
    return drive(good)


def _kinds(events, kind):
    return [e for e in events if e.kind == kind]


def test_the_rules_split_100_points_as_formula_drift(rules):
    assert (rules.line_max, rules.angle_max, rules.style_max) == (35, 35, 30)
    assert rules.qualifying_runs == 2 and isinstance(rules.qualifying_runs, int) and rules.between_runs_s > 0
    data = json.loads((load_scoring_rules.__globals__["SCORING_PATH"]).read_text())
    bad = {**data, "judging": {**data["judging"], "style_max": 40}}
    with pytest.raises(DataError) as e:
        rules_from_dict(bad, "data/scoring.json")
    assert str(e.value) == "data/scoring.json: judging.style_max: line_max + angle_max + style_max must be 100, got 35 + 35 + 40"
    bad = {**data, "judging": {**data["judging"], "steady_zero_deg": 2}}
    with pytest.raises(DataError, match=r"^data/scoring.json: judging.steady_zero_deg: must be > steady_full_deg \(4\), got 2$"):
        rules_from_dict(bad, "data/scoring.json")
    bad = {**data, "judging": {**data["judging"], "line_max": -1}}
    with pytest.raises(DataError, match=r"^data/scoring.json: judging.line_max: must be >= 0, got -1$"):
        rules_from_dict(bad, "data/scoring.json")


def test_bumpers_and_wheels_from_the_cars_dimensions():
    # heading 90 deg faces +x: the front bumper's centre is 2.2 m ahead, across the width along -z..+z
    (ax, az), (bx, bz) = bumper(10.0, 5.0, math.pi / 2, 4.4, 1.8, front=True)
    assert (ax, az, bx, bz) == pytest.approx((12.2, 5.9, 12.2, 4.1))
    (ax, az), (bx, bz) = bumper(10.0, 5.0, math.pi / 2, 4.4, 1.8, front=False)
    assert (ax, az, bx, bz) == pytest.approx((7.8, 5.9, 7.8, 4.1))
    fl, fr, rl, rr = wheels(0.0, 0.0, 0.0, 2.6, 1.5)  # heading 0 faces +z: front left is (-0.75, 1.3)
    assert fl == pytest.approx((-0.75, 1.3)) and fr == pytest.approx((0.75, 1.3)) and rl == pytest.approx((-0.75, -1.3)) and rr == pytest.approx((0.75, -1.3))
    assert segment_segment_distance((0, 0), (2, 0), (1, 1), (1, 3)) == pytest.approx(1.0)
    assert segment_segment_distance((0, 0), (2, 0), (1, -1), (1, 3)) == 0.0


def test_a_line_that_crosses_itself_keeps_its_branch():
    # north 50 m, east 30, south 30, then west across the first leg at (0, 20): stations 20 and 140 there
    tracker = LineTracker(((0, 0), (0, 50), (30, 50), (30, 20), (-20, 20)), window_m=30.0)
    assert tracker.locate(0.5, 20.0, 21.0)[:2] == pytest.approx((20.0, 0.5))  # on the first leg, 0.5 m right of it
    assert tracker.locate(0.5, 20.0, 139.0)[0] == pytest.approx(139.5)  # the same spot on the way back (going west)
    assert tracker.locate(0.5, 21.0, None)[0] == pytest.approx(21.0)  # with no idea where the car was: the nearest (leg 1)


def test_clip_distances_are_taken_from_the_right_bumper(good_run):
    judge, _ = good_run
    res = {c.id: c for c in judge.result().clips}
    # inner: the front bumper's right end passes 3 - 2.2 sin 40 - 0.9 cos 40 = 0.896 m from the cone (a sample sits there)
    assert res["c1"].distance_m == pytest.approx(INNER_GAP_M, abs=1e-6) and INNER_GAP_M == pytest.approx(0.8964, abs=1e-4)
    # outer: the rear bumper's left end sweeps the zone at x = -5 from x = -2 - 2.1036
    assert res["z1"].distance_m == pytest.approx(OUTER_GAP_M, abs=1e-6)
    assert all(c.points == pytest.approx(35 / 4) for c in res.values())  # within full_m (1.0): full marks each


def test_a_clip_scores_linearly_between_full_and_zero(rules):
    # 1.5 m further left: the cone is 2.396 m from the front bumper: (3 - 2.396) / (3 - 1) = 0.302 of its share
    judge, events = drive(lambda t, s: (good_x(s) - 1.5 if s < 100 else good_x(s), 40.0, SPEED, 0.0))
    c1 = judge.result().clips[0]
    assert c1.distance_m == pytest.approx(INNER_GAP_M + 1.5, abs=1e-6)
    assert c1.points == pytest.approx(35 / 4 * (3 - c1.distance_m) / 2)
    assert [e.text for e in _kinds(events, cr.CLIP)][0] == "CLIP 3/10"


def test_a_well_drifted_run_scores_high(good_run):
    judge, events = good_run
    r = judge.result()
    assert judge.done and r.finished and r.zero is None and r.deductions == ()
    assert r.line == pytest.approx(35) and r.angle == pytest.approx(35)
    assert r.style_parts.initiation == pytest.approx(10) and r.style_parts.fluidity == pytest.approx(10, abs=0.2)
    assert r.total > 95
    kinds = [e.kind for e in events]
    assert kinds[0] == cr.STARTED and kinds[1] == cr.INITIATED and kinds[-2:] == [cr.FINISHED, cr.ENDED]
    assert [e.ref for e in _kinds(events, cr.SECTOR)] == ["entry", "mid", "exit"] and len(_kinds(events, cr.CLIP)) == 4
    assert r.as_dict()["clips"][0]["id"] == "c1" and json.dumps(r.as_dict())


def test_a_run_that_never_drifts_scores_under_15():
    judge, events = drive(lambda t, s: (0.0, 0.0, SPEED, 0.0))
    r = judge.result()
    assert r.finished and r.total < 15 and r.line == 0 and r.angle == 0 and r.style < 1
    assert "late_entry" in [d.kind for d in r.deductions] and len(_kinds(events, cr.MISSED)) == 4


def test_sector_angle_against_its_target(rules):
    # entry held at the target (35): its full weight; the middle half way from the floor (10) to it: half; the exit at 5: none
    def plan(t, s):
        return good_x(s), 35.0 if s < 80 else 22.5 if s < 120 else 5.0, SPEED, 0.0

    judge, events = drive(plan)
    entry, mid, exit_ = judge.result().sectors
    assert entry.mean_angle_deg == pytest.approx(35) and entry.points == pytest.approx(35 * 30 / 100)
    assert mid.mean_angle_deg == pytest.approx(22.5) and mid.points == pytest.approx(35 * 40 / 100 / 2)
    assert exit_.points == 0.0 and exit_.max_points == pytest.approx(35 * 30 / 100)
    assert _kinds(events, cr.SECTOR)[0].text == "ENTRY 10.5/10.5"


def _swing(width_m: float):
    """40 deg right until station 150, then a swing to 40 deg left over width_m metres (linear in station)."""

    def plan(t, s):
        a = 40.0 if s < 150 else -40.0 if s > 150 + width_m else 40.0 - 80.0 * (s - 150) / width_m
        return good_x(s), a, SPEED, 0.0

    return plan


def test_fluidity_rewards_a_sharp_swing_between_directions():
    # under 10 deg for width/4 m: 16 m -> 0.2 s (clean: <= 0.4 s); 160 m -> 2 s (>= 1.5 s: not clean at all)
    sharp, _ = drive(_swing(16.0))
    slow, _ = drive(_swing(160.0))
    a, b = sharp.result().style_parts.fluidity, slow.result().style_parts.fluidity
    assert a > 8 and a - b > 4  # transitions are 40% of fluidity, and the slow swing is less steady too
    assert "straightened" not in [d.kind for d in sharp.result().deductions] and "straightened" in [d.kind for d in slow.result().deductions]


def test_commitment_and_initiation_follow_speed_and_the_drifting_share():
    slower, _ = drive(lambda t, s: (good_x(s), 40.0, 14.0, 0.0))  # 0.7 of the course's reference speed
    p = slower.result().style_parts
    assert p.commitment == pytest.approx(10 * (0.5 * 0.7 + 0.5 * 1.0), abs=0.01)
    assert p.initiation == pytest.approx(10 * (0.4 + 0.6 * 0.5 * (1.0 + 0.7)), abs=0.01)
    half, _ = drive(lambda t, s: (good_x(s), 40.0 if s < 160 else 0.0, SPEED, 0.0))  # drifting for half the judged part
    p = half.result().style_parts  # clips: c1 and z1 full, c2 and z2 taken straight (0): closeness 0.5
    assert p.commitment == pytest.approx(10 * 0.5 * (0.5 * 1.0 + 0.5 * 0.5), abs=0.1) and p.fluidity == pytest.approx(5.0, abs=0.1)


def test_a_sloppy_run_scores_clearly_less(good_run):
    def sloppy(t, s):  # 25 deg, wide of the clips by 1.5 m, a straightening at 140..160
        return good_x(s) - 1.5 if s < 100 else good_x(s) + 1.0, 0.0 if 140 <= s < 160 else 25.0, 17.0, 0.0

    judge, _ = drive(sloppy)
    assert judge.result().finished and judge.result().total < good_run[0].result().total - 30


def test_straightening_mid_course_is_deducted_by_its_length():
    def plan(t, s):  # straight for 1.0 s (20 m) from station 140, and for 3 s from 240
        return good_x(s), 0.0 if 140 <= s < 160 or 235 <= s < 295 else 40.0, SPEED, 0.0

    judge, events = drive(plan)
    d = [x for x in judge.result().deductions if x.kind == "straightened"]
    assert [x.points for x in d] == [2, 4]  # SLADI -1..-4: 1 + 3 x (1.0 - 0.6) / 1.4 -> 2; 2 s or more -> 4
    assert "STRAIGHTENED -2" in [e.text for e in _kinds(events, cr.DEDUCTION)]


def test_late_entry():
    judge, events = drive(lambda t, s: (good_x(s), 0.0 if s < 42 else 40.0, SPEED, 0.0))
    r = judge.result()
    assert [d.kind for d in r.deductions] == ["late_entry"] and r.deductions[0].points == 7
    assert r.style_parts.initiation == 0 and "LATE ENTRY -7" in [e.text for e in events]


def test_tyres_off_once_per_excursion():
    # nose 40 deg right: at x = 5 only the front right tyre (x + 1.41) is past the edge at 6; at x = 6 both fronts
    def plan(t, s):
        x = 5.0 if 135 <= s < 140 or 145 <= s < 150 else 6.0 if 230 <= s < 240 else good_x(s)
        return x, 40.0, SPEED, 0.0

    judge, events = drive(plan)
    d = [(x.kind, x.points) for x in judge.result().deductions]
    assert d == [("off_course", 5), ("off_course", 5), ("off_course", 5), ("off_course", 6)]  # two off: -11 in all
    assert "OFF COURSE -5" in [e.text for e in events]


def test_wall_contact_is_a_deduction_and_a_hard_hit_a_zero():
    judge, events = drive(good, walls={300: 3.0, 310: 4.0, 500: 2.5, 600: 1.0})  # 310 is within 0.5 s of 300: one contact
    assert [(d.kind, d.points) for d in judge.result().deductions] == [("wall", 3), ("wall", 3)]
    judge, events = drive(good, walls={300: 9.0})
    assert judge.result().zero == cr.CONTACT and judge.result().total == 0 and _kinds(events, cr.ZERO)[0].text == "ZERO: CONTACT"


def test_a_missed_clip():
    judge, events = drive(lambda t, s: (good_x(s) - 4.0 if 60 < s < 100 else good_x(s), 40.0, SPEED, 0.0))
    r = judge.result()
    assert r.clips[0].points == 0 and r.clips[0].distance_m is None
    assert [(d.kind, d.points, d.detail) for d in r.deductions] == [("missed_clip", 10, "c1 (missed)")]
    assert "MISSED CLIP -10" in [e.text for e in events]


@pytest.mark.parametrize("reason, plan", [
    (cr.SPIN, lambda t, s: (good_x(s), 120.0 if s > 150 else 40.0, SPEED, 0.0)),
    (cr.OVER_ROTATION, lambda t, s: (good_x(s), 95.0 if s > 150 else 40.0, SPEED, 0.0)),
    (cr.BACKWARDS, lambda t, s: (0.0, 0.0, 1.5, 180.0) if t > 7 else (good_x(s), 40.0, SPEED, 0.0)),
    (cr.OFF_COURSE, lambda t, s: (6.5 if s > 150 else good_x(s), 40.0, SPEED, 0.0)),
    (cr.TIME, lambda t, s: (good_x(s), 40.0, SPEED if s < 150 else 0.0, 0.0)),
])
def test_each_zero(reason, plan):
    judge, events = drive(plan)
    r = judge.result()
    assert judge.done and r.zero == reason and r.total == 0 and not r.finished
    assert [e.kind for e in events][-2:] == [cr.ZERO, cr.ENDED] and events[-2].ref == reason
    assert events[-2].text == "ZERO: " + reason.upper().replace("_", "-" if reason == cr.OVER_ROTATION else " ") and r.zero_detail


def test_unfinished_and_reset_zero_the_run(rules):
    judge, _ = drive(good, t_max=5.0)
    assert not judge.done and judge.live.started and judge.live.line > 0
    out = judge.finish(5.0)
    assert judge.done and judge.result().zero == cr.UNFINISHED and out[0].text == "ZERO: UNFINISHED"
    assert judge.finish(6.0) == []
    judge, _ = drive(good, t_max=5.0)
    judge.note_reset(5.0)
    assert judge.result().zero == cr.RESET and judge.result().total == 0


def test_the_live_strip_follows_the_run():
    judge = CourseJudge(COURSE, load_scoring_rules().judging, SPEC)
    assert not judge.live.started and judge.live.next_clip == 0 and judge.live.sector is None
    drive(good, judge, t_max=5.5)
    live = judge.live
    assert live.started and live.clips_done == 1 and live.next_clip == 1 and live.sector == 1 and live.line == pytest.approx(35 / 4)


def test_deterministic(good_run):
    again, events = drive(good)
    assert again.result() == good_run[0].result()
    assert events == drive(good)[1]


def test_the_clock_waits_for_the_start_gate_then_runs_the_courses_time_limit(rules):
    # parked short of the start gate: zero for time once start_within_s has gone by, saying the gate was not reached
    judge, events = drive(lambda t, s: (0.0, 0.0, 0.0, 0.0))
    zero = next(e for e in events if e.kind == cr.ZERO)
    assert judge.result().zero == cr.TIME and "start gate" in judge.result().zero_detail
    assert zero.t == pytest.approx(rules.start_within_s, abs=2 * DT)
    # started, then stopped short of the finish: the course's 40 s count from the start gate, not from staging
    judge, events = drive(lambda t, s: (good_x(s), 40.0, SPEED if s < 150 else 0.0, 0.0))
    started, zero = (next(e for e in events if e.kind == k) for k in (cr.STARTED, cr.ZERO))
    assert started.t > 0.5 and zero.t - started.t == pytest.approx(COURSE.time_limit_s, abs=2 * DT)
    assert "from the start gate" in judge.result().zero_detail


def test_a_car_crossing_a_gate_wide_of_its_posts_but_on_the_course_crosses_it():
    """A finish whose posts stop short of the course's edges (the lake's: 12 m of an 18 m course) still ends the run of a
    car that finishes wide of them; past the judged reach, or the wrong way, it does not."""
    from game.sim.course import Gate
    from game.sim.judges.course.judge_geometry import crossed_gate

    posts = Gate((-5.0, 0.0), (5.0, 0.0), 0.0)  # a on the left driving north (+z)
    gate = Gate((-5.0, 0.0), (5.0, 0.0), 0.0, reach=((-7.0, 0.0), (7.0, 0.0)))
    wide = ((6.0, -0.5), (6.0, 0.5))
    assert crossed_gate(gate, *wide) and not crossed_gate(posts, *wide)
    assert not crossed_gate(gate, (8.0, -0.5), (8.0, 0.5))  # off the course: not through the gate
    assert not crossed_gate(gate, (6.0, 0.5), (6.0, -0.5))  # the wrong way
    assert crossed_gate(gate, (0.0, -0.5), (0.0, 0.5)) and gate.judged == ((-7.0, 0.0), (7.0, 0.0)) and posts.judged == (posts.a, posts.b)
