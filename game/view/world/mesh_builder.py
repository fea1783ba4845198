"""Low-poly mesh kit: the car palette, flat-shaded triangle lists and the primitives built from them (pure numpy, no ursina)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

# Car frame: x right, y up (0 = ground), z forward.
# A colour is either an RGB tuple (baked into the detail mesh) or a float: a shade of the paint,
# baked into the paint mesh whose entity colour is the paint (so repainting rebuilds nothing).
Color = tuple[float, float, float] | float
P3 = tuple[float, float, float]


def hex_rgb(code: str) -> tuple[float, float, float]:
    """'#rrggbb' as floats 0..1 (the one parser of the view's colours; textures.hex_rgb is its numpy form)."""
    code = code.lstrip("#")
    return (int(code[0:2], 16) / 255.0, int(code[2:4], 16) / 255.0, int(code[4:6], 16) / 255.0)

GLASS = (0.09, 0.12, 0.16)
DARK = (0.06, 0.06, 0.07)
TRIM = (0.17, 0.17, 0.18)
CHROME = (0.80, 0.82, 0.85)
HEAD = (1.0, 0.97, 0.82)
TAIL = (0.90, 0.05, 0.04)
REVERSE = (0.88, 0.88, 0.90)  # reverse lamps: lit by the car shader going backwards (car_lamps.py)
WHITE = (0.93, 0.93, 0.92)
TYRE = (0.07, 0.07, 0.075)
WALL = (0.13, 0.13, 0.14)


class Geo:
    """Flat-shaded triangles: one position, normal and colour per corner."""

    def __init__(self) -> None:
        self.v: list[P3] = []
        self.n: list[P3] = []
        self.c: list[tuple[float, ...]] = []

    def poly(self, pts: Sequence[P3], rgb: tuple[float, float, float], inside: P3 | None = None) -> None:
        """A planar-ish polygon, fan-triangulated, facing away from `inside` when given."""
        q = [tuple(map(float, p)) for p in pts]
        q = [p for i, p in enumerate(q) if sum(abs(a - b) for a, b in zip(p, q[i - 1])) > 1e-6]  # drop repeats
        if len(q) < 3:
            return
        nrm = _normal(q)
        if nrm is None:
            return
        if inside is not None:
            cx, cy, cz = (sum(p[i] for p in q) / len(q) for i in range(3))
            if (cx - inside[0]) * nrm[0] + (cy - inside[1]) * nrm[1] + (cz - inside[2]) * nrm[2] < 0:
                q.reverse()
                nrm = (-nrm[0], -nrm[1], -nrm[2])
        col = (*rgb, 1.0)
        for i in range(1, len(q) - 1):  # clockwise seen from the front: ursina's left-handed frame
            self.v += [q[0], q[i + 1], q[i]]
            self.n += [nrm, nrm, nrm]
            self.c += [col, col, col]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Vertices, normals and colours as flat float32 arrays."""
        f = np.float32
        return np.asarray(self.v, f).ravel(), np.asarray(self.n, f).ravel(), np.asarray(self.c, f).ravel()


class Parts:
    """A paint mesh and a detail mesh built side by side."""

    def __init__(self) -> None:
        self.paint, self.detail = Geo(), Geo()

    def poly(self, pts: Sequence[P3], col: Color, inside: P3 | None = None) -> None:
        """Route a polygon to the paint mesh (float shade) or the detail mesh (RGB)."""
        if isinstance(col, (int, float)):
            self.paint.poly(pts, (col, col, col), inside)
        else:
            self.detail.poly(pts, col, inside)

    def box(self, x0: float, x1: float, y0: float, y1: float, z0: float, z1: float, col: Color) -> None:
        """An axis-aligned box from its min/max corners."""
        self.prism_x([(z0, y0), (z1, y0), (z1, y1), (z0, y1)], x0, x1, col)

    def prism_x(self, prof: Sequence[tuple[float, float]], x0: float, x1: float, col: Color, caps: Color | None = None) -> None:
        """A convex side profile [(z, y), ...] extruded across x from x0 to x1."""
        cz, cy = sum(p[0] for p in prof) / len(prof), sum(p[1] for p in prof) / len(prof)
        c = (0.5 * (x0 + x1), cy, cz)
        for (za, ya), (zb, yb) in zip(prof, list(prof[1:]) + [prof[0]]):
            self.poly([(x0, ya, za), (x1, ya, za), (x1, yb, zb), (x0, yb, zb)], col, c)
        for x in (x0, x1):
            self.poly([(x, y, z) for z, y in prof], col if caps is None else caps, c)

    def cyl(self, c: P3, axis: str, r: float, length: float, col: Color, n: int = 10, cap: Color | None = None) -> None:
        """A cylinder along 'x' or 'z' centred at c."""
        ring = [(r * math.cos(2 * math.pi * i / n), r * math.sin(2 * math.pi * i / n)) for i in range(n)]
        h = 0.5 * length

        def pt(a: float, b: float, t: float) -> P3:
            return (c[0] + t, c[1] + a, c[2] + b) if axis == "x" else (c[0] + a, c[1] + b, c[2] + t)

        for (a0, b0), (a1, b1) in zip(ring, ring[1:] + ring[:1]):
            self.poly([pt(a0, b0, -h), pt(a1, b1, -h), pt(a1, b1, h), pt(a0, b0, h)], col, c)
        for t in (-h, h):
            self.poly([pt(a, b, t) for a, b in ring], col if cap is None else cap, c)

    def ball(self, c: P3, r: float, col: Color, nu: int = 10, nv: int = 6) -> None:
        """A low-poly UV sphere."""
        def p(i: int, j: int) -> P3:
            th, ph = 2 * math.pi * i / nu, math.pi * j / nv
            return (c[0] + r * math.sin(ph) * math.cos(th), c[1] - r * math.cos(ph), c[2] + r * math.sin(ph) * math.sin(th))

        for j in range(nv):
            for i in range(nu):
                self.poly([p(i, j), p(i + 1, j), p(i + 1, j + 1), p(i, j + 1)], col, c)

    def loft(self, st: Sequence[tuple[float, Sequence[tuple[float, float]]]], side: Sequence[Color], top: Color,
             bottom: Color = DARK, caps: tuple[Color, Color] | None = None) -> None:
        """Join mirrored sections (z ascending, [(half_width, y) bottom..top]) with quads, capped at both ends."""
        k = len(st[0][1]) - 1
        for (za, ha), (zb, hb) in zip(st, st[1:]):
            for j in range(k):  # right side band j and its mirror on the left
                (w0, y0), (w1, y1), (v0, u0), (v1, u1) = ha[j], ha[j + 1], hb[j], hb[j + 1]
                self.poly([(w0, y0, za), (w1, y1, za), (v1, u1, zb), (v0, u0, zb)], side[j])
                self.poly([(-v0, u0, zb), (-v1, u1, zb), (-w1, y1, za), (-w0, y0, za)], side[j])
            (w, y), (v, u) = ha[k], hb[k]
            self.poly([(w, y, za), (-w, y, za), (-v, u, zb), (v, u, zb)], top)
            (w, y), (v, u) = ha[0], hb[0]
            self.poly([(v, u, zb), (-v, u, zb), (-w, y, za), (w, y, za)], bottom)
        if caps:
            for (z, h), col, sgn in ((st[0], caps[0], -1), (st[-1], caps[1], 1)):
                for (w0, y0), (w1, y1) in zip(h, h[1:]):
                    q = [(w0, y0, z), (w1, y1, z), (-w1, y1, z), (-w0, y0, z)]
                    self.poly(q if sgn > 0 else q[::-1], col)


def _normal(q: Sequence[P3]) -> P3 | None:
    """Unit normal of a polygon by Newell's method (right-hand rule on its winding), None if degenerate."""
    nx = ny = nz = 0.0
    for (x0, y0, z0), (x1, y1, z1) in zip(q, list(q[1:]) + [q[0]]):
        nx, ny, nz = nx + (y0 - y1) * (z0 + z1), ny + (z0 - z1) * (x0 + x1), nz + (x0 - x1) * (y0 + y1)
    ln = math.sqrt(nx * nx + ny * ny + nz * nz)
    return None if ln < 1e-9 else (nx / ln, ny / ln, nz / ln)


def offset(q: list[P3], e: float) -> list[P3]:
    """Push a polygon e metres along its own normal."""
    n = _normal(q) or (0.0, 0.0, 0.0)
    return [(p[0] + n[0] * e, p[1] + n[1] * e, p[2] + n[2] * e) for p in q]


def inset(q: list[P3], m: float) -> list[P3]:
    """A window inside quad q0..q3 leaving an m-metre frame (bilinear, works on triangles as q0 == q1)."""
    a = np.asarray(q, float)
    ls = 0.5 * (np.linalg.norm(a[3] - a[0]) + np.linalg.norm(a[2] - a[1]))
    lt = 0.5 * (np.linalg.norm(a[1] - a[0]) + np.linalg.norm(a[2] - a[3]))
    if ls < 3 * m or lt < 2.5 * m:
        return []
    fs, ft = m / ls, m / lt

    def b(s: float, t: float) -> P3:
        p = (a[0] + (a[3] - a[0]) * s) * (1 - t) + (a[1] + (a[2] - a[1]) * s) * t
        return (float(p[0]), float(p[1]), float(p[2]))

    return [b(fs, ft), b(fs, 1 - ft), b(1 - fs, 1 - ft), b(1 - fs, ft)]
