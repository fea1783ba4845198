"""The lead's eye on its chase: a Guide that keeps an AI lead chaseable, easing off when the chase falls behind (pure).

The lead "must be chaseable ... keep speed and braking points consistent" (drift-judging.md, Tandem): a lead in a
faster car that drives its own plan leaves a slower chase 13-70 m behind, and the chase is hopeless. Each step this
guide finds the chase along the judges' line and, while it is further behind than lead_wait_gap_m (bumper to bumper,
reckoned as the chase's guide does: the stations' difference less a car length), eases the lead to the chase's own
speed less lead_ease_mps_per_m per metre past that gap (never above its own plan), at most lead_ease_max_mps and
lead_ease_max_share of the plan below it (lead_ease_runup_share on the way to its first initiation, on grip, fading
back to lead_ease_max_share over lead_ease_runup_fade_s before its flick point, so it initiates at its entry speed),
the eased speed changing no faster than lead_ease_rate_mps2 (an eased plan, never a stab at the brakes).
On the arcade model and on grip the eased speed is the driver's planned speed. In a slide on the simulation model a
lowered plan turns the front wheels in (the hold scrubs speed with them) and throws the slide off its line (a Zenith on
ice ran off course), so there the plan is kept and the lead left-foot brakes instead: lead_ease_brake_per_mps of pedal
per m/s over the eased speed, at most lead_ease_brake_max, the throttle kept in. A chase that has stopped
(under lead_wait_min_chase_mps once under way) or spun (slip past lead_wait_spin_deg) is not waited for again that
run: that is its free pass gone, not the lead's problem. The numbers are data/scoring.json "tandem".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.sim.ai.drift.brief import GuideAdvice
from game.sim.ai.drift.driver import HOLD, RUNUP
from game.sim.ai.drift.runup import flick_station
from game.sim.course import LineTracker, shared_tracker
from game.sim.judges.scoring import slip_deg


@dataclass
class LeadGuide:
    """Ease the lead's speed plan while its chase is further behind than wait_gap_m (see the module docstring)."""

    wait_gap_m: float  # the chase this far behind (bumper to bumper) or nearer: the lead drives its own plan
    ease_mps_per_m: float  # slower than the chase by this per metre it is further behind
    ease_max_mps: float  # ... at most this much slower
    ease_max_share: float  # ... and at most this share of the plan (a drift needs its speed)
    ease_runup_share: float  # ... or of the entry speed on the way to its first initiation (on grip) ...
    ease_runup_fade_s: float  # ... fading to ease_max_share over this long (at the entry speed) before its flick point
    ease_rate_mps2: float  # the delta moves at most this fast, either way
    ease_brake_per_mps: float  # simulation, in a slide: the foot brake per m/s over the eased speed ...
    ease_brake_max: float  # ... at most this much of it
    min_chase_mps: float  # a chase under way that falls under this has stopped: not waited for
    spin_deg: float  # a chase sliding past this has spun: not waited for
    window_m: float  # the chase is looked for along the line this far either side of where it last was
    _tracker: LineTracker | None = field(default=None, repr=False)
    _cs: float | None = field(default=None, repr=False)
    _t: float | None = field(default=None, repr=False)
    _under_way: bool = field(default=False, repr=False)
    gave_up: bool = False  # the chase stopped or spun: no more waiting this run
    delta_mps: float = 0.0  # the speed delta advised last
    gap_m: float | None = None  # the chase's gap behind as the guide last reckoned it

    @classmethod
    def of_rules(cls, rules) -> LeadGuide:
        """A fresh guide from the tandem rules (game/sim/judges/tandem/rules.py TandemRules)."""
        return cls(rules.lead_wait_gap_m, rules.lead_ease_mps_per_m, rules.lead_ease_max_mps, rules.lead_ease_max_share,
                   rules.lead_ease_runup_share, rules.lead_ease_runup_fade_s, rules.lead_ease_rate_mps2, rules.lead_ease_brake_per_mps,
                   rules.lead_ease_brake_max, rules.lead_wait_min_chase_mps, rules.lead_wait_spin_deg, rules.station_window_m)

    def advise(self, driver, state, other_state) -> GuideAdvice:
        """This step's advice from the lead driver (its station, phase and plan), its car's state and the chase's."""
        if self._tracker is None:
            self._tracker = shared_tracker(driver.course.line, self.window_m)  # the judges locate the chase there too
        chase = other_state
        self._cs, _, _ = self._tracker.locate(chase.x, chase.z, self._cs)
        self.gap_m = gap = driver.s - self._cs - driver.length_m
        speed = chase.speed
        if speed >= self.min_chase_mps:
            self._under_way = True
        elif self._under_way:
            self.gave_up = True  # it stopped
        if speed >= self.min_chase_mps and slip_deg(chase) > self.spin_deg:
            self.gave_up = True  # it spun
        want = 0.0
        if not self.gave_up and self._under_way and gap > self.wait_gap_m:
            old = driver.advice.speed_delta_mps  # the driver's plan still holds the last step's delta
            plan = (driver.entry_mps if driver.phase == RUNUP else driver.v_plan(driver.s, state.speed)) - old
            v_want = speed - self.ease_mps_per_m * (gap - self.wait_gap_m)  # the chase's pace, less more the further back it is
            share = self.ease_max_share
            if driver.phase == RUNUP:  # on grip, a lead may hold back further, but back at its entry speed by its flick
                room = flick_station(driver, state.speed) - driver.s
                share = max(share, self.ease_runup_share * min(1.0, max(0.0, room / max(1.0, self.ease_runup_fade_s * plan))))
            want = max(-self.ease_max_mps, -share * max(plan, 0.0), min(0.0, v_want - plan))
        dt = 0.0 if self._t is None else max(0.0, state.t - self._t)
        self._t = state.t
        step = self.ease_rate_mps2 * dt
        self.delta_mps += max(-step, min(step, want - self.delta_mps))
        if driver.arcade or driver.phase != HOLD:
            return GuideAdvice(speed_delta_mps=self.delta_mps)
        # the simulation model's slide: a lowered plan turns the front wheels in (the hold scrubs speed with them) and
        # throws the slide off its line; the plan is kept and past the eased speed the foot brake goes on on top of the
        # throttle (left-foot braking: the slide kept)
        eased = driver.v_plan(driver.s, state.speed) - driver.advice.speed_delta_mps + self.delta_mps
        drag = min(self.ease_brake_max, self.ease_brake_per_mps * max(0.0, state.speed - eased)) if self.delta_mps < 0.0 else 0.0
        return GuideAdvice(drag=drag)
