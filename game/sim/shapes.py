"""Vectorised point-in-shape masks over numpy grids, for rasterising regions."""

from __future__ import annotations

import math

import numpy as np

from game.sim.track import Shape


def shape_mask(shape: Shape, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Boolean mask of the grid points (xs, zs broadcast together) inside the shape."""
    if shape.kind == "circle":
        cx, cz = shape.center
        return (xs - cx) ** 2 + (zs - cz) ** 2 <= shape.radius_m**2
    if shape.kind == "rect":
        cx, cz = shape.center
        a = math.radians(shape.rotation_deg)
        dx, dz = xs - cx, zs - cz
        # local axes: u along the rect's width (x when unrotated), v along its length (z)
        u = dx * math.cos(a) - dz * math.sin(a)
        v = dx * math.sin(a) + dz * math.cos(a)
        return (np.abs(u) <= shape.size[0] / 2) & (np.abs(v) <= shape.size[1] / 2)
    if shape.kind == "polygon":
        return _polygon_mask(shape.points, xs, zs)
    if shape.kind == "path":
        return path_mask(shape.points, shape.closed, shape.width_m / 2, xs, zs)
    raise ValueError(f"unknown shape kind {shape.kind!r}")


def path_distance(points, closed: bool, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Distance from each grid point to the polyline."""
    pts = list(points) + ([points[0]] if closed else [])
    xs, zs = np.broadcast_arrays(xs, zs)
    best = np.full(xs.shape, np.inf)
    for (ax, az), (bx, bz) in zip(pts, pts[1:]):
        ex, ez = bx - ax, bz - az
        ll = ex * ex + ez * ez
        if ll == 0.0:
            t = np.zeros_like(xs)
        else:
            t = np.clip(((xs - ax) * ex + (zs - az) * ez) / ll, 0.0, 1.0)
        d = np.hypot(xs - (ax + t * ex), zs - (az + t * ez))
        np.minimum(best, d, out=best)
    return best


def path_mask(points, closed: bool, half_width: float, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """path_distance(...) <= half_width, the same points exactly; on a regular grid (a meshgrid of ascending axes)
    each segment only looks at the grid window it can reach, so a long road costs its area, not the map's."""
    xs, zs = np.broadcast_arrays(xs, zs)
    axes = _grid_axes(xs, zs)
    if axes is None:
        return path_distance(points, closed, xs, zs) <= half_width
    ax, az = axes
    pts = list(points) + ([points[0]] if closed else [])
    mask = np.zeros(xs.shape, dtype=bool)
    reach = half_width + 1e-6  # a point outside this box around a segment is farther than half_width from it
    for (x0, z0), (x1, z1) in zip(pts, pts[1:]):
        i0, i1 = np.searchsorted(ax, min(x0, x1) - reach, "left"), np.searchsorted(ax, max(x0, x1) + reach, "right")
        j0, j1 = np.searchsorted(az, min(z0, z1) - reach, "left"), np.searchsorted(az, max(z0, z1) + reach, "right")
        if i0 >= i1 or j0 >= j1:
            continue
        d = path_distance([(x0, z0), (x1, z1)], False, xs[j0:j1, i0:i1], zs[j0:j1, i0:i1])
        mask[j0:j1, i0:i1] |= d <= half_width
    return mask


def _grid_axes(xs: np.ndarray, zs: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The x axis (columns) and z axis (rows) when xs, zs are a meshgrid of ascending axes, else None."""
    if xs.ndim != 2 or xs.size == 0:
        return None
    ax, az = xs[0], zs[:, 0]
    if not (np.all(np.diff(ax) > 0) and np.all(np.diff(az) > 0) and (xs == ax).all() and (zs == az[:, None]).all()):
        return None
    return ax, az


def _polygon_mask(points, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Even-odd rule point-in-polygon."""
    xs, zs = np.broadcast_arrays(xs, zs)
    inside = np.zeros(xs.shape, dtype=bool)
    n = len(points)
    for i in range(n):
        ax, az = points[i]
        bx, bz = points[(i + 1) % n]
        if az == bz:
            continue
        crosses = (az > zs) != (bz > zs)
        x_at = ax + (zs - az) * (bx - ax) / (bz - az)
        inside ^= crosses & (xs < x_at)
    return inside
