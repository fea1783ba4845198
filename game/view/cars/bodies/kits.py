"""The built-in details of each body kit: lamps, grilles, scoops, plates, pipes, the kart's frame and driver."""

from __future__ import annotations

from game.view.cars.bodies.shape import Shape
from game.view.world.mesh_builder import CHROME, DARK, GLASS, HEAD, TAIL, TRIM, WHITE, Color, Parts


def _lights(g: Parts, body: Shape, front: bool, x0: float, x1: float, y0: float, y1: float, col: Color) -> None:
    """A pair of lamps on the front or rear face, at fractions of half width and of the face height."""
    d = body.d
    z = (d.hl if front else -d.hl) + (0.012 if front else -0.012)
    sec = body.at(z)
    lo, hi = sec[0][1], max(y for _, y in sec)
    ya, yb = lo + (hi - lo) * y0, lo + (hi - lo) * y1
    for s in (-1, 1):
        g.box(s * x0 * d.w, s * x1 * d.w, ya, yb, z - 0.03, z + 0.012, col)


def _hatch(g: Parts, body: Shape, rally: bool = False) -> None:
    """Hatch lamps and grille; the rally car adds a roof scoop, mud flaps, a light pod and number plates."""
    d = body.d
    _lights(g, body, True, .52, .86, .5, .88, HEAD)
    _lights(g, body, False, .62, .9, .45, .85, TAIL)
    if not rally:
        g.box(-0.4 * d.w, 0.4 * d.w, body.y(.3), body.y(.42), d.hl - 0.02, d.hl + 0.01, DARK)
        return
    zs, yr = -0.05 * d.hl, body.y(1.0)  # roof scoop
    g.prism_x([(zs - 0.35, yr), (zs + 0.3, yr), (zs + 0.3, yr + 0.1), (zs - 0.2, yr + 0.06)], -0.22 * d.w, 0.22 * d.w, 1.0)
    g.box(-0.18 * d.w, 0.18 * d.w, yr + 0.015, yr + 0.085, zs + 0.3, zs + 0.31, DARK)
    for zc in (-d.a, d.a):  # mud flaps behind every wheel
        zf = zc - body.ra - 0.02
        for s in (-1, 1):
            g.box(s * (d.t - 0.14), s * (d.t + 0.14), 0.06, d.r * 1.5 + body.lift, zf - 0.015, zf + 0.015, DARK)
    yp = body.at(d.hl)[1][1]  # light pod on the nose
    g.box(-0.62 * d.w, 0.62 * d.w, yp - 0.02, yp + 0.13, d.hl, d.hl + 0.05, DARK)
    for x in (-0.45, -0.15, 0.15, 0.45):
        g.cyl((x * d.w, yp + 0.055, d.hl + 0.06), "z", 0.065, 0.03, TRIM, 9, HEAD)
    yc, zc = body.y(0.35), 0.05 * d.hl
    for s in (-1, 1):  # door number plates with a "7" (a bar and a slanted stroke, z mirrored with the side)
        x = s * (body.at(0.0)[1][0] + 0.012)
        g.box(x - s * 0.03, x, yc - 0.17, yc + 0.17, zc - 0.26, zc + 0.26, WHITE)
        for (y0, a0, b0), (y1, a1, b1) in (((0.1, -0.1, 0.1), (0.06, -0.1, 0.1)), ((0.06, 0.05, 0.1), (-0.12, -0.04, 0.01))):
            q = [(x + s * 0.004, yc + y0, zc + a0 * s), (x + s * 0.004, yc + y0, zc + b0 * s), (x + s * 0.004, yc + y1, zc + b1 * s),
                 (x + s * 0.004, yc + y1, zc + a1 * s)]
            g.poly(q, DARK, (0.0, yc, zc))


def _coupe(g: Parts, body: Shape) -> None:
    """GT lamps, a slim grille and a rear diffuser."""
    d = body.d
    _lights(g, body, True, .55, .9, .55, .9, HEAD)
    _lights(g, body, False, .55, .92, .55, .85, TAIL)
    g.box(-0.38 * d.w, 0.38 * d.w, body.y(.27), body.y(.38), d.hl - 0.02, d.hl + 0.01, DARK)
    g.box(-0.6 * d.w, 0.6 * d.w, 0.12, body.y(.22), -d.hl - 0.02, -d.hl + 0.2, DARK)  # diffuser


def _muscle(g: Parts, body: Shape) -> None:
    """Full-width grille with round lamps, a hood bulge and scoop, twin pipes each side."""
    d = body.d
    zf, yf = d.hl, body.y(.57)
    g.box(-0.86 * d.w, 0.86 * d.w, body.y(.3), body.y(.5), zf - 0.02, zf + 0.01, DARK)  # full-width grille
    for s in (-1, 1):
        for x in (0.52, 0.74):
            g.cyl((s * x * d.w, body.y(.4), zf + 0.015), "z", 0.075, 0.03, TRIM, 9, HEAD)
    _lights(g, body, False, .45, .9, .55, .8, TAIL)
    zb0, zb1 = 0.12 * d.hl, 0.9 * d.hl  # hood bulge with a scoop
    g.prism_x([(zb0, body.top_y(zb0) - 0.01), (zb1, body.top_y(zb1) - 0.01), (zb1 - 0.15, yf + 0.06), (zb0, yf + 0.07)],
              -0.32 * d.w, 0.32 * d.w, 1.0)
    zs = 0.55 * d.hl
    g.prism_x([(zs - 0.35, yf + 0.05), (zs + 0.12, yf + 0.05), (zs + 0.12, yf + 0.16), (zs - 0.2, yf + 0.14)], -0.17 * d.w, 0.17 * d.w, 1.0)
    g.box(-0.14 * d.w, 0.14 * d.w, yf + 0.075, yf + 0.145, zs + 0.12, zs + 0.13, DARK)
    for x in (-0.62, -0.45, 0.45, 0.62):
        g.cyl((x * d.w, body.y(.17), -d.hl - 0.02), "z", 0.04, 0.2, CHROME, 8, DARK)


def _hyper(g: Parts, body: Shape) -> None:
    """Slim lamps on the fender noses, a tail light bar, a diffuser and side intakes."""
    d = body.d
    zf = d.hl
    body.decal(g, 1, 0.83 * d.hl, 0.955 * d.hl, 0.15, 0.85, HEAD)  # slim lamps on the fender noses
    g.box(-0.88 * d.w, 0.88 * d.w, body.y(.44), body.y(.5), -d.hl - 0.012, -d.hl + 0.02, TAIL)
    g.box(-0.7 * d.w, 0.7 * d.w, 0.05, body.y(.3), -d.hl - 0.05, -d.hl + 0.3, DARK)  # diffuser
    g.box(-0.5 * d.w, 0.5 * d.w, body.y(.2), body.y(.3), zf - 0.02, zf + 0.012, DARK)
    for s in (-1, 1):  # side intakes ahead of the rear wheels
        x0, x1 = s * 0.84 * d.w, s * 1.005 * d.w
        z1 = -d.a + body.ra + 0.06
        g.prism_x([(z1, body.y(.2)), (z1 + 0.02, body.y(.5)), (z1 + 0.75, body.y(.5))], x0, x1, DARK)


def _kart(g: Parts, body: Shape) -> None:
    """An open frame with side pods, nose, seat, roll hoop, engine and a helmeted driver; the wheels stand free."""
    d = body.d
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
    for x in (-0.2, 0.2):  # roll hoop behind the seat
        g.cyl((x, 0.4, -0.5), "z", 0.02, 0.03, CHROME, 6)
        g.box(x - 0.02, x + 0.02, 0.1, 0.72, -0.52, -0.48, CHROME)
    g.box(-0.22, 0.22, 0.7, 0.74, -0.52, -0.48, CHROME)
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


KITS = {"kart": _kart, "hatch": _hatch, "rally": lambda g, b: _hatch(g, b, rally=True), "coupe": _coupe, "muscle": _muscle, "hyper": _hyper}
