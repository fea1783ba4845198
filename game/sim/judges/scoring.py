"""Drift scoring: points from angle, speed and commitment, chained into combos that bank or are lost.

The formula. Every sim step in which the car slides (on the ground, CarState.drifting, |drift angle|
>= min_angle_deg, speed >= min_speed_mps) adds `rate * dt` to the chain, where

    rate = base_points_per_s * (min(angle_deg, angle_cap_deg) / reference_angle_deg) ** angle_exponent
           * (speed_mps / reference_speed_mps) * commitment
    commitment = 1 + commit_bonus * min(held_s / commit_ramp_s, 1)

and held_s is how long the angle has stayed at or above commit_angle_deg without a break. Drifts that
follow each other within grace_s form a chain; each new drift that lasts link_min_drift_s raises the
multiplier by multiplier_step (up to multiplier_max). `pending = chain points * multiplier` BANKS once
the grace has run out with the car straight (|angle| <= straight_angle_deg) and on its wheels; a wall
hit at >= wall_min_impact_mps or a spin (true slip angle > spin_angle_deg, i.e. travelling backwards)
LOSES it. Steps in the air add nothing, and a car that lands still sliding within grace keeps its chain.

Why, against two games that publish their rules:
- VDrift scores each drift once at its end, `2 * distance_m + v_max / 2 + angle_max * 40 / pi`, and drops
  it on leaving the track or spinning. Using the extremes means a one-frame flick to a big angle pays as
  much as holding it, and distance dominates, so long shallow slides farm points.
- BeamNG adds `angle * speed` every tick and chains drifts within 1 s. Integrating over time is right (a
  held drift pays, a flick does not), but being linear in angle a lazy 15 deg slide earns a third of a
  committed 45 deg one for far less risk, and nothing but the grace punishes a messy chain.
Ours integrates like BeamNG, makes angle superlinear (exponent 1.5: 45 deg earns 5.2x a 15 deg slide,
not 3x), pays extra for *holding* a big angle, multiplies linked drifts so a chain is worth protecting,
and, like VDrift, throws the whole pending chain away on a wall or a spin: angle, speed and commitment
are rewarded, sloppiness is punished. Points only become score when the car is straightened out cleanly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from game.sim import step_events as ev
from game.sim.judges.judging_rules import JudgingRules
from game.sim.judges.tandem.rules import TandemRules

CHAIN_START, CHAIN_GROW, BANKED, LOST = "chain_start", "chain_grow", "banked", "lost"
_IDLE, _SLIDING, _GRACE = 0, 1, 2
_EPS_S = 1e-9  # times summed from dt fall a hair short (120 x 1/120 < 1.0): compare with this slack


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """Every constant of drift scoring, zone judging and credits (data/scoring.json, see its schema)."""

    min_speed_mps: float
    min_angle_deg: float
    straight_angle_deg: float
    base_points_per_s: float
    reference_angle_deg: float
    angle_exponent: float
    angle_cap_deg: float
    reference_speed_mps: float
    commit_angle_deg: float
    commit_ramp_s: float
    commit_bonus: float
    grace_s: float
    link_min_drift_s: float
    multiplier_step: float
    multiplier_max: float
    wall_min_impact_mps: float
    spin_angle_deg: float
    spin_min_speed_mps: float
    labels: tuple[tuple[float, str], ...]
    zone_full_speed_mps: float
    zone_full_angle_deg: float
    zone_line_tolerance_m: float
    zone_weight_speed: float
    zone_weight_angle: float
    zone_weight_line: float
    zone_points_max: float
    zone_min_time_s: float
    points_per_credit: float
    credits_per_km_sideways: float
    timed_run_s: float = 90.0
    zones_run_s: float = 150.0
    parking_stop_speed_mps: float = 0.3
    parking_hold_s: float = 1.0
    parking_star1_angle_deg: float = 5.0
    parking_star2_angle_deg: float = 2.0
    parking_touch_penalty_s: float = 3.0
    parking_points_base: float = 1000.0
    parking_points_per_s: float = 10.0
    parking_points_per_m: float = 400.0
    parking_star_points: float = 250.0
    parking_run_s: float = 420.0
    source: str = "data/scoring.json"
    digest: str = ""
    judging: JudgingRules = field(kw_only=True)  # the course judge's block
    tandem: TandemRules = field(kw_only=True)  # the tandem judge's block


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Something the HUD shows: a chain started, grew, banked or was lost."""

    kind: str
    t: float
    points: float = 0.0
    multiplier: float = 1.0
    label: str = ""
    reason: str = ""
    drifts: int = 0


@dataclass(frozen=True, slots=True)
class DriftStats:
    """Per-session totals for the results screen."""

    score: int = 0
    longest_drift_s: float = 0.0
    longest_drift_m: float = 0.0
    best_chain: int = 0
    max_angle_deg: float = 0.0
    top_speed_mps: float = 0.0
    drift_distance_m: float = 0.0
    chains_banked: int = 0
    chains_lost: int = 0


def label_for(points: float, rules: ScoringRules) -> str:
    """The biggest label whose threshold `points` reaches ('' below the first)."""
    out = ""
    for min_points, text in rules.labels:
        if points >= min_points:
            out = text
    return out


def slip_deg(state) -> float:
    """Angle between heading and travel over the full circle (deg, 0..180): above 90 the car goes backwards."""
    if state.forward * state.forward + state.lateral * state.lateral < 1.0:
        return 0.0
    return abs(math.degrees(math.atan2(state.lateral, state.forward)))


def credits_for(stats: DriftStats, rules: ScoringRules) -> int:
    """Credits a session earns: banked points at the exchange rate plus a share per km driven sideways."""
    return int(stats.score / rules.points_per_credit + stats.drift_distance_m / 1000.0 * rules.credits_per_km_sideways)


class DriftScorer:
    """Follows one car step by step and turns its slides into chains, banked score and stats."""

    def __init__(self, rules: ScoringRules):
        self.rules = rules
        self._stats = DriftStats()
        self._locked = False  # after a loss (or a spin) no chain starts until the car is straight again
        self._angle = 0.0
        self._clear_chain()

    def _clear_chain(self) -> None:
        self._phase = _IDLE
        self._raw = 0.0  # chain points before the multiplier
        self._mult = 1.0
        self._drifts = 0
        self._grace = 0.0
        self._air_gap = False  # the slide paused only because the car took off
        self._linked = True  # the current drift already counts toward the multiplier
        self._seg_s = self._seg_m = 0.0
        self._commit_s = 0.0

    @property
    def pending(self) -> float:
        """Points the current chain would bank now (multiplier applied)."""
        return self._raw * self._mult

    @property
    def multiplier(self) -> float:
        """The current chain's multiplier (1 with no chain)."""
        return self._mult

    @property
    def banked(self) -> int:
        """Score banked so far."""
        return self._stats.score

    @property
    def chain_drifts(self) -> int:
        """Linked drifts in the current chain (0 with no chain)."""
        return self._drifts

    @property
    def angle_deg(self) -> float:
        """|drift angle| at the last update (deg)."""
        return self._angle

    @property
    def label(self) -> str:
        """The label the pending chain has earned ('' when small)."""
        return label_for(self.pending, self.rules)

    @property
    def stats(self) -> DriftStats:
        """Session totals so far."""
        return self._stats

    @property
    def in_chain(self) -> bool:
        """True while a chain is open (sliding or in its grace time)."""
        return self._phase != _IDLE

    def update(self, state, events, dt: float) -> list[ScoreEvent]:
        """Score one sim step from the car state after it and that step's sim events."""
        r = self.rules
        out: list[ScoreEvent] = []
        speed = state.speed
        angle = abs(math.degrees(state.drift_angle))
        self._angle = angle
        if speed > self._stats.top_speed_mps:
            self._stats = replace(self._stats, top_speed_mps=speed)
        spun = speed >= r.spin_min_speed_mps and slip_deg(state) > r.spin_angle_deg
        if self._phase != _IDLE:
            if spun:
                return self._lose(state.t, "spin")
            if any(e.kind == ev.WALL_HIT and e.value >= r.wall_min_impact_mps for e in events):
                return self._lose(state.t, "wall")
            if any(e.kind == ev.CAR_HIT and e.value >= r.wall_min_impact_mps for e in events):
                return self._lose(state.t, "car")  # a hard hit on another car costs the chain like a wall
        grounded = not state.airborne
        straight = grounded and angle <= r.straight_angle_deg and not spun
        if self._locked or spun:
            self._locked = not straight
            return out
        sliding = grounded and state.drifting and angle >= r.min_angle_deg and speed >= r.min_speed_mps
        if sliding:
            if self._phase == _GRACE and self._grace >= r.grace_s - _EPS_S:
                out += self._bank(state.t)  # the link ran out (a long jump): bank, then start afresh
            if self._phase == _IDLE:
                self._phase, self._drifts, self._mult = _SLIDING, 1, 1.0
                self._new_segment(linked=True)
                out.append(ScoreEvent(CHAIN_START, state.t, 0.0, 1.0, drifts=1))
            elif self._phase == _GRACE:
                if not self._air_gap:
                    self._new_segment(linked=False)
                self._phase = _SLIDING
            out += self._accrue(state.t, angle, speed, dt)
        elif self._phase != _IDLE:
            if self._phase == _SLIDING:
                self._phase, self._grace, self._air_gap = _GRACE, 0.0, not grounded
            elif grounded:
                self._air_gap = False
            self._grace += dt
            if self._grace >= r.grace_s - _EPS_S and straight:
                out += self._bank(state.t)
        return out

    def finish(self, t: float) -> list[ScoreEvent]:
        """End of session: bank whatever is pending (a chain still open was not lost)."""
        return self._bank(t) if self._phase != _IDLE else []

    def _new_segment(self, linked: bool) -> None:
        self._seg_s = self._seg_m = 0.0
        self._commit_s = 0.0
        self._linked = linked

    def _accrue(self, t: float, angle: float, speed: float, dt: float) -> list[ScoreEvent]:
        r = self.rules
        self._commit_s = self._commit_s + dt if angle >= r.commit_angle_deg else 0.0
        commitment = 1.0 + r.commit_bonus * min(self._commit_s / r.commit_ramp_s, 1.0)
        a = min(angle, r.angle_cap_deg)
        rate = r.base_points_per_s * (a / r.reference_angle_deg) ** r.angle_exponent * (speed / r.reference_speed_mps) * commitment
        self._raw += rate * dt
        self._seg_s += dt
        self._seg_m += speed * dt
        s = self._stats
        self._stats = replace(
            s,
            longest_drift_s=max(s.longest_drift_s, self._seg_s),
            longest_drift_m=max(s.longest_drift_m, self._seg_m),
            max_angle_deg=max(s.max_angle_deg, angle),
            drift_distance_m=s.drift_distance_m + speed * dt,
        )
        if not self._linked and self._seg_s >= r.link_min_drift_s - _EPS_S:
            self._linked = True
            self._drifts += 1
            mult = min(1.0 + r.multiplier_step * (self._drifts - 1), r.multiplier_max)
            if mult != self._mult:
                self._mult = mult
                return [ScoreEvent(CHAIN_GROW, t, self.pending, mult, self.label, drifts=self._drifts)]
        return []

    def _bank(self, t: float) -> list[ScoreEvent]:
        pending, label, mult, drifts = self.pending, self.label, self._mult, self._drifts
        points = int(round(pending))
        s = self._stats
        self._stats = replace(s, score=s.score + points, best_chain=max(s.best_chain, points), chains_banked=s.chains_banked + 1)
        self._clear_chain()
        return [ScoreEvent(BANKED, t, float(points), mult, label, drifts=drifts)]

    def _lose(self, t: float, reason: str) -> list[ScoreEvent]:
        e = ScoreEvent(LOST, t, self.pending, self._mult, self.label, reason, self._drifts)
        self._stats = replace(self._stats, chains_lost=self._stats.chains_lost + 1)
        self._clear_chain()
        self._locked = True
        return [e]

