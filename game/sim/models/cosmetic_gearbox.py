"""The arcade model's cosmetic gearbox: a gear and an engine rpm read off the speed, for the HUD and sound.

The arcade car has no engine; its speed is set directly. So that the tachometer and the engine
note still behave like a car's, this picks a gear from the fraction of top speed (with a
downshift margin so it does not flap) and an rpm that rises through each gear, is held up by
the clutch in first at full throttle, and spins up in the air. It never feeds back into the
motion. It was the view's "virtual gearbox" before; it lives in the sim so every reader sees the
same gear and rpm (the sim model has a real one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.mathx import clamp


@dataclass(frozen=True, slots=True)
class GearboxLook:
    """Shape of the cosmetic gearbox; speeds as fractions of top speed, rates in 1/s."""

    gear_tops: tuple[float, ...] = (0.16, 0.30, 0.45, 0.61, 0.79, 1.0)  # speed where each gear shifts up
    downshift_margin: float = 0.04  # shift down this far below the lower gear's shift point (hysteresis)
    idle_rpm: float = 900.0
    shift_rpm: float = 7000.0  # rpm at each gear's shift point
    redline_rpm: float = 7500.0
    launch_rpm: float = 3400.0  # first gear at full throttle from rest: the clutch holds the engine here
    airborne_rev_rpm: float = 1300.0  # wheels unloaded: the engine spins up by up to this much
    rpm_rate: float = 12.0  # how fast the rpm follows its target (1/s)

    @property
    def gear_count(self) -> int:
        """Number of forward gears."""
        return len(self.gear_tops)


LOOK = GearboxLook()


def shift_gear(gear: int, speed_mps: float, top_speed_mps: float, look: GearboxLook = LOOK) -> int:
    """Gear (1-based) after up/down shifts for this speed; downshifts wait for a margin (hysteresis)."""
    top = max(top_speed_mps, 1e-3)
    frac = abs(speed_mps) / top
    gear = int(clamp(gear, 1, look.gear_count))
    while gear < look.gear_count and frac > look.gear_tops[gear - 1]:
        gear += 1
    while gear > 1 and frac < look.gear_tops[gear - 2] - look.downshift_margin:
        gear -= 1
    return gear


def target_rpm(gear: int, speed_mps: float, top_speed_mps: float, throttle: float, airborne: bool,
               look: GearboxLook = LOOK) -> float:
    """Engine rpm the car would have in this gear: rises with speed, clutch-held in first, free when airborne."""
    top = max(top_speed_mps, 1e-3)
    throttle = clamp(throttle, 0.0, 1.0)
    rpm = look.shift_rpm * abs(speed_mps) / (look.gear_tops[gear - 1] * top)
    if gear == 1:
        rpm = max(rpm, look.idle_rpm + throttle * (look.launch_rpm - look.idle_rpm))
    if airborne:
        rpm += look.airborne_rev_rpm * (0.3 + 0.7 * throttle)
    return clamp(rpm, look.idle_rpm, look.redline_rpm)


def advance(gear: int | None, rpm: float | None, speed_mps: float, top_speed_mps: float, throttle: float,
            airborne: bool, dt: float, look: GearboxLook = LOOK) -> tuple[int, float]:
    """The (gear, rpm) after dt seconds: shift for the speed, then ease the rpm toward its target."""
    gear = shift_gear(gear or 1, speed_mps, top_speed_mps, look)
    goal = target_rpm(gear, speed_mps, top_speed_mps, throttle, airborne, look)
    rpm = look.idle_rpm if rpm is None else rpm
    return gear, rpm + (goal - rpm) * (1.0 - math.exp(-look.rpm_rate * dt))
