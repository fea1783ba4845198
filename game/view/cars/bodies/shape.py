"""A body's sizes and its lofted shell: sections from data/bodies.json, bevelled, wheel arches cut in (no ursina)."""

from __future__ import annotations

import math

from game.content.bodies import BodyStyle
from game.view.world.mesh_builder import DARK, GLASS, P3, Color, Parts, inset, offset

# Car frame: x right, y up (0 = ground), z forward; the wheelbase is centred on z = 0.


class Dims:
    """A spec's sizes in the car frame (m): half length/width, height, half wheelbase/track, wheel radius."""

    def __init__(self, spec, style: BodyStyle | None = None) -> None:
        self.hl, self.w, self.h = 0.5 * spec.length_m, 0.5 * spec.width_m, spec.height_m
        self.a, self.t, self.r = 0.5 * spec.wheelbase_m, 0.5 * spec.track_m, spec.wheel_radius_m
        self.style = style

    def tyre_w(self, front: bool) -> float:
        """Tyre width (m): the style's fixed widths, else from the wheel radius and the room under the body."""
        st = self.style
        if st is not None and st.tyre_width_m is not None:
            return st.tyre_width_m[0 if front else 1]
        base = min(0.62 * self.r + 0.04, 2.0 * (self.w - self.t) - 0.02)
        return base * (1.0 if front or st is None else st.rear_tyre_scale)


def bevelled(chain: list[tuple[float, float]], f: float) -> list[tuple[float, float]]:
    """The chain with each inner corner cut: replaced by two points a fraction f along its two edges."""
    out = [chain[0]]
    for a, b, c in zip(chain, chain[1:], chain[2:]):
        out += [(b[0] + (a[0] - b[0]) * f, b[1] + (a[1] - b[1]) * f), (b[0] + (c[0] - b[0]) * f, b[1] + (c[1] - b[1]) * f)]
    return out + [chain[-1]]


class Shape:
    """Key sections (u = z / half length, [(w / half width, y / height)]) of a body, wheel arches cut in."""

    def __init__(self, d: Dims, keys, lift: float = 0.0, arch_gap: float = 0.12, bevel: float = 0.0) -> None:
        self.d, self.keys, self.lift, self.bevel = d, keys, lift, bevel
        self.ra = d.r * (1.0 + arch_gap)

    def at(self, z: float) -> list[tuple[float, float]]:
        """The interpolated section (m) at z, before arches."""
        d, u, ks = self.d, z / self.d.hl, self.keys
        i = max(0, min(len(ks) - 2, sum(1 for k in ks if k[0] <= u) - 1))
        (u0, s0), (u1, s1) = ks[i], ks[i + 1]
        f = min(1.0, max(0.0, (u - u0) / (u1 - u0)))
        return [((a + (b - a) * f) * d.w, self.y(c + (e - c) * f)) for (a, c), (b, e) in zip(s0, s1)]

    def y(self, frac: float) -> float:
        """Height (m) of a fraction of the body: the lift raises the bottom, the roof stays at the car's height."""
        return self.lift + frac * (self.d.h - self.lift)

    def top_y(self, z: float) -> float:
        """Height of the top centre line at z."""
        return self.at(z)[-1][1]

    def arch_top(self, dz: float) -> float:
        """Height of the wheel arch's edge dz from the axle (the arch's crown at dz = 0)."""
        return self.d.r + self.lift + math.sqrt(max(0.0, self.ra * self.ra - dz * dz))

    def floor_y(self) -> float:
        """The lowest point of the body's bottom edge (m)."""
        return min(sec[0][1] for _, sec in self.keys_m())

    def keys_m(self):
        """The key sections in metres."""
        return [(u * self.d.hl, self.at(u * self.d.hl)) for u, _ in self.keys]

    def stations(self) -> list[tuple[float, list[tuple[float, float]]]]:
        """Sections at the keys and around each wheel, arches cut into the outer bottom edge, upper corners bevelled."""
        # an inner bottom point keeps the floor low while the outer bottom edge rises over the tyre,
        # so the band between them lines the wheel well (a flat floor would poke through low hoods)
        d, ra = self.d, self.ra
        w_in = d.t - 0.5 * d.tyre_w(False) - 0.03
        zs = {u * d.hl for u, _ in self.keys}
        for zc in (-d.a, d.a):
            zs |= {zc + s * f * ra for s in (-1, 1) for f in (0.0, 0.55, 0.88, 1.0)} | {zc - ra - 0.01, zc + ra + 0.01}
        out = []
        for z in sorted(zs):
            sec = self.at(z)
            sec.insert(0, (min(w_in, sec[0][0] - 0.02), sec[0][1]))
            for zc in (-d.a, d.a):
                dz = abs(z - zc)
                if dz <= ra:
                    sec[1] = (sec[1][0], max(sec[1][1], min(self.arch_top(dz), sec[2][1] - 0.03)))
            if self.bevel > 0.0:  # cut the shoulder and the roof edge (a flat strip to half the roof width closes it)
                wt, yt = sec[-1]
                sec = sec[:2] + bevelled(sec[2:] + [(0.5 * wt, yt)], self.bevel)
            out.append((z, sec))
        return out

    def build(self, g: Parts) -> None:
        """The body loft: dark floor and wheel-well liners, painted everywhere else."""
        st = self.stations()
        g.loft(st, [DARK] + [1.0] * (len(st[0][1]) - 2), 1.0, DARK, (1.0, 1.0))

    def decal(self, g: Parts, band: int, z0: float, z1: float, f0: float, f1: float, col: Color) -> None:
        """A flush pair of patches on side band `band` (fractions f0..f1 across it), mirrored left and right."""
        def p(z: float, f: float) -> P3:
            sec = self.at(z)
            (wa, ya), (wb, yb) = sec[band], sec[band + 1]
            return (wa + (wb - wa) * f, ya + (yb - ya) * f, z)

        q = [p(z0, f0), p(z0, f1), p(z1, f1), p(z1, f0)]
        g.poly(offset(q, 0.008), col)
        g.poly(offset([(-x, y, z) for x, y, z in reversed(q)], 0.008), col)


def cabin(g: Parts, body: Shape, gh) -> None:
    """A greenhouse on the body's top line: painted pillars and roof, inset dark glass (a Glasshouse record)."""
    d = body.d
    st = []
    for u, top, wb, wt in gh.keys:
        z = u * d.hl
        yb = body.top_y(z) - 0.01
        st.append((z, wb * d.w, yb, wt * d.w, yb if top is None else body.y(top)))
    for s, ((za, wa, ya, ta, ha), (zb, wb_, yb, tb, hb)) in enumerate(zip(st, st[1:])):
        right = [(wa, ya, za), (ta, ha, za), (tb, hb, zb), (wb_, yb, zb)]
        top = [(ta, ha, za), (-ta, ha, za), (-tb, hb, zb), (tb, hb, zb)]
        left = [(-x, y, z) for x, y, z in reversed(right)]
        for q, glass in ((right, gh.side_glass[s]), (left, gh.side_glass[s]), (top, gh.top_glass[s])):
            g.poly(q, 1.0)
            w = inset(q, gh.frame_m) if glass else []
            if w:
                g.poly(offset(w, 0.012), GLASS)
    for (z, w, y, t, h), sgn in ((st[0], 1), (st[-1], -1)):
        if h - y > 0.02:
            q = [(w, y, z), (t, h, z), (-t, h, z), (-w, y, z)]
            g.poly(q if sgn < 0 else q[::-1], 1.0)
