"""The baked ground maps of a track: the surface index under the road, and one colour map whose alpha is the road's
distance field (road_sdf) the ground shader draws the asphalt's edge from.

Maps (what bake_maps returns, what the ground cache keeps): idx uint8 [row=z, col=x], the surface under the road
(the regions without the road's own); col uint8 [row, col, 4]: RGB the road's own colour (drift marks, the worn line,
paint) where a texel lies more than carry_m inside the road's edge, else the ground's colour (so a fragment off the
road never blends in a road texel), and A the road's signed distance (road_sdf.encode).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.sim.terrain import build_surface_raster
from game.view.world import road_sdf
from game.view.world.textures import MAP_PX, bay_outline, hex_rgb, map_extent, tile_noise

CHANNELS = 4  # RGB, road distance
PAINT_RGB = (237.0, 237.0, 230.0)
WORN_DARK = 0.2  # the racing line is this much darker at its middle
SUPERSAMPLE = 4  # painted lines are drawn this much finer and averaged down: soft edges, no steps


def under_grid(world) -> np.ndarray:
    """The surface raster with the road's regions left out: what lies under the asphalt."""
    track = world.track
    if not any(r.surface == road_sdf.ROAD for r in track.regions):
        return world.surface_grid
    bare = dataclasses.replace(track, regions=tuple(r for r in track.regions if r.surface != road_sdf.ROAD))
    return build_surface_raster(bare, {s: i for i, s in enumerate(world.surface_ids)})[0]


def bake_index(world, size: int = MAP_PX, grid: np.ndarray | None = None) -> np.ndarray:
    """Surface indices upsampled to size² with smooth (not stair-stepped) borders: uint8 [row=z, col=x]."""
    grid = world.surface_grid if grid is None else grid
    best = np.zeros((size, size), np.uint8)
    idx = np.zeros((size, size), np.uint8)
    for i in range(len(world.surface_ids)):
        m = grid == i
        if not m.any():
            continue
        img = Image.fromarray(m.astype(np.uint8) * 255).filter(ImageFilter.GaussianBlur(0.8))
        up = np.asarray(img.resize((size, size), Image.BILINEAR))
        sel = up > best
        np.copyto(best, up, where=sel)
        np.copyto(idx, np.uint8(i), where=sel)
    return idx


def bake_maps(world, surfaces: dict, size: int = MAP_PX) -> tuple[np.ndarray, np.ndarray]:
    """(index under the road, colour + road code + road distance) of a track at size² px."""
    idx = bake_index(world, size, under_grid(world))
    sd = road_sdf.road_distance(world, size)
    return idx, bake_colors(world, surfaces, idx, sd)


def carry_m(world, size: int) -> tuple[float, float, float]:
    """(carry, blend_from, blend_to) in metres inside the road's edge: texels nearer the edge than carry hold the ground's
    colour; the shader takes the road's colour from the map only from blend_from on (its texels all lie past carry),
    reaching it at blend_to, and the plain road colour nearer the edge (under the edge line where it fits)."""
    x0, z0, w, d = map_extent(world)
    diag = 1.05 * np.hypot(w / size, d / size)  # the farthest a bilinear sample's texel lies from it
    lo = max(2 * diag, road_sdf.EDGE_LINE_M[0] + 0.2)
    return diag, lo, lo + 0.1


def bake_colors(world, surfaces: dict, idx: np.ndarray, sd: np.ndarray, seed: int = 7) -> np.ndarray:
    """uint8 [row=z, col=x, CHANNELS]: ground colours (macro variation, lawn stripes) and, carry_m inside the road's
    edge, the road's (drift marks, patches, the worn racing line); paint (spawn boxes, bay lines); the road's distance."""
    size = idx.shape[0]
    ids = world.surface_ids
    rng = np.random.default_rng(seed)
    lut = 255 * np.stack([hex_rgb(surfaces[s].color) if s in surfaces else np.full(3, 0.5, np.float32) for s in ids])
    amp_by = {"grass": 0.14, "dirt": 0.12, "snow": 0.04, "asphalt": 0.05, "ice": 0.07}
    tone_by = {"ice": 0.82}  # glossy ice a touch darker so sun and reflections do not clip
    amp = np.array([amp_by.get(s, 0.08) for s in ids], np.float32)
    macro = np.asarray(Image.fromarray(tile_noise(rng, 256, (10, 10), 3)).resize((size, size), Image.BILINEAR))
    tone = np.array([tone_by.get(s, 1.0) for s in ids], np.float32)
    gain = tone[idx] * (1 + amp[idx] * (macro - 0.5) * 2)
    x0, z0, w, d = map_extent(world)
    px_m = w / size
    base = world.track.default_surface
    off = idx == ids.index(base) if base in ids else np.zeros(idx.shape, bool)
    xs = x0 + (np.arange(size) + 0.5) * px_m  # mown lawn stripes on the open ground, for speed and scale
    stripe = np.where((np.floor(xs / 7.0) % 2) == 0, 1.03, 0.97).astype(np.float32)
    gain *= np.where(off, stripe[None, :], np.float32(1.0))
    col = lut[idx] * gain[..., None]
    road = sd > carry_m(world, size)[0]
    if road.any() and road_sdf.ROAD in surfaces:
        worn = road_sdf.worn_line(world, size)  # the racing line: darker, and smoother (its blotches polished away)
        shade = (1 + amp_by["asphalt"] * (macro - 0.5) * 2 * (1 - 0.7 * worn)) * (1 - 0.45 * _drift_marks(road, rng, px_m))
        shade *= 1 - WORN_DARK * worn
        col[road] = (255 * hex_rgb(surfaces[road_sdf.ROAD].color))[None] * shade[road][:, None]
    paint = paint_cover(world, size, x0, z0, np.array([px_m, d / size]))
    col += (np.array(PAINT_RGB, np.float32) - col) * paint[..., None]
    out = np.empty((size, size, CHANNELS), np.uint8)
    out[..., :3] = np.clip(col, 0, 255)
    out[..., 3] = road_sdf.encode(sd)
    return out


def paint_cover(world, size: int, x0: float, z0: float, px_m: np.ndarray) -> np.ndarray:
    """How much white paint (0..1, float32) covers each texel: spawn grid boxes and parking bay lines, drawn
    SUPERSAMPLE times finer and averaged, so their edges are soft instead of stepped."""
    lines = []  # (points in metres, width m, strength)
    for sp in world.track.spawns:  # a grid box (2.8 x 5.4 m, open at the front) under each spawn point
        a = np.radians(sp.heading_deg)
        f, r = np.array([np.sin(a), np.cos(a)]), np.array([np.cos(a), -np.sin(a)])
        c = np.array([sp.x, sp.z])
        lines.append(([c + f * u + r * v for u, v in ((2.7, -1.4), (-2.7, -1.4), (-2.7, 1.4), (2.7, 1.4))], 0.25, 0.85))
    for bay in world.track.bays:  # sides and back; the front stays open (parallel bays: closed all round)
        c = list(bay_outline(bay))
        lines.append(([c[3], c[0], c[1], c[2]] + ([c[3]] if bay.task == "parallel" else []), 0.12, 0.9))
    out = np.zeros((size, size), np.float32)
    if not lines:
        return out
    k = SUPERSAMPLE
    allp = np.array([p for pts, _, _ in lines for p in pts])
    lo = np.floor((allp.min(axis=0) - (x0, z0)) / px_m - 2).astype(int).clip(0, size)
    hi = np.ceil((allp.max(axis=0) - (x0, z0)) / px_m + 2).astype(int).clip(0, size)
    if (hi <= lo).any():
        return out
    for strength in sorted({s for _, _, s in lines}):
        img = Image.new("L", (int(hi[0] - lo[0]) * k, int(hi[1] - lo[1]) * k), 0)
        dr = ImageDraw.Draw(img)
        for pts, width, s in lines:
            if s == strength:
                seq = [tuple(float(v) for v in ((np.asarray(p) - (x0, z0)) / px_m - lo) * k) for p in pts]
                dr.line(seq, fill=255, width=max(1, round(width / px_m.max() * k)), joint="curve")
        small = np.asarray(img.reduce(k), np.float32) / 255.0 * strength
        view = out[lo[1] : hi[1], lo[0] : hi[0]]
        np.maximum(view, small, out=view)
    return out


def _drift_marks(road: np.ndarray, rng: np.random.Generator, px_m: float) -> np.ndarray:
    """Dark tyre-mark arcs (pairs of rear tyres) left by earlier drifters: 0..1 on the road, float32."""
    size = road.shape[0]
    marks = Image.new("L", (size, size), 0)
    dr = ImageDraw.Draw(marks)
    rows, cols = np.nonzero(road[::16, ::16])
    for _ in range(40 if len(rows) else 0):  # resurfaced patches, a shade lighter or darker
        j = rng.integers(len(rows))
        cx, cy = cols[j] * 16, rows[j] * 16
        w, h = rng.uniform(3, 14, 2) / px_m
        dr.rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=int(rng.choice([12, 26])))
    for _ in range(90 if len(rows) else 0):
        j = rng.integers(len(rows))
        cx, cy = cols[j] * 16, rows[j] * 16
        r = rng.uniform(3.0, 11.0) / px_m
        start, sweep = rng.uniform(0, 360), rng.uniform(60, 220)
        shade = int(rng.uniform(60, 140))
        for dr_m in (0.0, 1.55):
            rr = r + dr_m / px_m
            dr.arc((cx - rr, cy - rr, cx + rr, cy + rr), start, start + sweep, fill=shade, width=max(1, round(0.22 / px_m)))
    return np.asarray(marks, np.float32) * (road / np.float32(255.0))


def shown(world, surfaces: dict, maps: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(surface index, RGB float) the ground shader shows at each texel centre: the road where its distance is
    positive (its plain colour near the edge, the map's beyond, the edge line), the ground under it elsewhere."""
    idx, col = maps
    d = road_sdf.decode(col[..., 3])
    on = d > 0
    ids = list(world.surface_ids)
    rgb = col[..., :3].astype(np.float32)
    if road_sdf.ROAD not in ids:
        return idx, rgb
    _, lo, hi = carry_m(world, idx.shape[0])
    t = np.clip((d - lo) / (hi - lo), 0.0, 1.0)[..., None]
    road = (hex_rgb(surfaces[road_sdf.ROAD].color) * 255) * (1 - t) + rgb * t
    a, b = road_sdf.EDGE_LINE_M
    line = ((d >= a) & (d <= b))[..., None] * 0.85
    road = road * (1 - line) + np.array(PAINT_RGB, np.float32) * line
    return np.where(on, np.uint8(ids.index(road_sdf.ROAD)), idx), np.where(on[..., None], road, rgb)
