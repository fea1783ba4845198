"""Pooled camera-facing particles (tyre smoke, dust, snow spray, landing puffs) in one mesh, numpy-updated."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from panda3d.core import Shader
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
    "smoke": Kind(1.6, 0.7, 3.6, 0.3, (0.93, 0.93, 0.94), drag=1.6, accel_y=0.6, spread_mps=0.8, jitter_m=0.2),
    "dust": Kind(0.9, 0.6, 2.6, 0.55, (0.78, 0.68, 0.53), drag=2.2, accel_y=0.1, spread_mps=1.0, jitter_m=0.25),
    "spray": Kind(0.75, 0.25, 0.9, 0.8, (0.95, 0.97, 1.0), drag=1.2, accel_y=-9.0, spread_mps=1.4, jitter_m=0.15,
                  fade_in_s=0.03),
    "puff": Kind(1.1, 0.8, 2.8, 0.5, (0.80, 0.78, 0.74), drag=2.5, accel_y=0.3, spread_mps=0.3, jitter_m=0.3,
                 radial_mps=6.0),
}

_CORNERS = np.array([(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)], dtype=np.float32)
_STRIDE = 11  # vertex 3, color 4, texcoord 4 (corner x, corner y, diameter, spare)

_VERT = """#version 140
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ProjectionMatrix;
in vec4 p3d_Vertex;
in vec4 p3d_Color;
in vec4 p3d_MultiTexCoord0;  // corner (-1..1, -1..1), diameter (m)
out vec4 v_color;
out vec2 v_corner;
void main() {
    vec4 c = p3d_ModelViewMatrix * p3d_Vertex;
    c.xy += p3d_MultiTexCoord0.xy * (0.5 * p3d_MultiTexCoord0.z);
    gl_Position = p3d_ProjectionMatrix * c;
    v_color = p3d_Color;
    v_corner = p3d_MultiTexCoord0.xy;
}
"""
_FRAG = """#version 140
in vec4 v_color;
in vec2 v_corner;
uniform vec4 p3d_ColorScale;
out vec4 p3d_FragColor;
void main() {
    float r2 = dot(v_corner, v_corner);
    if (r2 >= 1.0) discard;
    float soft = (1.0 - r2) * (1.0 - r2);  // a soft round blob, no texture needed
    float shade = 0.9 + 0.1 * v_corner.y;  // lit from above: a hint of volume
    p3d_FragColor = vec4(v_color.rgb * shade, v_color.a * soft) * p3d_ColorScale;
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
        self._pos = np.zeros((b, 3), np.float32)
        self._vel = np.zeros((b, 3), np.float32)
        self._floor = np.zeros(b, np.float32)  # particles never sink below their birth height minus a bit
        self._age = np.ones(b, np.float32)
        self._life = np.ones(b, np.float32)  # age >= life: dead
        self._size = np.zeros((b, 2), np.float32)
        self._alpha = np.zeros(b, np.float32)
        self._fade_in = np.ones(b, np.float32)
        self._drag = np.zeros(b, np.float32)
        self._accel = np.zeros(b, np.float32)
        self._rgb = np.zeros((b, 3), np.float32)
        self._vdata = None
        if b:
            node, self._vdata = quad_mesh("particles", (("vertex", 3), ("color", 4), ("texcoord", 4)), b)
            rows_view(self._vdata).reshape(b, 4, _STRIDE)[:, :, 7:9] = _CORNERS
            self._np = self.attach_new_node(node)
            self._np.set_shader(Shader.make(Shader.SL_GLSL, _VERT, _FRAG), 10)
            blended(self._np, 10)

    @property
    def live_count(self) -> int:
        """Particles alive now."""
        return int(np.count_nonzero(self._age < self._life))

    def emit(self, kind: str, pos: Sequence[float], vel: Sequence[float] = (0.0, 0.0, 0.0), count: int = 1,
             color: Sequence[float] | None = None) -> None:
        """Spawn `count` particles of `kind` around `pos` moving with `vel` (m/s); pos/vel may be (count, 3) rows."""
        b = self.budget
        count = min(int(count), b)
        if count <= 0:
            return
        k = KINDS[kind]
        pos, vel = np.asarray(pos, np.float32), np.asarray(vel, np.float32)
        if pos.ndim == 2:
            pos = pos[:count]
        if vel.ndim == 2:
            vel = vel[:count]
        idx = (self._next + np.arange(count)) % b
        self._next = (self._next + count) % b
        rnd = self._rng.random((count, 8), dtype=np.float32) * 2.0 - 1.0  # uniform -1..1
        p = self._pos[idx]
        p[:] = pos  # one point for all, or one row per particle
        p[:, 0] += rnd[:, 0] * k.jitter_m
        p[:, 1] += np.abs(rnd[:, 1]) * 0.3 * k.jitter_m
        p[:, 2] += rnd[:, 2] * k.jitter_m
        self._pos[idx] = p
        self._floor[idx] = pos[..., 1] - 0.05
        v = np.empty((count, 3), np.float32)
        v[:] = vel
        v += rnd[:, 3:6] * k.spread_mps
        if k.radial_mps:
            ang = (np.arange(count, dtype=np.float32) + 0.5 * rnd[:, 6]) * (2.0 * np.pi / count)
            v[:, 0] += np.cos(ang) * k.radial_mps
            v[:, 2] += np.sin(ang) * k.radial_mps
            v[:, 1] = np.abs(v[:, 1]) * 0.3
        self._vel[idx] = v
        vary = 1.0 + 0.2 * rnd[:, 7]
        self._age[idx] = 0.0
        self._life[idx] = k.life_s * vary
        self._size[idx, 0] = k.size0_m * vary
        self._size[idx, 1] = k.size1_m * vary
        self._alpha[idx] = k.alpha
        self._fade_in[idx] = k.fade_in_s
        self._drag[idx] = k.drag
        self._accel[idx] = k.accel_y
        self._rgb[idx] = k.color if color is None else tuple(color[:3])
        self._busy_until = max(self._busy_until, self._clock + k.life_s * 1.2)

    def clear(self) -> None:
        """Kill every particle."""
        self._age[:] = self._life
        self._busy_until = self._clock
        self._write(np.zeros(self.budget, np.float32), np.zeros(self.budget, np.float32))

    def update(self, dt: float | None = None) -> None:
        """Age, move and fade every particle (vectorised); ursina calls this each frame unless auto_update=False."""
        dt = time.dt if dt is None else float(dt)
        was_busy = self._clock < self._busy_until
        self._clock += dt
        if not self.budget or not was_busy:  # nothing alive: no work and no upload
            return
        self._age += dt
        t = np.minimum(self._age / self._life, 1.0)
        self._vel *= np.exp(-self._drag * dt)[:, None]
        self._vel[:, 1] += self._accel * dt
        self._pos += self._vel * dt
        size = (self._size[:, 0] + (self._size[:, 1] - self._size[:, 0]) * np.sqrt(t)) * (t < 1.0)
        # a growing puff rolls up off the ground instead of being cut in half by it
        np.maximum(self._pos[:, 1], self._floor + 0.35 * size, out=self._pos[:, 1])
        fade = 1.0 - t
        alpha = self._alpha * np.minimum(self._age / self._fade_in, 1.0) * fade * fade
        self._write(size, alpha)

    def destroy(self) -> None:
        """Remove the particles from the scene (ursina entities go through ursina's destroy)."""
        from ursina import destroy

        destroy(self)

    def _write(self, size: np.ndarray, alpha: np.ndarray) -> None:
        """Copy centres, colours and sizes into the vertex buffer (4 identical rows a particle)."""
        if self._vdata is None:
            return
        rows = rows_view(self._vdata).reshape(self.budget, 4, _STRIDE)
        rows[:, :, 0:3] = self._pos[:, None, :]
        rows[:, :, 3:6] = self._rgb[:, None, :]
        rows[:, :, 6] = alpha[:, None]
        rows[:, :, 9] = size[:, None]
