"""The chase's eye on its lead: a Guide that has a drift driver follow the lead's path, match its angle and keep the gap (pure).

A chase driver is the same DriftDriver with this guide (game/sim/ai/drift/brief.py). Each step the guide sees the lead's
observed state, remembers where it drove (its offset from the judges' line and its drift angle, by station: what
the chase sees of the lead's tyre marks and body ahead) and tells the driver:
- offset_m: the lead's offset at the chase's own station (mimic its line, not the ideal one: the judges don't mind);
- aim_deg: the lead's angle at that station, once it is drifting there (these two on the arcade model: see below);
- speed_delta_mps: the chase's speed wanted is the lead's plus k_gap per metre the gap (the lead's station less
  the chase's, less a car length) is over target_gap_m (a PD loop on the gap: the speed difference is the gap's
  rate); the delta is that less the driver's own plan, bounded so the chase neither stalls nor runs away;
- initiate: True once the lead's angle has passed initiate_deg (initiate no later than the lead; arcade model);
- brake: when the chase would reach the body of a lead that is not drifting (slowed right down, straightened, stopped)
  within brake_ttc_s, it brakes, whatever its plan: a chase never rams a lead that has made a mistake.

On the simulation model the chase drives its own plan, as the lead does: its own line, its sectors' angles, its own
flick point and speed plan (an ace lead drives the same, so the chase runs the lead's path a constant time behind). A
plan moved by the gap's loop turns the hold's front wheels (it scrubs speed with them) and throws the slide; the lead's
angle as the aim throws the hold's throttle (short of it, the throttle goes in and the car runs on); flicking with
the lead, a car length or two before its own flick point, swings it inside the lead's line into its flank. So
there the guide only catches up in the run-up (faster than the plan, up to max_faster_sim_mps, while further back than
the gap it aims for), and in the slide left-foot brakes when closer than sim_gap_m (sim_drag_per_m of pedal per metre,
at most sim_drag_max, the throttle kept: a constant time gap is a gap in metres that shrinks as the cars slow).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.sim.ai.drift.brief import GuideAdvice
from game.sim.ai.drift.driver import HOLD, RUNUP
from game.sim.course import LineTracker, shared_tracker
from game.sim.judges.tandem.gap_geometry import StationMemory


@dataclass
class ChaseGuide:
    """Follow the lead's remembered path, at its angle, target_gap_m behind its rear bumper."""

    target_gap_m: float = 2.0  # the chase's front bumper this far behind the lead's body (a pro chase sits at 1-2 m)
    sim_gap_m: float = 2.0  # simulation: the gap it aims for (closer in the slide, it left-foot brakes) ...
    sim_drag_per_m: float = 0.05  # ... this much pedal per metre closer ...
    sim_drag_max: float = 0.1  # ... at most this much (more ends a hatch's slide)
    runup_slack_m: float = 1.0  # in the run-up the chase holds back only this far inside the target (a late start never catches up on ice)
    runup_headway_s: float = 0.12  # ... plus this many seconds at the lead's speed until it has initiated: room for its flick's braking
    k_gap: float = 0.8  # m/s faster than the lead per metre the gap is over the target
    max_faster_mps: float = 6.0  # the speed correction's bounds, against the driver's own plan: faster in the run-up ...
    max_faster_hold_mps: float = 2.5  # ... than in a slide, which spins past its speed
    max_faster_sim_mps: float = 2.0  # the simulation model's run-up: a flick from much past the planned speed over-rotates
    max_slower_mps: float = 15.0  # ... down to about a stop from rest: a faster car must not ram the lead off the line
    initiate_deg: float = 4.0  # the lead has initiated once its angle passes this (its flick has begun: the chase flicks with it)
    aim_min_deg: float = 8.0  # the lead's angle at a station is aimed at only where it was drifting there
    window_m: float = 30.0  # the lead is looked for along the line this far either side of where it last was
    brake_ttc_s: float = 0.6  # closing on the lead's body this soon (gap / closing speed): brake, whatever the plan says ...
    brake_gap_m: float = 1.2  # ... or this close and still closing at all
    brake_closing_mps: float = 0.5  # (closing faster than this)
    brake_full_ttc_s: float = 0.3  # full brakes under this; half brakes above it
    _eyes: tuple[LineTracker, StationMemory] | None = field(default=None, repr=False)  # where the lead is, and has been
    _ls: float | None = field(default=None, repr=False)
    _gap: float | None = field(default=None, repr=False)
    lead_initiated: bool = False

    def advise(self, driver, state, other_state) -> GuideAdvice:
        """This step's advice from the chase driver (its station and size), its car's state and the lead's."""
        eyes = self._eyes
        if eyes is None:  # the judges locate the lead on the same tracker: one search
            eyes = self._eyes = (shared_tracker(driver.course.line, self.window_m), StationMemory(driver.course.length_m))
        tracker, memory = eyes
        lead = other_state
        self._ls, lo, _ = tracker.locate(lead.x, lead.z, self._ls)
        la = math.degrees(lead.drift_angle)
        memory.record(self._ls, lo, la)
        self.lead_initiated = self.lead_initiated or abs(la) >= self.initiate_deg
        dx, dz = lead.x - state.x, lead.z - state.z
        ahead = dx * math.sin(lead.heading) + dz * math.cos(lead.heading) >= 0.0
        gap = math.copysign(math.hypot(dx, dz), 1.0 if ahead else -1.0) - driver.length_m  # centre to centre less a car length (two halves)
        self._gap = gap
        along = lead.vx * math.sin(lead.heading) + lead.vz * math.cos(lead.heading)
        v_lead = math.hypot(lead.vx, lead.vz) if along > 0.0 else 0.0  # its speed (a drifting car goes sideways, not along its nose)
        target = (self.target_gap_m if driver.arcade else self.sim_gap_m) + (0.0 if self.lead_initiated else self.runup_headway_s * v_lead)
        drag = 0.0
        if driver.arcade:
            old = driver.advice.speed_delta_mps  # the driver's plan still holds the last step's delta
            plan = (driver.entry_mps if driver.phase == RUNUP else driver.v_plan(driver.s, state.speed)) - old
            want = v_lead + self.k_gap * (gap - target)
            faster = self.max_faster_mps if driver.phase == RUNUP else self.max_faster_hold_mps
            delta = max(-self.max_slower_mps, min(faster, want - plan))
            if driver.phase == RUNUP and gap >= target - self.runup_slack_m:
                delta = max(delta, 0.0)  # from rest the lead pulls away at what the tyres give: hold back only when too close
        else:  # its own plan (see the module docstring): it catches up on grip, left-foot brakes in the slide
            delta = max(0.0, min(self.max_faster_sim_mps, self.k_gap * (gap - target))) if driver.phase == RUNUP else 0.0
            if driver.phase == HOLD and gap < self.sim_gap_m:
                drag = min(self.sim_drag_max, self.sim_drag_per_m * (self.sim_gap_m - gap))
        brake = 0.0
        if ahead and gap > -driver.length_m and abs(la) < self.aim_min_deg:
            # about to run into a lead that is not drifting (slowed right down, straightened, stopped): brake, never ram it;
            # behind a drifting lead the gap is kept by the speed (and the left-foot brake): a full stop would end the chase's own slide
            ux, uz = (dx, dz) if dx or dz else (0.0, 1.0)
            n = math.hypot(ux, uz)
            closing = ((state.vx - lead.vx) * ux + (state.vz - lead.vz) * uz) / n
            ttc = max(0.0, gap) / closing if closing > self.brake_closing_mps else math.inf
            if ttc < self.brake_ttc_s or (gap < self.brake_gap_m and closing > 0.0):
                brake = 1.0 if ttc < self.brake_full_ttc_s else 0.5
        seen = memory.at(driver.s) if driver.arcade else None
        offset = aim = None
        if seen is not None:
            offset = seen[0]
            aim = abs(seen[1]) if abs(seen[1]) >= self.aim_min_deg else None
        return GuideAdvice(offset_m=offset, aim_deg=aim, speed_delta_mps=delta, initiate=self.lead_initiated and driver.arcade, brake=brake,
                           drag=drag)
