"""Deductions and zeros of a judged run: straightening, tyres off, wall contact, spins, over-rotation, going backwards (pure).

Deductions follow the SLADI Masters rulebook (a run starts at 100; one tyre off -5, two -11, three off ends the
run; angle corrections -1 to -4 by size). Zeros follow Formula Drift's automatic zeros (a spin, over-rotation past
90 deg to the course, contact that changes the car's path) and the issue's own (going backwards, out of time).
Formula Drift also zeroes a run that *clearly* straightens; we grade straightening as SLADI's corrections instead
(-1 to -4 by how long), as the issue lists it among the deductions, so one long straight costs 4, not the run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim import step_events as ev
from game.sim.course import Course, LineTracker
from game.sim.judges.course import result as cr
from game.sim.judges.course.judge_geometry import wrap_angle
from game.sim.judges.judging_rules import JudgingRules
from game.sim.judges.scoring import slip_deg


@dataclass(frozen=True, slots=True)
class Found:
    """A deduction (points > 0) or a zero (points 0, zero set) found this step."""

    kind: str
    points: float
    detail: str
    text: str
    zero: str | None = None


def straight_points(duration_s: float, rules: JudgingRules) -> float:
    """SLADI's angle correction, -1 to -4 by size: whole points growing linearly from straight_min_s to straight_full_s."""
    r = rules
    share = min(1.0, max(0.0, (duration_s - r.straight_min_s) / (r.straight_full_s - r.straight_min_s)))
    return float(math.floor(r.straight_points_min + (r.straight_points_max - r.straight_points_min) * share + 0.5))


class RunChecks:
    """Watches one run for deductions and zeros; judged() only between the initiation line and the finish."""

    def __init__(self, course: Course, rules: JudgingRules, spec, tracker: LineTracker):
        self.course, self.rules, self.spec, self.tracker = course, rules, spec, tracker
        self._straight_s = 0.0
        self._straight_charged = False
        self._off_max = 0  # the most tyres off in the current excursion (0: on course)
        self._last_wall_t = -math.inf
        self._over_s = 0.0
        self._back_s = 0.0
        self.max_station_m = -math.inf

    def zero(self, state, events, station_m: float, direction: float, off: int, dt: float) -> Found | None:
        """A reason this step zeroes the run, if any (checked from the start gate to the finish)."""
        r = self.rules
        speed = state.speed
        at_speed = speed >= r.spin_min_speed_mps
        # Formula Drift: a spin is a zero; slip past ~105 deg means the car travels backwards (as scoring.py's spin)
        if at_speed and slip_deg(state) > r.spin_slip_deg:
            return Found("zero", 0.0, f"slip {slip_deg(state):.0f} deg", "ZERO: SPIN", cr.SPIN)
        # Formula Drift: over-rotation past 90 deg to the course (the car's heading against the line's direction here)
        off_dir = abs(math.degrees(wrap_angle(state.heading - direction)))
        self._over_s = self._over_s + dt if at_speed and off_dir > r.over_rotation_deg else 0.0
        if self._over_s > 0 and self._over_s >= r.over_rotation_hold_s - 1e-9:
            return Found("zero", 0.0, f"{off_dir:.0f} deg to the course", "ZERO: OVER-ROTATION", cr.OVER_ROTATION)
        # going backwards: the station falls behind the furthest reached, or the car travels against the course
        self.max_station_m = max(self.max_station_m, station_m)
        if self.max_station_m - station_m > r.backwards_m:
            return Found("zero", 0.0, f"{self.max_station_m - station_m:.1f} m back", "ZERO: BACKWARDS", cr.BACKWARDS)
        along = state.vx * math.sin(direction) + state.vz * math.cos(direction)
        self._back_s = self._back_s + dt if along < -r.backwards_speed_mps else 0.0
        if self._back_s > 0 and self._back_s >= r.backwards_hold_s - 1e-9:
            return Found("zero", 0.0, f"{-along:.1f} m/s against the course", "ZERO: BACKWARDS", cr.BACKWARDS)
        # Formula Drift: contact that changes the car's path (a hard wall hit)
        hit = max((e.value for e in events if e.kind == ev.WALL_HIT), default=0.0) if events else 0.0
        if hit >= r.contact_zero_mps:
            return Found("zero", 0.0, f"{hit:.1f} m/s", "ZERO: CONTACT", cr.CONTACT)
        # SLADI: three tyres off ends the run (a whole car off is more than three)
        if off >= 3:
            return Found("zero", 0.0, "3+ tyres off", "ZERO: OFF COURSE", cr.OFF_COURSE)
        return None

    def tyres_off(self, state, offset_m: float, direction: float) -> int:
        """How many of the four tyres are past the course edge (line +- width_m / 2).

        Each tyre's offset is the car's offset from the line plus the tyre's reach across the line's direction here
        (a tyre sits at most half a wheelbase from the centre, so on the courses' 18 m+ radii the line's curve moves
        it by under 5 cm: d^2 / 2R), not four more searches along the line each step."""
        half = 0.5 * self.course.width_m
        nx, nz = math.cos(direction), -math.sin(direction)  # the line's right, as the offset's sign
        x, z, h = state.x, state.z, state.heading
        fx, fz, rx, rz = math.sin(h), math.cos(h), math.cos(h), -math.sin(h)
        hb, ht = 0.5 * self.spec.wheelbase_m, 0.5 * self.spec.track_m
        n = 0
        for a, b in ((hb, -ht), (hb, ht), (-hb, -ht), (-hb, ht)):  # wheels(), written out: the same floats
            px, pz = x + a * fx + b * rx, z + a * fz + b * rz
            n += abs(offset_m + (px - x) * nx + (pz - z) * nz) > half
        return n

    def deductions(self, events, off: int, t_run: float) -> list[Found]:
        """Points off this step for leaving the course and touching a wall (from the start gate to the finish)."""
        r = self.rules
        out = []
        # SLADI: one tyre off -5, two -11 (in all), once per excursion; back on course ends the excursion
        n = off
        if n == 0:
            self._off_max = 0
        elif n > self._off_max:
            if self._off_max == 0:
                out.append(Found("off_course", r.off_one_points, "1 tyre off", f"OFF COURSE -{r.off_one_points:g}"))
            if n >= 2 and self._off_max < 2:
                extra = r.off_two_points - r.off_one_points  # the one-tyre part was charged already
                out.append(Found("off_course", extra, "2 tyres off", f"TWO OFF -{extra:g}"))
            self._off_max = n
        # wall contact: a touch is a deduction (hits within wall_merge_s are one contact); a hard one was a zero
        hit = max((e.value for e in events if e.kind == ev.WALL_HIT), default=0.0) if events else 0.0
        if hit >= r.wall_min_impact_mps:
            if t_run - self._last_wall_t >= r.wall_merge_s:
                out.append(Found("wall", r.wall_points, f"{hit:.1f} m/s", f"WALL -{r.wall_points:g}"))
            self._last_wall_t = t_run
        return out

    def straightening(self, angle_deg: float, dt: float, final: bool = False) -> Found | None:
        """SLADI's angle corrections: straight (|angle| < straight_angle_deg) longer than straight_min_s, -1..-4 by its
        length; charged when the car drifts again, at the finish, or at once on reaching straight_full_s."""
        r = self.rules
        straight = angle_deg < r.straight_angle_deg and not final
        if straight:
            self._straight_s += dt
            if not self._straight_charged and self._straight_s >= r.straight_full_s - 1e-9:
                self._straight_charged = True
                return self._straight_found(self._straight_s)
            return None
        held, charged = self._straight_s, self._straight_charged
        self._straight_s, self._straight_charged = 0.0, False
        if not charged and held > r.straight_min_s:
            return self._straight_found(held)
        return None

    def _straight_found(self, held: float) -> Found:
        pts = straight_points(held, self.rules)
        return Found("straightened", pts, f"{held:.1f} s straight", f"STRAIGHTENED -{pts:g}")
