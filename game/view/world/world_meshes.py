"""Ground-level world geometry as numpy arrays: the triangle collector, terrain, drift-zone decals, skirt and sky."""

from __future__ import annotations

import math

import numpy as np

from game.view.world import textures as tx

# ---- geometry: flat-shaded, vertex-coloured triangles combined into one mesh ----------------------


class Geo:
    """Collects triangles (oriented away from an inside point) with colour, detail layer and gloss."""

    def __init__(self) -> None:
        self.tris: list[np.ndarray] = []
        self.cols: list[np.ndarray] = []
        self.uvs: list[np.ndarray] = []

    def add(self, tris, color, inside, layer: int = -1, gloss: float = 0.0) -> None:
        """Add triangles (T,3,3); colour (3|4,) or (T,3|4); inside (3,) or (T,3) a point behind each face."""
        t = np.array(tris, float).reshape(-1, 3, 3)
        cr = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        flip = np.einsum("ij,ij->i", cr, t.mean(axis=1) - np.asarray(inside, float)) > 0
        t[flip] = t[flip][:, [0, 2, 1]]  # front faces wind so that cross(b-a, c-a) points inward
        c = np.asarray(color, float)
        c = np.broadcast_to(c if c.ndim == 2 else c[None], (len(t), c.shape[-1]))
        if c.shape[1] == 3:
            c = np.hstack([c, np.ones((len(t), 1))])
        self.tris.append(t)
        self.cols.append(c)
        self.uvs.append(np.tile([layer + 1.0, gloss], (len(t), 1)))

    def arrays(self) -> tuple[np.ndarray, ...]:
        """(positions, normals, colours, uvs) per vertex, three vertices per triangle."""
        if not self.tris:
            self.add([[[0, -50, 0], [0.01, -50, 0], [0, -50, 0.01]]], (0, 0, 0), (0, -49, 0))
        t = np.concatenate(self.tris)
        n = -np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
        rep = lambda a: np.repeat(a, 3, axis=0)  # noqa: E731
        return t.reshape(-1, 3), rep(n), rep(np.concatenate(self.cols)), rep(np.concatenate(self.uvs))


def quads(a, b, c, d) -> np.ndarray:
    """Quads (a b c d around the rim, arrays of points) as triangle pairs."""
    a, b, c, d = (np.asarray(p, float) for p in (a, b, c, d))
    return np.concatenate([np.stack([a, b, c], -2), np.stack([a, c, d], -2)]).reshape(-1, 3, 3)


def pieces(points, closed: bool, step: float) -> tuple[np.ndarray, np.ndarray]:
    """A polyline cut into pieces no longer than step: (starts, ends) arrays (N, 2)."""
    pts = np.asarray(list(points) + ([points[0]] if closed else []), float)
    a, b = [], []
    for p, q in zip(pts[:-1], pts[1:]):
        n = max(1, math.ceil(np.hypot(*(q - p)) / step))
        t = np.linspace(0, 1, n + 1)[:, None]
        seg = p + (q - p) * t
        a.append(seg[:-1])
        b.append(seg[1:])
    return np.concatenate(a), np.concatenate(b)


# ---- terrain -----------------------------------------------------------------------------------


def terrain_normals(world) -> np.ndarray:
    """Per-node unit normals of the heightfield, [iz, ix, xyz]."""
    dz, dx = np.gradient(world.heights, world.hz, world.hx)
    n = np.dstack([-dx, np.ones_like(dx), -dz])
    return n / np.linalg.norm(n, axis=2, keepdims=True)


def mesh_height(world, x, z):
    """Height of the drawn terrain triangles at (x, z) (arrays ok): decals and props sit exactly on it."""
    x, z = np.asarray(x, float), np.asarray(z, float)
    c = world.hx[1] - world.hx[0]
    fx = np.clip((x - world.hx[0]) / c, 0, len(world.hx) - 1.000001)
    fz = np.clip((z - world.hz[0]) / c, 0, len(world.hz) - 1.000001)
    ix, iz = np.minimum(fx.astype(int), len(world.hx) - 2), np.minimum(fz.astype(int), len(world.hz) - 2)
    tx, tz = fx - ix, fz - iz
    h = world.heights
    h00, h10, h01, h11 = h[iz, ix], h[iz, ix + 1], h[iz + 1, ix], h[iz + 1, ix + 1]
    lower = h00 + tx * (h10 - h00) + tz * (h11 - h10)
    upper = h00 + tz * (h01 - h00) + tx * (h11 - h01)
    return np.where(tx >= tz, lower, upper)


# ---- drift-zone decals, skirt and sky -------------------------------------------------------


def outline(shape, inset: float) -> list[tuple[np.ndarray, bool]]:
    """Polylines (points (N, 2), closed) tracing a Shape just inside its border."""
    if shape.kind == "circle":
        a = np.linspace(0, 2 * np.pi, 97)[:-1]
        return [(np.stack([np.cos(a), np.sin(a)], 1) * (shape.radius_m - inset) + shape.center, True)]
    if shape.kind == "rect":
        w, d = shape.size[0] / 2 - inset, shape.size[1] / 2 - inset
        c = np.array([[-w, -d], [w, -d], [w, d], [-w, d]])
        a = math.radians(shape.rotation_deg)  # inverse of shapes.shape_mask's rotation
        rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
        return [(c @ rot + shape.center, True)]
    pts = np.asarray(shape.points, float)
    if shape.kind == "polygon":
        return [(pts, True)]
    ext = np.concatenate([pts[-1:], pts, pts[:1]]) if shape.closed else np.concatenate([2 * pts[:1] - pts[1:2], pts, 2 * pts[-1:] - pts[-2:-1]])
    t = ext[2:] - ext[:-2]
    n = np.stack([-t[:, 1], t[:, 0]], 1) / np.linalg.norm(t, axis=1, keepdims=True)
    off = shape.width_m / 2 - inset
    left, right = pts + n * off, pts - n * off
    if shape.closed:
        return [(left, True), (right, True)]
    return [(np.concatenate([left, right[::-1]]), True)]


def build_zones(world) -> tuple[np.ndarray, ...]:
    """Dashed amber outlines of the drift zones, draped 6 cm above the drawn ground."""
    geo = Geo()
    for zone in world.track.drift_zones:
        for pts, closed in outline(zone["area"], 1.2):
            a, b = pieces(pts, closed, 1.0)
            s = np.concatenate([[0], np.cumsum(np.hypot(*(b - a).T))])[:-1]
            keep = (s % 5.0) < 3.0  # 3 m dashes, 2 m gaps
            a, b = a[keep], b[keep]
            d = (b - a) / np.maximum(np.hypot(*(b - a).T), 1e-9)[:, None]
            side = np.stack([-d[:, 1], d[:, 0]], 1) * 0.3
            q = [np.column_stack([p[:, 0], mesh_height(world, p[:, 0], p[:, 1]) + 0.06, p[:, 1]]) for p in (a - side, b - side, b + side, a + side)]
            tris = quads(*q)
            geo.add(tris, (1.0, 0.74, 0.12, 0.8), tris.mean(axis=1) - [0, 1, 0], gloss=0.3)
    return geo.arrays()


def build_skirt(world, catalog) -> tuple[np.ndarray, ...]:
    """Open land beyond the map's edge, sloping from the border heights down into the fog."""
    h, xs, zs = world.heights, world.hx, world.hz
    ring = [(xs, np.full_like(xs, zs[0]), h[0]), (np.full_like(zs, xs[-1]), zs, h[:, -1]),
            (xs[::-1], np.full_like(xs, zs[-1]), h[-1, ::-1]), (np.full_like(zs, xs[0]), zs[::-1], h[::-1, 0])]
    x, z, y = (np.concatenate([r[i] for r in ring]) for i in range(3))
    c = np.array([(xs[0] + xs[-1]) / 2, (zs[0] + zs[-1]) / 2])
    out = np.stack([x, z], 1) - c
    out /= np.abs(out).max(axis=1, keepdims=True)  # square rings around the map
    rings = [np.column_stack([x, y, z])]
    for dist, keep, drop in ((40, 0.8, 0.0), (160, 0.35, 0.5), (1400, 0.0, 4.0)):
        rings.append(np.column_stack([x + out[:, 0] * dist, y * keep - drop, z + out[:, 1] * dist]))
    geo = Geo()
    col = tx.hex_rgb(catalog.surfaces[world.track.default_surface].color) * 0.95
    layer = world.surface_ids.index(world.track.default_surface)
    for inner, outer in zip(rings[:-1], rings[1:]):
        tris = quads(inner[:-1], outer[:-1], outer[1:], inner[1:])
        geo.add(tris, col, tris.mean(axis=1) - [0, 1, 0], layer)
    return geo.arrays()


def build_sky(top: np.ndarray, horizon: np.ndarray, radius: float) -> tuple[np.ndarray, ...]:
    """A gradient dome: horizon colour at and below the horizon, easing to the top colour overhead."""
    elev = np.radians([-40, -3, 0, 2, 5, 9, 15, 24, 36, 52, 70, 90])
    az = np.linspace(0, 2 * np.pi, 33)
    E, A = np.meshgrid(elev, az, indexing="ij")
    pos = np.stack([np.cos(E) * np.sin(A), np.sin(E), np.cos(E) * np.cos(A)], -1) * radius
    k = np.clip(np.sin(E), 0, 1) ** 0.55
    col = horizon * (1 - k[..., None]) + top * k[..., None]
    col = np.concatenate([col, np.ones(E.shape + (1,))], -1)
    nz, na = E.shape
    a = (np.arange(nz - 1)[:, None] * na + np.arange(na - 1)[None, :]).ravel()
    idx = np.stack([a, a + na, a + na + 1, a, a + na + 1, a + 1], 1).ravel()
    n = nz * na
    return pos.reshape(-1, 3), np.zeros((n, 3)), col.reshape(-1, 4), np.zeros((n, 2)), np.concatenate([idx, idx.reshape(-1, 3)[:, ::-1].ravel()])


def sun_direction(look: dict) -> np.ndarray:
    """Unit vector from the ground toward the sun (track.look sun_heading_deg / sun_elevation_deg)."""
    h = math.radians(float(look.get("sun_heading_deg", 220.0)))
    e = math.radians(float(look.get("sun_elevation_deg", 48.0)))
    return np.array([math.sin(h) * math.cos(e), math.sin(e), math.cos(h) * math.cos(e)])


def build_sun_disc(to_sun: np.ndarray, dist: float) -> tuple[np.ndarray, ...]:
    """A bright sun disc with a soft glow, placed on the sky in the sun's direction."""
    right = np.cross([0, 1, 0], to_sun)
    right /= np.linalg.norm(right)
    up = np.cross(to_sun, right)
    a = np.linspace(0, 2 * np.pi, 25)[:-1]
    circ = np.outer(np.cos(a), right) + np.outer(np.sin(a), up)
    centre = to_sun * dist
    pos = np.concatenate([[centre], centre + circ * dist * 0.025, centre + circ * dist * 0.03, centre + circ * dist * 0.16])
    col = np.array([[1, 1, 0.96, 1]] + [[1, 0.98, 0.9, 1]] * 24 + [[1, 0.95, 0.8, 0.5]] * 24 + [[1, 0.93, 0.8, 0.0]] * 24)
    i = np.arange(24)
    j = (i + 1) % 24
    tris = [np.stack([np.zeros(24, int), 1 + i, 1 + j], 1)]
    for r in (1, 25):
        tris += [np.stack([r + i, r + 24 + i, r + 24 + j], 1), np.stack([r + i, r + 24 + j, r + j], 1)]
    idx = np.concatenate(tris)
    idx = np.concatenate([idx, idx[:, ::-1]]).ravel()
    return pos, np.zeros((len(pos), 3)), col, np.zeros((len(pos), 2)), idx
