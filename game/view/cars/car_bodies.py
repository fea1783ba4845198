"""The six low-poly car body styles, sized from a car's spec and built with the mesh kit (no ursina)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.view.world.mesh_builder import CHROME, DARK, GLASS, HEAD, P3, TAIL, TRIM, WHITE, Color, Parts, inset, offset

# Car frame: x right, y up (0 = ground), z forward; the wheelbase is centred on z = 0.


class Dims:
    """A spec's sizes in the car frame (m): half length/width, height, half wheelbase/track, wheel radius."""

    def __init__(self, spec) -> None:
        self.hl, self.w, self.h = 0.5 * spec.length_m, 0.5 * spec.width_m, spec.height_m
        self.a, self.t, self.r = 0.5 * spec.wheelbase_m, 0.5 * spec.track_m, spec.wheel_radius_m

    def tyre_w(self, front: bool, body: str) -> float:
        """Tyre width (m): narrow kart fronts, fat rears on the muscle car and the hypercar."""
        if body == "kart":
            return 0.13 if front else 0.18
        base = min(0.62 * self.r + 0.04, 2.0 * (self.w - self.t) - 0.02)
        return base * (1.15 if body in ("muscle", "hyper") and not front else 1.0)


class Shape:
    """Key sections (u = z / half length, [(w / half width, y / height)]) of a body, wheel arches cut in."""

    def __init__(self, d: Dims, keys: list[tuple[float, list[tuple[float, float]]]], lift: float = 0.0, arch_gap: float = 0.12) -> None:
        self.d, self.keys, self.lift = d, keys, lift
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

    def stations(self) -> list[tuple[float, list[tuple[float, float]]]]:
        """Sections at the keys and around each wheel, each with a wheel arch cut into its outer bottom edge."""
        # an inner bottom point keeps the floor low while the outer bottom edge rises over the tyre,
        # so the band between them lines the wheel well (a flat floor would poke through low hoods)
        d, ra = self.d, self.ra
        w_in = d.t - 0.5 * d.tyre_w(False, "") - 0.03
        zs = {u * d.hl for u, _ in self.keys}
        for zc in (-d.a, d.a):
            zs |= {zc + s * f * ra for s in (-1, 1) for f in (0.0, 0.5, 0.82, 0.97, 1.0)} | {zc - ra - 0.01, zc + ra + 0.01}
        out = []
        for z in sorted(zs):
            sec = self.at(z)
            sec.insert(0, (min(w_in, sec[0][0] - 0.02), sec[0][1]))
            for zc in (-d.a, d.a):
                dz = abs(z - zc)
                if dz <= ra:
                    y = d.r + self.lift + math.sqrt(max(0.0, ra * ra - dz * dz))
                    sec[1] = (sec[1][0], max(sec[1][1], min(y, sec[2][1] - 0.03)))
            out.append((z, sec))
        return out

    def build(self, g: Parts) -> None:
        """The body loft: dark floor and wheel-well liners, painted everywhere else."""
        g.loft(self.stations(), [DARK] + [1.0] * (len(self.keys[0][1]) - 1), 1.0, DARK, (1.0, 1.0))

    def decal(self, g: Parts, band: int, z0: float, z1: float, f0: float, f1: float, col: Color) -> None:
        """A flush pair of patches on side band `band` (fractions f0..f1 across it), mirrored left and right."""
        def p(z: float, f: float) -> P3:
            sec = self.at(z)
            (wa, ya), (wb, yb) = sec[band], sec[band + 1]
            return (wa + (wb - wa) * f, ya + (yb - ya) * f, z)

        q = [p(z0, f0), p(z0, f1), p(z1, f1), p(z1, f0)]
        g.poly(offset(q, 0.008), col)
        g.poly(offset([(-x, y, z) for x, y, z in reversed(q)], 0.008), col)


def cabin(g: Parts, body: Shape, keys: list[tuple[float, float | None, float, float]], side_glass: Sequence[bool],
          top_glass: Sequence[bool], frame: float = 0.05) -> None:
    """A greenhouse on the body's top line: painted pillars and roof, inset dark glass; keys (u, top/h or None, wb/w, wt/w)."""
    d = body.d
    st = []
    for u, top, wb, wt in keys:
        z = u * d.hl
        yb = body.top_y(z) - 0.01
        st.append((z, wb * d.w, yb, wt * d.w, yb if top is None else body.y(top)))
    for s, ((za, wa, ya, ta, ha), (zb, wb_, yb, tb, hb)) in enumerate(zip(st, st[1:])):
        right = [(wa, ya, za), (ta, ha, za), (tb, hb, zb), (wb_, yb, zb)]
        top = [(ta, ha, za), (-ta, ha, za), (-tb, hb, zb), (tb, hb, zb)]
        left = [(-x, y, z) for x, y, z in reversed(right)]
        for q, glass in ((right, side_glass[s]), (left, side_glass[s]), (top, top_glass[s])):
            g.poly(q, 1.0)
            w = inset(q, frame) if glass else []
            if w:
                g.poly(offset(w, 0.012), GLASS)
    for (z, w, y, t, h), sgn in ((st[0], 1), (st[-1], -1)):
        if h - y > 0.02:
            q = [(w, y, z), (t, h, z), (-t, h, z), (-w, y, z)]
            g.poly(q if sgn < 0 else q[::-1], 1.0)


def _lights(g: Parts, body: Shape, front: bool, x0: float, x1: float, y0: float, y1: float, col: Color) -> None:
    """A pair of lamps on the front or rear face, at fractions of half width and of the face height."""
    d = body.d
    z = (d.hl if front else -d.hl) + (0.012 if front else -0.012)
    sec = body.at(z)
    lo, hi = sec[0][1], max(y for _, y in sec)
    ya, yb = lo + (hi - lo) * y0, lo + (hi - lo) * y1
    for s in (-1, 1):
        g.box(s * x0 * d.w, s * x1 * d.w, ya, yb, z - 0.03, z + 0.012, col)


def _bumpers(g: Parts, body: Shape, col: Color, hh: float = 0.11) -> None:
    """Full-width bumper bars along the bottom of both ends."""
    d = body.d
    for z, s in ((d.hl, 1), (-d.hl, -1)):
        sec = body.at(z - s * 0.05)
        y0 = sec[0][1] + 0.02
        z0, z1 = sorted((z - s * 0.06, z + s * 0.03))
        g.box(-sec[1][0] * 0.98, sec[1][0] * 0.98, y0, y0 + hh, z0, z1, col)


def _mirrors(g: Parts, body: Shape, u: float, wb: float) -> None:
    """Door mirrors at the foot of the windscreen."""
    d = body.d
    z = u * d.hl
    y = body.top_y(z) + 0.04
    for s in (-1, 1):
        g.box(s * (wb * d.w - 0.03), s * (wb * d.w + 0.12), y, y + 0.08, z - 0.1, z, 1.0)


def _hatch(g: Parts, d: Dims, rally: bool = False) -> None:
    """Short and tall: boxy cabin to the tail, near-vertical hatch glass; the rally car rides higher with kit."""
    body = Shape(d, [(-1.0, [(.9, .2), (.95, .46), (.88, .58)]), (-0.97, [(.94, .17), (.99, .47), (.92, .62)]),
                     (0.62, [(.95, .17), (1.0, .47), (.93, .62)]), (0.9, [(.95, .18), (.99, .46), (.91, .55)]),
                     (1.0, [(.9, .22), (.93, .42), (.85, .48)])], 0.08 if rally else 0.0, 0.22 if rally else 0.12)
    body.build(g)
    if rally:  # sloped sporty tail, painted C-pillar
        cabin(g, body, [(-0.95, None, .88, .88), (-0.62, .97, .9, .77), (-0.22, 1.0, .9, .78), (0.06, 1.0, .9, .78), (0.5, None, .9, .9)],
              [False, True, True, True], [True, False, False, True])
    else:  # boxy: long flat roof, near-vertical hatch glass
        cabin(g, body, [(-0.97, None, .9, .9), (-0.85, .97, .9, .8), (-0.32, 1.0, .9, .8), (-0.02, 1.0, .9, .8), (0.45, None, .9, .9)],
              [False, True, True, True], [True, False, False, True])
    _lights(g, body, True, .52, .86, .5, .88, HEAD)
    _lights(g, body, False, .62, .9, .45, .85, TAIL)
    _bumpers(g, body, TRIM)
    _mirrors(g, body, 0.5, .9)
    z0, y0 = (-0.62 * d.hl - 0.22) if rally else -0.97 * d.hl, body.y(0.965)  # roof spoiler
    g.prism_x([(z0 - 0.06, y0), (z0 + 0.25, y0), (z0 + 0.25, y0 + 0.04), (z0 - 0.04, y0 + 0.07)], -0.72 * d.w, 0.72 * d.w, 1.0)
    if not rally:
        g.box(-0.4 * d.w, 0.4 * d.w, body.y(.3), body.y(.42), d.hl - 0.02, d.hl + 0.01, DARK)
        return
    zs, yr = -0.05 * d.hl, body.y(1.0)  # roof scoop
    g.prism_x([(zs - 0.35, yr), (zs + 0.3, yr), (zs + 0.3, yr + 0.1), (zs - 0.2, yr + 0.06)], -0.22 * d.w, 0.22 * d.w, 1.0)
    g.box(-0.18 * d.w, 0.18 * d.w, yr + 0.015, yr + 0.085, zs + 0.3, zs + 0.31, DARK)
    for zc in (-d.a, d.a):  # black arch flares and mud flaps behind every wheel
        pts = [(zc + f * body.ra, d.r + body.lift + math.sqrt(max(0.0, 1 - f * f)) * body.ra) for f in (-1, -0.8, -0.45, 0.45, 0.8, 1)]
        for (za, ya), (zb, yb) in zip(pts, pts[1:]):
            for s in (-1, 1):
                g.prism_x([(za, ya), (zb, yb), (zb, yb + 0.08), (za, ya + 0.08)], s * 0.9 * d.w, s * 1.04 * d.w, TRIM)
        zf = zc - body.ra - 0.02
        for s in (-1, 1):
            g.box(s * (d.t - 0.14), s * (d.t + 0.14), 0.06, d.r * 1.5 + body.lift, zf - 0.015, zf + 0.015, DARK)
    yp = body.at(d.hl)[1][1]  # light pod on the nose
    g.box(-0.62 * d.w, 0.62 * d.w, yp - 0.02, yp + 0.13, d.hl, d.hl + 0.05, DARK)
    for x in (-0.45, -0.15, 0.15, 0.45):
        g.cyl((x * d.w, yp + 0.055, d.hl + 0.06), "z", 0.065, 0.03, TRIM, 12, HEAD)
    yc, zc = body.y(0.35), 0.05 * d.hl
    for s in (-1, 1):  # door number plates with a "7" (a bar and a slanted stroke, z mirrored with the side)
        x = s * (body.at(0.0)[1][0] + 0.012)
        g.box(x - s * 0.03, x, yc - 0.17, yc + 0.17, zc - 0.26, zc + 0.26, WHITE)
        for (y0, a0, b0), (y1, a1, b1) in (((0.1, -0.1, 0.1), (0.06, -0.1, 0.1)), ((0.06, 0.05, 0.1), (-0.12, -0.04, 0.01))):
            q = [(x + s * 0.004, yc + y0, zc + a0 * s), (x + s * 0.004, yc + y0, zc + b0 * s), (x + s * 0.004, yc + y1, zc + b1 * s),
                 (x + s * 0.004, yc + y1, zc + a1 * s)]
            g.poly(q, DARK, (0.0, yc, zc))


def _coupe(g: Parts, d: Dims) -> None:
    """Long hood, low sleek roof, fastback tail with a small ducktail."""
    body = Shape(d, [(-1.0, [(.88, .22), (.93, .55), (.86, .62)]), (-0.95, [(.92, .2), (.98, .58), (.9, .67)]),
                     (-0.6, [(.95, .19), (1.0, .6), (.92, .67)]), (0.3, [(.95, .19), (1.0, .6), (.92, .65)]),
                     (0.85, [(.93, .2), (.97, .53), (.88, .57)]), (1.0, [(.86, .23), (.9, .42), (.8, .47)])])
    body.build(g)
    cabin(g, body, [(-0.92, None, .86, .84), (-0.42, 1.0, .88, .66), (-0.12, 1.0, .88, .66), (0.28, None, .9, .9)],
          [False, True, True], [True, False, True])
    _lights(g, body, True, .55, .9, .55, .9, HEAD)
    _lights(g, body, False, .55, .92, .55, .85, TAIL)
    _bumpers(g, body, TRIM, 0.09)
    _mirrors(g, body, 0.24, .88)
    g.box(-0.38 * d.w, 0.38 * d.w, body.y(.27), body.y(.38), d.hl - 0.02, d.hl + 0.01, DARK)
    z0, y0 = -d.hl, body.y(.67)
    g.prism_x([(z0 + 0.02, y0 - 0.02), (z0 + 0.35, y0), (z0 + 0.02, y0 + 0.06)], -0.84 * d.w, 0.84 * d.w, 1.0)


def _muscle(g: Parts, d: Dims) -> None:
    """Long hood with a bulge and scoop, wide rear hips, upright cabin, chrome bumpers, twin pipes."""
    body = Shape(d, [(-1.0, [(.92, .2), (.97, .5), (.9, .58)]), (-0.96, [(.95, .18), (1.0, .53), (.93, .62)]),
                     (-0.35, [(.95, .18), (1.0, .53), (.93, .62)]), (0.05, [(.9, .18), (.94, .52), (.88, .61)]),
                     (0.93, [(.9, .19), (.94, .52), (.88, .6)]), (1.0, [(.88, .2), (.92, .48), (.86, .57)])])
    body.build(g)
    cabin(g, body, [(-0.72, None, .86, .86), (-0.56, 1.0, .86, .74), (-0.2, 1.0, .86, .74), (0.08, None, .86, .86)],
          [True, True, True], [True, False, True])
    zf, yf = d.hl, body.y(.57)
    g.box(-0.86 * d.w, 0.86 * d.w, body.y(.3), body.y(.5), zf - 0.02, zf + 0.01, DARK)  # full-width grille
    for s in (-1, 1):
        for x in (0.52, 0.74):
            g.cyl((s * x * d.w, body.y(.4), zf + 0.015), "z", 0.075, 0.03, TRIM, 12, HEAD)
    _lights(g, body, False, .45, .9, .55, .8, TAIL)
    _bumpers(g, body, CHROME, 0.09)
    _mirrors(g, body, 0.06, .86)
    zb0, zb1 = 0.12 * d.hl, 0.9 * d.hl  # hood bulge with a scoop
    g.prism_x([(zb0, body.top_y(zb0) - 0.01), (zb1, body.top_y(zb1) - 0.01), (zb1 - 0.15, yf + 0.06), (zb0, yf + 0.07)],
              -0.32 * d.w, 0.32 * d.w, 1.0)
    zs = 0.55 * d.hl
    g.prism_x([(zs - 0.35, yf + 0.05), (zs + 0.12, yf + 0.05), (zs + 0.12, yf + 0.16), (zs - 0.2, yf + 0.14)], -0.17 * d.w, 0.17 * d.w, 1.0)
    g.box(-0.14 * d.w, 0.14 * d.w, yf + 0.075, yf + 0.145, zs + 0.12, zs + 0.13, DARK)
    for x in (-0.62, -0.45, 0.45, 0.62):
        g.cyl((x * d.w, body.y(.17), -d.hl - 0.02), "z", 0.04, 0.2, CHROME, 8, DARK)


def _hyper(g: Parts, d: Dims) -> None:
    """Very low wedge with fenders over the wheels, cab-forward bubble canopy, big wing, side intakes."""
    body = Shape(d, [(-1.0, [(.86, .26), (.92, .6), (.7, .6), (.62, .58)]), (-0.94, [(.9, .14), (1.0, .68), (.72, .68), (.62, .64)]),
                     (-0.45, [(.9, .13), (1.0, .72), (.72, .72), (.6, .62)]), (-0.1, [(.86, .13), (.93, .58), (.75, .57), (.58, .53)]),
                     (0.4, [(.9, .13), (.98, .72), (.62, .72), (.52, .47)]), (0.78, [(.9, .14), (.98, .68), (.62, .68), (.5, .4)]),
                     (0.96, [(.84, .16), (.9, .4), (.62, .39), (.5, .32)]), (1.0, [(.8, .18), (.84, .29), (.62, .285), (.5, .27)])], 0.0, 0.1)
    body.build(g)
    cabin(g, body, [(-0.72, None, .58, .5), (-0.38, .9, .58, .42), (0.12, 1.0, .54, .4), (0.5, None, .5, .48)],
          [False, True, True], [True, True, True], 0.03)
    zf = d.hl
    body.decal(g, 1, 0.83 * d.hl, 0.955 * d.hl, 0.15, 0.85, HEAD)  # slim lamps on the fender noses
    g.box(-0.88 * d.w, 0.88 * d.w, body.y(.44), body.y(.5), -d.hl - 0.012, -d.hl + 0.02, TAIL)
    g.box(-0.7 * d.w, 0.7 * d.w, 0.05, body.y(.3), -d.hl - 0.05, -d.hl + 0.3, DARK)  # diffuser
    g.box(-0.5 * d.w, 0.5 * d.w, body.y(.2), body.y(.3), zf - 0.02, zf + 0.012, DARK)
    for s in (-1, 1):  # side intakes ahead of the rear wheels
        x0, x1 = s * 0.84 * d.w, s * 1.005 * d.w
        z1 = -d.a + body.ra + 0.06
        g.prism_x([(z1, body.y(.2)), (z1 + 0.02, body.y(.5)), (z1 + 0.75, body.y(.5))], x0, x1, DARK)
    zw, yw = -d.hl + 0.28, d.h * 1.02  # rear wing on two pylons
    for s in (-1, 1):
        g.box(s * 0.32 * d.w, s * 0.38 * d.w, body.y(.6), yw, zw - 0.02, zw + 0.12, DARK)
        g.box(s * 0.93 * d.w, s * 0.97 * d.w, yw - 0.12, yw + 0.1, zw - 0.2, zw + 0.25, 1.0)
    g.prism_x([(zw - 0.22, yw + 0.07), (zw + 0.24, yw), (zw + 0.24, yw + 0.03), (zw - 0.2, yw + 0.1)], -0.93 * d.w, 0.93 * d.w, DARK)


def _kart(g: Parts, d: Dims) -> None:
    """An open frame with side pods, nose, seat, engine and a helmeted driver; the wheels stand free."""
    hl, a, t = d.hl, d.a, d.t
    for x in (-0.26, 0.26):
        g.cyl((x, 0.09, 0.5 * (a + 0.15 - hl + 0.08)), "z", 0.022, a + 0.15 + hl - 0.08, CHROME, 6)
    g.box(-0.32, 0.32, 0.06, 0.085, -a + 0.05, a - 0.05, TRIM)  # floor tray
    g.cyl((0.0, 0.1, -hl + 0.08), "x", 0.03, 2 * t, DARK, 6)  # rear bumper bar
    g.prism_x([(a + 0.16, 0.06), (hl, 0.06), (hl, 0.18), (hl - 0.1, 0.24), (a + 0.16, 0.24)], -t + 0.05, t - 0.05, 1.0)  # nose
    g.box(-0.3, 0.3, 0.08, 0.14, hl - 0.02, hl + 0.012, WHITE)
    g.prism_x([(a - 0.25, 0.08), (a + 0.18, 0.08), (a + 0.18, 0.24), (a - 0.05, 0.38), (a - 0.25, 0.36)], -0.17, 0.17, 1.0)  # dash
    for s in (-1, 1):  # side pods
        g.prism_x([(-a + 0.2, 0.07), (a - 0.2, 0.07), (a - 0.26, 0.2), (-a + 0.24, 0.22)], s * 0.34, s * (t - 0.02), 1.0)
    g.box(-0.18, 0.18, 0.08, 0.2, -0.42, -0.02, DARK)  # seat
    g.prism_x([(-0.42, 0.12), (-0.3, 0.12), (-0.44, 0.52), (-0.54, 0.5)], -0.19, 0.19, DARK)
    g.box(0.22, 0.44, 0.1, 0.34, -0.62, -0.3, TRIM)  # engine
    g.cyl((0.33, 0.38, -0.46), "z", 0.06, 0.2, CHROME, 8)
    suit = (0.12, 0.17, 0.34)
    g.prism_x([(-0.36, 0.16), (-0.16, 0.16), (-0.26, 0.55), (-0.43, 0.52)], -0.16, 0.16, suit)  # torso
    g.box(-0.14, 0.14, 0.12, 0.24, -0.16, a - 0.08, suit)  # legs
    for s in (-1, 1):
        g.prism_x([(-0.3, 0.45), (-0.24, 0.5), (0.1, 0.42), (0.06, 0.36)], s * 0.13, s * 0.2, suit)  # arms
    g.cyl((0.0, 0.42, 0.1), "z", 0.1, 0.03, DARK, 10)  # steering wheel
    g.ball((0.0, 0.63, -0.3), 0.125, 1.0, 10, 6)  # helmet
    g.box(-0.09, 0.09, 0.6, 0.67, -0.22, -0.17, GLASS)
    g.box(-0.1, 0.1, 0.2, 0.26, -hl + 0.03, -hl + 0.06, TAIL)


BODIES = {"kart": _kart, "hatch": _hatch, "rally": lambda g, d: _hatch(g, d, rally=True), "coupe": _coupe, "muscle": _muscle, "hyper": _hyper}


def build_body(spec) -> Parts:
    """The static paint and detail meshes of one car, sized from its spec."""
    g = Parts()
    BODIES.get(spec.body, _coupe)(g, Dims(spec))
    return g
