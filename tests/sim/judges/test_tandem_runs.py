"""Scripted tandem runs on the arcade model: an ace chasing an ace, a chase driven straight at its lead, one that never drifts.

The lead is the roster's ace (--opponent ace) in its own car, and the chase the same driver in the same car (seed 3);
figures for every course, both models and two cars are in the tandem commits (like-for-like: the ace's car swapped).
"""

from __future__ import annotations

import math

from game.sim.controls import Controls
from game.sim.course import LineTracker
from game.sim.judges.tandem import scorecard as tr
from game.sim.judges.tandem.gap_geometry import bumper_gap
from tests.support.tandem_helpers import autopilot, drive, heading_to, pilot_controls, tandem_run


def test_an_ace_chasing_an_ace_stays_close_without_contact(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster, car=roster.get("ace").car, opponent="ace")
    drive(run, pilot_controls(autopilot(run, roster, "ace")))
    r = run.game_mode.battle.runs[0]
    c = r.chase_result
    print(f"park arcade ace chasing ace ({run.session.car.id}): chase {c.total:.1f} gap mean {c.gap_mean_m:.2f} p90 {c.gap_p90_m:.2f} "
          f"proximity {c.proximity:.1f} angle {c.angle_match:.1f} line {c.line_match:.1f} initiation {c.initiation:.1f}; lead {r.lead_total:.1f}")
    assert c.zero is None and not c.contact
    assert c.gap_mean_m < 4.0 and c.total >= 50.0
    assert r.lead_total >= 70.0  # the lead drove its qualifying line


def test_a_chase_driven_straight_at_the_lead_gets_zero_for_contact(catalog, park, rules, roster):
    def ram(run):
        me, lead = run.session.cars[0].state, run.session.cars[1].state
        return Controls(throttle=1.0, steer=heading_to(me, lead.x, lead.z))

    run = tandem_run(catalog, park, rules, roster)
    drive(run, ram)
    r = run.game_mode.battle.runs[0]
    c = r.chase_result
    assert c.contact and c.zero == tr.CONTACT and c.total == 0.0
    assert r.lead_result.zero is None  # the zero is the chase's: a lead knocked out keeps its run as it stood at the contact


def test_a_chase_that_never_drifts_scores_under_15(catalog, park, rules, roster):
    run = tandem_run(catalog, park, rules, roster)
    line = run.game_mode.course.line
    tracker = LineTracker(line, 30.0)
    near = [None]

    def follow(run):  # grip driving along the judges' line, no handbrake, off the throttle whenever the tail steps out
        s = run.session
        me, lead = s.cars[0].state, s.cars[1].state
        near[0], _, _ = tracker.locate(me.x, me.z, near[0])
        x, z = point_at(line, near[0] + 8.0)
        close = bumper_gap(me, s.cars[0].spec, lead, s.cars[1].spec) < 3.0
        coast = close or me.speed > 14.0 or abs(math.degrees(me.drift_angle)) > 4.0
        return Controls(throttle=0.0 if coast else 0.6, brake=0.6 if close else 0.0, steer=heading_to(me, x, z))

    best = []  # the chase's score as it stood after each step
    drive(run, follow, every=lambda r, out: best.append(r.game_mode.tandem_judge.result().total) if r.game_mode.tandem_judge else None)
    c = run.game_mode.battle.runs[0].chase_result
    print(f"park arcade, a chase that never drifts: {c.total:.1f} ({c.zero}), at most {max(best):.1f} on the way, gap mean {c.gap_mean_m:.1f}")
    assert not c.contact
    assert c.total < 15.0 and max(best) < 15.0  # nor on the way: closeness, angle and line count only while drifting


def point_at(line, station: float) -> tuple[float, float]:
    """The point of a polyline at a station (its end past it)."""
    run = 0.0
    for (ax, az), (bx, bz) in zip(line, line[1:]):
        seg = math.hypot(bx - ax, bz - az)
        if run + seg >= station:
            k = (station - run) / seg if seg else 0.0
            return ax + k * (bx - ax), az + k * (bz - az)
        run += seg
    return line[-1]


def test_an_ai_chase_behind_a_lead_crawling_along_never_rams_it(catalog, park, rules, roster):
    # the player leads and never drifts: up the road at a crawl (the real-window walk: an AI chase used to run into it)
    line = park.track.courses[0].line
    tracker = LineTracker(line, 30.0)
    near = [None]

    def crawl(run):
        me = run.session.cars[0].state
        near[0], _, _ = tracker.locate(me.x, me.z, near[0])
        x, z = point_at(line, near[0] + 8.0)
        return Controls(throttle=0.5 if me.speed < 7.0 else 0.0, steer=heading_to(me, x, z))

    for model in ("arcade", "sim"):
        run = tandem_run(catalog, park, rules, roster, car="hatch", model=model, role="lead")
        drive(run, crawl, limit_s=60.0)
        run.finish()
        r = run.game_mode.battle.runs[0]
        c = r.chase_result
        assert c.zero != tr.CONTACT and not c.contact, f"{model}: the AI chase hit a crawling lead ({c})"
        # nothing to follow: no points for following it (it once scored 79), a free pass, and the lead's run counts zero
        assert c.free_pass is not None and (c.proximity, c.angle_match, c.line_match) == (0.0, 0.0, 0.0), f"{model}: {c}"
        assert c.total <= rules.tandem.initiation_max and r.lead_error and r.lead_total == 0.0
        print(f"{model}: a crawling lead ({r.lead_result.zero}): chase {c.total:.1f}, free pass {c.free_pass}")
