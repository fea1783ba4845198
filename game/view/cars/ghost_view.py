"""A ghost car: a translucent, pale-blue copy of a car that replays a recorded run beside the player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from panda3d.core import ColorWriteAttrib, DepthTestAttrib, NodePath, TransparencyAttrib
from ursina import color, scene

from game.view.cars.car_model import SHADOW_CAMERA_MASK, CarModel
from game.view.drive.interp import lerp_state

if TYPE_CHECKING:
    from game.sim.session import Session, SessionCar

GHOST_ALPHA = 0.36  # opacity of the ghost's nearest surface
GHOST_TINT = (0.62, 0.8, 1.0)  # the paint is blended toward this pale blue ...
GHOST_TINT_MIX = 0.55  # ... by this much, so the car's own colour still shows through
GHOST_GLOW = (1.0, 1.2, 1.6)  # colour scale over the whole car: brighter and bluer than a real one
FADE_S = 0.5  # the ghost fades out over this long when its run is over
BIN_ORDER = 20  # drawn in the 'fixed' bin, after the opaque world: depth-only pre-pass, then the colour pass


def ghost_paint(paint_hex: str) -> str:
    """The paint blended toward the ghost tint (hex)."""
    c = color.hex(paint_hex)
    mixed = [c[i] * (1.0 - GHOST_TINT_MIX) + GHOST_TINT[i] * GHOST_TINT_MIX for i in range(3)]
    return "#" + "".join(f"{int(round(max(0.0, min(1.0, v)) * 255)):02x}" for v in mixed)


class GhostView:
    """Draws the session's ghost car (stepped by the sim, game/sim/run/playback.py add_ghost) like the player's; fades when its run ends."""

    def __init__(self, session: Session, car: SessionCar, opacity: float = GHOST_ALPHA) -> None:
        self.session = session
        self.car = car
        spec, paint = car.spec, car.paint
        self.opacity = opacity
        # colour pass: only the nearest surface survives the pre-pass's depth, so no inner faces show through
        self.root = NodePath("ghost")
        self.root.reparentTo(scene)
        self.model = CarModel(spec, ghost_paint(paint or spec.color), shadow=False, finish=car.finish, stance=car.stance)
        self.model.reparentTo(self.root)
        self.root.setTransparency(TransparencyAttrib.M_alpha, 1)
        self.root.setDepthWrite(False, 1)
        self.root.setAttrib(DepthTestAttrib.make(DepthTestAttrib.M_less_equal), 1)
        self.root.setBin("fixed", BIN_ORDER + 1, 1)
        self.root.setColorScale(*GHOST_GLOW, opacity, 1)
        self.root.setTwoSided(False, 1)
        self.root.hide(SHADOW_CAMERA_MASK)  # a ghost casts no sun shadow (and must not freeze into a cached map)
        # depth pre-pass: the same car (an instance of the same node) writing depth only
        self.depth = NodePath("ghost_depth")
        self.depth.reparentTo(scene)
        self.model.instanceTo(self.depth)
        self.depth.setAttrib(ColorWriteAttrib.make(ColorWriteAttrib.C_off), 1)
        self.depth.setDepthWrite(True, 1)
        self.depth.setBin("fixed", BIN_ORDER, 1)
        self.depth.hide(SHADOW_CAMERA_MASK)
        self.visible = True
        self._fade = 1.0

    @property
    def state(self):
        """The ghost car's sim state now."""
        return self.car.state

    def sync(self, alpha: float, dt: float) -> None:
        """Pose the ghost between its last two steps (alpha 0..1); fade it out once its recording is over."""
        g = self.car
        if g.controller.done(self.session):
            self._fade = max(0.0, self._fade - dt / FADE_S) if dt > 0.0 else 0.0
            if self._fade <= 0.0:
                self._set_visible(False)
                return
            self.root.setColorScale(*GHOST_GLOW, self.opacity * self._fade, 1)
        elif self._fade < 1.0:
            self._fade = 1.0
            self.root.setColorScale(*GHOST_GLOW, self.opacity, 1)
        self._set_visible(True)
        self.model.update(lerp_state(g.prev, g.state, alpha), dt)

    def _set_visible(self, on: bool) -> None:
        if on != self.visible:
            self.visible = on
            for np_ in (self.root, self.depth):
                np_.show() if on else np_.hide()

    def destroy(self) -> None:
        """Remove the ghost from the scene."""
        self.model.destroy()
        self.root.removeNode()
        self.depth.removeNode()
