"""The minimap: a north-up window of the map from above round the player, with the cars, drift zones and a target bay."""

from __future__ import annotations

from ursina import Entity, Mesh, Texture, camera, color, destroy, window

from game.sim.mathx import clamp
from game.view.hud.style import PANEL, panel
from game.view.world.map_image import map_image_for

SIZE = 0.3  # side of the map window (UI units)
MARGIN = 0.02  # from the screen's corner
VIEW_M = 150.0  # metres across the window (the whole map when it is smaller)
IMAGE_PX = 1024  # resolution of the map picture behind it
_UNSET = object()  # no value given yet
PLAYER = color.hex("#ff7a1a")
GHOST = color.rgba(1, 1, 1, 0.6)
TARGET = color.hex("#4de3ff")


def _arrow() -> Mesh:
    """A dart pointing up (+y), 1 unit long."""
    return Mesh(vertices=[(0, 0.55, 0), (-0.38, -0.45, 0), (0, -0.22, 0), (0.38, -0.45, 0)], triangles=[(0, 2, 1), (0, 3, 2)])


def _enable(e: Entity, on: bool) -> None:
    """Show or hide an entity, touching it only when that changes (ursina's setter stashes and unstashes every time)."""
    if e.enabled != on:
        e.enabled = on


class Minimap(Entity):
    """Top-right corner of the HUD; `update_view(...)` once a frame with where things are."""

    def __init__(self, world, surfaces, parent=None):
        super().__init__(parent=parent or camera.ui, name="minimap")
        aspect = window.aspect_ratio or 16 / 9
        self.position = (0.5 * aspect - MARGIN - SIZE / 2, 0.5 - MARGIN - SIZE / 2)
        self.image = map_image_for(world.track, surfaces, IMAGE_PX)
        w_m, d_m = world.track.size_m
        self.view_m = min(VIEW_M, max(w_m, d_m))
        self.size_m = (w_m, d_m)
        panel(self, SIZE + 0.016, SIZE + 0.016, (0, 0), col=PANEL, radius=0.05)
        self.map = Entity(parent=self, model="quad", scale=(SIZE, SIZE), z=-0.01, texture=Texture(self.image.image))
        self.map.texture_scale = (self.view_m / w_m, self.view_m / d_m)
        self.target = Entity(parent=self, model=Mesh(vertices=[(0, 0, 0)] * 5, mode="line", thickness=3), color=TARGET, z=-0.02)
        self.target.enabled = False
        self.ghost = Entity(parent=self, model=_arrow(), scale=0.022, color=GHOST, z=-0.03, double_sided=True)
        self.ghost.enabled = False
        self.others: list[Entity] = []
        self.player = Entity(parent=self, model=_arrow(), scale=0.03, color=PLAYER, z=-0.04, double_sided=True)
        self.center = (0.0, 0.0)
        self._last: dict = {}  # (id(entity), what) -> the value last given, so unchanged ones are not set again

    def _to_ui(self, x: float, z: float) -> tuple[float, float]:
        """UI position inside the window of a world point (may fall outside it)."""
        cx, cz = self.center
        k = SIZE / self.view_m
        return (x - cx) * k, (z - cz) * k

    def _inside(self, u: float, v: float) -> bool:
        return abs(u) <= SIZE / 2 and abs(v) <= SIZE / 2

    def update_view(self, x: float, z: float, heading_deg: float, ghost=None, others=(), target=None) -> None:
        """Centre on the player (kept inside the map); ghost/others are (x, z, heading_deg); target is a ring of (x, z)."""
        half = self.view_m / 2
        w, d = self.size_m
        cx = clamp(x, -w / 2 + half, w / 2 - half)
        cz = clamp(z, -d / 2 + half, d / 2 - half)
        self.center = (cx, cz)
        self._set(self.map, "texture_offset", ((cx - half + w / 2) / w, (cz - half + d / 2) / d))
        self._place(self.player, x, z, heading_deg)
        _enable(self.ghost, ghost is not None and self._place(self.ghost, *ghost))
        while len(self.others) < len(others):
            self.others.append(Entity(parent=self, model=_arrow(), scale=0.024, z=-0.035, double_sided=True))
        for i, e in enumerate(self.others):
            if i < len(others):
                ox, oz, oh, col = others[i]
                self._set(e, "color", col)
                _enable(e, self._place(e, ox, oz, oh))
            else:
                _enable(e, False)
        _enable(self.target, target is not None)
        if target is not None:
            pts = [self._to_ui(px, pz) for px, pz in target]
            pts = [(clamp(u, -SIZE / 2, SIZE / 2), clamp(v, -SIZE / 2, SIZE / 2), 0) for u, v in pts]
            self.target.model.vertices = pts + pts[:1]
            self.target.model.generate()

    def _set(self, e: Entity, what: str, value) -> None:
        """Give an entity's property a value, unless it already has it from the last frame (ursina setters cost)."""
        key = (id(e), what)
        if self._last.get(key, _UNSET) != value:
            setattr(e, what, value)
            self._last[key] = value

    def _place(self, e: Entity, x: float, z: float, heading_deg: float) -> bool:
        u, v = self._to_ui(x, z)
        key = (id(e), "pose")
        if self._last.get(key) != (u, v, heading_deg):
            e.setPos(u, v, e.getZ())  # what ursina's position and rotation_z setters do, without their Vec3 round trips
            e.setR(heading_deg * Entity.rotation_directions[2])  # the arrows are never turned about x or y
            self._last[key] = (u, v, heading_deg)
        return self._inside(u, v)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the whole minimap (Settings)."""
        self.enabled = bool(visible)

    def destroy(self) -> None:
        """Remove the minimap and everything on it."""
        destroy(self)
