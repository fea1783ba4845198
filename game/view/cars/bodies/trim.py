"""What every lofted body shares, placed from its style's numbers: bumpers, mirrors, arch flares and the spoiler."""

from __future__ import annotations

from game.content.bodies import BodyStyle
from game.view.cars.bodies.shape import Shape
from game.view.world.mesh_builder import CHROME, DARK, TRIM, Color, Parts

COLOURS: dict[str, Color] = {"paint": 1.0, "trim": TRIM, "chrome": CHROME, "dark": DARK}


def bumpers(g: Parts, body: Shape, col: Color, hh: float) -> None:
    """Full-width bumper bars along the bottom of both ends, their outer corners cut back."""
    d = body.d
    for z, s in ((d.hl, 1), (-d.hl, -1)):
        sec = body.at(z - s * 0.05)
        y0 = sec[0][1] + 0.02
        w = sec[1][0] * 0.98
        za, zb = z - s * 0.06, z + s * 0.03
        g.prism_x([(za, y0), (zb, y0 + 0.25 * hh), (zb, y0 + hh), (za, y0 + hh)] if s < 0 else
                  [(za, y0), (za, y0 + hh), (zb, y0 + hh), (zb, y0 + 0.25 * hh)], -w, w, col)


def mirrors(g: Parts, body: Shape, u: float, wb: float) -> None:
    """Door mirrors at the foot of the windscreen."""
    d = body.d
    z = u * d.hl
    y = body.top_y(z) + 0.04
    for s in (-1, 1):
        g.box(s * (wb * d.w - 0.03), s * (wb * d.w + 0.12), y, y + 0.08, z - 0.1, z, 1.0)


def flares(g: Parts, body: Shape, out_m: float, col: Color, segments: int) -> None:
    """A flared lip round every wheel arch, standing out_m from the body's side."""
    d = body.d
    fs = [-1.0, -0.8, -0.45, 0.45, 0.8, 1.0] if segments > 4 else [-1.0, -0.6, 0.6, 1.0]
    for zc in (-d.a, d.a):
        pts = [(zc + f * body.ra, body.arch_top(f * body.ra)) for f in fs]
        for (za, ya), (zb, yb) in zip(pts, pts[1:]):
            w = max(x for x, _ in body.at(0.5 * (za + zb)))
            for s in (-1, 1):  # underside, outer face and top of the lip (its inner end is buried in the body)
                xi, xo = s * (w - 0.1), s * (w + out_m)
                for q in ([(xi, ya, za), (xo, ya, za), (xo, yb, zb), (xi, yb, zb)],
                          [(xo, ya, za), (xo, ya + 0.08, za), (xo, yb + 0.08, zb), (xo, yb, zb)],
                          [(xi, ya + 0.08, za), (xo, ya + 0.08, za), (xo, yb + 0.08, zb), (xi, yb + 0.08, zb)]):
                    g.poly(q, col, (0.0, 0.5 * (ya + yb) + 0.04, zc))


def spoiler(g: Parts, body: Shape, st: BodyStyle) -> None:
    """The style's roof lip, ducktail or wing (an aerofoil on two pylons with end plates)."""
    sp, d = st.spoiler, body.d
    z0, y0, half, c = sp.u * d.hl, body.y(sp.height), sp.span * d.w, sp.chord_m
    if sp.kind == "roof":  # a lip off the roof's trailing edge, tipping down
        g.prism_x([(z0 - 0.06, y0), (z0 + c, y0), (z0 + c, y0 + 0.04), (z0 - 0.04, y0 + 0.07)], -half, half, 1.0)
        for s in (-1, 1):
            g.prism_x([(z0 - 0.06, y0 - 0.02), (z0 + 0.6 * c, y0 - 0.02), (z0 - 0.04, y0 + 0.07)], s * half, s * (half - 0.03), 1.0)
    elif sp.kind == "ducktail":  # the tail kicks up over the boot lid
        z0 = max(z0, -d.hl)
        yb = body.top_y(z0 + 0.05)
        g.prism_x([(z0 + 0.01, yb - 0.03), (z0 + c, yb - 0.01), (z0 + 0.01, max(y0, yb + 0.07))], -half, half, 1.0)
    elif sp.kind == "wing":
        yb = body.top_y(z0 + 0.05) - 0.02
        for s in (-1, 1):  # pylons, then end plates
            g.box(s * 0.32 * d.w, s * 0.38 * d.w, yb, y0, z0 - 0.02, z0 + 0.12, DARK)
            g.box(s * half, s * (half + 0.04), y0 - 0.12, y0 + 0.1, z0 - 0.5 * c, z0 + 0.5 * c + 0.04, 1.0)
        g.prism_x([(z0 - 0.5 * c, y0 + 0.07), (z0 + 0.5 * c, y0), (z0 + 0.5 * c, y0 + 0.03), (z0 - 0.45 * c, y0 + 0.1)], -half, half, DARK)
