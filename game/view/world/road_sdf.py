"""The road's signed distance field (metres to the asphalt's edge, + on the road) from the regions' exact shapes.

The surface raster the sim reads is 0.5 m cells, so an edge drawn from it steps; the distance field is computed from the
shapes themselves and sampled bilinearly by the ground shader, which draws the asphalt's border and its edge line with
smoothstep over it: smooth at any zoom. It also gives the worn racing line along the map's judged courses.
"""

from __future__ import annotations

import math

import numpy as np

from game.sim.shapes import path_distance, shape_mask

ROAD = "asphalt"  # the surface whose edge is drawn from the distance field
EDGE_RANGE_M = 4.0  # the field is clamped to +-this; a byte holds it at 3 cm steps
EDGE_LINE_M = (0.3, 0.75)  # the painted edge line: from this far inside the edge to that far (metres)
WORN_HALF_M = 1.6  # half-width of the worn racing line's darkest part


def texel_axes(world, size: int) -> tuple[np.ndarray, np.ndarray]:
    """World x of each map column and z of each map row (texel centres) of a size² map."""
    from game.view.world.textures import map_extent

    x0, z0, w, d = map_extent(world)
    return x0 + (np.arange(size) + 0.5) * w / size, z0 + (np.arange(size) + 0.5) * d / size


def road_distance(world, size: int) -> np.ndarray:
    """Signed distance (m, float32 [row=z, col=x]) to the road's edge, + on the road, clamped to +-EDGE_RANGE_M.

    Regions paint in map order, as the surface raster does: a road region adds its area (max), any other surface
    painted later cuts its area out (min)."""
    xs, zs = texel_axes(world, size)
    r = EDGE_RANGE_M
    out = np.full((size, size), -r, np.float32)
    for region in world.track.regions:
        xmin, zmin, xmax, zmax = region.shape.bbox()
        i0, i1 = np.searchsorted(xs, xmin - r), np.searchsorted(xs, xmax + r, "right")
        j0, j1 = np.searchsorted(zs, zmin - r), np.searchsorted(zs, zmax + r, "right")
        if i0 >= i1 or j0 >= j1:
            continue
        sd = shape_distance(region.shape, xs[i0:i1], zs[j0:j1], r)
        view = out[j0:j1, i0:i1]
        if region.surface == ROAD:
            np.maximum(view, sd, out=view)
        else:
            np.minimum(view, -sd, out=view)
    return out


def shape_distance(shape, ax: np.ndarray, az: np.ndarray, reach: float) -> np.ndarray:
    """Signed distance (+ inside) of a region shape on the grid of axes ax (columns) x az (rows), clamped to +-reach."""
    if shape.kind == "circle":
        cx, cz = shape.center
        sd = shape.radius_m - np.hypot(ax[None, :] - cx, az[:, None] - cz)
    elif shape.kind == "path":
        hw = shape.width_m / 2
        sd = hw - polyline_distance(shape.points, shape.closed, ax, az, hw + reach)
    else:
        pts = rect_corners(shape) if shape.kind == "rect" else shape.points
        edge = polyline_distance(pts, True, ax, az, reach)
        inside = shape_mask(shape, *np.meshgrid(ax, az))
        sd = np.where(inside, edge, -edge)
    return np.clip(sd, -reach, reach).astype(np.float32)


def rect_corners(shape) -> list[tuple[float, float]]:
    """The four corners (x, z) of a rect shape, in order round it (the inverse of shape_mask's local axes)."""
    a = math.radians(shape.rotation_deg)
    cx, cz = shape.center
    hx, hz = shape.size[0] / 2, shape.size[1] / 2
    return [(cx + u * math.cos(a) + v * math.sin(a), cz - u * math.sin(a) + v * math.cos(a))
            for u, v in ((-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz))]


def polyline_distance(points, closed: bool, ax: np.ndarray, az: np.ndarray, reach: float) -> np.ndarray:
    """Distance (m) from each grid point to a polyline, capped at reach; each segment only looks at the window it can
    reach, so a long road costs its area, not the map's."""
    out = np.full((len(az), len(ax)), reach, np.float32)
    pts = list(points) + ([points[0]] if closed and len(points) > 2 else [])
    for (x0, z0), (x1, z1) in zip(pts, pts[1:]):
        i0, i1 = np.searchsorted(ax, min(x0, x1) - reach), np.searchsorted(ax, max(x0, x1) + reach, "right")
        j0, j1 = np.searchsorted(az, min(z0, z1) - reach), np.searchsorted(az, max(z0, z1) + reach, "right")
        if i0 >= i1 or j0 >= j1:
            continue
        d = path_distance([(x0, z0), (x1, z1)], False, ax[None, i0:i1], az[j0:j1, None])
        view = out[j0:j1, i0:i1]
        np.minimum(view, d, out=view)
    return out


def worn_line(world, size: int) -> np.ndarray:
    """How worn (0..1, float32) each texel is by the racing line: the judged courses' lines, darkest in the middle."""
    xs, zs = texel_axes(world, size)
    out = np.zeros((size, size), np.float32)
    reach = WORN_HALF_M * 2.2
    for course in getattr(world.track, "courses", ()):
        line = np.asarray(course.line, float)
        i0, i1 = np.searchsorted(xs, line[:, 0].min() - reach), np.searchsorted(xs, line[:, 0].max() + reach, "right")
        j0, j1 = np.searchsorted(zs, line[:, 1].min() - reach), np.searchsorted(zs, line[:, 1].max() + reach, "right")
        d = polyline_distance(course.line, False, xs[i0:i1], zs[j0:j1], reach)
        t = np.clip((d - WORN_HALF_M) / (reach - WORN_HALF_M), 0.0, 1.0)
        view = out[j0:j1, i0:i1]
        np.maximum(view, 1.0 - t * t * (3 - 2 * t), out=view)
    return out


def encode(sd: np.ndarray) -> np.ndarray:
    """Signed distances (m) as bytes: 0 = -EDGE_RANGE_M, 255 = +EDGE_RANGE_M (the shader reads d = (2t - 1) R)."""
    return np.clip(np.rint((sd / EDGE_RANGE_M + 1.0) * 127.5), 0, 255).astype(np.uint8)


def decode(b: np.ndarray) -> np.ndarray:
    """The metres a byte of encode() stands for."""
    return (b.astype(np.float32) / 127.5 - 1.0) * EDGE_RANGE_M
