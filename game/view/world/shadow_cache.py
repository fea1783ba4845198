"""When the sun's shadow map must be drawn again: pure bookkeeping, so it can be tested without a renderer.

The map is a picture of the shadow casters seen from the sun, inside a square box that follows the car.
Drawing it costs a whole extra render pass, so it is redrawn only when that picture would change:
- the box moved to another cell of its snapping grid (texel-sized steps, or coarser ones for a cached map),
- a caster drawn into it moved (cars, under the 'live' policy; the 'cached' policy keeps cars out of it),
- something else asked for it (shadows switched on, the world rebuilt): invalidate().
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

POLICIES = ("cached", "live")


def snap_step(texel_m: float, step_m: float) -> float:
    """The box's snapping step: a whole number of texels, at least one, closest to step_m."""
    if texel_m <= 0:
        raise ValueError(f"texel size must be > 0, got {texel_m}")
    return texel_m * max(1, round(step_m / texel_m))


def box_cell(point: Sequence[float], axes: Sequence[Sequence[float]], step_m: float) -> tuple[int, ...]:
    """The grid cell of a world point along the sun's right and up axes (unit vectors), in steps of step_m."""
    return tuple(int(math.floor(sum(p * a for p, a in zip(point, ax)) / step_m + 0.5)) for ax in axes)


class ShadowCache:
    """Decides, frame by frame, whether the shadow map needs drawing; remembers what the last drawing showed."""

    def __init__(self, policy: str = "live") -> None:
        if policy not in POLICIES:
            raise ValueError(f"shadow policy must be one of {', '.join(POLICIES)}, got {policy!r}")
        self.policy = policy
        self._box: Hashable = None
        self._casters: tuple = ()
        self._dirty = True
        self.redraws = 0  # how many times a redraw was asked for (the benchmark reports it)
        self.frames = 0

    def invalidate(self) -> None:
        """Draw the map on the next frame whatever moved (shadows turned on, casters added or removed)."""
        self._dirty = True

    def box_moved(self, box: Hashable) -> bool:
        """True when the box's cell differs from the one last drawn (the caller moves the light only then)."""
        return box != self._box

    def frame(self, box: Hashable, casters: Sequence[Hashable] = ()) -> bool:
        """This frame's verdict: True if the map must be drawn for this box and these caster poses."""
        self.frames += 1
        casters = tuple(casters) if self.policy == "live" else ()
        redraw = self._dirty or box != self._box or casters != self._casters
        if redraw:
            self._box, self._casters, self._dirty = box, casters, False
            self.redraws += 1
        return redraw
