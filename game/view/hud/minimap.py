"""The minimap: a north-up window of the map from above round the player, with the cars, drift zones and a target bay."""

from __future__ import annotations

from panda3d.core import LVecBase2f, PTA_LVecBase2f, TextureStage
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
CLIP_COLOURS = {"pending": color.hex("#ff8a2a"), "next": color.hex("#ffe23a"), "hit": color.hex("#5fcf62"), "missed": color.hex("#ff4a3e")}
CLIP_DOT = 0.011  # an inner clip's dot (UI units); the next one is drawn NEXT_GROW times bigger
NEXT_GROW = 1.8


def _arrow() -> Mesh:
    """A dart pointing up (+y), 1 unit long."""
    return Mesh(vertices=[(0, 0.55, 0), (-0.38, -0.45, 0), (0, -0.22, 0), (0.38, -0.45, 0)], triangles=[(0, 2, 1), (0, 3, 2)])


def _enable(e: Entity, on: bool) -> None:
    """Show or hide an entity, touching it only when that changes (ursina's setter stashes and unstashes every time)."""
    if e.enabled != on:
        e.enabled = on


def _box(points) -> tuple[float, float, float, float]:
    """(min x, max x, min z, max z) of world points (x, z)."""
    xs, zs = [p[0] for p in points], [p[1] for p in points]
    return min(xs), max(xs), min(zs), max(zs)


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
        self._offset_in = PTA_LVecBase2f.empty_array(1)  # a shader's view of the offset, bound once, rewritten in place
        self.map.set_shader_input("texture_offset", self._offset_in)
        self.target = Entity(parent=self, model=Mesh(vertices=[(0, 0, 0)] * 5, mode="line", thickness=3), color=TARGET, z=-0.02)
        self.target.enabled = False
        self.ghost = Entity(parent=self, model=_arrow(), scale=0.022, color=GHOST, z=-0.03, double_sided=True)
        self.ghost.enabled = False
        self.others: list[Entity] = []
        self.player = Entity(parent=self, model=_arrow(), scale=0.03, color=PLAYER, z=-0.04, double_sided=True)
        self.center = (0.0, 0.0)
        self.course_layer = None  # Qualifying: the course's line and clips, moved with the map
        self.clip_marks: list[Entity] = []
        self._clip_states: list[str] = []
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
        self._scroll((cx - half + w / 2) / w, (cz - half + d / 2) / d)
        self._place(self.player, x, z, heading_deg)
        if self.course_layer is not None:
            self._place_course()
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

    def set_course(self, course) -> None:
        """Draw a judged course: inner clips as dots, outer zones as short lines, its gates as bars (each hidden while it is
        not wholly inside the window)."""
        if self.course_layer is not None:
            destroy(self.course_layer)
        k = SIZE / self.view_m
        layer = self.course_layer = Entity(parent=self, z=-0.015, name="minimap_course")
        ui = lambda p: (p[0] * k, p[1] * k, 0)  # noqa: E731  (the layer is moved so the map's centre is at 0)
        self.clip_marks, self._course_marks, self._dots = [], [], []
        for gate, col in ((course.start, color.white), (course.initiation, color.hex("#ffd21a")), (course.finish, color.hex("#ff4a3e"))):
            bar = Entity(parent=layer, model=Mesh(vertices=[ui(gate.a), ui(gate.b)], mode="line", thickness=3), color=col)
            self._course_marks.append((bar, _box((gate.a, gate.b))))
        for clip in course.clips:
            if clip.kind == "inner":
                mark = Entity(parent=layer, model="circle", scale=CLIP_DOT, position=ui(clip.points[0]), z=-0.002)
            else:
                mark = Entity(parent=layer, model=Mesh(vertices=[ui(p) for p in clip.points], mode="line", thickness=4), z=-0.001)
            self._dots.append(clip.kind == "inner")
            self._course_marks.append((mark, _box(clip.points)))
            self.clip_marks.append(mark)
        self._clip_states = []
        self.set_course_state(["pending"] * len(course.clips))

    def set_course_state(self, states) -> None:
        """Colour the clips by state (pending, next, hit, missed); the next one is bigger."""
        states = list(states)
        if states == self._clip_states or len(states) != len(self.clip_marks):
            return
        self._clip_states = states
        for mark, st, clip_is_dot in zip(self.clip_marks, states, self._dots):
            mark.color = CLIP_COLOURS.get(st, color.white)
            if clip_is_dot:
                mark.scale = CLIP_DOT * (NEXT_GROW if st == "next" else 1.0)

    def _place_course(self) -> None:
        """Move the course with the map; marks that fall outside the window are hidden."""
        cx, cz = self.center
        k = SIZE / self.view_m
        if self._last.get("course_at") == (cx, cz):
            return
        self._last["course_at"] = (cx, cz)
        self.course_layer.setPos(-cx * k, -cz * k, self.course_layer.getZ())
        half = self.view_m / 2
        for mark, (x0, x1, z0, z1) in self._course_marks:  # wholly inside: its bounding box is
            _enable(mark, x0 >= cx - half and x1 <= cx + half and z0 >= cz - half and z1 <= cz + half)

    def _scroll(self, u: float, v: float) -> None:
        """Show the map picture from (u, v): what ursina's texture_offset setter does, less its re-setting of the
        texture every time (the costliest part, and nothing changes by it)."""
        if self._last.get("scroll") != (u, v):
            self._last["scroll"] = (u, v)
            self.map.model.setTexOffset(TextureStage.getDefault(), u, v)
            self._offset_in[0] = LVecBase2f(u, v)

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
