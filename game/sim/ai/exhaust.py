"""The AI cars' exhaust afterfire (note 002, docs/reference/002-ai-cars.md): a timer above 50 px/s, bursts of 1-3 pops of five frames each."""

from __future__ import annotations

from game.sim.ai import note as N
from game.sim.randomness import RandomSource


def update_exhaust(tel, speed: float, dt: float, rng: RandomSource) -> None:
    """One step of a car's afterfire (its FleetTelemetry), at the speed it had when the step began."""
    o = tel.opts
    if o.exhaust_position and abs(speed) > N.EXHAUST_MIN_SPEED_PX * tel.unit:
        tel.exhaust_timer_s -= dt
        if tel.exhaust_timer_s <= 0:
            tel.exhaust_frame = 0
            tel.exhaust_timer_s = o.exhaust_interval_s * (1 + rng.random())
            tel.exhaust_shape = roll_exhaust_shape(rng)
            roll = rng.random()
            tel.exhaust_pending = 2 if roll < N.EXHAUST_TRIPLE_CHANCE else 1 if roll < N.EXHAUST_DOUBLE_CHANCE else 0
    if tel.exhaust_frame >= 0:
        tel.exhaust_frame += 1
        if tel.exhaust_frame >= N.EXHAUST_FRAMES:
            if tel.exhaust_pending > 0:
                tel.exhaust_frame = 0
                tel.exhaust_shape = roll_exhaust_shape(rng)
                tel.exhaust_pending -= 1
            else:
                tel.exhaust_frame = -1


def roll_exhaust_shape(rng: RandomSource) -> tuple[float, ...]:
    """Five draws per pop (size, tip deflection, tip length, left bulge, right bulge), each base + r x range."""
    return tuple(base + rng.random() * span for base, span in N.EXHAUST_SHAPE_RANGES)
