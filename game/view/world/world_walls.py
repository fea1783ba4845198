"""Concrete walls with relief: stepped block courses, panel seams and a capping stone (colour only on 'low' detail)."""

from __future__ import annotations

import numpy as np

from game.view.world.world_meshes import Geo, pieces, quads

PANEL_M = 4.0  # a wall is laid in panels this long; they follow the ground
COURSE_M = 0.8  # about this tall a block course
STEP_M = 0.04  # each course sits this much further back than the one below (a battered retaining wall)
CAP_H, CAP_OUT = 0.16, 0.07  # the capping stone: its height and how far it overhangs the face
CONCRETE, CAP = np.array([0.68, 0.68, 0.66]), np.array([0.8, 0.79, 0.76])
SINK = 0.4  # the wall's foot goes this far into the ground


def add_concrete_wall(geo: Geo, wall, ground, rng: np.random.Generator, detail: str = "full") -> None:
    """A concrete wall: on 'full' detail stepped courses, ledges and an overhanging cap; on 'low' the plain slab
    (10 triangles a panel) with a lighter cap face and panels told apart by their shade."""
    a, b = pieces(wall.points, wall.closed, PANEL_M)
    n = len(a)
    d = b - a
    side = np.stack([d[:, 1], -d[:, 0]], 1) / np.linalg.norm(d, axis=1, keepdims=True)
    ga, gb = np.asarray(ground(a[:, 0], a[:, 1]), float), np.asarray(ground(b[:, 0], b[:, 1]), float)
    low = np.minimum(ga, gb) - SINK
    h = wall.height_m
    panel = CONCRETE * (1 + np.where(np.arange(n) % 2 == 0, 0.04, -0.04)[:, None] + rng.normal(0, 0.02, (n, 1)))
    if detail == "low":
        _slab(geo, a, b, side, low, ga + h, gb + h, 0.25, 0.225, panel, np.repeat(CAP[None], n, 0))
        return
    courses = max(2, round((h - CAP_H) / COURSE_M))
    hw0 = 0.25 + STEP_M * courses
    tops = np.linspace(0, h - CAP_H, courses + 1)[1:]
    for k, top in enumerate(tops):
        hw = hw0 - k * STEP_M
        y0a = low if k == 0 else ga + tops[k - 1]
        y0b = low if k == 0 else gb + tops[k - 1]
        shade = panel * (1 + rng.normal(0, 0.035, (n, 1)) - 0.03 * (k % 2))  # courses a shade apart: block-laid
        for s in (-1.0, 1.0):
            pa, pb = a + side * (s * hw), b + side * (s * hw)
            face = quads(_p(pa, y0a), _p(pb, y0b), _p(pb, gb + top), _p(pa, ga + top))
            mid = _p((a + b) / 2, (ga + gb) / 2 + top / 2)
            geo.add(face, np.tile(shade, (2, 1)), np.tile(mid, (2, 1)), gloss=0.05)
            if k + 1 < courses:  # the ledge where the next course steps back, catching the light
                qa, qb = a + side * (s * (hw - STEP_M)), b + side * (s * (hw - STEP_M))
                ledge = quads(_p(pa, ga + top), _p(pb, gb + top), _p(qb, gb + top), _p(qa, ga + top))
                geo.add(ledge, np.tile(shade * 1.08, (2, 1)), np.tile(_p((a + b) / 2, (ga + gb) / 2 + top - 1.0), (2, 1)))
    hw_cap = hw0 - (courses - 1) * STEP_M + CAP_OUT
    cap = CAP * (1 + rng.normal(0, 0.02, (n, 1)))
    y0a, y0b = ga + h - CAP_H, gb + h - CAP_H
    for s in (-1.0, 1.0):
        pa, pb = a + side * (s * hw_cap), b + side * (s * hw_cap)
        qa, qb = a + side * (s * (hw_cap - CAP_OUT)), b + side * (s * (hw_cap - CAP_OUT))
        mid = _p((a + b) / 2, (ga + gb) / 2 + h - CAP_H / 2)
        geo.add(quads(_p(pa, y0a), _p(pb, y0b), _p(pb, gb + h), _p(pa, ga + h)), np.tile(cap, (2, 1)), np.tile(mid, (2, 1)))
        under = quads(_p(pa, y0a), _p(pb, y0b), _p(qb, y0b), _p(qa, y0a))  # the overhang's shadowed underside
        geo.add(under, np.tile(cap * 0.8, (2, 1)), np.tile(_p((a + b) / 2, (ga + gb) / 2 + h + 1.0), (2, 1)))
    la, lb, ra, rb = a - side * hw_cap, b - side * hw_cap, a + side * hw_cap, b + side * hw_cap
    geo.add(quads(_p(la, ga + h), _p(lb, gb + h), _p(rb, gb + h), _p(ra, ga + h)), np.tile(cap * 1.05, (2, 1)),
            np.tile(_p((a + b) / 2, (ga + gb) / 2 + h - 1.0), (2, 1)), gloss=0.05)
    if not wall.closed:  # the two open ends, from the foot to the cap
        for i, far, g in ((0, b[0], ga[0]), (n - 1, a[n - 1], gb[n - 1])):
            p, sd = (a[i] if i == 0 else b[i])[None], side[i : i + 1]
            end = quads(_p(p - sd * hw0, low[i]), _p(p + sd * hw0, low[i]), _p(p + sd * hw_cap, g + h), _p(p - sd * hw_cap, g + h))
            geo.add(end, panel[i], _p(far[None], g + h / 2))


def _p(xz: np.ndarray, y) -> np.ndarray:
    """Points (N, 3) from ground positions (N, 2) and heights (N,)."""
    return np.stack([xz[:, 0], np.broadcast_to(y, (len(xz),)), xz[:, 1]], 1)


def _slab(geo: Geo, a, b, side, low, ta, tb, w_bottom: float, w_top: float, faces, tops) -> None:
    """Box-like pieces from a to b (bottom at low, top at ta..tb): sides and ends in `faces` colours, top in `tops`."""
    def corner(p, s, w, y):
        return _p(p + side * (s * w), y)

    la, ra, lb, rb = corner(a, -1, w_bottom, low), corner(a, 1, w_bottom, low), corner(b, -1, w_bottom, low), corner(b, 1, w_bottom, low)
    ua, va, ub, vb = corner(a, -1, w_top, ta), corner(a, 1, w_top, ta), corner(b, -1, w_top, tb), corner(b, 1, w_top, tb)
    mid = _p((a + b) / 2, (low + (ta + tb) / 2) / 2)
    for q, col in ((quads(la, lb, ub, ua), faces), (quads(ra, rb, vb, va), faces), (quads(ua, ub, vb, va), tops),
                   (quads(la, ra, va, ua), faces), (quads(lb, rb, vb, ub), faces)):
        geo.add(q, np.tile(col, (2, 1)), np.tile(mid, (2, 1)), gloss=0.05)
