"""Car bodies from data/bodies.json: the lofted shell, glasshouse, trim and each kit's details (no ursina)."""

from __future__ import annotations

from game.content.bodies import BodyStyle, shipped_bodies
from game.view.cars.bodies.kits import KITS
from game.view.cars.bodies.shape import Dims, Shape, cabin
from game.view.cars.bodies.trim import COLOURS, bumpers, flares, mirrors, spoiler
from game.view.world.mesh_builder import Parts

__all__ = ["Dims", "build_body", "style_for"]


def style_for(spec) -> BodyStyle:
    """The body style a car is drawn with: its own, else the nearest by length, height and mass."""
    return shipped_bodies().for_car(spec)


def shape_for(d: Dims, full: bool = True) -> Shape:
    """The lofted shell of a style at these sizes (bevelled at full detail only)."""
    st = d.style
    return Shape(d, st.sections, st.lift_m, st.arch_gap, st.bevel if full else 0.0)


def build_body(spec, detail: str = "full", style: BodyStyle | None = None) -> Parts:
    """The static paint and detail meshes of one car, sized from its spec, in its body style."""
    st = style or style_for(spec)
    d = Dims(spec, st)
    g = Parts()
    full = detail != "low"
    body = shape_for(d, full)
    if st.sections:
        body.build(g)
        if st.glasshouse is not None:
            cabin(g, body, st.glasshouse)
            mirrors(g, body, st.glasshouse.mirror_u, st.glasshouse.mirror_w)
        if st.bumper_h_m > 0.0:
            bumpers(g, body, COLOURS[st.bumper_colour], st.bumper_h_m)
        if st.flare_out_m > 0.0:
            flares(g, body, st.flare_out_m, COLOURS[st.flare_colour], 6 if full else 4)
        spoiler(g, body, st)
    KITS[st.kit](g, body)
    return g
