"""Angle and Style points: the angle held per sector, and the run's initiation, fluidity and commitment (pure).

Angle, as D1GP's DOSS: the run is cut into weighted sectors (their weights sum to 100) and each is scored on
the angle held against its target. Style, as Formula Drift's criteria: initiation (already drifting at the
initiation line, with commitment), fluidity (a steady angle and clean swings between directions: DOSS's angle
stability and swing-back) and commitment (speed against the reference and closeness to clips and walls).
Fluidity and commitment scale by the share of the judged time spent drifting, so a run that never drifts
earns none of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.course import Sector
from game.sim.judges.course.result import SectorResult
from game.sim.judges.judging_rules import JudgingRules


def ramp(x: float, zero: float, full: float) -> float:
    """0 at `zero`, 1 at `full`, linear and clamped between (either order)."""
    if full == zero:
        return 1.0 if x >= full else 0.0
    return min(1.0, max(0.0, (x - zero) / (full - zero)))


def sector_factor(mean_deg: float, target_deg: float, rules: JudgingRules) -> float:
    """clamp((mean - floor) / (target - floor), 0, 1): the share of a sector's angle points its mean angle earns."""
    return ramp(mean_deg, rules.angle_floor_deg, max(target_deg, rules.angle_floor_deg + 1e-9))


@dataclass(slots=True)
class _SectorBook:
    time_s: float = 0.0
    angle_dt: float = 0.0  # integral of |angle| dt (deg s), every sample
    drift_s: float = 0.0  # drifting time, for the steadiness
    drift_sum: float = 0.0
    drift_sq: float = 0.0
    closed: bool = False


class StyleBook:
    """Accumulates a run's judged part, step by step, into sector angle points and the style parts."""

    def __init__(self, sectors: tuple[Sector, ...], rules: JudgingRules, reference_speed_mps: float):
        self.sectors = sectors
        self.rules = rules
        self.reference_speed_mps = reference_speed_mps
        self._books = [_SectorBook() for _ in sectors]
        self.judged_s = 0.0
        self.drift_s = 0.0
        self.speed_dt = 0.0
        self.initiation = 0.0
        self._last_sign = 0  # the direction of the last drifting sample (+1 right, -1 left)
        self._gap_s = 0.0  # time not drifting since it
        self.transitions: list[float] = []  # seconds each change of direction spent not drifting

    def initiate(self, angle_deg: float, speed_mps: float) -> float | None:
        """Score the initiation line: the style points, or None for a late entry (not drifting at the line)."""
        r = self.rules
        if angle_deg < r.init_angle_deg or speed_mps < r.drift_speed_mps:
            return None  # Formula Drift: the car must already be drifting at the initiation line
        flick = 0.5 * (min(1.0, angle_deg / r.init_full_angle_deg) + min(1.0, speed_mps / self.reference_speed_mps))
        self.initiation = r.initiation_max * (r.init_base_share + (1.0 - r.init_base_share) * flick)
        return self.initiation

    def sample(self, sector: int, angle_signed_deg: float, speed_mps: float, drifting: bool, dt: float) -> None:
        """One judged step: the sector's angle, the drifting share, the speed and the transitions."""
        a = abs(angle_signed_deg)
        b = self._books[sector]
        b.time_s += dt
        b.angle_dt += a * dt
        self.judged_s += dt
        self.speed_dt += speed_mps * dt
        if drifting:
            b.drift_s += dt
            b.drift_sum += a * dt
            b.drift_sq += a * a * dt
            self.drift_s += dt
            sign = 1 if angle_signed_deg > 0 else -1
            if self._last_sign and sign != self._last_sign:
                self.transitions.append(self._gap_s)  # DOSS: how sharp the swing-back is
            self._last_sign, self._gap_s = sign, 0.0
        else:
            self._gap_s += dt

    def close_sector(self, i: int) -> SectorResult:
        """Close sector i and return its result."""
        self._books[i].closed = True
        return self.sector_result(i)

    def sector_result(self, i: int) -> SectorResult:
        """Sector i's angle points so far: angle_max x weight / 100 x the factor of its time-weighted mean |angle|."""
        s, b, r = self.sectors[i], self._books[i], self.rules
        mean = b.angle_dt / b.time_s if b.time_s > 0 else 0.0
        top = r.angle_max * s.weight / 100.0
        return SectorResult(s.id, s.name, mean, s.target_angle_deg, s.weight, top * sector_factor(mean, s.target_angle_deg, r), top, b.time_s)

    def angle_points(self, current: int | None) -> float:
        """Angle points: closed sectors, and the current one as it stands."""
        return sum(self.sector_result(i).points for i, b in enumerate(self._books) if b.closed or i == current)

    @property
    def drifting_share(self) -> float:
        """Share of the judged time spent drifting (0 before any)."""
        return self.drift_s / self.judged_s if self.judged_s > 0 else 0.0

    @property
    def mean_speed_mps(self) -> float:
        """Mean speed over the judged part."""
        return self.speed_dt / self.judged_s if self.judged_s > 0 else 0.0

    def steadiness(self) -> float:
        """0..1: the time-weighted spread (std) of |angle| within each sector's drifting time, against steady_full/zero."""
        r = self.rules
        total = weighted = 0.0
        for b in self._books:
            if b.drift_s <= 0:
                continue
            mean = b.drift_sum / b.drift_s
            std = math.sqrt(max(0.0, b.drift_sq / b.drift_s - mean * mean))
            weighted += b.drift_s * ramp(std, r.steady_zero_deg, r.steady_full_deg)
            total += b.drift_s
        return weighted / total if total > 0 else 0.0

    def transition_quality(self) -> float:
        """0..1: the mean cleanliness of the changes of direction (1 with none)."""
        r = self.rules
        if not self.transitions:
            return 1.0
        return sum(ramp(g, r.transition_zero_s, r.transition_full_s) for g in self.transitions) / len(self.transitions)

    def fluidity(self) -> float:
        """fluidity_max x drifting share x (steady_share x steadiness + (1 - steady_share) x transitions)."""
        r = self.rules
        return r.fluidity_max * self.drifting_share * (r.steady_share * self.steadiness() + (1.0 - r.steady_share) * self.transition_quality())

    def commitment(self, clip_closeness: float | None) -> float:
        """commitment_max x drifting share x (speed share x min(mean speed / reference, 1) + the rest x clip closeness)."""
        r = self.rules
        speed = min(1.0, self.mean_speed_mps / self.reference_speed_mps)
        near = speed if clip_closeness is None else clip_closeness
        return r.commitment_max * self.drifting_share * (r.commit_speed_share * speed + (1.0 - r.commit_speed_share) * near)
