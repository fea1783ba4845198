"""Pooled camera-facing particles (tyre smoke, dust, snow spray, landing puffs) in one mesh, moved by its vertex shader."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from panda3d.core import PTA_float, Shader
from ursina import Entity, time

from game.view.effects.skidmarks import blended, quad_mesh, rows_view


@dataclass(frozen=True, slots=True)
class Kind:
    """How one kind of particle looks and moves (view tuning, SI units)."""

    life_s: float
    size0_m: float  # diameter at birth
    size1_m: float  # diameter at death
    alpha: float  # peak opacity
    color: tuple[float, float, float]
    drag: float  # velocity decays as exp(-drag * t)  (1/s)
    accel_y: float  # + rises (buoyant smoke), - falls (spray), m/s^2
    spread_mps: float = 0.6  # random velocity added at birth
    jitter_m: float = 0.15  # random offset of the birth point
    radial_mps: float = 0.0  # outward ring speed (landing puff)
    fade_in_s: float = 0.08


KINDS: dict[str, Kind] = {
    "smoke": Kind(3.4, 1.1, 4.4, 0.36, (0.93, 0.93, 0.94), drag=1.6, accel_y=0.35, spread_mps=0.8, jitter_m=0.2),
    # tyre smoke lingers; game/view/effects/smoke.py scales each puff's life and size (a tier's look, a held drift)
    "dust": Kind(0.9, 0.6, 2.6, 0.55, (0.78, 0.68, 0.53), drag=2.2, accel_y=0.1, spread_mps=1.0, jitter_m=0.25),
    "spray": Kind(0.75, 0.25, 0.9, 0.8, (0.95, 0.97, 1.0), drag=1.2, accel_y=-9.0, spread_mps=1.4, jitter_m=0.15,
                  fade_in_s=0.03),
    "puff": Kind(1.1, 0.8, 2.8, 0.5, (0.80, 0.78, 0.74), drag=2.5, accel_y=0.3, spread_mps=0.3, jitter_m=0.3,
                 radial_mps=6.0),
}

_CORNERS = np.array([(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)], dtype=np.float32)
# One particle is 4 identical rows (its quad's corners) of what it was born with; the vertex shader moves, grows and fades it
# from its age, so a frame's only work is one clock uniform (no buffer rewrite, no upload) however many are alive.
_COLUMNS = (("vertex", 3), ("color", 4), ("texcoord", 4), ("p_motion", 4), ("p_time", 4), ("p_floor", 1))
_STRIDE = 20  # vertex: birth point; color: rgb, peak alpha; texcoord: corner x, corner y, size0, size1;
# p_motion: velocity at birth, drag; p_time: birth time, life, fade-in, vertical accel; p_floor: lowest centre height
_CORNER = slice(7, 9)  # each row's corner of its quad
_LIFE_COL = 16
REBASE_S = 1000.0  # with nothing alive past this clock, it restarts at 0 (keeps float32 ages exact in a long session)

_VERT = """#version 140
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ProjectionMatrix;
uniform float u_clock;
uniform vec4 u_wind;  // breeze x, z (m/s); the most of the screen's height one puff may cover; -
uniform vec4 u_sun;  // direction towards the sun (world)
in vec4 p3d_Vertex;
in vec4 p3d_Color;
in vec4 p3d_MultiTexCoord0;  // corner (-1..1, -1..1), diameter at birth and at death (m)
in vec4 p_motion;  // velocity at birth (m/s), drag (1/s)
in vec4 p_time;  // birth time, life (s), fade-in (s), vertical accel (m/s^2)
in float p_floor;
out vec4 v_color;
out vec2 v_corner;
out float v_shade;
out float v_soft;
void main() {
    float age = u_clock - p_time.x;
    if (age < 0.0 || age >= p_time.y) {  // dead or never born: off screen, nothing rasterised
        gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
        v_color = vec4(0.0);
        v_corner = vec2(0.0);
        v_shade = v_soft = 0.0;
        return;
    }
    float t = age / p_time.y;
    float k = p_motion.w;
    // v' = -k v + a (a up the y axis): v0 decays, a approaches its terminal speed a / k
    float d = k > 1e-4 ? (1.0 - exp(-k * age)) / k : age;
    float rise = k > 1e-4 ? (age - d) / k : 0.5 * age * age;
    vec3 pos = p3d_Vertex.xyz + p_motion.xyz * d;
    pos.y += p_time.w * rise;
    pos.xz += u_wind.xy * (age - d);  // drag carries it towards the breeze's speed
    float size = p3d_MultiTexCoord0.z + (p3d_MultiTexCoord0.w - p3d_MultiTexCoord0.z) * sqrt(t);
    pos.y = max(pos.y, p_floor + 0.35 * size);  // a growing puff rolls up off the ground instead of being cut in half
    float fade = 1.0 - t * t;  // lingers, then thins out
    vec4 c = p3d_ModelViewMatrix * vec4(pos, 1.0);
    float dist = -c.z;
    float a = p3d_Color.a * min(age / p_time.z, 1.0) * fade * clamp((dist - 2.0) / 2.5, 0.0, 1.0);
    if (a < 0.004) {  // faded out, or at the camera: nothing to rasterise
        gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
        v_color = vec4(0.0);
        v_corner = vec2(0.0);
        v_shade = v_soft = 0.0;
        return;
    }
    size = min(size, u_wind.z * 2.0 * dist / p3d_ProjectionMatrix[1][1]);  // a cap on the screen one puff covers
    vec2 corner = p3d_MultiTexCoord0.xy;
    c.xy += corner * (0.5 * size);
    gl_Position = p3d_ProjectionMatrix * c;
    v_color = vec4(p3d_Color.rgb, a);
    v_corner = corner;
    vec3 sun = mat3(p3d_ModelViewMatrix) * u_sun.xyz;  // the particles' node sits at the world's origin
    v_shade = 0.8 + 0.22 * dot(normalize(vec3(corner, 0.7)), sun);  // the sun side of the puff is lit
    v_soft = (pos.y + corner.y * 0.5 * size - p_floor) / (0.25 * size);  // soft where it meets the ground
}
"""
_FRAG = """#version 140
in vec4 v_color;
in vec2 v_corner;
in float v_shade;
in float v_soft;
uniform vec4 p3d_ColorScale;
out vec4 p3d_FragColor;
void main() {
    float r2 = dot(v_corner, v_corner);
    if (r2 >= 1.0) discard;
    float soft = (1.0 - r2) * (1.0 - r2) * clamp(v_soft, 0.0, 1.0);  // a soft round blob, no texture needed
    p3d_FragColor = vec4(v_color.rgb * v_shade, v_color.a * soft) * p3d_ColorScale;
}
"""


class Particles(Entity):
    """A fixed pool of `budget` particles; the oldest are recycled when it is full. Budget 0 turns them off."""

    def __init__(self, budget: int = 1200, seed: int = 0, auto_update: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.ignore = not auto_update  # ursina then leaves update() to the owner
        self.budget = b = max(0, int(budget))
        self._rng = np.random.default_rng(seed)
        self._next = 0
        self._busy_until = 0.0  # clock time when the last live particle dies
        self._clock = 0.0
        self._birth = np.zeros(b, np.float64)  # clock time of each slot's birth, and its life: for live_count
        self._life = np.zeros(b, np.float64)
        self._vdata = None
        self._np = None
        self._templates: dict[str, np.ndarray] = {}
        if b:
            node, self._vdata = quad_mesh("particles", _COLUMNS, b)
            rows_view(self._vdata).reshape(b, 4, _STRIDE)[:, :, _CORNER] = _CORNERS
            self._np = self.attach_new_node(node)
            self._np.set_shader(Shader.make(Shader.SL_GLSL, _VERT, _FRAG), 10)
            self._clock_in = PTA_float.empty_array(1)  # bound once, rewritten in place each frame (no new render state)
            self._np.set_shader_input("u_clock", self._clock_in)
            self.set_look()
            blended(self._np, 10)

    def set_look(self, wind: Sequence[float] = (0.0, 0.0), to_sun: Sequence[float] = (0.0, 1.0, 0.0),
                 max_screen: float = 0.6) -> None:
        """The breeze (x, z m/s), the direction towards the sun and the most of the screen's height one puff covers."""
        if self._np is not None:
            self._np.set_shader_input("u_wind", (float(wind[0]), float(wind[1]), float(max_screen), 0.0))
            self._np.set_shader_input("u_sun", (float(to_sun[0]), float(to_sun[1]), float(to_sun[2]), 0.0))

    @property
    def live_count(self) -> int:
        """Particles alive now."""
        age = self._clock - self._birth
        return int(np.count_nonzero((age >= 0.0) & (age < self._life)))

    def emit(self, kind: str, pos: Sequence[float], vel: Sequence[float] = (0.0, 0.0, 0.0), count: int = 1,
             color: Sequence[float] | None = None, size: float = 1.0, life: float = 1.0) -> None:
        """Spawn `count` particles of `kind` around `pos` moving with `vel` (m/s); size and life scale the kind's."""
        b = self.budget
        count = min(int(count), b)
        if count <= 0 or self._vdata is None:
            return
        k = KINDS[kind]
        pos, vel = np.asarray(pos, np.float32), np.asarray(vel, np.float32)
        if pos.ndim == 2:
            pos = pos[:count]
        if vel.ndim == 2:
            vel = vel[:count]
        start = self._next
        self._next = (start + count) % b
        rnd = self._rng.random((count, 8), dtype=np.float32)
        rnd *= 2.0
        rnd -= 1.0  # uniform -1..1
        quads = np.empty((count, 4, _STRIDE), np.float32)
        row = quads[:, 0]
        row[:] = self._template(kind)  # what every particle of the kind shares: colour, alpha, drag, fade-in, lift
        if color is not None:
            row[:, 3:6] = tuple(color[:3])
        row[:, 0:3] = pos  # one point for all, or one row per particle
        row[:, 0:3] += rnd[:, 0:3] * (k.jitter_m, 0.0, k.jitter_m)
        row[:, 1] += np.abs(rnd[:, 1]) * (0.3 * k.jitter_m)
        vary = rnd[:, 7] * 0.2
        vary += 1.0
        row[:, 9] = vary * (k.size0_m * size)
        row[:, 10] = vary * (k.size1_m * size)
        v = row[:, 11:14]
        v[:] = vel
        v += rnd[:, 3:6] * k.spread_mps
        if k.radial_mps:
            ang = (np.arange(count, dtype=np.float32) + 0.5 * rnd[:, 6]) * (2.0 * np.pi / count)
            v[:, 0] += np.cos(ang) * k.radial_mps
            v[:, 2] += np.sin(ang) * k.radial_mps
            v[:, 1] = np.abs(v[:, 1]) * 0.3
        row[:, 15] = self._clock
        row[:, _LIFE_COL] = life_s = vary * (k.life_s * life)
        row[:, 19] = pos[..., 1] - 0.05  # never below the birth height, less a bit
        quads[:, 1:] = quads[:, :1]  # the quad's four corners carry the same particle ...
        quads[:, :, _CORNER] = _CORNERS  # ... each at its own corner
        rows = rows_view(self._vdata).reshape(b, 4, _STRIDE)
        if start + count <= b:  # slots from the ring's next on: a slice, unless it wraps
            rows[start:start + count] = quads
            self._birth[start:start + count] = self._clock
            self._life[start:start + count] = life_s
        else:
            idx = (start + np.arange(count)) % b
            rows[idx] = quads
            self._birth[idx] = self._clock
            self._life[idx] = life_s
        self._busy_until = max(self._busy_until, self._clock + k.life_s * life * 1.2)

    def _template(self, kind: str) -> np.ndarray:
        """One particle's row with what every particle of `kind` shares filled in (built once per kind)."""
        row = self._templates.get(kind)
        if row is None:
            k = KINDS[kind]
            row = self._templates[kind] = np.zeros(_STRIDE, np.float32)
            row[3:6], row[6], row[14], row[17], row[18] = k.color, k.alpha, k.drag, k.fade_in_s, k.accel_y
        return row

    def clear(self) -> None:
        """Kill every particle."""
        self._life[:] = 0.0
        self._busy_until = self._clock
        if self._vdata is not None:
            rows_view(self._vdata)[:, _LIFE_COL] = 0.0

    def update(self, dt: float | None = None) -> None:
        """Advance the particles' clock (the vertex shader does the rest); ursina calls this each frame unless auto_update=False."""
        dt = time.dt if dt is None else float(dt)
        was_busy = self._clock < self._busy_until
        self._clock += dt
        if self._np is None:
            return
        if was_busy:
            self._clock_in[0] = self._clock
        elif self._clock > REBASE_S:  # nothing alive: start the clock again near 0 (every slot dead at any clock)
            self.clear()
            self._clock = self._busy_until = 0.0
            self._clock_in[0] = 0.0

    def destroy(self) -> None:
        """Remove the particles from the scene (ursina entities go through ursina's destroy)."""
        from ursina import destroy

        destroy(self)
