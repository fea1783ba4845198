"""Refuse, before a session starts, a map whose drawn geometry would not be finite (pure numpy, no ursina)."""

from __future__ import annotations

import numpy as np

from game.safe_json import DataError
from game.view.world.world_meshes import build_skirt, build_zones, terrain_normals
from game.view.world.world_props import build_static


def check_drawable(world, catalog, label: str) -> None:
    """Build the map's static meshes once as the view will; DataError (one line) if any part is not finite."""
    parts = (
        ("the terrain", lambda: (world.heights, terrain_normals(world))),
        ("the walls, ramps and props", lambda: build_static(world, catalog, detail="low")),  # same points, fewer faces
        ("the drift zones", lambda: build_zones(world)),
        ("the land around the map", lambda: build_skirt(world, catalog)),
    )
    with np.errstate(all="ignore"):
        for what, build in parts:
            if not all(np.isfinite(np.asarray(a, float)).all() for a in build()):
                raise DataError(f"{label}: {what} cannot be drawn (a point is not a finite number)")
