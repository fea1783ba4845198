"""The driver's inputs for one sim step: the only thing the sim knows of devices."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Controls:
    """Pedals in 0..1, steer in -1..1 (+1 turns right), handbrake on/off."""

    throttle: float = 0.0
    brake: float = 0.0
    steer: float = 0.0
    handbrake: bool = False

    def clamped(self) -> "Controls":
        """The same controls with every axis forced into its range (NaN counts as 0)."""
        return Controls(
            throttle=_clamp01(self.throttle),
            brake=_clamp01(self.brake),
            steer=_clamp(self.steer, -1.0, 1.0),
            handbrake=bool(self.handbrake),
        )


NEUTRAL = Controls()


def _clamp(v: float, lo: float, hi: float) -> float:
    if v != v:  # NaN
        return 0.0
    return lo if v < lo else hi if v > hi else float(v)


def _clamp01(v: float) -> float:
    return _clamp(v, 0.0, 1.0)
