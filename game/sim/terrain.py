"""The terrain heightfield and the surface raster of a track, built once with numpy."""

from __future__ import annotations

import math

import numpy as np

from game.sim.shapes import shape_mask
from game.sim.track import TrackDef

SURFACE_CELL_M = 0.5  # resolution of the surface raster (m per cell)


def grid_axes(size_m: tuple[float, float], cell_m: float) -> tuple[np.ndarray, np.ndarray]:
    """Node coordinates along x and z covering a track centred on the origin."""
    nx = int(math.ceil(size_m[0] / cell_m)) + 1
    nz = int(math.ceil(size_m[1] / cell_m)) + 1
    xs = -size_m[0] / 2 + cell_m * np.arange(nx)
    zs = -size_m[1] / 2 + cell_m * np.arange(nz)
    return xs, zs


def build_heights(track: TrackDef) -> np.ndarray:
    """Heights (m) at the terrain grid nodes, indexed [iz, ix]: hills + seeded noise, levelled under flat regions."""
    t = track.terrain
    xs, zs = grid_axes(track.size_m, t.cell_m)
    X, Z = np.meshgrid(xs, zs)
    h = np.zeros_like(X)
    for hill in t.hills:
        d = np.hypot(X - hill.x, Z - hill.z) / hill.radius_m
        h += hill.height_m * 0.5 * (1.0 + np.cos(np.pi * np.minimum(d, 1.0)))
    if t.noise_amplitude_m > 0.0:
        rng = np.random.default_rng(t.seed)
        for octave in range(3):
            scale = t.noise_scale_m / (2**octave)
            amp = t.noise_amplitude_m / (2**octave)
            for _ in range(2):
                ang = rng.uniform(0, 2 * np.pi)
                phase = rng.uniform(0, 2 * np.pi)
                k = 2 * np.pi / scale
                h += amp * 0.5 * np.sin(k * (X * np.cos(ang) + Z * np.sin(ang)) + phase)
    flat = np.zeros(X.shape, dtype=bool)
    for region in track.regions:
        if region.flatten:
            flat |= shape_mask(region.shape, X, Z)
    for ramp in track.ramps:
        flat |= _ramp_footprint(ramp, X, Z, pad=4.0)
    if flat.any():
        radius = max(1, int(round(t.flat_blend_m / t.cell_m)))
        w = flat.astype(float)
        for _ in range(2):
            w = _box_blur(w, radius)
        w = np.clip(np.maximum(w * 2.0, flat), 0.0, 1.0)
        w = w * w * (3 - 2 * w)  # smoothstep
        h = h * (1.0 - w)
    for grade in t.grades:
        _apply_grade(h, grade, xs, zs)
    return h


def _apply_grade(h: np.ndarray, grade, xs: np.ndarray, zs: np.ndarray) -> None:
    """Level the terrain to a graded line's height (nearest point of the line) and blend back beside it, in place."""
    pts = np.asarray(grade.points, float)
    half = grade.width_m / 2
    reach = half + grade.blend_m
    i0, i1 = np.searchsorted(xs, pts[:, 0].min() - reach), np.searchsorted(xs, pts[:, 0].max() + reach, side="right")
    j0, j1 = np.searchsorted(zs, pts[:, 1].min() - reach), np.searchsorted(zs, pts[:, 1].max() + reach, side="right")
    if i0 >= i1 or j0 >= j1:
        return
    X, Z = np.meshgrid(xs[i0:i1], zs[j0:j1])
    best = np.full(X.shape, np.inf)
    level = np.zeros(X.shape)
    for (ax, az, ay), (bx, bz, by) in zip(pts[:-1], pts[1:]):
        ex, ez = bx - ax, bz - az
        ll = ex * ex + ez * ez
        u = np.zeros_like(X) if ll == 0.0 else np.clip(((X - ax) * ex + (Z - az) * ez) / ll, 0.0, 1.0)
        d = np.hypot(X - (ax + u * ex), Z - (az + u * ez))
        nearer = d < best
        best[nearer] = d[nearer]
        level[nearer] = (ay + u * (by - ay))[nearer]
    if grade.blend_m > 0:
        w = np.clip(1.0 - (best - half) / grade.blend_m, 0.0, 1.0)
    else:
        w = (best <= half).astype(float)
    w = w * w * (3 - 2 * w)  # smoothstep: embankments meet the land without a crease
    sub = h[j0:j1, i0:i1]
    h[j0:j1, i0:i1] = sub + (level - sub) * w


def build_surface_raster(track: TrackDef, surface_index: dict[str, int]) -> tuple[np.ndarray, float, float]:
    """Surface ids (uint8) on a fine raster, indexed [iz, ix]; later regions paint over earlier ones."""
    xs, zs = grid_axes(track.size_m, SURFACE_CELL_M)
    grid = np.full((len(zs), len(xs)), surface_index[track.default_surface], dtype=np.uint8)
    x0, z0 = float(xs[0]), float(zs[0])
    for region in track.regions:
        xmin, zmin, xmax, zmax = region.shape.bbox()
        i0 = max(0, int((xmin - x0) / SURFACE_CELL_M))
        i1 = min(len(xs), int((xmax - x0) / SURFACE_CELL_M) + 2)
        j0 = max(0, int((zmin - z0) / SURFACE_CELL_M))
        j1 = min(len(zs), int((zmax - z0) / SURFACE_CELL_M) + 2)
        if i0 >= i1 or j0 >= j1:
            continue
        X, Z = np.meshgrid(xs[i0:i1], zs[j0:j1])
        m = shape_mask(region.shape, X, Z)
        grid[j0:j1, i0:i1][m] = surface_index[region.surface]
    return grid, x0, z0


def _ramp_footprint(ramp, X, Z, pad: float) -> np.ndarray:
    a = math.radians(ramp.heading_deg)
    dx, dz = X - ramp.x, Z - ramp.z
    u = dx * math.sin(a) + dz * math.cos(a)  # along the ramp
    v = dx * math.cos(a) - dz * math.sin(a)  # across it
    return (u >= -pad) & (u <= ramp.length_m + pad) & (np.abs(v) <= ramp.width_m / 2 + pad)


def _box_blur(a: np.ndarray, r: int) -> np.ndarray:
    """Separable box blur of radius r cells (edges clamp)."""
    for axis in (0, 1):
        p = np.pad(a, [(r, r) if ax == axis else (0, 0) for ax in (0, 1)], mode="edge")
        c = np.cumsum(p, axis=axis)
        c = np.concatenate([np.zeros_like(np.take(c, [0], axis=axis)), c], axis=axis)
        n = a.shape[axis]
        a = (np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis) - np.take(c, np.arange(n), axis=axis)) / (2 * r + 1)
    return a
