"""Engine note and effect levels for the car's sound, from the rpm the sim computed: pure, no ursina.

Gear, rpm and clutch engagement are the handling model's (state.telemetry; the arcade model keeps
a cosmetic gearbox in game/sim/models/cosmetic_gearbox.py). This only turns them into sound: the
pitch follows the rpm, the loudness the load (throttle times what the clutch passes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.mathx import clamp

LOOSE_EFFECTS = frozenset({"dust", "spray"})  # surface effects that slide with gravel hiss instead of squeal
PAVED_EFFECTS = frozenset({"smoke"})  # surface effects whose slides squeal
FREE_REV_LOAD = 0.45  # share of the throttle's loudness left when the engine revs against nothing


@dataclass(frozen=True)
class Volumes:
    """Player volume settings, each 0..1."""

    master: float = 0.8
    engine: float = 1.0
    effects: float = 1.0

    @classmethod
    def of(cls, other: object) -> Volumes:
        """Clamped copy of anything with master/engine/effects or master_volume/... attributes (settings)."""

        def pick(key: str) -> float:
            value = getattr(other, key, getattr(other, f"{key}_volume", 1.0))
            return clamp(float(value), 0.0, 1.0)

        return cls(pick("master"), pick("engine"), pick("effects"))


@dataclass(frozen=True)
class EngineTuning:
    """Shape of the engine sound; rates in 1/s."""

    idle_rpm: float = 900.0  # rpm shown as idle when a model has no rpm
    redline_rpm: float = 7500.0  # the engine is loudest here
    rpm_per_pitch: float = 3000.0  # rpm that plays the engine loop at its recorded pitch
    pitch_min: float = 0.5
    pitch_max: float = 2.6
    idle_volume: float = 0.35  # engine level at idle, off throttle
    high_layer_from_rpm: float = 3800.0  # the bright layer starts to fade in here ...
    high_layer_full_rpm: float = 6600.0  # ... and has taken over here
    squeal_threshold: float = 0.15  # slip below this makes no tyre noise
    loose_rolling_level: float = 0.2  # gravel crunch from just rolling on a loose surface at speed
    loose_rolling_full_mps: float = 25.0
    rpm_rate: float = 30.0  # visual/audible smoothing of the sim's rpm between frames
    volume_rate: float = 8.0
    effect_attack_rate: float = 12.0
    effect_release_rate: float = 6.0


@dataclass(frozen=True)
class Mix:
    """One frame's levels (0..1, before player volumes) and playback rates for each sound."""

    engine_pitch: float
    engine_low_volume: float
    engine_high_volume: float
    squeal_volume: float
    squeal_pitch: float
    gravel_volume: float
    gravel_pitch: float


def approach(x: float, target: float, rate: float, dt: float) -> float:
    """Move x toward target, frame-rate independent: exponential with time constant 1/rate."""
    return x + (target - x) * (1.0 - math.exp(-rate * max(dt, 0.0)))


def smoothstep(edge0: float, edge1: float, x: float) -> float:
    """0 below edge0, 1 above edge1, smooth in between."""
    u = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0)
    return u * u * (3.0 - 2.0 * u)


def rpm_to_pitch(rpm: float, tuning: EngineTuning = EngineTuning()) -> float:
    """Playback rate of the engine loop for this rpm."""
    return clamp(rpm / tuning.rpm_per_pitch, tuning.pitch_min, tuning.pitch_max)


def engine_volume(load: float, rpm: float, tuning: EngineTuning = EngineTuning()) -> float:
    """Engine level: quiet at idle, louder under load (the throttle, see engine_load) and a little louder with revs."""
    rev = clamp((rpm - tuning.idle_rpm) / (tuning.redline_rpm - tuning.idle_rpm), 0.0, 1.0)
    load = 0.7 * clamp(load, 0.0, 1.0) + 0.3 * rev
    return clamp(tuning.idle_volume + (1.0 - tuning.idle_volume) * load, 0.0, 1.0)


def engine_load(throttle: float, clutch: float | None, wheelspin: bool = False) -> float:
    """How hard the engine works, 0..1: the throttle, times how much of it the clutch passes to the
    wheels (a pressed clutch or a model without one: free revving sounds lighter; None counts as
    engaged); spinning wheels unload it like a pressed clutch."""
    t = clamp(throttle, 0.0, 1.0)
    if clutch is None:
        return t
    engaged = 0.0 if wheelspin else clamp(clutch, 0.0, 1.0)
    return t * (FREE_REV_LOAD + (1.0 - FREE_REV_LOAD) * engaged)


def high_layer_mix(rpm: float, tuning: EngineTuning = EngineTuning()) -> float:
    """Share (0..1) of the bright high-rpm layer in the engine sound."""
    return smoothstep(tuning.high_layer_from_rpm, tuning.high_layer_full_rpm, rpm)


def squeal_level(slip: float, tuning: EngineTuning = EngineTuning()) -> float:
    """Tyre noise level for slip 0..1: zero below the threshold, then rising to 1."""
    over = (clamp(slip, 0.0, 1.0) - tuning.squeal_threshold) / (1.0 - tuning.squeal_threshold)
    return 0.0 if over <= 0.0 else over**0.8


def impact_level(speed_mps: float, threshold_mps: float, full_mps: float) -> float:
    """One-shot level for an impact: 0 below threshold, then 0.2..1 up to full_mps."""
    speed = abs(speed_mps)
    if speed < threshold_mps:
        return 0.0
    return 0.2 + 0.8 * clamp((speed - threshold_mps) / (full_mps - threshold_mps), 0.0, 1.0)


def pop_level(distance_m: float, size: float, near_m: float, far_m: float) -> float:
    """One-shot level of an AI car's exhaust pop heard from distance_m: full (times its size, 0..1) within near_m,
    falling with the square of the distance beyond, silent from far_m."""
    d = abs(distance_m)
    if d >= far_m:
        return 0.0
    return clamp(size, 0.0, 1.0) / (1.0 + max(0.0, d - near_m) ** 2 / (near_m * near_m))


def voice_level(distance_m: float, near_m: float, far_m: float) -> float:
    """How loud another car's running sound is heard from distance_m: 1 within near_m, falling with the square of the
    distance beyond (as a point source does), 0 from far_m on."""
    d = abs(distance_m)
    if d >= far_m:
        return 0.0
    return 1.0 / (1.0 + max(0.0, d - near_m) ** 2 / (near_m * near_m))


def pan_of(listener_x: float, listener_z: float, listener_heading: float, x: float, z: float) -> float:
    """Where a sound at (x, z) sits left to right for a listener at (listener_x, listener_z) facing listener_heading
    (the sim's: 0 facing +z, clockwise): -1 hard left, 0 ahead or behind, +1 hard right (the sine of its bearing)."""
    dx, dz = x - listener_x, z - listener_z
    d = math.hypot(dx, dz)
    if d < 1e-6:
        return 0.0
    return clamp((dx * math.cos(listener_heading) - dz * math.sin(listener_heading)) / d, -1.0, 1.0)


class Cooldown:
    """Lets an event through at most once per interval_s of the caller's clock."""

    def __init__(self, interval_s: float) -> None:
        self.interval_s = interval_s
        self._next_s = -math.inf

    def ready(self, now_s: float) -> bool:
        """True (and restart the wait) if the interval has passed since the last accepted event."""
        if now_s < self._next_s:
            return False
        self._next_s = now_s + self.interval_s
        return True


class EngineNote:
    """Smoothed rpm and channel levels from the car's state, one call per frame."""

    def __init__(self, tuning: EngineTuning = EngineTuning()) -> None:
        self.tuning = tuning
        self.rpm = tuning.idle_rpm
        self.engine_level = tuning.idle_volume
        self.squeal = 0.0
        self.gravel = 0.0
        self._speed_mps = 0.0

    def update(self, dt: float, rpm: float | None, speed_mps: float, throttle: float, slip: float,
               surface_effect: str, airborne: bool, load: float | None = None) -> Mix:
        """Advance by dt seconds toward the sim's rpm (None: idle) and return this frame's mix; `load`
        (engine_load) defaults to the throttle."""
        t = self.tuning
        goal_rpm = t.idle_rpm if rpm is None or rpm != rpm else clamp(rpm, 0.0, 2.0 * t.redline_rpm)
        self.rpm = approach(self.rpm, goal_rpm, t.rpm_rate, dt)
        # Level follows the rpm target, not the smoothed rpm, so both smooth independently of frame rate.
        work = throttle if load is None else load
        self.engine_level = approach(self.engine_level, engine_volume(work, goal_rpm, t), t.volume_rate, dt)
        level = 0.0 if airborne else squeal_level(slip, t)
        squeal_goal = level if surface_effect in PAVED_EFFECTS else 0.0
        gravel_goal = 0.0
        if surface_effect in LOOSE_EFFECTS and not airborne:
            rolling = t.loose_rolling_level * clamp(abs(speed_mps) / t.loose_rolling_full_mps, 0.0, 1.0)
            gravel_goal = max(level, rolling)
        self.squeal = self._effect(self.squeal, squeal_goal, dt)
        self.gravel = self._effect(self.gravel, gravel_goal, dt)
        self._speed_mps = abs(speed_mps)
        return self.mix()

    def _effect(self, x: float, goal: float, dt: float) -> float:
        """Effects rise quickly and fade a little slower."""
        rate = self.tuning.effect_attack_rate if goal > x else self.tuning.effect_release_rate
        return approach(x, goal, rate, dt)

    def mix(self) -> Mix:
        """The current levels and playback rates."""
        t = self.tuning
        high = high_layer_mix(self.rpm, t)
        # Equal-power crossfade; the layers share one firing pattern, so they do not phase against each other.
        return Mix(
            engine_pitch=rpm_to_pitch(self.rpm, t),
            engine_low_volume=self.engine_level * math.cos(high * math.pi / 2),
            engine_high_volume=self.engine_level * math.sin(high * math.pi / 2),
            squeal_volume=self.squeal,
            squeal_pitch=0.92 + 0.16 * self.squeal,
            gravel_volume=self.gravel,
            gravel_pitch=0.8 + 0.4 * clamp(self._speed_mps / t.loose_rolling_full_mps, 0.0, 1.0),
        )
