"""The road's edge from its distance field: smooth where the sim's raster steps, the edge line as wide as painted."""

from __future__ import annotations

import math
from functools import lru_cache
from types import SimpleNamespace

import numpy as np

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.terrain import SURFACE_CELL_M
from game.sim.track import Region, Shape
from game.sim.world import World
from game.view.world import ground_bake as gb
from game.view.world import road_sdf
from game.view.world import textures as tx


@lru_cache(maxsize=2)
def _track(name: str):
    catalog = load_catalog()
    world = World(load_track(name, catalog.surfaces), list(catalog.surfaces))
    return catalog, world, gb.bake_maps(world, catalog.surfaces, 2048)


def _fake_world(regions, size_m=(40.0, 40.0), courses=()):
    n = [int(math.ceil(s / SURFACE_CELL_M)) + 1 for s in size_m]
    track = SimpleNamespace(regions=tuple(regions), size_m=size_m, courses=courses)
    return SimpleNamespace(track=track, surface_grid=np.zeros((n[1], n[0]), np.uint8))


def _bilinear(field: np.ndarray, world, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """The field sampled between texel centres as the GPU's bilinear filter does."""
    x0, z0, w, d = tx.map_extent(world)
    n = field.shape[0]
    u, v = (x - x0) / w * n - 0.5, (z - z0) / d * n - 0.5
    i, j = np.floor(u).astype(int), np.floor(v).astype(int)
    fu, fv = u - i, v - j
    a = field[j, i] * (1 - fu) + field[j, i + 1] * fu
    b = field[j + 1, i] * (1 - fu) + field[j + 1, i + 1] * fu
    return a * (1 - fv) + b * fv


def test_the_distance_field_crosses_zero_at_the_pads_edge():
    _, world, maps = _track("sideways_park")
    d = road_sdf.decode(maps[1][..., 3])
    xs = np.linspace(-50.0, -46.0, 401)  # across the pad's west edge at x = -48, along z = 0
    f = _bilinear(d, world, xs, np.zeros_like(xs))
    crossing = xs[np.argmax(f > 0)]
    assert abs(crossing - (-48.0)) < 0.05, crossing
    assert f[0] < -1.5 and f[-1] > 1.5 and np.all(np.diff(f) > -1e-3)  # rises through the edge, off the road to on it


def test_the_edge_line_is_painted_its_width_inside_the_edge():
    _, world, maps = _track("sideways_park")
    d = road_sdf.decode(maps[1][..., 3])
    xs = np.linspace(-49.0, -46.0, 3001)  # 1 mm steps
    f = _bilinear(d, world, xs, np.zeros_like(xs))
    lo, hi = road_sdf.EDGE_LINE_M
    painted = xs[(f >= lo) & (f <= hi)]
    assert abs((painted.max() - painted.min()) - (hi - lo)) < 0.04  # 45 cm of paint
    assert abs(painted.min() - (-48.0 + lo)) < 0.04  # starting 30 cm in from the grass
    _, rgb = gb.shown(world, load_catalog().surfaces, maps)
    r, c = _texel(world, -47.5, 0.0)
    assert rgb[r, c].min() > 200 and rgb[_texel(world, -46.0, 0.0)].max() < 120  # white on the line, asphalt beside it


def test_texels_at_the_road_edge_keep_the_grass_colour_so_the_grass_never_blends_in_asphalt():
    _, world, (_, col) = _track("sideways_park")
    carry, blend_from, _ = gb.carry_m(world, 2048)
    assert blend_from - carry >= carry  # a bilinear sample from blend_from in reaches no texel nearer the edge than carry
    for x in (-48.0 + carry * 0.9, -48.5):  # just inside the pad's west edge, and just outside it on the grass
        r, c = _texel(world, x, 0.0)
        assert col[r, c, 1] > col[r, c, 0] + 20, (x, col[r, c])  # green, not asphalt grey
    r, c = _texel(world, -45.0, 0.0)
    assert abs(int(col[r, c, 1]) - int(col[r, c, 0])) < 12  # 3 m in: the asphalt's own colour


def _texel(world, x: float, z: float) -> tuple[int, int]:
    x0, z0, w, d = tx.map_extent(world)
    return int((z - z0) / d * tx.MAP_PX), int((x - x0) / w * tx.MAP_PX)


def test_a_slanted_road_edge_has_no_steps_where_the_raster_has_them():
    """A road at 23 degrees: its 0.5 m surface raster steps by up to a cell, the distance field stays within 3 cm."""
    a = math.radians(23.0)
    end = (15 * math.cos(a), 15 * math.sin(a))
    world = _fake_world([Region("asphalt", Shape("path", points=((-end[0], -end[1]), end), width_m=6.0))])
    d = road_sdf.road_distance(world, 256)  # 0.16 m texels
    rng = np.random.default_rng(1)
    t, off = rng.uniform(-10, 10, 500), rng.uniform(1.5, 4.5, 500) * rng.choice([-1, 1], 500)  # across either edge
    x, z = t * math.cos(a) - off * math.sin(a), t * math.sin(a) + off * math.cos(a)
    exact = np.clip(3.0 - np.abs(off), -road_sdf.EDGE_RANGE_M, road_sdf.EDGE_RANGE_M)
    assert np.abs(_bilinear(d, world, x, z) - exact).max() < 0.03
    assert np.abs(road_sdf.decode(road_sdf.encode(exact)) - exact).max() < road_sdf.EDGE_RANGE_M / 127  # one byte holds it


def test_a_surface_painted_over_the_road_cuts_it_and_a_road_over_grass_adds():
    road = Region("asphalt", Shape("rect", center=(0.0, 0.0), size=(20.0, 10.0)))
    island = Region("grass", Shape("circle", center=(0.0, 0.0), radius_m=2.0))
    patch = Region("asphalt", Shape("circle", center=(0.0, 0.0), radius_m=0.8))
    world = _fake_world([road, island, patch])
    d = road_sdf.road_distance(world, 256)
    at = lambda x, z: float(_bilinear(d, world, np.array([x]), np.array([z]))[0])  # noqa: E731
    assert abs(at(0.0, 5.0)) < 0.05 and abs(at(10.0, 0.0)) < 0.05  # the rect's edges
    assert abs(at(1.7, 0.0) + 0.3) < 0.05  # inside the island: off the road, 0.3 m from its rim
    assert at(0.0, 0.0) > 0.6 and abs(at(0.8, 0.0)) < 0.05  # the patch laid over the island is road again
    assert at(0.0, 3.5) > 1.0  # between the island and the rect's side: road


def test_the_racing_line_is_worn_darker_than_the_road_beside_it():
    catalog, world, maps = _track("mountain_pass")
    _, rgb = gb.shown(world, catalog.surfaces, maps)
    lum = rgb.mean(axis=2)
    d = road_sdf.decode(maps[1][..., 3])
    (course,) = world.track.courses
    on, beside = [], []
    for (ax, az), (bx, bz) in zip(course.line, course.line[1:]):
        mx, mz = (ax + bx) / 2, (az + bz) / 2
        n = np.array([bz - az, ax - bx]) / math.hypot(bx - ax, bz - az)
        for k in (3.5, -3.5):
            r, c = _texel(world, mx + n[0] * k, mz + n[1] * k)
            if d[r, c] > 1.0 and d[_texel(world, mx, mz)] > 1.0 and lum[r, c] < 150:  # well on the road, not on paint
                beside.append(lum[r, c])
                on.append(lum[_texel(world, mx, mz)])
    assert len(on) > 10
    assert np.median(on) < np.median(beside) * (1 - 0.6 * gb.WORN_DARK)


# ---- walls with relief ---------------------------------------------------------------------------------------


def _wall_geo(detail: str, closed: bool = False):
    from game.sim.track import Wall
    from game.view.world.world_meshes import Geo
    from game.view.world.world_walls import add_concrete_wall

    geo = Geo()
    wall = Wall(points=((0.0, 0.0), (20.0, 0.0), (20.0, 12.0)), closed=closed, height_m=2.5, kind="wall")
    add_concrete_wall(geo, wall, lambda x, z: np.zeros(np.shape(x)), np.random.default_rng(5), detail)
    pos, nrm, col, _ = geo.arrays()
    return pos.reshape(-1, 3, 3), nrm[::3], col[::3, :3]


def test_a_full_detail_wall_steps_back_course_by_course_under_a_lighter_overhanging_cap():
    tris, nrm, col = _wall_geo("full")
    face = (np.abs(nrm[:, 1]) < 0.1) & (np.abs(nrm[:, 2]) > 0.99)  # the faces of the first run (along x), both sides
    south = face & (nrm[:, 2] < 0)
    levels: dict[float, list[float]] = {}  # each face's distance out from the wall's line, and the heights at it
    for t in tris[south]:
        levels.setdefault(round(float(t[:, 2].mean()), 3), []).append(float(t[:, 1].mean()))
    out = [-z for z, _ in sorted(levels.items(), key=lambda kv: np.mean(kv[1]))]  # bottom course first, the cap last
    assert len(out) >= 4  # three courses and the cap, each its own face
    assert all(lo > hi for lo, hi in zip(out[:-2], out[1:-1]))  # each course set back from the one below
    assert out[-1] > out[-2] + 0.05  # and the cap overhangs the course under it
    ledges = (nrm[:, 1] > 0.99) & (tris[:, :, 1].mean(axis=1) < 2.2)
    assert ledges.sum() >= 4  # ledges that catch the sun between the courses
    top = (nrm[:, 1] > 0.99) & (tris[:, :, 1].min(axis=1) > 2.49)
    assert col[top].mean() > col[south & (tris[:, :, 1].max(axis=1) < 2.0)].mean() * 1.1  # a lighter capping stone
    assert np.ptp(col[south].mean(axis=1)) > 0.05  # panels and courses a shade apart


def test_a_low_detail_wall_keeps_its_triangles_and_shows_its_cap_and_panels_by_colour():
    tris, nrm, col = _wall_geo("low")
    panels = 5 + 3  # 20 m and 12 m in 4 m panels
    assert len(tris) == 10 * panels  # the plain slab: no more triangles than before
    top = nrm[:, 1] > 0.9
    side = np.abs(nrm[:, 1]) < 0.2
    assert col[top].mean() > col[side].mean() * 1.1
    assert np.ptp(col[side].mean(axis=1)) > 0.04  # neighbouring panels told apart
