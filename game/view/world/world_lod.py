"""The park's meshes split for culling and level of detail: terrain chunks (full near, decimated far) and prop chunks."""

from __future__ import annotations

import numpy as np

SKIRT_M = 1.5  # decimated chunks hang a skirt this deep along their edges, hiding cracks against finer neighbours


def grid_indices(i0: int, i1: int, stride: int) -> np.ndarray:
    """Node indices i0, i0+stride, ... always ending on i1 (so neighbouring chunks share their edge nodes)."""
    idx = np.arange(i0, i1, max(1, stride))
    return np.append(idx, i1)


def terrain_patch(world, normals: np.ndarray, ix: np.ndarray, iz: np.ndarray, skirt_m: float = 0.0) -> tuple[np.ndarray, ...]:
    """Mesh arrays of the height nodes at columns ix and rows iz; with a downward skirt around the rim when skirt_m > 0."""
    X, Z = np.meshgrid(world.hx[ix], world.hz[iz])
    pos = np.dstack([X, world.heights[np.ix_(iz, ix)], Z]).reshape(-1, 3)
    nrm = normals[np.ix_(iz, ix)].reshape(-1, 3)
    w, h = len(ix), len(iz)
    a = (np.arange(h - 1)[:, None] * w + np.arange(w - 1)[None, :]).ravel()
    tris = [np.stack([a, a + 1, a + w + 1, a, a + w + 1, a + w], axis=1).ravel()]
    if skirt_m > 0:
        grid = np.arange(w * h).reshape(h, w)
        rim = np.concatenate([grid[0, :], grid[1:, -1], grid[-1, -2::-1], grid[-2:0:-1, 0], grid[:1, 0]])
        low = len(pos) + np.arange(len(rim))
        pos = np.concatenate([pos, pos[rim] - [0.0, skirt_m, 0.0]])
        nrm = np.concatenate([nrm, nrm[rim]])
        p, q, lp, lq = rim[:-1], rim[1:], low[:-1], low[1:]
        quad = np.stack([p, q, lq, p, lq, lp], axis=1).ravel()
        tris += [quad, quad.reshape(-1, 3)[:, ::-1].ravel()]  # both windings: seen from either side
    n = len(pos)
    return pos, nrm, np.ones((n, 4)), np.zeros((n, 2)), np.concatenate(tris).astype(np.uint32)


def chunk_bounds(n_nodes: int, chunks: int) -> np.ndarray:
    """chunks + 1 node indices cutting 0..n_nodes-1 into nearly equal runs."""
    return np.linspace(0, n_nodes - 1, chunks + 1).round().astype(int)


def split_triangles(arrays: tuple[np.ndarray, ...], x0: float, z0: float, cell_m: float, cells: int) -> dict[tuple[int, int], tuple]:
    """Unindexed triangle arrays (3 vertices each) sorted into a cells x cells grid by each triangle's centre."""
    pos = arrays[0]
    centre = pos.reshape(-1, 3, 3).mean(axis=1)
    ci = np.clip(((centre[:, 0] - x0) / cell_m).astype(int), 0, cells - 1)
    cj = np.clip(((centre[:, 2] - z0) / cell_m).astype(int), 0, cells - 1)
    key = ci * cells + cj
    out = {}
    for k in np.unique(key):
        tri = np.nonzero(key == k)[0]
        vert = (tri[:, None] * 3 + np.arange(3)).ravel()
        out[(int(k) // cells, int(k) % cells)] = tuple(a[vert] for a in arrays[:4])
    return out


def add_lod(parent, levels: list, center, switch_m: float, far_m: float):
    """A Panda3D LODNode under parent showing levels[0] nearer than switch_m and levels[1] from there to far_m."""
    from panda3d.core import LODNode, Point3

    node = LODNode("lod")
    np_ = parent.attachNewNode(node)
    node.addSwitch(switch_m, 0.0)
    node.addSwitch(far_m, switch_m)
    node.setCenter(Point3(*center))
    for level in levels:
        level.reparentTo(np_)
    return np_
