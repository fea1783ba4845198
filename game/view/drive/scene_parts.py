"""The drive scene's optional parts, each built only where the run has it: the score widgets, the minimap, the ghost;
and where the other cars are for the minimap."""

from __future__ import annotations

import math


def score_hud(hud):
    """The score widgets on the HUD (None until that module exists)."""
    try:
        from game.view.hud.score_hud import ScoreHud
    except ImportError:
        return None
    return ScoreHud(hud.score_anchor)


def minimap(world, catalog, settings):
    """The minimap in the HUD's corner (maps only: an endless test pad has nothing to show)."""
    if getattr(world, "track", None) is None:
        return None
    from game.view.hud.minimap import Minimap

    m = Minimap(world, catalog.surfaces)
    m.set_visible(settings.minimap)
    return m


def ghost_view(session, car):
    """A translucent car replaying the best run, if there is one."""
    if car is None:
        return None
    from game.view.cars.ghost_view import GhostView

    return GhostView(session, car)


OTHER_KINDS = ("ai", "rival")  # the session car kinds drawn on the minimap as other cars (AI traffic, Tandem's opponent)


def others(session, ghost_view, paint_colors: dict) -> tuple[tuple[float, float, float] | None, list]:
    """Where the ghost and the other cars are now, for the minimap; paint_colors caches each paint's parsed colour."""
    from ursina import color

    from game.sim.session import GHOST

    ghost, out = None, []
    for car in session.cars:
        st = car.state
        if car.kind == GHOST and (ghost_view is None or ghost_view.visible):
            ghost = (st.x, st.z, math.degrees(st.heading))
        elif car.kind in OTHER_KINDS:
            tint = paint_colors.get(car.paint)
            if tint is None:
                tint = paint_colors[car.paint] = color.hex(car.paint)
            out.append((st.x, st.z, math.degrees(st.heading), tint))
    return ghost, out
