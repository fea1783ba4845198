"""The baked ground maps are kept on disk: a second start loads them; any change to what they show bakes anew."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from game.content.ground_cache import COLOR_CHANNELS
from game.sim.track import Region, Shape
from game.view.world import bake_cache


def _world(grid_value: int = 0, spawn_x: float = 0.0, bay_x: float = 0.0, road_w: float = 8.0, line_x: float = 0.0):
    bay = SimpleNamespace(x=bay_x, z=5.0, heading_deg=0.0, width_m=2.5, length_m=5.0, task="")
    road = Region("asphalt", Shape("path", points=((-10.0, 0.0), (10.0, 0.0)), width_m=road_w))
    course = SimpleNamespace(line=((line_x, -5.0), (line_x, 5.0)))
    track = SimpleNamespace(default_surface="grass", size_m=(40.0, 40.0), regions=(road,), courses=(course,),
                            spawns=[SimpleNamespace(x=spawn_x, z=0.0, heading_deg=0.0)], bays=[bay])
    return SimpleNamespace(surface_grid=np.full((5, 5), grid_value, np.uint8), surface_ids=["grass", "asphalt"], track=track)


SURFACES = {"grass": SimpleNamespace(color="#3a7d2c"), "asphalt": SimpleNamespace(color="#444444")}


def _baker(calls: list):
    def bake(world, surfaces, size):
        calls.append(size)
        return np.full((size, size), 1, np.uint8), np.full((size, size, COLOR_CHANNELS), 200, np.uint8)
    return bake


def test_second_start_loads_from_disk(tmp_path, monkeypatch) -> None:
    calls: list = []
    monkeypatch.setattr(bake_cache, "_MEMORY", {})
    a = bake_cache.cached_maps(_world(), SURFACES, 8, _baker(calls), home=tmp_path)
    assert calls == [8] and len(list((tmp_path / "cache").glob("ground_*.bin"))) == 1
    monkeypatch.setattr(bake_cache, "_MEMORY", {})  # a new process
    b = bake_cache.cached_maps(_world(), SURFACES, 8, _baker(calls), home=tmp_path)
    assert calls == [8] and np.array_equal(a[1], b[1]) and b[1].dtype == np.uint8


def test_what_the_maps_show_is_in_the_key() -> None:
    base = bake_cache.bake_key(_world(), SURFACES, 8)
    assert bake_cache.bake_key(_world(grid_value=1), SURFACES, 8) != base
    assert bake_cache.bake_key(_world(spawn_x=3.0), SURFACES, 8) != base
    assert bake_cache.bake_key(_world(bay_x=1.0), SURFACES, 8) != base  # painted parking bays
    assert bake_cache.bake_key(_world(), {**SURFACES, "grass": SimpleNamespace(color="#ffffff")}, 8) != base
    assert bake_cache.bake_key(_world(), SURFACES, 16) != base
    assert bake_cache.bake_key(_world(road_w=8.2), SURFACES, 8) != base  # a road 10 cm wider each side: a new edge
    assert bake_cache.bake_key(_world(line_x=1.0), SURFACES, 8) != base  # the worn racing line follows the course
    assert bake_cache.bake_key(_world(), SURFACES, 8) == base


def test_a_new_bake_version_bakes_anew(monkeypatch) -> None:
    base = bake_cache.bake_key(_world(), SURFACES, 8)
    monkeypatch.setattr(bake_cache, "BAKE_VERSION", bake_cache.BAKE_VERSION + 1)
    assert bake_cache.bake_key(_world(), SURFACES, 8) != base  # old caches (before the road's distance field) rebuild


def test_a_damaged_cache_file_is_baked_again(tmp_path, monkeypatch) -> None:
    calls: list = []
    monkeypatch.setattr(bake_cache, "_MEMORY", {})
    bake_cache.cached_maps(_world(), SURFACES, 8, _baker(calls), home=tmp_path)
    for f in (tmp_path / "cache").glob("ground_*.bin"):
        f.write_bytes(b"not a zip")
    monkeypatch.setattr(bake_cache, "_MEMORY", {})
    idx, col = bake_cache.cached_maps(_world(), SURFACES, 8, _baker(calls), home=tmp_path)
    assert calls == [8, 8] and idx.shape == (8, 8)


def test_prefetched_maps_are_baked_once_on_a_worker_and_handed_over(tmp_path, monkeypatch) -> None:
    import threading

    calls: list = []
    threads: list = []
    monkeypatch.setattr(bake_cache, "_MEMORY", {})
    monkeypatch.setattr(bake_cache, "_PENDING", {})
    release = threading.Event()

    def slow_bake(world, surfaces, size):
        threads.append(threading.current_thread().name)
        release.wait(5)  # still baking while the caller goes on
        return _baker(calls)(world, surfaces, size)

    bake_cache.prefetch(_world(), SURFACES, 8, slow_bake, home=tmp_path)
    bake_cache.prefetch(_world(), SURFACES, 8, slow_bake, home=tmp_path)  # asked twice: one job
    assert len(bake_cache._PENDING) == 1
    release.set()
    maps = bake_cache.cached_maps(_world(), SURFACES, 8, _baker(calls), home=tmp_path)  # waits for the job
    assert calls == [8] and threads == ["sideways-bake"] and maps[0].shape == (8, 8)
    for t in threading.enumerate():  # the worker writes the disk cache after handing the maps over
        if t.name == "sideways-bake":
            t.join(5)
    assert bake_cache._PENDING == {} and len(list((tmp_path / "cache").glob("ground_*.bin"))) == 1
    bake_cache.prefetch(_world(), SURFACES, 8, slow_bake, home=tmp_path)  # in memory now: nothing to fetch
    assert bake_cache._PENDING == {} and calls == [8]


def test_a_failed_prefetch_reaches_the_caller(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(bake_cache, "_MEMORY", {})
    monkeypatch.setattr(bake_cache, "_PENDING", {})

    def broken(world, surfaces, size):
        raise MemoryError("no room for the maps")

    bake_cache.prefetch(_world(), SURFACES, 8, broken, home=tmp_path)
    try:
        bake_cache.cached_maps(_world(), SURFACES, 8, broken, home=tmp_path)
    except MemoryError as e:
        assert "no room" in str(e)
    else:
        raise AssertionError("the worker's error was swallowed")
