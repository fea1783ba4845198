"""The baked ground maps (surface index and colour) kept on disk between starts, keyed by everything they depend on."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numpy as np

BAKE_VERSION = 2  # bump when textures.bake_index / bake_colors change what they draw
CACHE_DIR = "cache"  # under the user's data dir (SIDEWAYS_HOME)

_MEMORY: dict[str, tuple[np.ndarray, np.ndarray]] = {}


def bake_key(world, surfaces: dict, size: int) -> str:
    """A digest of what the baked maps show: the surface raster, surface colours, spawns, painted bays, map size and bake code."""
    h = hashlib.sha256()
    grid = np.ascontiguousarray(world.surface_grid)
    parts = [BAKE_VERSION, size, grid.shape, str(grid.dtype), tuple(world.surface_ids), world.track.default_surface,
             tuple(world.track.size_m), tuple((s.x, s.z, s.heading_deg) for s in world.track.spawns),
             tuple((b.x, b.z, b.heading_deg, b.width_m, b.length_m, b.task) for b in world.track.bays),
             tuple(surfaces[s].color if s in surfaces else "" for s in world.surface_ids)]  # fmt: skip
    h.update(repr(parts).encode())
    h.update(grid.tobytes())
    return h.hexdigest()[:24]


def cached_maps(world, surfaces: dict, size: int, bake, home: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(index, colours) from memory, else from the disk cache, else bake(world, surfaces, size) and keep it.

    The cache is a convenience: an unreadable or unwritable cache is ignored and the maps are baked.
    """
    key = bake_key(world, surfaces, size)
    if key in _MEMORY:
        return _MEMORY[key]
    folder = _folder(home)
    path = folder / f"ground_{key}.npz" if folder else None
    maps = _load(path, size) if path else None
    if maps is None:
        maps = bake(world, surfaces, size)
        if path:
            _save(path, maps)
    _MEMORY[key] = maps
    return maps


def _folder(home: Path | None) -> Path | None:
    try:
        from game import paths

        return (home or paths.user_home()) / CACHE_DIR
    except Exception:  # no platform data dir: just bake
        return None


def _load(path: Path, size: int) -> tuple[np.ndarray, np.ndarray] | None:
    try:
        with np.load(path, allow_pickle=False) as z:
            idx, col = z["index"], z["colors"]
    except (OSError, ValueError, KeyError):
        return None
    if idx.shape != (size, size) or col.shape != (size, size, 3) or idx.dtype != np.uint8 or col.dtype != np.uint8:
        return None
    return idx, col


def _save(path: Path, maps: tuple[np.ndarray, np.ndarray]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".ground.", suffix=".npz")
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, index=maps[0], colors=maps[1])
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass
