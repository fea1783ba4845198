"""How hard each tyre slides, read from a CarState: pure, no ursina, for effects and audio."""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.car import CarState

RL, RR, FL, FR = 0, 1, 2, 3  # wheel order everywhere in the view: rear-left, rear-right, front-left, front-right


@dataclass(frozen=True, slots=True)
class SlipTuning:
    """Visual thresholds (view only, no physics): when marks and smoke start and saturate."""

    side_start_mps: float = 1.6  # |lateral| below this leaves no slide
    side_full_mps: float = 9.0  # |lateral| at which a slide is at full strength
    front_share: float = 0.7  # front tyres slide this fraction of the rears in a slide (oversteer)
    lock_speed_mps: float = 4.0  # a locked wheel slides fully from this speed up
    lock_min_speed_mps: float = 0.8  # below this a locked wheel leaves nothing
    brake_lock_from: float = 0.8  # brake pedal above this locks all four
    brake_lock_share: float = 0.8  # strength of a full-brake lock
    spin_from: float = 0.75  # throttle above this spins the rears at launch
    spin_until_mps: float = 9.0  # wheelspin fades out by this forward speed
    spin_share: float = 0.9  # strength of a full-throttle launch at standstill


DEFAULT = SlipTuning()


def _ramp(v: float, lo: float, hi: float) -> float:
    """0 at lo, 1 at hi, smoothstep between (monotonic)."""
    if v <= lo:
        return 0.0
    if v >= hi:
        return 1.0
    u = (v - lo) / (hi - lo)
    return u * u * (3.0 - 2.0 * u)


def wheel_slip(state: CarState, throttle: float = 0.0, brake: float = 0.0,
               tuning: SlipTuning = DEFAULT) -> tuple[float, float, float, float]:
    """Slide strength 0..1 of (rear-left, rear-right, front-left, front-right); pedals are optional extras."""
    if state.airborne:
        return (0.0, 0.0, 0.0, 0.0)
    t = tuning
    side = _ramp(abs(state.lateral), t.side_start_mps, t.side_full_mps)
    rear = side
    front = side * t.front_share
    speed = state.speed
    moving = _ramp(speed, t.lock_min_speed_mps, t.lock_speed_mps)
    if state.handbrake > 0.0:  # the handbrake locks the rears
        rear = max(rear, state.handbrake * moving)
    if brake > t.brake_lock_from:  # a stamp on the brakes locks all four
        lock = (brake - t.brake_lock_from) / (1.0 - t.brake_lock_from) * t.brake_lock_share * moving
        rear, front = max(rear, lock), max(front, lock)
    if throttle > t.spin_from and state.forward > -0.5:  # launch wheelspin on the (rear) driven wheels
        fwd = max(state.forward, 0.0)
        spin = (throttle - t.spin_from) / (1.0 - t.spin_from) * (1.0 - _ramp(fwd, 0.0, t.spin_until_mps))
        rear = max(rear, spin * t.spin_share)
    rear = min(rear, 1.0)
    front = min(front, 1.0)
    # the outside rear (away from the turn the slide points to) works hardest; a slight bias reads well
    bias = 0.12 * side
    if state.lateral > 0.0:  # sliding to the right: the car's left side leads, right rear is outside
        rl, rr = rear * (1.0 - bias), rear
    else:
        rl, rr = rear, rear * (1.0 - bias)
    return (rl, rr, front, front)


def slip_amount(state: CarState, throttle: float = 0.0, brake: float = 0.0) -> float:
    """One number 0..1 for how loud the tyres should be: the hardest-sliding wheel."""
    return max(wheel_slip(state, throttle, brake))
