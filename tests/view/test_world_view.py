"""World drawing: procedural textures, the baked ground map and the meshes (no window; one subprocess smoke test)."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.world import World
from game.view.world import ground_bake as gb
from game.view.world import textures as tx
from game.view.world import world_lod as wl
from game.view.world import world_meshes as wm
from game.view.world import world_props as wp
from game.view.world import world_view as wv

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def _park():
    catalog = load_catalog()
    world = World(load_track("sideways_park", catalog.surfaces), list(catalog.surfaces))
    return catalog, world


@lru_cache(maxsize=1)
def _baked():
    catalog, world = _park()
    return gb.shown(world, catalog.surfaces, gb.bake_maps(world, catalog.surfaces))  # what the ground shader shows


def _pixel(world, x: float, z: float) -> tuple[int, int]:
    x0, z0, w, d = tx.map_extent(world)
    return int((z - z0) / d * tx.MAP_PX), int((x - x0) / w * tx.MAP_PX)


# ---- detail textures ---------------------------------------------------------------------------------


def test_detail_tiles_are_deterministic_and_average_to_one():
    catalog, _ = _park()
    for sid, s in catalog.surfaces.items():
        a = tx.detail_tile(sid, s.effect)
        tx.detail_tile.cache_clear()
        b = tx.detail_tile(sid, s.effect)
        assert a.shape == (tx.DETAIL_PX, tx.DETAIL_PX, 4) and a.dtype == np.uint8
        assert np.array_equal(a, b), sid
        mean = a[..., :3].reshape(-1, 3).mean(axis=0)
        assert np.all(np.abs(mean - tx.DETAIL_ONE) < 3), (sid, mean)  # from afar the catalog colour shows
        assert a[..., :3].std() > 2, f"{sid} has no visible detail"


def test_detail_tiles_tile_seamlessly():
    for sid in ("asphalt", "grass", "dirt"):
        t = tx.detail_tile(sid)[..., :3].astype(float)
        wrap = np.abs(t[0] - t[-1]).mean() + np.abs(t[:, 0] - t[:, -1]).mean()
        inner = np.abs(t[100] - t[101]).mean() + np.abs(t[:, 100] - t[:, 101]).mean()
        assert wrap < 2.5 * inner + 1, sid  # the seam is no stronger than any row-to-row step


def test_surfaces_look_distinct():
    catalog, _ = _park()
    means = {sid: tx.detail_preview(sid, s.color, s.effect).reshape(-1, 3).mean(axis=0) for sid, s in catalog.surfaces.items()}
    ids = list(means)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert np.abs(means[a] - means[b]).sum() > 30, (a, b)


def test_grass_and_snow_vary_up_close_at_a_second_scale():
    grass = tx.detail_tile("grass")[..., :3].astype(float)
    metre = grass.reshape(4, 64, 4, 64, 3).mean(axis=(1, 3))  # 1 m patches of one 4 m tile
    assert np.ptp(metre[..., 0] / metre[..., 2]) > 0.1  # dry yellowish and lush bluish patches, not one flat green
    snow = tx.detail_tile("snow")[..., :3].astype(float)
    hand = snow.reshape(16, 16, 16, 16, 3).mean(axis=(1, 3, 4)) / tx.DETAIL_ONE  # 25 cm patches
    assert hand.std() > 0.022  # wind crust and hollows between the large drifts


# ---- baked ground map ----------------------------------------------------------------------------------


@pytest.mark.parametrize("x, z, surface", [(70, -62, "ice"), (0, 0, "asphalt"), (75, 60, "snow"), (-85, 15, "dirt"), (100, -170, "grass")])
def test_baked_map_has_the_surface_colour(x, z, surface):
    catalog, world = _park()
    idx, col = _baked()
    r, c = _pixel(world, x, z)
    assert world.surface_ids[idx[r, c]] == surface == world.ground(x, z)[4]
    patch = np.median(col[r - 3 : r + 4, c - 3 : c + 4].reshape(-1, 3), axis=0)
    want = tx.hex_rgb(catalog.surfaces[surface].color) * 255
    assert np.abs(patch - want).max() < 0.25 * 255, (surface, patch, want)
    others = [tx.hex_rgb(s.color) * 255 for sid, s in catalog.surfaces.items() if sid != surface]
    assert all(np.abs(patch - want).sum() < np.abs(patch - o).sum() for o in others)  # nearest catalog colour


def test_baked_index_agrees_with_the_sim_raster():
    _, world = _park()
    idx, _ = _baked()
    rng = np.random.default_rng(3)
    pts = rng.uniform(-205, 205, (400, 2))
    agree = [world.surface_ids[idx[_pixel(world, x, z)]] == world.ground(x, z)[4] for x, z in pts]
    assert np.mean(agree) > 0.97  # only sub-cell border smoothing may differ


def test_asphalt_edges_get_a_white_line():
    _, world = _park()
    _, col = _baked()
    r, c = _pixel(world, -47.5, 0.0)  # 0.5 m inside the pad's west edge (x = -48)
    assert col[r, c - 2 : c + 3].max() > 200
    r, c = _pixel(world, -40.0, 0.0)
    assert col[r, c].max() < 120


# ---- meshes --------------------------------------------------------------------------------------------------


def test_terrain_mesh_matches_the_heightfield():
    _, world = _park()
    normals = wm.terrain_normals(world)
    nz, nx = world.heights.shape
    pos, nrm, col, uv, idx = wl.terrain_patch(world, normals, np.arange(nx), np.arange(nz))
    assert len(pos) == world.heights.size and len(idx) == 6 * (nx - 1) * (nz - 1)
    assert np.allclose(pos[:, 1].reshape(nz, nx), world.heights)
    assert np.allclose(pos[:, 0].reshape(nz, nx)[0], world.hx) and np.allclose(pos[:, 2].reshape(nz, nx)[:, 0], world.hz)
    assert np.allclose(np.linalg.norm(nrm, axis=1), 1) and (nrm[:, 1] > 0.5).all()
    t = pos[idx.reshape(-1, 3)]
    cross = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
    assert (cross[:, 1] < 0).all()  # same winding rule as Geo: faces up are front faces
    ci, cj = wl.chunk_bounds(nx, wv.CHUNKS), wl.chunk_bounds(nz, wv.CHUNKS)
    chunks = [wl.terrain_patch(world, normals, np.arange(ci[a], ci[a + 1] + 1), np.arange(cj[b], cj[b + 1] + 1))
              for a in range(wv.CHUNKS) for b in range(wv.CHUNKS)]
    assert sum(len(c[0]) for c in chunks) == (nx + wv.CHUNKS - 1) * (nz + wv.CHUNKS - 1)  # chunks share their seams
    assert sum(len(c[4]) for c in chunks) == len(idx)  # every cell drawn exactly once


def test_far_terrain_keeps_every_nth_node_and_its_edges():
    _, world = _park()
    normals = wm.terrain_normals(world)
    assert list(wl.grid_indices(10, 33, 3)) == [10, 13, 16, 19, 22, 25, 28, 31, 33]  # always ends on the shared edge node
    full = wl.terrain_patch(world, normals, np.arange(10, 34), np.arange(0, 24))
    far = wl.terrain_patch(world, normals, wl.grid_indices(10, 33, 3), wl.grid_indices(0, 23, 3), skirt_m=1.5)
    cells = 8 * 8  # 9 x 9 nodes: 4 x 4 ... 8 x 8 cells
    rim = 4 * 8  # nodes around the edge of a 9 x 9 grid
    assert len(far[4]) == 6 * cells + 2 * 6 * rim  # the surface plus a two-sided skirt quad per rim edge
    assert len(far[0]) == 81 + rim + 1 and len(full[0]) == 24 * 24  # the skirt's loop closes on its first node
    grid = far[0][:81].reshape(9, 9, 3)
    assert np.allclose(grid[..., 1], world.heights[np.ix_(wl.grid_indices(0, 23, 3), wl.grid_indices(10, 33, 3))])
    edge = np.concatenate([grid[0], grid[-1], grid[:, 0], grid[:, -1]])
    for x, y, z in far[0][81:]:  # every skirt node hangs 1.5 m straight below an edge node
        k = np.nonzero((edge[:, 0] == x) & (edge[:, 2] == z))[0]
        assert len(k) and np.isclose(edge[k[0], 1] - y, 1.5)


def test_static_mesh_is_split_into_cells_without_losing_a_triangle():
    catalog, world = _park()
    full = wp.build_static(world, catalog)
    low = wp.build_static(world, catalog, detail="low")
    assert len(low[0]) < 0.6 * len(full[0])  # the cheaper tiers draw about half the triangles
    x0, z0, w, d = tx.map_extent(world)
    cells = wl.split_triangles(full, x0, z0, w / 6, 6)
    assert sum(len(c[0]) for c in cells.values()) == len(full[0])
    for (a, _b), c in cells.items():  # each piece holds only triangles whose centre lies in its cell
        centre = c[0].reshape(-1, 3, 3).mean(axis=1)
        assert ((centre[:, 0] >= x0 + a * w / 6 - 1e-6) | (a == 0)).all() and ((centre[:, 0] < x0 + (a + 1) * w / 6) | (a == 5)).all()


def test_mesh_height_is_exact_at_nodes_and_close_to_the_sim():
    _, world = _park()
    X, Z = np.meshgrid(world.hx[::7], world.hz[::7])
    assert np.allclose(wm.mesh_height(world, X, Z), world.heights[::7, ::7], atol=1e-4)
    rng = np.random.default_rng(1)
    for x, z in rng.uniform(-200, 200, (200, 2)):
        assert abs(wm.mesh_height(world, x, z) - world.terrain_height(x, z)) < 0.15


def test_static_mesh_is_consistent_and_every_prop_kind_is_modelled():
    catalog, world = _park()
    pos, nrm, col, uv = wp.build_static(world, catalog)
    assert len(pos) == len(nrm) == len(col) == len(uv) and len(pos) % 3 == 0
    assert len(pos) < 400_000  # stays cheap to draw
    assert np.isfinite(pos).all() and np.allclose(np.linalg.norm(nrm, axis=1), 1, atol=1e-6)
    assert not np.all(np.isclose(col[:, :3], (0.8, 0.2, 0.8)), axis=1).any()  # no unknown-kind placeholder


def test_props_stand_on_the_ground():
    _, world = _park()
    for kind in ("tree", "pine", "rock", "cone", "tyres", "flag"):
        parts = wp._prop_parts(kind, np.random.default_rng(0))
        low = min(t[..., 1].min() for t, *_ in parts)
        assert -0.35 <= low <= 0.01, (kind, low)  # touches or sinks slightly into the ground, never floats


def test_geo_orients_faces_outward():
    geo = wm.Geo()
    tris = wp._prism(1.0, 1.0, 0.0, 2.0, 6)
    rng = np.random.default_rng(0)
    tris = tris[:, rng.permutation(3)]  # scramble windings
    geo.add(tris, (1, 1, 1), (0, 1, 0))
    pos, nrm, _, _ = geo.arrays()
    centroid = pos.reshape(-1, 3, 3).mean(axis=1) - [0, 1, 0]
    assert (np.einsum("ij,ij->i", np.repeat(centroid, 3, axis=0), nrm) > 0).all()


def test_wall_pieces_keep_their_triangles_together():
    a = np.array([[0.0, 0.0], [4.0, 0.0], [8.0, 0.0]])
    tris, inside = wp._slabs(a, a + [4.0, 0.0], lambda x, z: np.zeros_like(x), 2.0, 0.5, 0.5)
    assert len(tris) == 10 * len(a)
    assert (np.abs(tris.mean(axis=1)[:, 0] - inside[:, 0]) <= 2.0 + 1e-9).all()  # each face sits on its own piece


def test_ramps_are_solid_wedges_with_a_lip_at_their_height():
    catalog, world = _park()
    geo = wm.Geo()
    wp._add_ramps(geo, world, catalog)
    pos, nrm, _, _ = geo.arrays()
    for r in world.track.ramps:
        near = np.hypot(pos[:, 0] - r.x, pos[:, 2] - r.z) < r.length_m + r.width_m
        top = pos[near, 1].max()
        assert abs(top - (world.terrain_height(r.x, r.z) + r.height_m)) < 0.1


def test_zone_outlines_follow_the_data():
    _, world = _park()
    pos, *_ = wm.build_zones(world)
    assert len(pos) > 0
    h = wm.mesh_height(world, pos[:, 0], pos[:, 2])
    assert np.allclose(pos[:, 1] - h, 0.06, atol=0.02)  # draped just above the drawn ground
    for zone in world.track.drift_zones:
        xmin, zmin, xmax, zmax = zone["area"].bbox()
        inside = (pos[:, 0] > xmin) & (pos[:, 0] < xmax) & (pos[:, 2] > zmin) & (pos[:, 2] < zmax)
        assert inside.any(), zone["id"]


def test_sun_direction_from_look():
    d = wm.sun_direction({"sun_heading_deg": 90, "sun_elevation_deg": 30})
    assert np.allclose(d, [np.cos(np.radians(30)), 0.5, 0], atol=1e-9)


# ---- the real thing, offscreen, in its own process -------------------------------------------------------------

_CHILD = """
import json, sys, time
from game.view.boot.ursina_app import make_app
app = make_app(headless=True, size=(160, 90))
from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.world import World
from game.view.world.world_view import WorldView
from ursina import scene
cat = load_catalog(); world = World(load_track("sideways_park", cat.surfaces), list(cat.surfaces))
t = time.perf_counter(); view = WorldView(world, cat); build = time.perf_counter() - t
out = {{"build_s": build, "entities": len(view.entities), "zones_default": view.zones.enabled}}
from ursina import application
from game.view.world.world_view import SHADOW_BITS
main_mask = application.base.camNode.getCameraMask()
def seen(prefix, mask):  # how many of these meshes a camera with this mask draws, of how many
    es = [e for e in view.entities if e.name.startswith(prefix)]
    return [sum(not e.isHidden(mask) for e in es), len(es)]
out["props_main"], out["props_sun"] = seen("world_static_", main_mask), seen("world_static_", SHADOW_BITS)
out["proxy_main"], out["proxy_sun"] = seen("world_static_shadow_", main_mask), seen("world_static_shadow_", SHADOW_BITS)
view.show_zones(True); out["zones_on"] = view.zones.enabled
t = time.perf_counter()
for i in range(1000): view.follow(i * 0.1, 3.0)
out["follow_us"] = (time.perf_counter() - t) * 1e3
for _ in range(3): app.step()
out["fog"] = scene.fog_density
view.set_shadows(False); app.step()
view.destroy(); app.step()
out["fog_after"] = scene.fog_density; out["left"] = len(view.entities)
from panda3d.core import LightAttrib
from ursina import application
base = application.base
def render_lights():
    la = base.render.getAttrib(LightAttrib)
    return la.getNumOnLights() if la else 0
def sun_buffers():
    return sum(base.graphicsEngine.getWindow(k).getName() == "directional_light" for k in range(base.graphicsEngine.getNumWindows()))
out["lights_after"] = render_lights()
for _ in range(2):  # the next map (or the drive after the garage) draws its own sun, shadows and all
    again = WorldView(world, cat)
    for _ in range(3): app.step()
    out.setdefault("sun_buffers", []).append(sun_buffers()); out.setdefault("lights", []).append(render_lights())
    again.destroy(); app.step()
out["sun_buffers_after"] = sun_buffers(); out["lights_after_again"] = render_lights()
from game.ui.garage_stage import build_stage
stage, _ = build_stage(scene); app.step()
out["stage_lights_on_render"] = render_lights()
print("RESULT " + json.dumps(out))
"""


@pytest.mark.e2e
def test_world_view_builds_renders_and_cleans_up():
    proc = subprocess.run([sys.executable, "-c", _CHILD.format()], capture_output=True, text=True, timeout=300, cwd=ROOT)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    assert proc.returncode == 0 and line, proc.stderr[-2000:]
    out = json.loads(line[0][7:])
    assert out["entities"] <= 2 * wv.CHUNKS**2 + 2 * wv.PROP_CELLS**2 + 8 and not out["zones_default"] and out["zones_on"]
    # on High the player sees the full props and the sun's map draws their low-detail stand-ins (the same shadows,
    # half the vertices in a pass redrawn whenever a car moves): each mesh is drawn by exactly one of the two cameras
    n = out["proxy_main"][1]
    assert n > 0 and out["proxy_main"] == [0, n] and out["proxy_sun"] == [n, n]
    assert out["props_main"][0] == out["props_main"][1] - n and out["props_sun"][0] == n
    # speed is a figure to read, not a pass mark (a shared machine's timings are noise): tools/bench_frame.py measures it
    print(f"world view: built in {out['build_s']:.2f} s, follow {out['follow_us']:.1f} us a call (the only per-frame work)")
    assert out["fog"] > 0 and out["fog_after"] == 0 and out["left"] == 0
    # a view's sun and ambient light go with it, and so does the sun's shadow buffer: left behind, the next map's sun
    # came after a stale one in the shaders' light list (no shadows), and each old buffer was cleared every frame
    assert out["lights_after"] == 0 and out["lights"] == [2, 2] and out["sun_buffers"] == [1, 1]
    assert out["sun_buffers_after"] == 0 and out["lights_after_again"] == 0
    assert out["stage_lights_on_render"] == 0  # the garage's lights light its stage only, not the drive after it
