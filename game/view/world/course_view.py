"""A judged course in the world: gates and outer zones painted on the ground, clip posts, and a marker over the next clip.

Three entities whatever the course: the paint, what stands, the marker. They are built once; when the next clip
changes (or a clip is judged) only the clips' vertex colours are rewritten, and per frame only the marker bobs.
"""

from __future__ import annotations

import math

import numpy as np

from game.sim.judges.course.result import CLIP, MISSED
from game.view.world.course_geometry import build_course, clip_colours, clip_states, marker_mesh, marker_point

MARKER_BOB_M = 0.18  # the next-clip marker rises and falls this much
MARKER_HZ = 0.8  # ... this many times a second, turning as it goes
STRIDE = 12  # floats per vertex in make_entity's buffer: p3f, n3f, c4f, t2f
COLOUR_AT = 6  # where the colour starts in a vertex


class CourseView:
    """The course drawn over a WorldView; `sync(live, events, dt)` once a frame with the judge's live score and events."""

    def __init__(self, world_view, course, variant: tuple = ()) -> None:
        from game.view.world.world_shaders import make_entity

        self.course = course
        self.world_view = world_view
        self.world = world = world_view.world
        parts = build_course(world, course)
        self._meshes = {}
        self.entities = []
        for name, (arrays, tags) in parts.items():
            ground = name == "ground"
            e = make_entity(arrays, "object", f"course_{name}", variant, see_through=ground)
            world_view.dress(e, cast=not ground)
            if ground:  # painted on: drawn over the terrain it lies on, after the opaque world
                e.setDepthOffset(2)
                e.setDepthWrite(False)
                e.setBin("transparent", 1)
            self._meshes[name] = (e, np.array(arrays[2], float), tags)
            self.entities.append(e)
        self.marker = make_entity(marker_mesh(), "object", "course_marker", variant)
        world_view.dress(self.marker, cast=False)
        self.marker.setLightOff(1)
        self.entities.append(self.marker)
        self._marker_at = None
        self._t = 0.0
        self.judged: dict[int, bool] = {}  # clip index -> scored (True) or missed (False)
        self.next_clip: int | None = 0 if course.clips else None
        self.states: list[str] = []
        self._index = {c.id: i for i, c in enumerate(course.clips)}
        self._paint()

    @property
    def inner_posts(self) -> int:
        """How many clip posts stand (one per inner clip)."""
        return sum(1 for c in self.course.clips if c.kind == "inner")

    def reset(self) -> None:
        """A new run on the same course: every clip to come again."""
        self.judged = {}
        self.next_clip = 0 if self.course.clips else None
        self._paint()

    def sync(self, live, events=(), dt: float = 0.0) -> None:
        """Follow the judge: judged clips turn green or red, the next one lights up; the marker bobs over it."""
        changed = False
        for e in events:
            i = self._index.get(e.ref)
            if i is None:
                continue
            if e.kind == CLIP and i not in self.judged:
                self.judged[i] = e.points > 0.0
                changed = True
            elif e.kind == MISSED:
                self.judged[i] = False
                changed = True
        nxt = None if live is None else live.next_clip
        if nxt != self.next_clip:
            self.next_clip = nxt
            changed = True
        if changed:
            self._paint()
        self._t += dt
        if self._marker_at is not None:
            x, y, z = self._marker_at
            self.marker.setPos(x, y + MARKER_BOB_M * math.sin(self._t * 2 * math.pi * MARKER_HZ), z)
            self.marker.setH(self._t * 90.0)

    def _paint(self) -> None:
        """Rewrite the clips' vertex colours for their states (only when a state changed)."""
        self.states = clip_states(len(self.course.clips), self.next_clip, self.judged)
        for e, base, tags in self._meshes.values():
            cols = clip_colours(base, tags, self.states)
            _write_colours(e, cols)
        nxt = self.next_clip
        if nxt is None or nxt >= len(self.course.clips):
            self._marker_at = None
            self.marker.enabled = False
        else:
            self._marker_at = marker_point(self.world, self.course.clips[nxt])
            self.marker.enabled = True
            self.marker.setPos(*self._marker_at)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the whole course."""
        for e in self.entities:
            e.enabled = bool(visible) and (e is not self.marker or self._marker_at is not None)

    def destroy(self) -> None:
        """Remove the course's entities."""
        from ursina import destroy

        for e in self.entities:
            destroy(e)
        self.entities = []
        cache = getattr(self.world_view, "shadow_cache", None)
        if cache is not None:  # a cached sun map must not keep the posts' shadows on the menus' backdrop
            cache.invalidate()


def _write_colours(entity, cols: np.ndarray) -> None:
    """Put new per-vertex colours into an entity's vertex buffer (positions, normals and uvs stay)."""
    vdata = entity.model.geomNode.modify_geom(0).modify_vertex_data()
    arr = vdata.modify_array(0)
    view = np.frombuffer(memoryview(arr), dtype=np.float32).reshape(-1, STRIDE)
    view[:, COLOUR_AT : COLOUR_AT + 4] = cols
