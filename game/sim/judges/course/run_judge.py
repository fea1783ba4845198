"""The course judge: a run on a judged course scored out of 100, Line, Angle and Style, the way drifting is judged (pure).

Phases: staged at the spawn (the run clock starts at t0) -> STARTED when the car's centre crosses the start gate
in the course direction -> INITIATED at the initiation line (the judged part begins: sectors, style) ->
FINISHED at the finish gate -> ENDED. The run also ends on a zero or at the course's time limit.

Points (data/scoring.json "judging"): Formula Drift's 2014 split, Line 25 + 10 style, Angle 25 + 10 style and
Style 30, with each category's style share folded into it: Line line_max (35) over the clips (clips.py),
Angle angle_max (35) over the weighted sectors (angle_style.py, as D1GP's DOSS), Style style_max (30) as
initiation, fluidity and commitment. Deductions as SLADI's rulebook, zeros as Formula Drift's (deductions.py).
Total = max(0, line + angle + style - deductions), 0 on a zero.

It reads only the shared CarState (x, z, heading, vx, vz, forward, lateral, drift_angle, speed, t) and the step's
sim events, never writes them, and keeps no wall clock: the same feed gives the same result with any model.
"""

from __future__ import annotations

import math

from game.sim.course import Course, shared_tracker
from game.sim.judges.course import result as cr
from game.sim.judges.course.angle_style import StyleBook
from game.sim.judges.course.clips import ClipWatch
from game.sim.judges.course.deductions import Found, RunChecks
from game.sim.judges.course.judge_geometry import bumpers, crossed_gate
from game.sim.judges.course.result import CourseResult, Deduction, JudgeEvent, LiveScore, SectorResult, StyleResult
from game.sim.judges.judging_rules import JudgingRules

_STAGED, _RUNNING, _JUDGED, _OVER = 0, 1, 2, 3


class CourseJudge:
    """Judges one run of one car on one course, step by step."""

    def __init__(self, course: Course, rules: JudgingRules, spec, t0: float = 0.0):
        self.course, self.rules, self.spec, self.t0 = course, rules, spec, t0
        self._tracker = shared_tracker(course.line, rules.station_window_m)
        self._clips = ClipWatch(course.clips, self._tracker, rules, rules.line_max)
        self._style = StyleBook(course.sectors, rules, course.reference_speed_mps)
        self._checks = RunChecks(course, rules, spec, self._tracker)
        self._phase = _STAGED
        self._station: float | None = None
        self._pos: tuple[float, float] | None = None
        self._sector: int | None = None
        self._sectors: list[SectorResult | None] = [None] * len(course.sectors)
        self._deductions: list[Deduction] = []
        self._zero: str | None = None
        self._finished = False
        self._t_run = 0.0
        self._t_started: float | None = None  # run time the start gate was crossed (the course's clock starts there)
        self._zero_detail = ""

    @property
    def done(self) -> bool:
        """True once the run has ended (finished, zeroed, out of time or cut)."""
        return self._phase == _OVER

    def note_reset(self, t: float) -> list[JudgeEvent]:
        """The driver reset the car: a judged run cannot go on from a teleport, so it scores zero."""
        return self._end_zero(t, cr.RESET, "ZERO: RESET") if not self.done else []

    def finish(self, t: float) -> list[JudgeEvent]:
        """Cut the run now: if it had not ended, it is unfinished and scores zero."""
        return self._end_zero(t, cr.UNFINISHED, "ZERO: UNFINISHED") if not self.done else []

    def update(self, state, events, dt: float) -> list[JudgeEvent]:
        """Judge one sim step from the car state after it (state.t) and that step's sim events."""
        if self.done:
            return []
        t, r, c = state.t, self.rules, self.course
        self._t_run = t - self.t0
        station, offset, direction = self._tracker.locate(state.x, state.z, self._station)
        self._station = station
        p0, p1 = self._pos, (state.x, state.z)
        self._pos = p1
        out: list[JudgeEvent] = []
        angle_signed = math.degrees(state.drift_angle)
        angle, speed = abs(angle_signed), state.speed
        drifting = angle >= r.drift_angle_deg and speed >= r.drift_speed_mps  # sideways enough for a clip to count
        finishing = False
        if p0 is not None:
            if self._phase == _STAGED and crossed_gate(c.start, p0, p1):
                self._phase = _RUNNING
                self._t_started = self._t_run
                self._checks.max_station_m = station
                out.append(JudgeEvent(cr.STARTED, t, "GO", ref=c.id))
            if self._phase == _RUNNING and crossed_gate(c.initiation, p0, p1):
                out += self._initiate(t, angle, speed)
            if self._phase == _JUDGED and crossed_gate(c.finish, p0, p1):
                finishing = True
        if self._phase in (_RUNNING, _JUDGED):  # from the start gate: the course limits, walls, zeros and clips
            off = self._checks.tyres_off(state, offset, direction)
            z = self._checks.zero(state, events, station, direction, off, dt)
            if z is not None:
                return out + self._end_zero(t, z.zero or "", z.text, z.detail)
            for f in self._checks.deductions(events, off, self._t_run):
                out.append(self._deduct(t, f))
            front, rear = bumpers(state.x, state.z, state.heading, self.spec.length_m, self.spec.width_m)
            for v in self._clips.update(station, front, rear, drifting, self._t_run):
                out += self._clip_events(t, v)
        if self._phase == _JUDGED:  # from the initiation line: the sectors' angle, style and straightening
            while self._sector is not None and self._sector < len(c.sectors) - 1 and station >= c.sectors[self._sector].end_m:
                out.append(self._close_sector(t, self._sector))
                self._sector += 1
            if self._sector is not None:
                self._style.sample(self._sector, angle_signed, speed, drifting, dt)
            s = self._checks.straightening(angle, dt)
            if s is not None:
                out.append(self._deduct(t, s))
        if finishing:
            return out + self._finish(t)
        left = self.time_left_s
        if left is not None and left < 0.0:  # out of time is a zero (the rule: not reaching the finish in time)
            detail = f"{c.time_limit_s:g} s from the start gate" if self._t_started is not None else f"the start gate not reached in {r.start_within_s:g} s"
            return out + self._end_zero(t, cr.TIME, "ZERO: TIME", detail)
        return out

    @property
    def time_left_s(self) -> float | None:
        """Seconds left on the run's clock (None once it has ended): a staged car has start_within_s to reach the start
        gate, and from there the course's time_limit_s to reach the finish, as a run is timed from its start line."""
        if self.done:
            return None
        if self._t_started is None:
            return self.rules.start_within_s - self._t_run
        return self.course.time_limit_s - (self._t_run - self._t_started)

    # -- phases ---------------------------------------------------------------------------------------------

    def _initiate(self, t: float, angle: float, speed: float) -> list[JudgeEvent]:
        self._phase, self._sector = _JUDGED, 0
        pts = self._style.initiate(angle, speed)
        if pts is None:  # SLADI: a late or wrong entry, -7 (and no initiation style points)
            ev = JudgeEvent(cr.INITIATED, t, "", 0.0, "late")  # no call-out of its own: the deduction says "LATE ENTRY -7"
            f = Found("late_entry", self.rules.late_entry_points, f"{angle:.1f} deg at the line", f"LATE ENTRY -{self.rules.late_entry_points:g}")
            return [ev, self._deduct(t, f)]
        return [JudgeEvent(cr.INITIATED, t, f"INITIATION {pts:.1f}/{self.rules.initiation_max:g}", pts)]

    def _finish(self, t: float) -> list[JudgeEvent]:
        out = []
        s = self._checks.straightening(0.0, 0.0, final=True)
        if s is not None:
            out.append(self._deduct(t, s))
        for v in self._clips.close_all():
            out += self._clip_events(t, v)
        for i in range(self._sector or 0, len(self.course.sectors)):
            out.append(self._close_sector(t, i))
        self._finished = True
        self._sector = None
        self._phase = _OVER
        res = self.result()
        out.append(JudgeEvent(cr.FINISHED, t, "FINISH", ref=self.course.id))
        out.append(JudgeEvent(cr.ENDED, t, f"{res.total:.1f} POINTS", res.total, self.course.id))
        return out

    def _end_zero(self, t: float, reason: str, text: str, detail: str = "") -> list[JudgeEvent]:
        self._t_run = max(self._t_run, t - self.t0)
        self._zero = reason
        self._phase = _OVER
        self._zero_detail = detail  # what tripped it, for the log
        return [JudgeEvent(cr.ZERO, t, text, 0.0, reason), JudgeEvent(cr.ENDED, t, "ZERO", 0.0, self.course.id)]

    def _deduct(self, t: float, f: Found) -> JudgeEvent:
        self._deductions.append(Deduction(f.kind, t - self.t0, f.points, f.detail))
        return JudgeEvent(cr.DEDUCTION, t, f.text, -f.points, f.kind)

    def _clip_events(self, t: float, v) -> list[JudgeEvent]:
        clip = self.course.clips[v.index]
        if v.counted:
            return [JudgeEvent(cr.CLIP, t, f"CLIP {math.floor(v.score * 10 + 0.5)}/10", v.points, clip.id)]
        why = "taken straight" if v.near_straight else "missed"
        p = self.rules.missed_clip_points  # SLADI: missing a clip box, -10
        f = Found("missed_clip", p, f"{clip.id} ({why})", f"MISSED CLIP -{p:g}")
        return [JudgeEvent(cr.MISSED, t, "MISSED CLIP", 0.0, clip.id), self._deduct(t, f)]

    def _close_sector(self, t: float, i: int) -> JudgeEvent:
        res = self._style.close_sector(i)
        self._sectors[i] = res
        return JudgeEvent(cr.SECTOR, t, f"{res.name.upper()} {res.points:.1f}/{res.max_points:.1f}", res.points, res.id)

    # -- scores ---------------------------------------------------------------------------------------------

    def _style_parts(self) -> StyleResult:
        st = self._style
        return StyleResult(st.initiation, st.fluidity(), st.commitment(self._clips.closeness_mean()))

    @property
    def live(self) -> LiveScore:
        """The HUD's strip: points so far per category, deductions, the next clip and the sector."""
        p = self._style_parts()
        return LiveScore(self._clips.points, self._style.angle_points(self._sector), p.initiation + p.fluidity + p.commitment,
                         sum(d.points for d in self._deductions), self._clips.next_index, self._clips.done, self._sector,
                         self._zero, self._phase != _STAGED, self._t_run)

    def result(self) -> CourseResult:
        """The run's breakdown (final once done; before that, the run as it stands)."""
        p = self._style_parts()
        line = self._clips.points
        angle = self._style.angle_points(self._sector)
        style = p.initiation + p.fluidity + p.commitment
        off = sum(d.points for d in self._deductions)
        total = 0.0 if self._zero else max(0.0, line + angle + style - off)
        sectors = tuple(s if s is not None else self._style.sector_result(i) for i, s in enumerate(self._sectors))
        return CourseResult(self.course.id, self.course.name, total, line, angle, style, p, self._finished, self._zero,
                            tuple(self._deductions), self._clips.results(), sectors, self._t_run, self._style.mean_speed_mps,
                            self._zero_detail)
