"""The baked ground maps (surface index and colour) kept on disk between starts, keyed by everything they depend on.

A start can ask for them early (`prefetch`): they are then loaded or baked on a worker thread (numpy and PIL leave the
interpreter free meanwhile) while the window opens and the menu is built, and whoever needs them waits for that.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import numpy as np

from game.content import ground_cache

BAKE_VERSION = 3  # bump when ground_bake.bake_maps changes what it draws (3: the road distance field, the worn line)

_MEMORY: dict[str, tuple[np.ndarray, np.ndarray]] = {}
_PENDING: dict[str, _Job] = {}


class _Job(threading.Thread):
    """One map's maps, fetched on a worker thread; `result()` waits for them (not for their copy to the disk cache,
    which the thread writes afterwards) and returns them, or re-raises what went wrong."""

    def __init__(self, fetch) -> None:
        super().__init__(name="sideways-bake", daemon=False)  # an exit waits for the cache file to be written whole
        self._fetch = fetch
        self._out = self._error = None
        self._ready = threading.Event()

    def run(self) -> None:
        keep = None
        try:
            self._out, keep = self._fetch()
        except BaseException as e:  # handed to the waiting caller
            self._error = e
        finally:
            self._ready.set()
        if keep is not None:
            keep()

    def result(self):
        self._ready.wait()
        if self._error is not None:
            raise self._error
        return self._out


def baked_maps(world, surfaces: dict, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The ground maps ground_bake.bake_maps draws, kept in memory and in the player's cache folder between starts."""
    from game.view.world.ground_bake import bake_maps

    return cached_maps(world, surfaces, size, bake_maps)


def prefetch_maps(world, surfaces: dict, size: int) -> None:
    """Start fetching baked_maps on a worker thread, so that they are ready (or nearly) when the terrain is built."""
    from game.view.world.ground_bake import bake_maps

    prefetch(world, surfaces, size, bake_maps)


def bake_key(world, surfaces: dict, size: int) -> str:
    """A digest of what the baked maps show: the surface raster, the regions' shapes (the road's
    distance field), the courses' lines (the worn line), surface colours, spawns, painted bays, map size and bake code."""
    h = hashlib.sha256()
    grid = np.ascontiguousarray(world.surface_grid)
    parts = [BAKE_VERSION, size, grid.shape, str(grid.dtype), tuple(world.surface_ids), world.track.default_surface,
             tuple(world.track.size_m), tuple((s.x, s.z, s.heading_deg) for s in world.track.spawns),
             tuple((b.x, b.z, b.heading_deg, b.width_m, b.length_m, b.task) for b in world.track.bays),
             tuple(surfaces[s].color if s in surfaces else "" for s in world.surface_ids),
             tuple(getattr(world.track, "regions", ())), tuple(tuple(c.line) for c in getattr(world.track, "courses", ()))]
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
    job = _PENDING.pop(key, None)
    if job is not None:
        maps = job.result()
    else:
        maps, keep = _fetch(world, surfaces, size, bake, key, home)
        if keep is not None:
            keep()
    _MEMORY[key] = maps
    return maps


def prefetch(world, surfaces: dict, size: int, bake, home: Path | None = None) -> None:
    """Start loading or baking the maps on a worker thread (nothing happens if they are here or on their way)."""
    key = bake_key(world, surfaces, size)
    if key in _MEMORY or key in _PENDING:
        return
    job = _PENDING[key] = _Job(lambda: _fetch(world, surfaces, size, bake, key, home))
    job.start()


def _fetch(world, surfaces: dict, size: int, bake, key: str, home: Path | None):
    """(maps, keep): the maps from the disk cache, else baked, with `keep` the call that writes new ones there (None
    when there is nothing to write)."""
    folder = ground_cache.cache_folder(home)
    if folder is None:
        return bake(world, surfaces, size), None
    ground_cache.prune(folder, keep=ground_cache.entry_path(folder, key))  # temp files a killed run left, old entries
    maps = ground_cache.load(folder, key, size)
    if maps is not None:
        return maps, None
    maps = bake(world, surfaces, size)
    return maps, lambda: ground_cache.save(folder, key, maps)
