"""A damaged ground cache heals by itself: every kind of bad entry is deleted with one line and baked again."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import textwrap
import time
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from game.content import ground_cache
from game.view.world import bake_cache

ROOT = Path(__file__).resolve().parents[2]
SIZE = 8
SURFACES = {"grass": SimpleNamespace(color="#3a7d2c"), "asphalt": SimpleNamespace(color="#444444")}


def _world(grid_value: int = 0):
    track = SimpleNamespace(default_surface="grass", size_m=(40.0, 40.0), spawns=[SimpleNamespace(x=0.0, z=0.0, heading_deg=0.0)],
                            bays=[])
    return SimpleNamespace(surface_grid=np.full((5, 5), grid_value, np.uint8), surface_ids=["grass", "asphalt"], track=track)


class Starts:
    """Fresh starts of the game against one SIDEWAYS_HOME: each forgets the maps in memory, as a new process does."""

    def __init__(self, home, monkeypatch):
        self.home, self.monkeypatch, self.bakes = home, monkeypatch, 0

    def bake(self, world, surfaces, size):
        self.bakes += 1
        rng = np.random.default_rng(size)
        return rng.integers(0, 4, (size, size), dtype=np.uint8), rng.integers(0, 256, (size, size, ground_cache.COLOR_CHANNELS), dtype=np.uint8)

    def start(self, world=None):
        self.monkeypatch.setattr(bake_cache, "_MEMORY", {})
        return bake_cache.cached_maps(world or _world(), SURFACES, SIZE, self.bake, home=self.home)

    @property
    def folder(self):
        return self.home / "cache"

    @property
    def key(self):
        return bake_cache.bake_key(_world(), SURFACES, SIZE)

    def entry(self):
        (path,) = self.folder.glob("ground_*")
        return path


@pytest.fixture
def starts(tmp_path, monkeypatch):
    s = Starts(tmp_path, monkeypatch)
    s.first = s.start()  # a first start bakes and writes the entry
    assert s.bakes == 1
    return s


def _heals(starts, capsys, damaged_path):
    """The next start bakes the maps again, says so in one line naming the file, and leaves a good entry behind."""
    maps = starts.start()
    assert starts.bakes == 2
    assert np.array_equal(maps[0], starts.first[0]) and np.array_equal(maps[1], starts.first[1])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(damaged_path) in err and "baked again" in err, err
    starts.start()  # and the one after reads the rewritten entry
    assert starts.bakes == 2 and capsys.readouterr().err == ""


def test_a_good_entry_is_read_back_exactly(starts, capsys) -> None:
    maps = starts.start()
    assert starts.bakes == 1 and maps[0].dtype == np.uint8 and np.array_equal(maps[1], starts.first[1])
    assert starts.entry().stat().st_size == ground_cache.entry_bytes(SIZE) and capsys.readouterr().err == ""


def test_a_zero_byte_entry_heals(starts, capsys) -> None:
    path = starts.entry()
    path.write_bytes(b"")  # what a power cut leaves after a rename without fsync
    _heals(starts, capsys, path)


def test_a_truncated_entry_heals(starts, capsys) -> None:
    path = starts.entry()
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    _heals(starts, capsys, path)


@pytest.mark.parametrize("where", ["payload", "header"])
def test_an_entry_with_one_flipped_bit_heals(starts, capsys, where) -> None:
    path = starts.entry()
    data = bytearray(path.read_bytes())
    data[-5 if where == "payload" else 12] ^= 0x10
    path.write_bytes(bytes(data))
    _heals(starts, capsys, path)


def test_a_header_claiming_a_huge_map_is_refused_without_reading_it(starts, capsys) -> None:
    path = starts.entry()
    data = bytearray(path.read_bytes())
    struct.pack_into("<I", data, 12, 1_000_000)  # the size field: a 10^6 px map, 5 * 10^12 bytes
    path.write_bytes(bytes(data) + b"\0" * (1_500_000 - len(data)))  # a 1.5 MB file
    tracemalloc.start()
    try:
        assert ground_cache.load(starts.folder, starts.key, SIZE) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 256 * 1024, peak  # it used to allocate what the header claimed (1.7 GB for a 1.6 GB claim)
    assert not path.exists() and "bytes" in capsys.readouterr().err
    starts.start()
    assert starts.bakes == 2


def test_an_old_format_npz_claiming_a_terabyte_is_removed_unread(starts, capsys) -> None:
    import zipfile

    starts.entry().unlink()
    old = starts.folder / f"ground_{starts.key}.npz"  # the format before: np.load of this raised MemoryError at every start
    header = b"{'descr': '|u1', 'fortran_order': False, 'shape': (1000000, 1000000), }"

    with zipfile.ZipFile(old, "w") as z:
        z.writestr("index.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + b"\0" * 64)
        z.writestr("colors.npy", b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + b"\0" * 64)
    starts.start()
    assert starts.bakes == 2 and not old.exists() and starts.entry().suffix == ".bin"


def test_a_stale_temp_file_from_a_killed_write_is_removed(starts) -> None:
    stale = starts.folder / ".ground.k1ll3d.tmp"  # a run killed mid-write leaves its temp file (16 MB at 2048 px)
    stale.write_bytes(b"\0" * 4096)
    old_npz_temp = starts.folder / ".ground.abcd.npz"  # the previous writer's temp name
    old_npz_temp.write_bytes(b"\0" * 4096)
    long_ago = time.time() - 3600
    for p in (stale, old_npz_temp):
        os.utime(p, (long_ago, long_ago))
    busy = starts.folder / ".ground.busy.tmp"  # another running game writing right now: left alone
    busy.write_bytes(b"\0")
    starts.start()
    assert not stale.exists() and not old_npz_temp.exists() and busy.exists()
    assert starts.bakes == 1  # the good entry beside them is still used


def test_entries_past_the_bound_are_pruned_least_recently_used_first(starts) -> None:
    now = time.time()
    extra = []
    own_bytes = starts.entry().read_bytes()
    for n in range(ground_cache.MAX_ENTRIES + 3):  # other maps' entries, as other tracks and sizes leave them
        path = ground_cache.entry_path(starts.folder, f"{n:024x}")
        path.write_bytes(own_bytes)
        os.utime(path, (now - 1000 + n, now - 1000 + n))  # key 0 is the oldest
        extra.append(path)
    starts.start()  # reading our own entry marks it as just used
    left = set(starts.folder.glob("ground_*"))
    own = ground_cache.entry_path(starts.folder, starts.key)
    assert len(left) == ground_cache.MAX_ENTRIES and own in left
    assert left == {own, *extra[-(ground_cache.MAX_ENTRIES - 1):]}  # the oldest went
    assert starts.bakes == 1


def test_the_writer_fsyncs_the_file_before_the_rename_and_the_folder_after(tmp_path, monkeypatch) -> None:
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("rename"), real_replace(a, b))[1])
    Starts(tmp_path, monkeypatch).start()  # without the fsync a power cut left a zero-byte entry behind the rename
    assert calls == ["fsync", "rename", "fsync"]


def test_a_failed_write_leaves_no_temp_file_and_the_game_goes_on(tmp_path, monkeypatch) -> None:
    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ground_cache.os, "fsync", full)
    starts = Starts(tmp_path, monkeypatch)
    maps = starts.start()
    assert maps[0].shape == (SIZE, SIZE) and starts.bakes == 1
    assert os.listdir(tmp_path / "cache") == []


def test_a_fifo_in_place_of_a_cache_entry_is_replaced_by_a_real_one(tmp_path) -> None:
    code = """
        import os
        import sys
        from pathlib import Path
        from types import SimpleNamespace
        import numpy as np
        from game.content import ground_cache
        from game.view.world import bake_cache

        home = Path(sys.argv[1])
        track = SimpleNamespace(default_surface="g", size_m=(40.0, 40.0), spawns=[], bays=[])
        world = SimpleNamespace(surface_grid=np.zeros((5, 5), np.uint8), surface_ids=["g"], track=track)
        surfaces = {"g": SimpleNamespace(color="#3a7d2c")}
        bake = lambda w, s, n: (np.ones((n, n), np.uint8), np.ones((n, n, ground_cache.COLOR_CHANNELS), np.uint8))
        path = ground_cache.entry_path(home / "cache", bake_cache.bake_key(world, surfaces, 8))
        path.parent.mkdir()
        os.mkfifo(path)
        maps = bake_cache.cached_maps(world, surfaces, 8, bake, home=home)
        print(path.is_file(), int(maps[0].sum()), ground_cache.read_entry(path, bake_cache.bake_key(world, surfaces, 8), 8)[0].shape)
    """
    try:
        out = subprocess.run([sys.executable, "-c", textwrap.dedent(code), str(tmp_path)], capture_output=True, text=True,
                             timeout=60, cwd=ROOT)  # a read that blocks on the FIFO never returns: killed, not hung
    except subprocess.TimeoutExpired:
        pytest.fail("the cache read blocked on a FIFO")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "64", "(8,", "8)"]
    assert out.stderr.count("\n") == 1 and "is a pipe (FIFO)" in out.stderr and "baked again" in out.stderr
