"""The tandem judge: a chase run scored out of 100 against its lead, the way tandem battles are judged (pure).

The chase (Formula Drift's chase criteria, drift-judging.md "Tandem") is judged on:
- proximity: the gap from its front bumper to the lead's body (a rectangle), full at gap_full_m and none at
  gap_zero_m, integrated over the judged time while the chase drifts (closeness x duration);
- angle match: |chase drift angle - lead drift angle| (signed: the other way is no match) over the judged time;
- line match: the chase's offset from the judges' line against the lead's at the same station (the lead's path is
  remembered by station as it drove), over the judged time;
- initiation: its initiation time (the angle first past init_angle_deg) no later than the lead's.
The three time terms count only while the chase drifts, over all of the judged time: a chase that never drifts
scores none of them. The judged time runs from the lead's initiation to the chase's finish, while the lead drifts
(lead_drift_deg at drift speed): following a lead that is not drifting earns nothing and costs nothing.

A free pass (drift-judging.md, Tandem: a lead error): the lead spun, its run was zeroed, or it has not drifted for
longer than lead_free_pass_s (it straightened, or slowed to a crawl or a stop). There is nothing left to chase: the
chase is not judged from then on (a chase with no judged time scores no following points), and the lead's run
counts zero in the battle (TandemRun.lead_total). A lead whose run the course judge zeroed ends the chase's run
there, judged as it stood. Like D1GP's chase since 2019, the chase takes no zone or off-course deductions (the lead's
course judge takes those).

Contact: a touch (a CAR_HIT between the two, or the bumper gap under touch_gap_m) with the chase behind is the
chase's fault. If the touch changes the lead's path -- its velocity changed by contact_dv_mps beyond its own
driving (lead_accel_mps2 x dt a step) over the touch, its yaw rate jumped at contact_yaw_accel_rps2, or it spun
within contact_spin_window_s -- the chase scores zero (CONTACT); a light touch is touch_points off.
It reads only the shared CarState and the step's sim events, and keeps no wall clock.
"""

from __future__ import annotations

import math

from game.sim import step_events as ev
from game.sim.course import shared_tracker
from game.sim.judges.course import result as cr
from game.sim.judges.course.judge_geometry import crossed_gate
from game.sim.judges.course.result import JudgeEvent
from game.sim.judges.scoring import slip_deg
from game.sim.judges.tandem import scorecard as tr
from game.sim.judges.tandem.gap_geometry import StationMemory, behind, bumper_gap
from game.sim.judges.tandem.rules import TandemRules
from game.sim.judges.tandem.scorecard import ChaseResult, LiveTandem

REF = "chase"  # the JudgeEvents' ref for the chase's own call-outs (zeros carry their reason)


def ramp(x: float, full: float, zero: float) -> float:
    """1 at or under `full`, 0 at or over `zero`, linear between."""
    if x <= full:
        return 1.0
    if x >= zero:
        return 0.0
    return (zero - x) / (zero - full)


class TandemJudge:
    """Judges one chase run against its lead, step by step."""

    def __init__(self, course, rules: TandemRules, lead_spec, chase_spec, lead_index: int, chase_index: int, t0: float = 0.0):
        self.course, self.rules = course, rules
        self.lead_spec, self.chase_spec = lead_spec, chase_spec
        self.lead_index, self.chase_index, self.t0 = lead_index, chase_index, t0
        self._lead_track = shared_tracker(course.line, rules.station_window_m)  # shared: the course judge locates the lead there too
        self._chase_track = self._lead_track
        self.lead_path = StationMemory(course.length_m)
        self._ls: float | None = None
        self._cs: float | None = None
        self._lead_pos: tuple[float, float] | None = None  # where each car was last step
        self._chase_pos: tuple[float, float] | None = None
        self._lead_v: tuple[float, float, float] | None = None  # the lead's (vx, vz, yaw rate) after the last step
        self.lead_init_t: float | None = None
        self.chase_init_t: float | None = None
        self._lead_spun = self._lead_out = self._lead_finished = self._chase_finished = False
        self._off_s = 0.0  # how long the lead has not been drifting (in the judged window, before its finish)
        self._pass: str | None = None  # the free pass's reason (tr.LEAD_SPUN, ...), once the lead's error gave one
        self._pass_t = math.inf  # when it was given
        self._contact_t = math.inf  # the touch behind a contact zero
        self._window = False  # judging (from the lead's initiation to the chase's finish)
        self.judged_s = self.free_s = 0.0
        self._prox = self._angle = self._line = 0.0  # integrals of each term's share over the judged time
        self._gaps: list[float] = []
        self.contact = False
        self.touches = 0
        self._touch_t: float | None = None  # the last touch
        self._fault_t: float | None = None  # the last touch the chase caused
        self._push = 0.0  # the lead's velocity change beyond its own driving over the current touch (m/s)
        self._zero: str | None = None
        self._zero_detail = ""
        self._lead_end_t: float | None = None
        self._done = False
        self._moving = False
        self.gap_m: float | None = None
        self.angle_diff_deg = 0.0

    @property
    def done(self) -> bool:
        """True once the chase run has ended (finished, zeroed, out of time or cut)."""
        return self._done

    @property
    def free_pass(self) -> bool:
        """Whether the lead's error gave the chase a free pass: it spun, was zeroed, or stopped drifting for too long."""
        return self._pass is not None

    def _give_pass(self, reason: str, t: float) -> None:
        if self._pass is None and not self._done:
            self._pass, self._pass_t = reason, t

    # -- what the mode tells it -----------------------------------------------------------------------------

    def lead_ended(self, t: float, zero: str | None = None) -> None:
        """The lead's judged run ended at t (zero: its zero reason): finished, the chase has end_margin_s more to finish;
        zeroed, the chase's run ends on its next step as it stands."""
        if self._lead_end_t is None:
            self._lead_end_t = t
        if zero is not None:
            self._lead_out = True  # a lead zeroed (its own error): the chase's run ends with it, judged as it stands
            self._give_pass(tr.LEAD_ZEROED, t)

    def note_reset(self, t: float) -> list[JudgeEvent]:
        """The chase's driver reset the car: a zero."""
        return self._end_zero(t, tr.CHASE_RESET, "ZERO: RESET") if not self._done else []

    def finish(self, t: float) -> list[JudgeEvent]:
        """Cut the run now: a chase that had not reached the finish is unfinished (a zero)."""
        if self._done:
            return []
        if self._chase_finished or self._lead_out:
            return self._end(t)
        return self._end_zero(t, tr.CHASE_UNFINISHED, "ZERO: UNFINISHED")

    # -- each step ------------------------------------------------------------------------------------------

    def update(self, lead, chase, events, dt: float) -> list[JudgeEvent]:
        """Judge one sim step from both cars' states after it and the step's sim events (all cars')."""
        if self._done:
            return []
        r, t = self.rules, chase.t
        out: list[JudgeEvent] = []
        self._ls, lo, _ = self._lead_track.locate(lead.x, lead.z, self._ls)
        self._cs, co, _ = self._chase_track.locate(chase.x, chase.z, self._cs)
        la, ca = math.degrees(lead.drift_angle), math.degrees(chase.drift_angle)
        lv, cv = lead.speed, chase.speed  # each a hypot: taken once
        self.lead_path.record(self._ls, lo, la)
        gap = bumper_gap(chase, self.chase_spec, lead, self.lead_spec)
        self._moving = self._moving or (lv > r.live_gap_speed_mps and cv > r.live_gap_speed_mps)
        self.gap_m = gap if self._moving else None
        self.angle_diff_deg = math.copysign(abs(ca - la), abs(ca) - abs(la))
        # gates: the finish for both; initiation times
        lp, cp = (lead.x, lead.z), (chase.x, chase.z)
        near_end = self.course.finish.station_m - r.station_window_m  # the gates are looked at only near them (cheap)
        if self._lead_pos is not None and not self._lead_finished and self._ls >= near_end and crossed_gate(self.course.finish, self._lead_pos, lp):
            self._lead_finished = True
        if self._chase_pos is not None and not self._chase_finished and self._cs >= near_end and (
                crossed_gate(self.course.finish, self._chase_pos, cp) or self._cs >= self.course.finish.station_m):
            self._chase_finished = True  # past the finish, through the gate or beside it (a chase takes no off-course rule)
        lead_crossed_init = not self._window and self._lead_pos is not None and crossed_gate(self.course.initiation, self._lead_pos, lp)
        self._lead_pos, self._chase_pos = lp, cp
        if self.lead_init_t is None and abs(la) >= r.init_angle_deg and lv >= r.drift_speed_mps:
            self.lead_init_t = t
        if self.chase_init_t is None and abs(ca) >= r.init_angle_deg and cv >= r.drift_speed_mps:
            self.chase_init_t = t
            delay = None if self.lead_init_t is None else t - self.lead_init_t
            out.append(JudgeEvent(cr.INITIATED, t, "CHASE IN" if delay is None or delay <= r.init_full_s else f"CHASE LATE {delay:.2f} s",
                                  self._initiation(), REF))
        if not self._window and (self.lead_init_t is not None or lead_crossed_init):
            self._window = True
        # the lead's errors: a spin; no drift for longer than lead_free_pass_s (straight, or crawling or stopped)
        if not self._lead_spun and lv >= r.spin_min_speed_mps and slip_deg(lead) > r.lead_spin_deg:
            self._lead_spun = True
            if self._fault_t is not None and t - self._fault_t <= r.contact_spin_window_s + 1e-9:
                return out + self._end_zero(t, tr.CONTACT, "ZERO: CONTACT", "the lead spun after the chase's touch")
            self._give_pass(tr.LEAD_SPUN, t)
        lead_drifting = abs(la) >= r.lead_drift_deg and lv >= r.drift_speed_mps
        off = self._window and not self._lead_finished and not lead_drifting
        self._off_s = self._off_s + dt if off else 0.0
        if self._pass is None and self._off_s > r.lead_free_pass_s:
            self._give_pass(tr.LEAD_STOPPED if lv < r.drift_speed_mps else tr.LEAD_STRAIGHTENED, t)
            if not self._chase_finished:
                self.free_s += self._off_s - dt  # the stretch before the pass was not judged either (this step is, below)
        # contact
        out += self._contact(lead, chase, events, gap, dt, t)
        if self._done:
            return out
        # the chase's own zero: a spin
        if cv >= r.spin_min_speed_mps and slip_deg(chase) > r.chase_spin_deg:
            return out + self._end_zero(t, tr.CHASE_SPIN, "ZERO: SPIN", f"{slip_deg(chase):.0f} deg")
        # the judged time
        if self._window and not self._chase_finished:
            if self._pass is not None:
                self.free_s += dt
            elif lead_drifting:
                self.judged_s += dt
                self._gaps.append(gap)
                if abs(ca) >= r.drift_angle_deg and cv >= r.drift_speed_mps:
                    self._prox += ramp(gap, r.gap_full_m, r.gap_zero_m) * dt
                    self._angle += ramp(abs(ca - la), r.angle_full_deg, r.angle_zero_deg) * dt
                    seen = self.lead_path.at(self._cs)
                    if seen is not None:
                        self._line += ramp(abs(co - seen[0]), r.line_full_m, r.line_zero_m) * dt
        if self._chase_finished or self._lead_out:  # past the finish; or the lead's run was zeroed: nothing left to chase
            return out + self._end(t)
        if self._lead_end_t is not None and t - self._lead_end_t > r.end_margin_s:
            return out + self._end_zero(t, tr.CHASE_UNFINISHED, "ZERO: UNFINISHED", f"{r.end_margin_s:g} s after the lead's run ended")
        return out

    def _contact(self, lead, chase, events, gap: float, dt: float, t: float) -> list[JudgeEvent]:
        """A touch this step: the chase's fault if it is behind; a zero if it changed the lead's path."""
        r = self.rules
        prev, self._lead_v = self._lead_v, (lead.vx, lead.vz, lead.yaw_rate)
        other = str(self.lead_index)
        hit = bool(events) and any(e.kind == ev.CAR_HIT and e.car == self.chase_index and e.detail == other for e in events)
        if not (hit or gap <= r.touch_gap_m):
            return []
        self.contact = True
        first = self._touch_t is None or t - self._touch_t > r.touch_merge_s
        if first:
            self._push = 0.0
        self._touch_t = t
        if not behind(chase, lead):
            return []  # the lead backed into the chase: not the chase's fault
        self._fault_t = t
        if prev is not None and dt > 0.0:
            dv = math.hypot(lead.vx - prev[0], lead.vz - prev[1])
            self._push += max(0.0, dv - r.lead_accel_mps2 * dt)
            yaw_acc = abs(lead.yaw_rate - prev[2]) / dt
            if self._push >= r.contact_dv_mps or yaw_acc >= r.contact_yaw_accel_rps2:
                why = f"the lead's velocity changed {self._push:.1f} m/s" if self._push >= r.contact_dv_mps else f"the lead's yaw {yaw_acc:.0f} rad/s^2"
                return self._end_zero(t, tr.CONTACT, "ZERO: CONTACT", why)
        if first:
            self.touches += 1
            return [JudgeEvent(cr.DEDUCTION, t, f"TOUCH -{r.touch_points:g}", -r.touch_points, "touch")]
        return []

    # -- the end --------------------------------------------------------------------------------------------

    def _end(self, t: float) -> list[JudgeEvent]:
        self._done = True
        res = self.result()
        return [JudgeEvent(cr.FINISHED, t, "CHASE FINISH", ref=REF), JudgeEvent(cr.ENDED, t, f"CHASE {res.total:.1f}", res.total, REF)]

    def _end_zero(self, t: float, reason: str, text: str, detail: str = "") -> list[JudgeEvent]:
        self._zero, self._zero_detail, self._done = reason, detail, True
        if reason == tr.CONTACT:
            self._contact_t = self._fault_t if self._fault_t is not None else t
        return [JudgeEvent(cr.ZERO, t, text, 0.0, reason), JudgeEvent(cr.ENDED, t, "CHASE ZERO", 0.0, REF)]

    # -- scores ---------------------------------------------------------------------------------------------

    def _share(self, integral: float) -> float:
        """A term's share of the judged time (none judged: nothing was followed, so nothing is earned)."""
        return integral / self.judged_s if self.judged_s > 0.0 else 0.0

    def _initiation(self) -> float:
        r = self.rules
        if self.chase_init_t is None:
            return 0.0
        if self.lead_init_t is None:
            return r.initiation_max
        return r.initiation_max * ramp(self.chase_init_t - self.lead_init_t, r.init_full_s, r.init_zero_s)

    def live(self) -> LiveTandem:
        """The HUD's reading now (no gap once the chase's run is over: the judge no longer measures it)."""
        return LiveTandem(None if self.done else self.gap_m, self.angle_diff_deg, self.rules.proximity_max * self._share(self._prox) if self._window else 0.0,
                          self.free_pass, self.contact, self._zero)

    def result(self) -> ChaseResult:
        """The chase run's breakdown (final once done; before that, the run as it stands)."""
        r = self.rules
        prox, ang, line = r.proximity_max * self._share(self._prox), r.angle_max * self._share(self._angle), r.line_max * self._share(self._line)
        init = self._initiation()
        total = 0.0 if self._zero else max(0.0, prox + ang + line + init - self.touches * r.touch_points)
        gaps = sorted(self._gaps)
        mean = sum(gaps) / len(gaps) if gaps else None
        p90 = gaps[min(len(gaps) - 1, int(0.9 * len(gaps)))] if gaps else None
        delay = None if self.chase_init_t is None or self.lead_init_t is None else self.chase_init_t - self.lead_init_t
        # a lead "error" from the chase's touch on was the chase's doing: no free pass (one given before it stands)
        free = self._pass if self._pass_t < self._contact_t else None
        return ChaseResult(prox, ang, line, init, total, mean, p90, delay, self.free_s, self.contact, self._zero, self._zero_detail, free)
