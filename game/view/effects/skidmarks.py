"""Tyre marks as one preallocated ring-buffer mesh: constant per-frame cost however many are laid."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
from panda3d.core import (
    CullFaceAttrib,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexArrayFormat,
    GeomVertexData,
    GeomVertexFormat,
    InternalName,
    LVecBase2f,
    LVecBase4f,
    OmniBoundingVolume,
    PTA_LVecBase2f,
    PTA_LVecBase4f,
    Shader,
    TransparencyAttrib,
)
from ursina import Entity, time

from game.sim.mathx import clamp01

_QUAD = np.array([0, 1, 2, 2, 1, 3], dtype=np.uint32)  # two triangles over vertices l0, r0, l1, r1
_ROW = 10  # floats a vertex: position 3, colour 4, birth time, ring slot, kind

_VERT = """#version 140
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform vec4 fade;  // now (s), fade time (s), alpha floor, tail (segments)
uniform vec2 ring;  // head slot, slot count
uniform vec2 ai_look;  // alpha multiplier of AI marks (kind > 0: the note's skidOpacity), debug (1: kind colours, raw alpha)
uniform vec3 kind_rgb1;  // the debug colour of each AI kind
uniform vec3 kind_rgb2;
uniform vec3 kind_rgb3;
uniform vec3 kind_rgb4;
in vec4 p3d_Vertex;
in vec4 p3d_Color;
in vec3 p3d_MultiTexCoord0;  // birth time (s), ring slot, kind (0: the player's tyres)
out vec4 v_color;
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    float age = fade.x - p3d_MultiTexCoord0.x;
    float k = mix(1.0, fade.z, clamp(age / fade.y, 0.0, 1.0));
    float ahead = mod(p3d_MultiTexCoord0.y - ring.x + ring.y, ring.y);  // 0: overwritten next
    k *= clamp(ahead / fade.w, 0.0, 1.0);
    int kind = int(p3d_MultiTexCoord0.z + 0.5);
    vec3 rgb = p3d_Color.rgb;
    if (kind > 0) {
        if (ai_look.y > 0.5) {
            rgb = kind == 1 ? kind_rgb1 : kind == 2 ? kind_rgb2 : kind == 3 ? kind_rgb3 : kind_rgb4;
        } else {
            k *= ai_look.x;
        }
    }
    v_color = vec4(rgb, p3d_Color.a * k);
}
"""
_FRAG = """#version 140
in vec4 v_color;
uniform vec4 p3d_ColorScale;
out vec4 p3d_FragColor;
void main() { p3d_FragColor = v_color * p3d_ColorScale; }
"""


def quad_mesh(name: str, columns: Sequence[tuple[str, int]], quads: int) -> tuple[GeomNode, GeomVertexData]:
    """A GeomNode of `quads` quads over one float32 interleaved array (4 rows a quad), always drawn."""
    fmt = GeomVertexArrayFormat()
    kinds = {"vertex": Geom.C_point, "color": Geom.C_color, "texcoord": Geom.C_texcoord}
    for col, width in columns:
        fmt.add_column(InternalName.make(col), width, Geom.NT_float32, kinds.get(col, Geom.C_other))
    vdata = GeomVertexData(name, GeomVertexFormat.register_format(GeomVertexFormat(fmt)), Geom.UH_dynamic)
    vdata.unclean_set_num_rows(4 * quads)
    rows_view(vdata)[:] = 0.0
    prim = GeomTriangles(Geom.UH_static)
    prim.set_index_type(Geom.NT_uint32 if 4 * quads > 65535 else Geom.NT_uint16)
    idx = (np.arange(quads, dtype=np.uint32)[:, None] * 4 + _QUAD).ravel()
    arr = prim.modify_vertices()
    arr.unclean_set_num_rows(idx.size)
    np.frombuffer(memoryview(arr), dtype=np.uint32 if 4 * quads > 65535 else np.uint16)[:] = idx
    geom = Geom(vdata)
    geom.add_primitive(prim)
    geom.set_bounds(OmniBoundingVolume())  # never recompute bounds over the whole buffer
    node = GeomNode(name)
    node.add_geom(geom)
    node.set_bounds(OmniBoundingVolume())
    node.set_final(True)
    return node, vdata


def rows_view(vdata: GeomVertexData) -> np.ndarray:
    """A writable (rows, floats-per-row) float32 view of array 0; marks it modified for the next upload."""
    arr = vdata.modify_array(0)
    width = arr.array_format.stride // 4
    return np.frombuffer(memoryview(arr), dtype=np.float32).reshape(-1, width)


def blended(nodepath, bin_sort: int) -> None:
    """Unlit, alpha-blended, two-sided, no depth write, drawn after the opaque world in a fixed order."""
    nodepath.set_transparency(TransparencyAttrib.M_alpha, 10)
    nodepath.set_attrib(CullFaceAttrib.make(CullFaceAttrib.M_cull_none), 10)
    nodepath.set_depth_write(False, 10)
    nodepath.set_light_off(10)
    nodepath.set_bin("fixed", bin_sort, 10)


class Skidmarks(Entity):
    """All tyre marks of the session in one mesh; `add` per wheel per frame, `flush` once a frame."""

    def __init__(self, max_segments: int = 6000, lift_m: float = 0.025, fade_s: float = 60.0,
                 fade_floor: float = 0.35, tail_segments: int = 300, min_step_m: float = 0.3,
                 max_step_m: float = 4.0, auto_update: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.ignore = not auto_update  # ursina then leaves update() to the owner
        self.max_segments = max(1, int(max_segments))
        self.lift_m, self.fade_s, self.fade_floor = lift_m, fade_s, fade_floor
        self.tail = float(max(1, min(tail_segments, self.max_segments // 4)))
        self.min_step2, self.max_step2 = min_step_m * min_step_m, max_step_m * max_step_m
        self.now = 0.0  # seconds of unpaused play; marks fade by their age on this clock
        self._head = 0  # next ring slot to write
        self._laid = 0  # segments ever laid
        self._tracks: dict[int, list] = {}  # id -> [x, y, z, l0x, l0z, r0x, r0z, y, alpha, stale flushes]
        self._touched: set[int] = set()
        self._pending: list[tuple] = []
        self._pending_kinds: list[int] = []
        self._kinds = np.zeros(self.max_segments, np.int8)  # what laid each ring slot (0: the player's tyres)
        self._next_track = 0
        node, self._vdata = quad_mesh("skidmarks", (("vertex", 3), ("color", 4), ("texcoord", 3)), self.max_segments)
        self._np = self.attach_new_node(node)
        self._np.set_shader(Shader.make(Shader.SL_GLSL, _VERT, _FRAG), 10)
        blended(self._np, 0)
        self._np.set_depth_offset(1, 10)
        # the per-frame inputs are bound once as arrays and rewritten in place: setting an input anew each frame
        # builds a new render state on the node
        self._fade, self._ring = PTA_LVecBase4f.empty_array(1), PTA_LVecBase2f.empty_array(1)
        self._np.set_shader_input("fade", self._fade)
        self._np.set_shader_input("ring", self._ring)
        self.set_kind_colors(((1.0, 1.0, 1.0),) * 4)
        self.set_ai_look(1.0, False)
        self._upload_uniforms()

    @property
    def vertex_count(self) -> int:
        """Rows in the vertex buffer: fixed at 4 * max_segments."""
        return self._vdata.get_num_rows()

    @property
    def segment_count(self) -> int:
        """Segments currently alive in the ring (laid, not yet overwritten)."""
        return min(self._laid, self.max_segments)

    @property
    def laid(self) -> int:
        """Segments laid since creation (including overwritten ones)."""
        return self._laid

    def new_track_ids(self, count: int) -> range:
        """Reserve `count` fresh track ids (one per wheel of a car)."""
        start = self._next_track
        self._next_track += count
        return range(start, start + count)

    def kind_counts(self, kinds: int) -> list[int]:
        """How many live segments each kind (0..kinds-1) laid."""
        alive = self._kinds[: min(self._laid, self.max_segments)]
        return np.bincount(alive, minlength=kinds)[:kinds].tolist()

    def add(self, track_id: int, pos: Sequence[float], width_m: float, strength: float,
            color: Sequence[float], kind: int = 0) -> None:
        """Continue track `track_id` to the ground point `pos`; a segment appears once it has moved far enough."""
        self._touched.add(track_id)
        x, y, z = float(pos[0]), float(pos[1]) + self.lift_m, float(pos[2])
        alpha = (color[3] if len(color) > 3 else 1.0) * clamp01(strength)
        tr = self._tracks.get(track_id)
        if tr is None:
            self._tracks[track_id] = [x, y, z, None, 0.0, 0.0, 0.0, y, alpha, 0]
            return
        dx, dz = x - tr[0], z - tr[2]
        d2 = dx * dx + dz * dz
        if d2 < self.min_step2:
            return
        if d2 > self.max_step2:  # a teleport (reset, respawn): start afresh, never bridge the gap
            self._tracks[track_id] = [x, y, z, None, 0.0, 0.0, 0.0, y, alpha, 0]
            return
        h = 0.5 * width_m / math.sqrt(d2)
        px, pz = dz * h, -dx * h  # half-width to the right of travel
        if tr[3] is None:  # first segment of the strip: square start
            l0x, l0z, r0x, r0z = tr[0] - px, tr[2] - pz, tr[0] + px, tr[2] + pz
        else:
            l0x, l0z, r0x, r0z = tr[3], tr[4], tr[5], tr[6]
        l1x, l1z, r1x, r1z = x - px, z - pz, x + px, z + pz
        y0, a0, now = tr[7], tr[8], self.now
        r, g, b, kf = float(color[0]), float(color[1]), float(color[2]), float(kind)
        self._pending.append((
            l0x, y0, l0z, r, g, b, a0, now, 0.0, kf,
            r0x, y0, r0z, r, g, b, a0, now, 0.0, kf,
            l1x, y, l1z, r, g, b, alpha, now, 0.0, kf,
            r1x, y, r1z, r, g, b, alpha, now, 0.0, kf,
        ))
        self._pending_kinds.append(kind)
        tr[0], tr[1], tr[2], tr[3], tr[4], tr[5], tr[6], tr[7], tr[8] = x, y, z, l1x, l1z, r1x, r1z, y, alpha

    def end(self, track_id: int) -> None:
        """Break track `track_id`: its next `add` starts a new strip."""
        self._tracks.pop(track_id, None)
        self._touched.discard(track_id)

    def end_all(self, track_ids: Iterable[int]) -> None:
        """Break several tracks."""
        for tid in track_ids:
            self.end(tid)

    def clear(self) -> None:
        """Remove every mark (new session)."""
        rows_view(self._vdata)[:] = 0.0
        self._tracks.clear()
        self._pending.clear()
        self._pending_kinds.clear()
        self._head = self._laid = 0
        self._upload_uniforms()

    def flush(self) -> None:
        """Write this frame's new segments into the ring (once a frame); tracks left uncontinued end."""
        for tid, tr in list(self._tracks.items()):  # a track nobody continued for two flushes ends
            if tid in self._touched:
                tr[9] = 0
            else:
                tr[9] += 1
                if tr[9] >= 2:
                    del self._tracks[tid]
        self._touched.clear()
        if self._pending:
            self._write(self._pending, self._pending_kinds)
            self._pending, self._pending_kinds = [], []
        self._upload_uniforms()

    def update(self, dt: float | None = None) -> None:
        """Advance the fade clock and flush; ursina calls this each frame unless auto_update=False."""
        self.now += time.dt if dt is None else float(dt)
        self.flush()

    def destroy(self) -> None:
        """Remove the marks from the scene (ursina entities go through ursina's destroy)."""
        from ursina import destroy

        destroy(self)

    def _write(self, segs: list[tuple], kinds: list[int]) -> None:
        """Copy segments into ring slots from the head on (wrapping), stamping their slot numbers."""
        n = self.max_segments
        if len(segs) > n:
            self._laid += len(segs) - n
            segs, kinds = segs[-n:], kinds[-n:]
        k = len(segs)
        block = np.array(segs, dtype=np.float32).reshape(k, 4, _ROW)
        slots = (self._head + np.arange(k)) % n
        block[:, :, 8] = slots[:, None]
        self._kinds[slots] = kinds
        rows = rows_view(self._vdata).reshape(n, 4, _ROW)
        first = min(k, n - self._head)
        rows[self._head:self._head + first] = block[:first]
        if first < k:
            rows[:k - first] = block[first:]
        self._head = (self._head + k) % n
        self._laid += k

    def set_kind_colors(self, colors: Sequence[Sequence[float]]) -> None:
        """The colours AI marks of kinds 1..4 take while `debug_kinds` is on."""
        for i, c in enumerate(colors[:4], start=1):
            self._np.set_shader_input(f"kind_rgb{i}", (float(c[0]), float(c[1]), float(c[2])))

    def set_ai_look(self, opacity: float, debug_kinds: bool) -> None:
        """Every AI mark's alpha times `opacity` (the note's skidOpacity: it applies to marks already laid too);
        with `debug_kinds`, AI marks show in their kind's colour at their raw alpha (the note's debug mode)."""
        self.ai_opacity, self.debug_kinds = float(opacity), bool(debug_kinds)
        self._np.set_shader_input("ai_look", (self.ai_opacity, 1.0 if self.debug_kinds else 0.0))

    def _upload_uniforms(self) -> None:
        """Per-frame shader inputs: the clock, fade and ring position."""
        self._fade[0] = LVecBase4f(self.now, self.fade_s, self.fade_floor, self.tail)
        self._ring[0] = LVecBase2f(float(self._head), float(self.max_segments))
