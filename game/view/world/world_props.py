"""What stands on the ground, as one numpy mesh: props, walls and ramps (flat-shaded, vertex-coloured)."""

from __future__ import annotations

import math

import numpy as np

from game.view.world import textures as tx
from game.view.world.world_meshes import Geo, mesh_height, pieces, quads
from game.view.world.world_walls import add_concrete_wall

# ---- primitives ------------------------------------------------------------------------------


def _prism(r0: float, r1: float, y0: float, y1: float, n: int, phase: float = 0.0) -> np.ndarray:
    """A closed n-sided frustum (cone when r1 == 0) around the y axis."""
    ang = phase + 2 * np.pi * np.arange(n + 1) / n
    ring = lambda r, y: np.stack([r * np.sin(ang), np.full(n + 1, y), r * np.cos(ang)], 1)  # noqa: E731
    a, b = ring(r0, y0), ring(r1, y1)
    side = quads(a[:-1], a[1:], b[1:], b[:-1]) if r1 > 0 else np.stack([a[:-1], a[1:], b[:-1]], 1)
    caps = [np.stack([np.broadcast_to(a[0] * [0, 1, 0], (n, 3)), a[:-1], a[1:]], 1)]
    if r1 > 0:
        caps.append(np.stack([np.broadcast_to(b[0] * [0, 1, 0], (n, 3)), b[:-1], b[1:]], 1))
    return np.concatenate([side] + caps)


def _ico(subdivide: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Unit icosahedron, subdivided once unless told not to: (vertices, faces)."""
    t = (1 + 5**0.5) / 2
    v = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t), (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4), (11, 10, 2), (10, 7, 6), (7, 1, 8),
         (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    verts, mid, faces = [np.array(p, float) for p in v], {}, []
    if not subdivide:
        vs = np.array(verts)
        return vs / np.linalg.norm(vs, axis=1, keepdims=True), np.array(f)

    def m(i: int, j: int) -> int:
        if (min(i, j), max(i, j)) not in mid:
            verts.append((verts[i] + verts[j]) / 2)
            mid[(min(i, j), max(i, j))] = len(verts) - 1
        return mid[(min(i, j), max(i, j))]

    for a, b, c in f:
        ab, bc, ca = m(a, b), m(b, c), m(c, a)
        faces += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
    vs = np.array(verts)
    return vs / np.linalg.norm(vs, axis=1, keepdims=True), np.array(faces)


def _place(p, scale, heading_deg: float, pos) -> np.ndarray:
    """Scale, turn by heading (clockwise from above, as rotation_y) and move points (..., 3)."""
    p = np.asarray(p, float) * scale
    a = math.radians(heading_deg)
    ca, sa = math.cos(a), math.sin(a)
    x, z = p[..., 0] * ca + p[..., 2] * sa, -p[..., 0] * sa + p[..., 2] * ca
    return np.stack([x, p[..., 1], z], -1) + pos


def _shade(rng: np.random.Generator, color, n: int, spread: float = 0.06) -> np.ndarray:
    """n copies of a colour, each face a little lighter or darker (faceted low-poly look)."""
    return np.clip(np.asarray(color, float)[None] * rng.uniform(1 - spread, 1 + spread, (n, 1)), 0, 1)


# ---- props --------------------------------------------------------------------------------------

_ICO = {"full": _ico(), "low": _ico(subdivide=False)}  # 80 or 20 faces per ball (foliage, rocks)
_BARK, _CONE_ORANGE, _WHITE, _TYRE = (0.4, 0.27, 0.17), (0.98, 0.42, 0.08), (0.93, 0.93, 0.9), (0.09, 0.09, 0.1)


def _blob(rng, radius, center, squash: float, lumpy: float, detail: str = "full") -> tuple[np.ndarray, np.ndarray]:
    """A lumpy low-poly ball: triangles and its centre."""
    v, f = _ICO[detail]
    v = v * rng.uniform(1 - lumpy, 1 + lumpy, (len(v), 1)) * radius * np.array([1, squash, 1])
    return v[f] + center, np.asarray(center, float)


def _prop_parts(kind: str, rng: np.random.Generator, detail: str = "full") -> list[tuple]:
    """Local-space parts (tris, colours, inside point, gloss) of one prop at scale 1."""
    if kind == "cone":
        plate = _prism(0.27, 0.27, 0, 0.03, 4, np.pi / 4)
        return [(plate, (0.15, 0.15, 0.15), (0, 0.015, 0), 0.1), (_prism(0.15, 0.11, 0.03, 0.3, 10), _CONE_ORANGE, (0, 0.15, 0), 0.35),
                (_prism(0.11, 0.08, 0.3, 0.45, 10), _WHITE, (0, 0.37, 0), 0.35),
                (_prism(0.08, 0, 0.45, 0.72, 10), _CONE_ORANGE, (0, 0.5, 0), 0.35)]
    if kind == "tyres":
        bulge = lambda y: np.concatenate([_prism(0.46, 0.53, y, y + 0.12, 10), _prism(0.53, 0.46, y + 0.12, y + 0.24, 10)])  # noqa: E731
        return [(bulge(0.25 * i), _WHITE if i == 2 else _TYRE, (0, 0.25 * i + 0.12, 0), 0.1) for i in range(4)]
    if kind == "tree":
        green = np.array([0.27, 0.5, 0.17]) * rng.uniform(0.85, 1.15, 3)
        top, c = _blob(rng, 1.7, (0, 3.3, 0), 0.85, 0.14, detail)
        side, c2 = _blob(rng, 1.1, (0.8, 2.7, 0.4), 0.9, 0.15, detail)
        return [(_prism(0.24, 0.15, -0.2, 2.6, 6), _BARK, (0, 1.2, 0), 0), (top, _shade(rng, green, len(top)), c, 0),
                (side, _shade(rng, green * 0.92, len(side)), c2, 0)]
    if kind == "pine":
        green = np.array([0.13, 0.34, 0.2]) * rng.uniform(0.88, 1.12, 3)
        parts = [(_prism(0.17, 0.12, -0.2, 1.2, 6), _BARK, (0, 0.5, 0), 0)]
        for r, y0, y1 in ((1.55, 0.9, 3.1), (1.2, 2.1, 4.1), (0.85, 3.1, 5.2)):
            t = _prism(r, 0, y0, y1, 7, rng.uniform(0, 1))
            parts.append((t, _shade(rng, green, len(t), 0.08), (0, y0 + 0.25 * (y1 - y0), 0), 0))
        return parts
    if kind == "rock":
        t, c = _blob(rng, 1.0, (0, 0.35, 0), 0.65, 0.28, detail)
        return [(t * [1.25, 1, 1], _shade(rng, (0.55, 0.53, 0.5), len(t), 0.1), c, 0.1)]
    if kind == "flag":
        u, v = np.meshgrid(np.linspace(0, 1.6, 7), np.linspace(3.4, 4.4, 5))
        cloth = np.stack([u + 0.05, v, 0.12 * np.sin(u * 3.0)], -1)
        q = quads(cloth[:-1, :-1], cloth[:-1, 1:], cloth[1:, 1:], cloth[1:, :-1])
        check = ((np.arange(6)[None, :] + np.arange(4)[:, None]) % 2).ravel()
        cols = np.where(np.tile(check, 2)[:, None] == 1, 0.08, 0.95) * np.ones(3)
        return [(_prism(0.05, 0.05, -0.2, 4.5, 6), (0.75, 0.75, 0.78), (0, 2, 0), 0.4),
                (q, cols, (0.8, 3.9, -1), 0), (q, cols, (0.8, 3.9, 1), 0)]
    if kind == "light_pole":
        arm = _prism(0.07, 0.07, 0, 1.6, 4, np.pi / 4)[:, :, [1, 0, 2]] + [0, 7.4, 0]  # lying along +x
        return [(_prism(0.3, 0.3, 0, 0.5, 8), (0.55, 0.55, 0.56), (0, 0.25, 0), 0.2),
                (_prism(0.12, 0.08, 0.5, 7.6, 8), (0.42, 0.44, 0.47), (0, 3.5, 0), 0.4),
                (arm, (0.42, 0.44, 0.47), (0.8, 7.4, 0), 0.4),
                (_prism(0.32, 0.2, 7.2, 7.45, 8) + [1.5, 0, 0], (1.0, 0.95, 0.75), (1.5, 7.3, 0), 0.8)]
    if kind == "pillar":
        stripes = [(_prism(0.7, 0.7, y, y + 0.5, 12), (0.95, 0.78, 0.1) if k % 2 == 0 else (0.1, 0.1, 0.1), (0, y + 0.25, 0), 0.2)
                   for k, y in enumerate(np.arange(0, 1.5, 0.5))]
        return stripes + [(_prism(0.7, 0.7, 1.5, 4.0, 12), (0.72, 0.72, 0.7), (0, 2.7, 0), 0.05)]
    return [(_prism(0.3, 0.3, 0, 0.6, 6), (0.8, 0.2, 0.8), (0, 0.3, 0), 0)]


# ---- walls, ramps and the combined static mesh ------------------------------------------------


def _slabs(a, b, ground, height: float, w_bottom: float, w_top: float, sink: float = 0.4) -> tuple[np.ndarray, np.ndarray]:
    """Box-like wall pieces from a to b following the ground: triangles (N*10, 3, 3) and their inside points."""
    d = b - a
    side = np.stack([d[:, 1], -d[:, 0]], 1) / np.linalg.norm(d, axis=1, keepdims=True)
    ga, gb = ground(a[:, 0], a[:, 1]), ground(b[:, 0], b[:, 1])
    low = np.minimum(ga, gb) - sink

    def corner(p, s, w, y):
        q = p + side * (s * w / 2)
        return np.stack([q[:, 0], y, q[:, 1]], 1)

    la, ra, lb, rb = corner(a, -1, w_bottom, low), corner(a, 1, w_bottom, low), corner(b, -1, w_bottom, low), corner(b, 1, w_bottom, low)
    ta, sa, tb, sb = corner(a, -1, w_top, ga + height), corner(a, 1, w_top, ga + height), corner(b, -1, w_top, gb + height), corner(b, 1, w_top, gb + height)
    faces = [quads(la, lb, tb, ta), quads(ra, rb, sb, sa), quads(ta, tb, sb, sa), quads(la, ra, sa, ta), quads(lb, rb, sb, tb)]
    tris = np.stack([q.reshape(2, -1, 3, 3) for q in faces], 1).transpose(2, 1, 0, 3, 4).reshape(-1, 3, 3)  # piece-major
    mid = np.stack([(a[:, 0] + b[:, 0]) / 2, (low + (ga + gb) / 2 + height) / 2, (a[:, 1] + b[:, 1]) / 2], 1)
    return tris, np.repeat(mid, 10, axis=0)


def _tyre(detail: str) -> np.ndarray:
    """One tyre of a stack, 0.24 m tall: bulged (two 8-sided frustums), or a plain hexagonal drum when detail is low."""
    if detail == "low":
        return _prism(0.3, 0.3, 0, 0.24, 6)
    return np.concatenate([_prism(0.27, 0.31, 0, 0.12, 8), _prism(0.31, 0.27, 0.12, 0.24, 8)])  # bulged: stacks read


def _add_tyre_wall(geo: Geo, wall, ground, detail: str) -> None:
    """Stacks of tyres every 0.62 m, every sixth stack white and every sixth (offset) red, all in one batch."""
    h = wall.height_m
    a, _ = pieces(wall.points, wall.closed, 0.62)
    n = max(1, round(h / 0.25))
    tyre = _tyre(detail) * [1, h / n / 0.24, 1]
    g = np.asarray(ground(a[:, 0], a[:, 1]), float)
    i = np.repeat(np.arange(len(a)), n)
    k = np.tile(np.arange(n), len(a))
    off = np.stack([a[i, 0], g[i] - 0.05 + k * (h / n), a[i, 1]], 1)  # (stacks * n, 3)
    col = np.where((i % 6 == 0)[:, None], _WHITE, np.where((i % 6 == 3)[:, None], (0.8, 0.12, 0.1), _TYRE))
    t = len(tyre)
    geo.add((tyre[None] + off[:, None, None, :]).reshape(-1, 3, 3), np.repeat(col, t, axis=0),
            np.repeat(off + [0, 0.1, 0], t, axis=0), gloss=0.1)


def _add_walls(geo: Geo, world, ground, detail: str = "full") -> None:
    """Walls by kind: concrete 'wall' (world_walls), red-white 'barrier', stacked 'tyres', wooden 'fence'."""
    rng = np.random.default_rng(5)
    for wall in world.track.walls:
        h = wall.height_m
        if wall.kind == "tyres":
            _add_tyre_wall(geo, wall, ground, detail)
        elif wall.kind in ("guardrail", "kerb", "snowbank"):
            _add_low_wall(geo, wall, ground, rng)
        elif wall.kind == "fence":
            a, b = pieces(wall.points, wall.closed, 2.5)
            posts = np.concatenate([a, b[-1:]])
            for p in posts:
                g = float(ground(p[0], p[1]))
                geo.add(_prism(0.09, 0.09, g - 0.3, g + h + 0.08, 4, np.pi / 4) + [p[0], 0, p[1]], (0.45, 0.31, 0.19), (p[0], g, p[1]))
            for y, t in ((0.35 * h, 0.12), (0.8 * h, 0.12)):
                tris, inside = _slabs(a, b, lambda x, z: ground(x, z) + y, t, 0.06, 0.06, sink=0)
                geo.add(tris, _shade(rng, (0.6, 0.43, 0.27), len(tris), 0.05), inside)
        elif wall.kind == "barrier":
            a, b = pieces(wall.points, wall.closed, 2.0)
            gap = (b - a) * 0.015
            tris, inside = _slabs(a + gap, b - gap, ground, h, 0.62, 0.26)
            cols = np.repeat(np.where((np.arange(len(a)) % 2)[:, None] == 0, [[0.82, 0.13, 0.11]], [_WHITE]), 10, axis=0)
            geo.add(tris, cols, inside, gloss=0.15)
        else:
            add_concrete_wall(geo, wall, ground, rng, detail)


def _add_low_wall(geo: Geo, wall, ground, rng) -> None:
    """Steel guard rail on posts, a red-white kerb stone, or a rounded snow bank."""
    h = wall.height_m
    if wall.kind == "guardrail":
        a, b = pieces(wall.points, wall.closed, 3.0)
        for p in a:
            g = float(ground(p[0], p[1]))
            geo.add(_prism(0.08, 0.08, g - 0.3, g + h - 0.05, 4, np.pi / 4) + [p[0], 0, p[1]], (0.32, 0.33, 0.35), (p[0], g, p[1]), gloss=0.3)
        tris, inside = _slabs(a, b, lambda x, z: ground(x, z) + h - 0.35, 0.33, 0.14, 0.1, sink=0)
        geo.add(tris, (0.78, 0.8, 0.82), inside, gloss=0.6)
    elif wall.kind == "kerb":
        a, b = pieces(wall.points, wall.closed, 1.0)
        tris, inside = _slabs(a, b, ground, h, 0.3, 0.24, sink=0.1)
        cols = np.repeat(np.where((np.arange(len(a)) % 2)[:, None] == 0, [[0.8, 0.15, 0.12]], [_WHITE]), 10, axis=0)
        geo.add(tris, cols, inside, gloss=0.1)
    else:
        a, b = pieces(wall.points, wall.closed, 3.0)
        tris, inside = _slabs(a, b, ground, h, 3.2, 0.8, sink=0.3)
        geo.add(tris, _shade(rng, (0.93, 0.95, 0.98), len(tris), 0.03), inside, gloss=0.15)


def _add_parked_cars(geo: Geo, world) -> None:
    """Parked cars as simple two-box bodies with dark windows and wheels."""
    from game.view.world.textures import hex_rgb

    for car in world.track.parked_cars:
        g = float(mesh_height(world, car.x, car.z))
        L, W, H = car.length_m, car.width_m, car.height_m
        pos = np.array([car.x, g, car.z])
        body = _box(W, 0.55 * H, L, 0.18 * H)
        cabin = _box(W * 0.86, 0.4 * H, L * 0.5, 0.73 * H) + [0, 0, -0.05 * L]
        glass = _box(W * 0.88, 0.3 * H, L * 0.46, 0.76 * H) + [0, 0, -0.05 * L]
        paint = hex_rgb(car.color)
        for tris, colr, gloss in ((body, paint, 0.6), (cabin, paint * 0.95, 0.6), (glass, (0.1, 0.12, 0.15), 0.9)):
            geo.add(_place(tris, 1.0, car.heading_deg, pos), colr, _place(tris.reshape(-1, 3).mean(0), 1.0, car.heading_deg, pos), gloss=gloss)
        for sx in (-1, 1):
            for sz in (-1, 1):
                wheel = _prism(0.33, 0.33, -0.12, 0.12, 10)[:, :, [1, 0, 2]] + [sx * (W / 2 - 0.1), 0.33, sz * L * 0.32]
                geo.add(_place(wheel, 1.0, car.heading_deg, pos), _TYRE, _place(np.array([sx * (W / 2 - 0.1), 0.33, sz * L * 0.32]), 1.0, car.heading_deg, pos))


def _box(w: float, h: float, length: float, y0: float) -> np.ndarray:
    """An axis-aligned box (w along x, h up from y0, length along z) as triangles."""
    x, z = w / 2, length / 2
    c = np.array([[-x, y0, -z], [x, y0, -z], [x, y0, z], [-x, y0, z], [-x, y0 + h, -z], [x, y0 + h, -z], [x, y0 + h, z], [-x, y0 + h, z]])
    faces = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    return np.concatenate([quads(c[a], c[b], c[cc], c[d]) for a, b, cc, d in faces])


def _add_ramps(geo: Geo, world, catalog) -> None:
    """Solid wedges rising to their lip, with a yellow-black striped lip edge and face."""
    ids = world.surface_ids
    for r in world.track.ramps:
        base = world.terrain_height(r.x, r.z)
        f = np.array([math.sin(math.radians(r.heading_deg)), math.cos(math.radians(r.heading_deg))])
        s = np.array([f[1], -f[0]])
        hw, L, H = r.width_m / 2, r.length_m, r.height_m
        P = lambda u, v, y: np.array([r.x + f[0] * u + s[0] * v, y, r.z + f[1] * u + s[1] * v])  # noqa: E731
        y = lambda u: base + 0.03 + H * u / L  # noqa: E731
        inside = P(L * 0.7, 0, base + H * 0.3)
        band = min(0.8, L * 0.15)
        surf = tx.hex_rgb(catalog.surfaces[r.surface].color) * 1.12 if r.surface in catalog.surfaces else np.full(3, 0.5)
        geo.add(quads(P(0, -hw, y(0)), P(L - band, -hw, y(L - band)), P(L - band, hw, y(L - band)), P(0, hw, y(0))), surf, inside, ids.index(r.surface))
        n = max(2, round(r.width_m / 0.7))
        vs = np.linspace(-hw, hw, n + 1)
        for i in range(n):
            col = (0.95, 0.78, 0.1) if i % 2 == 0 else (0.08, 0.08, 0.08)
            v0, v1 = vs[i], vs[i + 1]
            geo.add(quads(P(L - band, v0, y(L - band)), P(L, v0, y(L)), P(L, v1, y(L)), P(L - band, v1, y(L - band))), col, inside, gloss=0.2)
            geo.add(quads(P(L, v0, base - 0.3), P(L, v1, base - 0.3), P(L, v1, y(L)), P(L, v0, y(L))), col, inside, gloss=0.2)
        for v in (-hw, hw):
            geo.add(quads(P(0, v, base - 0.3), P(L, v, base - 0.3), P(L, v, y(L)), P(0, v, y(0))), (0.62, 0.61, 0.58), inside)


_LAST_BUILD: list = []  # [(world, catalog, detail, arrays)]: the start-up check and the view share one build


def build_static(world, catalog, detail: str = "full") -> tuple[np.ndarray, ...]:
    """All ramps, walls and props of the world as one vertex-coloured triangle soup; detail 'low' spends fewer triangles."""
    for w, c, d, arrays in _LAST_BUILD:
        if w is world and c is catalog and d == detail:
            return arrays
    arrays = _build_static(world, catalog, detail)
    for a in arrays:
        a.setflags(write=False)  # shared: nobody may change it in place
    _LAST_BUILD[:] = [(world, catalog, detail, arrays)]
    return arrays


def _build_static(world, catalog, detail: str) -> tuple[np.ndarray, ...]:
    geo = Geo()
    ground = lambda x, z: mesh_height(world, x, z)  # noqa: E731
    _add_ramps(geo, world, catalog)
    _add_walls(geo, world, ground, detail)
    _add_parked_cars(geo, world)
    for i, p in enumerate(world.track.props):
        rng = np.random.default_rng(1000 + i)
        pos = np.array([p.x, float(ground(p.x, p.z)), p.z])
        for tris, col, inside, gloss in _prop_parts(p.kind, rng, detail):
            geo.add(_place(tris, p.scale, p.heading_deg, pos), col, _place(inside, p.scale, p.heading_deg, pos), gloss=gloss)
    return geo.arrays()
