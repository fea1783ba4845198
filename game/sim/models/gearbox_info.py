"""What a handling model's gearbox looks like from the driver's seat: gears, idle, redline, ratios.

The HUD tachometer draws its redline from it, and the gearbox assists (game/sim/gearbox_assist.py)
pick shift points from it (where the model knows its torque curve, the rpm past which each next gear pulls
harder). `takes_requests` says whether the model acts on `Controls.clutch` and
`Controls.gear` (the simulation model) or only shows a gear and rpm of its own (the arcade
model's cosmetic gearbox): the assists leave a car alone where it is False.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GearboxInfo:
    """A model's gearbox for one car; rpm in rev/min, ratios engine turns per wheel turn."""

    forward_gears: int
    idle_rpm: float
    redline_rpm: float
    takes_requests: bool  # the model shifts on Controls.gear and works the clutch from Controls.clutch
    ratios: tuple[float, ...] = ()  # total ratio (gear x final drive) of each forward gear; () if unknown
    has_reverse: bool = True
    wheel_radius_m: float = 0.0  # driven wheels' radius; 0 if unknown
    upshift_rpm: tuple[float, ...] = ()  # per forward gear but the top: the rpm past which the next gear pulls harder

    def ratio(self, gear: int) -> float | None:
        """Total ratio of a forward gear, None where unknown."""
        return self.ratios[gear - 1] if 1 <= gear <= len(self.ratios) else None

    def best_upshift_rpm(self, gear: int) -> float | None:
        """Where shifting up from this gear gives more drive at full throttle (None where unknown)."""
        return self.upshift_rpm[gear - 1] if 1 <= gear <= len(self.upshift_rpm) else None

    def road_rpm(self, gear: int, speed_mps: float) -> float | None:
        """The rpm this road speed gives in a forward gear with the wheels gripping (None where unknown):
        wheel turns x total ratio, the same chain as the drivetrain rpm of the manual-car note."""
        ratio = self.ratio(gear)
        if ratio is None or self.wheel_radius_m <= 0.0:
            return None
        return abs(speed_mps) / self.wheel_radius_m * ratio * 60.0 / (2.0 * math.pi)
