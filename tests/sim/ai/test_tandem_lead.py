"""An AI lead's LeadGuide: it eases off, gently and within bounds, for a chase fallen behind, and never waits for one that
stopped or spun; in a slide on the simulation model it keeps its plan and left-foot brakes; on grip before its first flick it
may hold back further, back at its entry speed by the flick."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.ai.drift.brief import GuideAdvice
from game.sim.ai.drift.driver import HOLD, RUNUP
from game.sim.ai.drift.lead import LeadGuide
from game.sim.ai.drift.runup import flick_station
from game.sim.ai.drift.tuning import DriftTuning
from tests.support.course_judge_feed import COURSE  # due north along x = 0: a point's station is z + 60

DT = 1.0 / 120.0
PLAN = 20.0  # the lead driver's own planned speed


@pytest.fixture
def rules():
    return load_scoring_rules().tandem


class FakeLead:
    """What LeadGuide reads of a lead DriftDriver: its station, size, phase, model, plan and the last advice (in its plan),
    and what its flick point is reckoned from (its tuning and style, the initiation line's station)."""

    def __init__(self, station: float, phase: str = HOLD, arcade: bool = True, plan: float = PLAN, s_init: float = 400.0):
        self.course, self.s, self.length_m, self.phase, self.arcade = COURSE, station, 4.4, phase, arcade
        self.advice = GuideAdvice()
        self.plan = plan
        self.tuning, self.grip, self._s_init, self._style_failed = DriftTuning(), 1.0, s_init, False
        self.own_style = self.tuning.initiation  # the flick: the style its flick point is reckoned for

    @property
    def entry_mps(self) -> float:
        return self.plan + self.advice.speed_delta_mps

    def v_plan(self, s: float, v: float) -> float:
        return self.plan + self.advice.speed_delta_mps


def car(station: float, speed: float, t: float, slip_sideways: bool = False):
    """A car on the line at a station going north at a speed (or going backwards: spun)."""
    fwd, lat = (-speed, 0.0) if slip_sideways else (speed, 0.0)
    return SimpleNamespace(x=0.0, z=station - 60.0, vx=0.0, vz=speed, speed=speed, forward=fwd, lateral=lat, t=t)


def drive(guide: LeadGuide, lead_s: float, chase_s: float, chase_v: float, steps: int, t0: float = 0.0, spun: bool = False,
          lead=None, lead_v: float = PLAN, advice: list | None = None) -> list[float]:
    """Steps of the guide with the chase `lead_s - chase_s` behind (station to station); the deltas it advised (and each
    step's whole advice appended to `advice`)."""
    d = lead or FakeLead(lead_s)
    out = []
    for k in range(steps):
        t = t0 + k * DT
        d.advice = guide.advise(d, car(lead_s, lead_v, t), car(chase_s, chase_v, t, spun))
        out.append(d.advice.speed_delta_mps)
        if advice is not None:
            advice.append(d.advice)
    return out


def test_a_close_chase_leaves_the_lead_to_its_own_plan(rules):
    g = LeadGuide.of_rules(rules)
    gap = rules.lead_wait_gap_m - 1.0
    assert set(drive(g, 100.0, 100.0 - gap - 4.4, 18.0, 240)) == {0.0}


def test_a_chase_far_behind_is_waited_for_gently_and_within_bounds(rules):
    g = LeadGuide.of_rules(rules)
    deltas = drive(g, 100.0, 100.0 - 40.0, 12.0, 600)  # 40 m back, 8 m/s slower than the lead's plan
    steps = [b - a for a, b in zip([0.0] + deltas, deltas)]
    assert max(abs(s) for s in steps) <= rules.lead_ease_rate_mps2 * DT + 1e-12  # never a stab at the brakes
    assert deltas[-1] == pytest.approx(-min(rules.lead_ease_max_mps, rules.lead_ease_max_share * PLAN))  # slowed, to its bound
    assert all(d <= 0.0 for d in deltas)


def test_the_lead_eases_only_down_to_the_chase_pace_at_the_wait_gap(rules):
    g = LeadGuide.of_rules(rules)
    deltas = drive(g, 100.0, 100.0 - rules.lead_wait_gap_m - 4.4 - 1.0, PLAN - 2.0, 600)  # 1 m past the gap, 2 m/s slower
    assert deltas[-1] == pytest.approx(-2.0 - rules.lead_ease_mps_per_m * 1.0)


def test_a_chase_that_spun_or_stopped_is_not_waited_for(rules):
    spun = LeadGuide.of_rules(rules)
    drive(spun, 100.0, 60.0, 12.0, 120)
    assert drive(spun, 100.0, 60.0, 12.0, 1, t0=1.0, spun=True) and spun.gave_up
    back = drive(spun, 100.0, 60.0, 12.0, 600, t0=1.0 + DT)  # moving again, still far behind: the lead goes back to its plan
    assert back[-1] == 0.0 and all(b >= a for a, b in zip(back, back[1:]))
    stopped = LeadGuide.of_rules(rules)
    drive(stopped, 100.0, 60.0, 12.0, 120)
    drive(stopped, 100.0, 60.0, 0.5, 1, t0=1.0)
    assert stopped.gave_up and drive(stopped, 100.0, 60.0, 12.0, 600, t0=1.0 + DT)[-1] == 0.0
    staged = LeadGuide.of_rules(rules)  # at rest on the grid: not under way yet, so not stopped either
    assert drive(staged, 100.0, 60.0, 0.0, 60) == [0.0] * 60 and not staged.gave_up


def test_a_sliding_lead_on_the_simulation_model_keeps_its_plan_and_left_foot_brakes(rules):
    g = LeadGuide.of_rules(rules)
    seen: list[GuideAdvice] = []
    sim = FakeLead(100.0, arcade=False)
    deltas = drive(g, 100.0, 100.0 - 40.0, 12.0, 600, lead=sim, lead_v=PLAN, advice=seen)
    assert deltas == [0.0] * 600  # the plan is kept: a lowered one turns the front wheels in and throws the slide
    eased = PLAN - min(rules.lead_ease_max_mps, rules.lead_ease_max_share * PLAN)
    assert seen[-1].drag == pytest.approx(min(rules.lead_ease_brake_max, rules.lead_ease_brake_per_mps * (PLAN - eased)))
    assert all(0.0 <= a.drag <= rules.lead_ease_brake_max for a in seen) and seen[0].drag < seen[-1].drag  # it comes on gently
    slow = drive(LeadGuide.of_rules(rules), 100.0, 100.0 - 40.0, 12.0, 600, lead=FakeLead(100.0, arcade=False), lead_v=eased - 1.0,
                 advice=(slow_seen := []))
    assert slow == [0.0] * 600 and slow_seen[-1].drag == 0.0  # already under the eased speed: no brake
    close: list[GuideAdvice] = []
    drive(LeadGuide.of_rules(rules), 100.0, 100.0 - rules.lead_wait_gap_m - 4.4 + 0.5, 12.0, 240, lead=FakeLead(100.0, arcade=False), advice=close)
    assert {a.drag for a in close} == {0.0}  # a chase that keeps up: no brake


def test_on_the_way_to_its_first_flick_a_lead_holds_back_further_but_is_back_at_its_entry_speed_by_the_flick(rules):
    entry = 12.0  # slow enough that the shares, not lead_ease_max_mps, bound the easing
    assert rules.lead_ease_runup_share * entry < rules.lead_ease_max_mps and rules.lead_ease_runup_share > rules.lead_ease_max_share
    far = FakeLead(100.0, RUNUP, plan=entry)
    assert drive(LeadGuide.of_rules(rules), 100.0, 100.0 - 60.0, 3.0, 600, lead=far, lead_v=entry)[-1] == pytest.approx(-rules.lead_ease_runup_share * entry)
    near = FakeLead(0.0, RUNUP, plan=entry)
    near.s = flick_station(near, entry) - 1.0  # a metre before its flick point
    assert drive(LeadGuide.of_rules(rules), near.s, near.s - 60.0, 3.0, 600, lead=near, lead_v=entry)[-1] == pytest.approx(-rules.lead_ease_max_share * entry)
