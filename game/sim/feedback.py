"""Rumble and wheel force from the sim's events and state, in one pure place (the view only sends them to devices).

Rumble is two motors, low (heavy) and high (buzz), each 0..1: impacts (a wall, another car, a landing) start an
envelope scaled by the impact speed that decays as exp(-rate t); rough (off-road) ground, wheelspin and the rev
limiter add a steady buzz while they last (Arcade has no wheelspin of its own: a slide under power counts).
The wheel's force is a torque in -1..1 (+ turns the rim to the right):
a centring spring and damper on the steering, plus the self-aligning torque of the front tyres. In the Simulation
handling that is the front axle's lateral force (the model's telemetry) times the trail; the pneumatic trail falls
from its full length to zero as the front slip angle reaches the tyre's peak (the brush model: Pacejka, Tire and
Vehicle Dynamics, 3rd ed., section 3.2), so the wheel goes light as the front washes out, and the caster's mechanical
trail remains. The Arcade handling has no tyre forces: its lateral acceleration (yaw rate x speed) over g stands in.
Paused: no rumble, envelopes cleared, and the spring only (no road forces). Tunings: data/feedback.json.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.models.sim_params import _peak_slip  # the note's tyre rule: the magic formula's own peak
from game.sim.step_events import CAR_HIT, LANDED, WALL_HIT

G = 9.81  # m/s^2


@dataclass(frozen=True, slots=True)
class FeedbackTuning:
    """How hard each cause rumbles and how the wheel pulls (data/feedback.json, its schema gives each one's source)."""

    wall_full_mps: float = 8.0  # impact speed into a wall that gives full rumble
    car_full_mps: float = 6.0  # closing speed with another car that gives full rumble
    land_full_mps: float = 5.0  # vertical speed at touchdown that gives full rumble
    impact_decay_per_s: float = 7.0  # an impact's rumble fades as exp(-rate t)
    impact_high_share: float = 0.5  # the high motor's share of an impact (the low one takes it all)
    rough_high: float = 0.3  # buzz on rough ground at rough_full_mps and above
    rough_low: float = 0.12  # the low motor's rumble there
    rough_full_mps: float = 20.0
    wheelspin_high: float = 0.3  # buzz with the drive wheels spinning at full throttle
    limiter_high: float = 0.45  # buzz on the rev limiter
    limiter_share: float = 0.985  # the limiter counts from this share of the redline rpm, with the throttle past 0.5
    spring: float = 0.25  # centring torque per unit of steer
    damper_s: float = 0.02  # damping torque per unit of steer per second
    align: float = 0.8  # aligning torque per unit of front lateral force over front load (~ g's of cornering)
    pneumatic_share: float = 0.7  # of the full trail, the pneumatic part (falls with slip); the rest is the caster's
    arcade_peak_slip_rad: float = 0.2  # Arcade: the slip (its drift angle) at which its stand-in trail is all gone


TUNING = FeedbackTuning()


@dataclass(frozen=True, slots=True)
class Feedback:
    """One frame's output: rumble motors 0..1 and the wheel torque -1..1 (+ to the right)."""

    low: float = 0.0
    high: float = 0.0
    torque: float = 0.0


SILENT = Feedback()


def _c01(x: float) -> float:
    return 0.0 if x != x else 1.0 if x > 1.0 else 0.0 if x < 0.0 else x


def front_peak_slip_rad(spec) -> float | None:
    """The slip angle at which the car's front tyres peak in the Simulation handling (None without its tyres)."""
    tyres = getattr(getattr(spec, "drivetrain", None), "tyres", None)
    if tyres is None:
        return None
    lateral = getattr(tyres, "lateral", None)  # the real tyre rule keeps its curve's peak
    if lateral is not None:
        return float(lateral.peak)
    return _peak_slip(tyres.pacejka_b, tyres.pacejka_c, tyres.pacejka_e)


class FeedbackState:
    """One car's rumble envelopes and steering history, fed once a rendered frame."""

    def __init__(self, tuning: FeedbackTuning = TUNING, rough_surfaces: Iterable[str] = (), redline_rpm: float | None = None,
                 peak_slip_rad: float | None = None, car: int = 0) -> None:
        """rough_surfaces: surface ids that buzz (off-road ones); peak_slip_rad: the front tyres' peak (None: Arcade)."""
        self.tuning, self.rough, self.redline_rpm = tuning, frozenset(rough_surfaces), redline_rpm
        self.peak_slip_rad, self.car = peak_slip_rad, car
        self.impact_low = self.impact_high = 0.0
        self.last_steer = 0.0

    def frame(self, events: Iterable, state: CarState, controls: Controls, dt: float, paused: bool = False,
              rumble_strength: float = 1.0, force_strength: float = 1.0) -> Feedback:
        """The feedback for this frame from its events (all its sim steps') and the car's state now."""
        t = self.tuning
        steer = state.steer_wheel
        steer_rate = (steer - self.last_steer) / dt if dt > 0.0 else 0.0
        self.last_steer = steer
        spring = -t.spring * steer
        if paused:
            self.impact_low = self.impact_high = 0.0
            return Feedback(0.0, 0.0, _clamp1(spring) * _c01(force_strength))
        decay = math.exp(-t.impact_decay_per_s * dt)
        self.impact_low *= decay
        self.impact_high *= decay
        for e in events:
            amp = self._impact(e)
            if amp > 0.0:
                self.impact_low = max(self.impact_low, amp)
                self.impact_high = max(self.impact_high, amp * t.impact_high_share)
        low, high = self.impact_low, self.impact_high
        if not state.airborne:
            if state.surface in self.rough:
                k = _c01(state.speed / t.rough_full_mps)
                low, high = low + t.rough_low * k, high + t.rough_high * k
            tel = state.telemetry
            spin = tel.value("wheelspin")
            if spin is None:  # Arcade has no wheel speeds: a slide under power spins the rears (the drift note's power-over)
                spin = state.drifting
            if spin:
                high += t.wheelspin_high * _c01(controls.throttle)
            rpm = tel.rpm
            if self.redline_rpm and rpm is not None and rpm >= t.limiter_share * self.redline_rpm and controls.throttle > 0.5:
                high += t.limiter_high
        s = _c01(rumble_strength)
        torque = spring - t.damper_s * steer_rate + (0.0 if state.airborne else self.aligning(state))
        return Feedback(_c01(low) * s, _c01(high) * s, _clamp1(torque) * _c01(force_strength))

    def aligning(self, state: CarState) -> float:
        """The front tyres' self-aligning torque (steer units, + to the right): against the lateral force they make."""
        t, tel = self.tuning, state.telemetry
        fy, load, slip = tel.value("lat_force_front_n"), tel.value("load_front_n"), tel.value("slip_angle_front_rad")
        if fy is not None and load and self.peak_slip_rad:
            peak = self.peak_slip_rad
            ratio = fy / load
        else:  # Arcade: the lateral acceleration stands in for the front's force, the drift angle for its slip
            ratio = state.yaw_rate * state.forward / G
            slip, peak = state.drift_angle, t.arcade_peak_slip_rad
        pneumatic = max(0.0, 1.0 - abs(slip or 0.0) / peak) if peak > 0.0 else 0.0
        trail = t.pneumatic_share * pneumatic + (1.0 - t.pneumatic_share)
        return -t.align * ratio * trail

    def _impact(self, e) -> float:
        """How hard an event of this car hits (0..1)."""
        t = self.tuning
        if e.kind == WALL_HIT and e.car == self.car:
            return _c01(e.value / t.wall_full_mps)
        if e.kind == CAR_HIT and e.car == self.car:  # one event per car of each hit
            return _c01(e.value / t.car_full_mps)
        if e.kind == LANDED and e.car == self.car:
            return _c01(abs(e.value) / t.land_full_mps)
        return 0.0


def _clamp1(x: float) -> float:
    return 0.0 if x != x else 1.0 if x > 1.0 else -1.0 if x < -1.0 else x
