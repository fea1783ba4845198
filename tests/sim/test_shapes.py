"""Road (path) masks: the windowed mask marks exactly the grid points the full distance field does."""

from __future__ import annotations

import numpy as np
import pytest

from game.content.tracks import load_track
from game.sim.shapes import path_distance, path_mask
from game.sim.terrain import SURFACE_CELL_M, grid_axes


def test_hand_computed_road_across_a_small_grid():
    xs, zs = np.meshgrid(np.arange(0.0, 5.0), np.arange(0.0, 3.0))  # x 0..4 along columns, z 0..2 along rows
    # a road from (0, 1) to (4, 1), 1 m wide: only the middle row is within 0.5 m
    m = path_mask([(0.0, 1.0), (4.0, 1.0)], False, 0.5, xs, zs)
    assert m.tolist() == [[False] * 5, [True] * 5, [False] * 5]
    # a closed triangle's third side (4, 1) -> (0, 1) is the same line: nothing changes
    assert (path_mask([(0.0, 1.0), (4.0, 1.0), (2.0, 1.0)], True, 0.5, xs, zs) == m).all()
    # a bend: (0, 0) -> (2, 0) -> (2, 2), 0.5 m half width marks the L and nothing else
    bend = path_mask([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)], False, 0.5, xs, zs)
    assert np.argwhere(bend).tolist() == [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]


def test_point_exactly_at_half_width_is_on_the_road():
    xs, zs = np.meshgrid(np.arange(0.0, 3.0), np.arange(-2.0, 3.0))
    m = path_mask([(0.0, 0.0), (2.0, 0.0)], False, 2.0, xs, zs)
    assert m.all()  # |z| <= 2 everywhere, the edge rows included


@pytest.mark.parametrize("track_id", ["sideways_park", "mountain_pass", "frozen_lake"])  # the parking yard has no roads
def test_every_shipped_road_matches_the_distance_field(catalog, track_id):
    track = load_track(track_id, catalog.surfaces)
    xs, zs = grid_axes(track.size_m, SURFACE_CELL_M)
    X, Z = np.meshgrid(xs, zs)
    roads = [r.shape for r in track.regions if r.shape.kind == "path"]
    assert roads
    for s in roads:
        full = path_distance(s.points, s.closed, X, Z) <= s.width_m / 2
        assert (path_mask(s.points, s.closed, s.width_m / 2, X, Z) == full).all()


def test_irregular_points_fall_back_to_the_distance_field():
    rng = np.random.default_rng(3)
    xs, zs = rng.uniform(-5, 5, 200), rng.uniform(-5, 5, 200)  # scattered points, not a grid
    pts = [(-4.0, -4.0), (0.0, 3.0), (4.0, -1.0)]
    assert (path_mask(pts, False, 1.2, xs, zs) == (path_distance(pts, False, xs, zs) <= 1.2)).all()
