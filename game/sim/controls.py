"""The driver's inputs for one sim step: the only thing the sim knows of devices."""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.mathx import clamp

REVERSE, NEUTRAL_GEAR = -1, 0
MAX_GEAR = 8  # the most forward gears a car may have (data/cars.schema.json: gearing.ratios)


@dataclass(frozen=True, slots=True)
class Controls:
    """Pedals in 0..1, steer in -1..1 (+1 turns right), handbrake on/off, clutch pedal and a gear request.

    `clutch` is the pedal, 0 = released (engaged), 1 = fully pressed. `gear` is a request: None keeps
    the selected gear, -1 asks for reverse, 0 for neutral, 1..N for a forward gear. A model with a
    gearbox takes a request only while the clutch is pressed (by foot, or by its automatic clutch)
    and ignores gears the car does not have; the arcade model ignores both.
    """

    throttle: float = 0.0
    brake: float = 0.0
    steer: float = 0.0
    handbrake: bool = False
    clutch: float = 0.0
    gear: int | None = None

    def clamped(self) -> Controls:
        """The same controls with every axis forced into its range (NaN counts as 0; a bad gear as no request)."""
        g = self.gear
        if not isinstance(g, int) or isinstance(g, bool) or g < REVERSE:
            g = None
        return Controls(
            throttle=_clamp01(self.throttle),
            brake=_clamp01(self.brake),
            steer=_clamp(self.steer, -1.0, 1.0),
            handbrake=bool(self.handbrake),
            clutch=_clamp01(self.clutch),
            gear=g,
        )


NEUTRAL = Controls()


def _clamp(v: float, lo: float, hi: float) -> float:
    """v limited to [lo, hi] as a float; a NaN reads as 0."""
    return 0.0 if v != v else float(clamp(v, lo, hi))


def _clamp01(v: float) -> float:
    return _clamp(v, 0.0, 1.0)
