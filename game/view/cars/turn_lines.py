"""The F3 world overlay of the player's car: the manual-car note's red Ackermann lines to the turning centre.

Note 000: "each front wheel gets the angle that points at the same turning center, and the red lines show it".
The lines hang under the car model (so they follow its pose) and are rebuilt only when the wheel moves.
"""

from __future__ import annotations

import math

from panda3d.core import LineSegs

from game.view.cars.ackermann import turning_centre_lines

RED = (1.0, 0.12, 0.08, 1.0)
LIFT_M = 0.06  # above the car's ground point
LINE_PX = 2.5
MAX_RADIUS_M = 60.0  # a centre farther out than this is not drawn (nearly straight)
CROSS_M = 0.35  # half-size of the cross on the turning centre


class TurnLines:
    """The red lines of one car model; `sync(steer, shown)` once a frame."""

    def __init__(self, car_model):
        self.car_model = car_model
        spec = car_model.spec
        self._geometry = (math.radians(spec.max_wheel_angle_deg), spec.wheelbase_m, spec.track_m)
        self._np = None
        self._steer: float | None = None
        self.lines = 0  # lines drawn now (for tests)

    def sync(self, steer: float, shown: bool) -> None:
        """Draw the lines for this wheel position while shown; nothing while hidden."""
        if not shown:
            self._clear()
            return
        if steer == self._steer and self._np is not None:
            return
        self._clear()
        self._steer = steer
        lines = turning_centre_lines(steer, *self._geometry, max_radius_m=MAX_RADIUS_M)
        self.lines = len(lines)
        if not lines:
            return
        ls = LineSegs("turn_lines")
        ls.setThickness(LINE_PX)
        ls.setColor(*RED)
        for (x0, z0), (x1, z1) in lines:
            ls.moveTo(x0, LIFT_M, z0)
            ls.drawTo(x1, LIFT_M, z1)
        cx, cz = lines[0][1]
        for dx, dz in ((CROSS_M, CROSS_M), (CROSS_M, -CROSS_M)):
            ls.moveTo(cx - dx, LIFT_M, cz - dz)
            ls.drawTo(cx + dx, LIFT_M, cz + dz)
        self._np = self.car_model.attachNewNode(ls.create())
        self._np.setLightOff(1)
        self._np.setDepthOffset(3)

    def _clear(self) -> None:
        if self._np is not None:
            self._np.removeNode()
            self._np = None
        self._steer = None
        self.lines = 0
