"""An AI lead's LeadGuide: it eases off, gently and within bounds, for a chase fallen behind, and never waits for one that
stopped or spun."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.ai.drift.brief import GuideAdvice
from game.sim.ai.drift.driver import HOLD
from game.sim.ai.drift.lead import LeadGuide
from tests.support.course_judge_feed import COURSE  # due north along x = 0: a point's station is z + 60

DT = 1.0 / 120.0
PLAN = 20.0  # the lead driver's own planned speed


@pytest.fixture
def rules():
    return load_scoring_rules().tandem


class FakeLead:
    """What LeadGuide reads of a lead DriftDriver: its station, size, phase, plan and the last advice (in its plan)."""

    def __init__(self, station: float):
        self.course, self.s, self.length_m, self.phase = COURSE, station, 4.4, HOLD
        self.advice = GuideAdvice()
        self.entry_mps = PLAN

    def v_plan(self, s: float, v: float) -> float:
        return PLAN + self.advice.speed_delta_mps


def car(station: float, speed: float, t: float, slip_sideways: bool = False):
    """A car on the line at a station going north at a speed (or going backwards: spun)."""
    fwd, lat = (-speed, 0.0) if slip_sideways else (speed, 0.0)
    return SimpleNamespace(x=0.0, z=station - 60.0, vx=0.0, vz=speed, speed=speed, forward=fwd, lateral=lat, t=t)


def drive(guide: LeadGuide, lead_s: float, chase_s: float, chase_v: float, steps: int, t0: float = 0.0, spun: bool = False) -> list[float]:
    """Steps of the guide with the chase `lead_s - chase_s` behind (station to station); the deltas it advised."""
    d = FakeLead(lead_s)
    out = []
    for k in range(steps):
        t = t0 + k * DT
        d.advice = guide.advise(d, car(lead_s, PLAN, t), car(chase_s, chase_v, t, spun))
        out.append(d.advice.speed_delta_mps)
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
