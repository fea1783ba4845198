"""Wheels: a tyre with rounded shoulders, a rim per style with a brake disc behind it, a caliper, and the stance's numbers."""

from __future__ import annotations

import math

from game.view.world.mesh_builder import TYRE, WALL, Color, Parts

DISC = (0.42, 0.42, 0.44)
BARREL = (0.05, 0.05, 0.055)
CALIPER = (0.72, 0.09, 0.06)
ARCH_CLEARANCE_M = 0.012  # the least gap a lowered stance leaves between the tyre's top and its arch
FLOOR_CLEARANCE_M = 0.025  # the least gap it leaves between the body's bottom and the ground


def _ring(n: int, phase: float = 0.0) -> list[tuple[float, float]]:
    return [(math.cos(phase + 2 * math.pi * i / n), math.sin(phase + 2 * math.pi * i / n)) for i in range(n)]


def _spoke(g: Parts, x: float, a0: float, a1: float, r0: float, r1: float, w0: float, w1: float, col: Color, out: tuple) -> None:
    """A flat spoke from angle a0 at radius r0 to a1 at r1, w0 and w1 radians wide at its two ends."""
    def p(a: float, r: float) -> tuple[float, float, float]:
        return (x, r * math.cos(a), r * math.sin(a))

    g.poly([p(a0 - 0.5 * w0, r0), p(a0 + 0.5 * w0, r0), p(a1 + 0.5 * w1, r1), p(a1 - 0.5 * w1, r1)], col, out)


def _disc(g: Parts, x: float, r: float, n: int, col: Color, out: tuple) -> None:
    g.poly([(x, r * c, r * s) for c, s in _ring(n)], col, out)


def rim_face(g: Parts, style: str, x: float, side: int, rr: float, col: Color, out: tuple) -> None:
    """The spokes of one rim style on the plane x (lip at 0.88 rr, hub at 0.22 rr)."""
    lip, hub, back = 0.88 * rr, 0.22 * rr, -side * 0.03
    dark = tuple(0.55 * c for c in col)
    if style == "five_spoke":
        for i in range(5):
            a = 2 * math.pi * i / 5
            _spoke(g, x, a, a, hub, lip, 0.7, 0.3, col, out)
    elif style == "six_spoke":
        for i in range(6):
            a = 2 * math.pi * i / 6
            _spoke(g, x, a, a, hub, lip, 0.5, 0.14, col, out)
    elif style == "mesh":  # two crossing sets of thin spokes
        for i in range(8):
            a = 2 * math.pi * i / 8
            _spoke(g, x, a, a + 0.45, hub, lip, 0.2, 0.07, col, out)
            _spoke(g, x + side * 0.002, a, a - 0.45, hub, lip, 0.2, 0.07, col, out)
    elif style == "dish":  # a deep polished lip, short spokes set back
        ring = _ring(12)
        for (c0, s0), (c1, s1) in zip(ring, ring[1:] + ring[:1]):
            g.poly([(x, lip * c0, lip * s0), (x, lip * c1, lip * s1), (x, 0.64 * rr * c1, 0.64 * rr * s1), (x, 0.64 * rr * c0, 0.64 * rr * s0)], col, out)
            g.poly([(x, 0.64 * rr * c0, 0.64 * rr * s0), (x, 0.64 * rr * c1, 0.64 * rr * s1),
                    (x + back, 0.62 * rr * c1, 0.62 * rr * s1), (x + back, 0.62 * rr * c0, 0.62 * rr * s0)], dark, out)
        for i in range(8):
            a = 2 * math.pi * i / 8
            _spoke(g, x + back, a, a, hub, 0.63 * rr, 0.45, 0.2, col, out)
    elif style == "turbofan":  # a closed face with curved vanes
        _disc(g, x + back * 0.5, lip, 12, dark, out)
        for i in range(12):
            a = 2 * math.pi * i / 12
            _spoke(g, x, a, a + 0.5, hub, lip, 0.22, 0.16, col, out)
    _disc(g, x + side * 0.006, hub, 8, col, out)


def wheel_parts(r: float, width: float, side: int, rim_style: str, rim: Color, detail: str = "full") -> Parts:
    """A wheel on the x axis: tyre, sidewalls, a rim on the outer face (side = +1 right, -1 left), disc behind it."""
    g = Parts()
    full = detail != "low"
    n, h = (14 if full else 10), 0.5 * width
    out = (-side * 10.0, 0.0, 0.0)  # faces on the outer side point away from this
    rr = 0.66 * r
    sh = min(0.3 * h, 0.18 * (r - rr)) if full else 0.0  # the rounded shoulder: in from the sidewall and down from the tread
    ring = _ring(n)
    xs = side * h
    for (c0, s0), (c1, s1) in zip(ring, ring[1:] + ring[:1]):
        def q(x: float, rad: float, c: float, s: float) -> tuple[float, float, float]:
            return (x, rad * c, rad * s)

        g.poly([q(-h + sh, r, c0, s0), q(h - sh, r, c0, s0), q(h - sh, r, c1, s1), q(-h + sh, r, c1, s1)], TYRE, (0.0, 0.0, 0.0))
        if sh:
            for sx in (-1, 1):
                g.poly([q(sx * (h - sh), r, c0, s0), q(sx * h, r - 1.6 * sh, c0, s0), q(sx * h, r - 1.6 * sh, c1, s1),
                        q(sx * (h - sh), r, c1, s1)], TYRE, (0.0, 0.0, 0.0))
        ro = r - 1.6 * sh
        g.poly([q(xs, ro, c0, s0), q(xs, ro, c1, s1), q(xs, rr, c1, s1), q(xs, rr, c0, s0)], WALL, out)
    g.poly([(-xs, (r - 1.6 * sh) * c, (r - 1.6 * sh) * s) for c, s in ring], TYRE, (xs * 10.0, 0.0, 0.0))
    x = side * (h - 0.012)
    lip = 0.88 * rr
    rim_ring = _ring(n)
    for (c0, s0), (c1, s1) in zip(rim_ring, rim_ring[1:] + rim_ring[:1]):  # the rim's outer lip
        g.poly([(x, rr * c0, rr * s0), (x, rr * c1, rr * s1), (x, lip * c1, lip * s1), (x, lip * c0, lip * s0)], rim, out)
    if not full:
        _disc(g, x - side * 0.004, lip, n, tuple(0.7 * c for c in rim), out)
        _disc(g, x + side * 0.004, 0.22 * rr, 6, rim, out)
        return g
    rim_face(g, rim_style, x, side, rr, rim, out)
    xd = x - side * min(0.06, 0.6 * h)
    _disc(g, xd, 0.8 * rr, 12, DISC, out)  # brake disc, then the dark barrel behind
    _disc(g, xd - side * 0.02, rr, 12, BARREL, out)
    return g


def caliper_parts(r: float, width: float, side: int) -> Parts:
    """The brake caliper: a block gripping the disc's rear edge, between the disc and the spokes (it does not spin)."""
    g = Parts()
    h, rr = 0.5 * width, 0.66 * r
    x1 = side * (h - 0.02)
    x0 = x1 - side * min(0.05, 0.5 * h)
    za, zb = -0.84 * rr, -0.56 * rr
    g.prism_x([(za, -0.28 * rr), (zb, -0.2 * rr), (zb, 0.2 * rr), (za, 0.28 * rr)], min(x0, x1), max(x0, x1), CALIPER)
    return g


def ride_offset_m(ride_mm: float, r: float, arch_r: float, floor_y: float) -> float:
    """The body's height against the factory (m): the stance's ride, kept so the tyre stays under its arch and the
    floor off the ground."""
    ride = 0.001 * ride_mm
    if ride >= 0.0:
        return ride
    low = min(0.0, max(-(arch_r - r) + ARCH_CLEARANCE_M, FLOOR_CLEARANCE_M - floor_y))
    return max(low, ride)
