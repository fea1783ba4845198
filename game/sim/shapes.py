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
        return path_distance(shape.points, shape.closed, xs, zs) <= shape.width_m / 2
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
