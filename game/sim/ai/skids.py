"""Which skid a fleet car is making this step (the four types of note 002, docs/reference/002-ai-cars.md, the source's triggers and draws)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.ai import note as N
from game.sim.randomness import RandomSource

_UNSET = "unset"  # no skid type decided yet (None is "no skid")


def skid_type(car, skidding: bool, has_target: bool, gaining: bool, unit: float = 1.0) -> str | None:
    """stop (braking skid) > bump (colliding) > turn (|slip| > 0.05 rad above 60 px/s) > accel (10-100 px/s, gaining).

    `car` is the car's FleetTelemetry; `skidding` and `has_target` are its driver's.
    """
    if skidding:
        return "stop"
    if car.was_colliding:
        return "bump"
    speed = car.speed_mps
    if abs(car.slip_angle) > N.TURN_SLIP_RAD and speed > N.TURN_MIN_SPEED_PX * unit:
        return "turn"
    if gaining and has_target and N.ACCEL_MIN_SPEED_PX * unit < speed < N.ACCEL_MAX_SPEED_PX * unit:
        return "accel"
    return None


@dataclass(frozen=True, slots=True)
class SkidState:
    """One car's skid memory: the current type, whether this event leaves marks, the stop marks' axle bias."""

    prev_speed: float | None = None
    last_type: str | None = _UNSET
    kind: str | None = None
    enabled: bool = False
    front_alpha: float = 1.0  # stop marks: lock bias per axle
    rear_alpha: float = 1.0

    @property
    def marking(self) -> str | None:
        """The type of marks being laid now (None when no skid, or this event drew 'no marks')."""
        return self.kind if self.enabled else None

    def decided(self, car, skidding: bool, has_target: bool, rng: RandomSource, unit: float = 1.0) -> SkidState:
        """This step's skid state; a new type draws 'marks or not' (and, for stop, the lock bias)."""
        speed = car.speed_mps
        prev = speed if self.prev_speed is None else self.prev_speed
        kind = skid_type(car, skidding, has_target, speed > prev, unit)
        enabled, front, rear = self.enabled, self.front_alpha, self.rear_alpha
        if kind != self.last_type:
            enabled = rng.random() >= N.NO_MARK_CHANCE
            if kind == "stop":
                r = rng.random()
                if r < N.LOCK_BALANCED:
                    front, rear = 1.0, 1.0
                elif r < N.LOCK_FRONT_HEAVY:
                    front, rear = 1.0, N.LOCK_LIGHT_AXLE
                else:
                    front, rear = N.LOCK_LIGHT_AXLE, 1.0
        return SkidState(speed, kind, kind, enabled, front, rear)


KINDS = ("accel", "turn", "stop", "bump")  # skidmark kinds, in the note's overlay order
RL, RR, FL, FR = range(4)  # wheels: rear-left, rear-right, front-left, front-right


def mark_wheels(skid: SkidState, car, unit: float = 1.0) -> list[tuple[int, float, bool]]:
    """The marks this step lays: (wheel, alpha, delayed) per wheel (note 002's table, the source's alphas).

    stop: all four, the random lock bias per axle; accel (10-100 px/s): driven wheels, fading as speed
    rises, rear x driveBias and front x (1 - driveBias); turn: the outer rear solid at 0.5 x lock, the
    inner rear at 0.2 x lock, laid late (`delayed`); bump: all four at 0.5. None while `marking` is None.
    """
    kind = skid.marking
    if kind is None:
        return []
    if kind == "stop":
        return [(FL, skid.front_alpha, False), (FR, skid.front_alpha, False), (RL, skid.rear_alpha, False), (RR, skid.rear_alpha, False)]
    if kind == "bump":
        return [(w, N.BUMP_ALPHA, False) for w in (FL, FR, RL, RR)]
    if kind == "accel":
        fade = max(0.0, 1.0 - (car.speed_mps - N.ACCEL_MIN_SPEED_PX * unit) / ((N.ACCEL_MAX_SPEED_PX - N.ACCEL_MIN_SPEED_PX) * unit))
        rear, front = car.opts.drive_bias * fade, (1.0 - car.opts.drive_bias) * fade
        out = []
        if rear > 0:
            out += [(RL, rear, False), (RR, rear, False)]
        if front > 0:
            out += [(FL, front, False), (FR, front, False)]
        return out
    lock = min(abs(car.slip_angle) / N.TURN_FULL_SLIP_RAD, 1.0)
    outer, inner = (RR, RL) if car.slip_angle > 0 else (RL, RR)
    return [(outer, lock * N.TURN_OUTER_ALPHA, False), (inner, lock * N.TURN_INNER_ALPHA, True)]


def rear_offset(car) -> float:
    """How far the rear marks move sideways: sin(slip) x body width x 1.5 x slipScale / grip (note 002 source)."""
    return math.sin(car.slip_angle) * car.opts.height * N.MARK_FAN * (car.opts.slip_scale / max(car.grip, N.MARK_MIN_GRIP))
