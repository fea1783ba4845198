"""The disk store of baked ground maps, SIDEWAYS_HOME/cache/ground_<key>.bin: a convenience that heals itself.

An entry is a fixed header (magic, format, map size, key, sha256 of the payload) and the raw index bytes, then the
COLOR_CHANNELS bytes a texel of the colour map (its colour and the road's distance field). It is trusted
only after its file type and exact size (checked before anything is read), its header and its checksum hold; the
read is bounded by the size the caller asked for, so no header can make us allocate more. A bad entry is deleted
with one line on stderr and the maps are baked again. Entries are written atomically (temp file, fsync, rename,
folder fsync); temp files a killed run left behind and entries past MAX_ENTRIES (least recently used first) are
removed.
"""

from __future__ import annotations

import hashlib
import os
import re
import struct
import sys
import time
from pathlib import Path

import numpy as np

from game.content.atomic import write_bytes_atomic
from game.safe_json import DataError, FileMissing, open_regular

CACHE_DIR = "cache"  # under the user's data dir (SIDEWAYS_HOME)
MAGIC = b"SWGROUND"
FORMAT = 2  # bump when the layout below changes (2: COLOR_CHANNELS 3 -> 4)
COLOR_CHANNELS = 4  # bytes a texel of the colour map: RGB, the road's distance
HEADER = struct.Struct("<8sHHI24s32s")  # magic, format, 0, map size (px per side), key, sha256 of the payload
MAX_ENTRIES = 8  # maps kept (each 5 bytes a pixel: 20 MB at 2048 px); the least recently used go first
STALE_TEMP_S = 300.0  # a temp file untouched this long belongs to no running write (one takes well under a second)
TEMP_PREFIX = ".ground"  # temp files the writer leaves while it works (.ground_<key>.bin.*.tmp)
_ENTRY_RE = re.compile(r"ground_[0-9a-f]{24}\.bin")


def cache_folder(home: Path | None = None) -> Path | None:
    """SIDEWAYS_HOME/cache (None when there is no usable data folder: then the maps are just baked)."""
    try:
        from game import paths

        return (home or paths.user_home()) / CACHE_DIR
    except Exception:  # no platform data dir, or one the system would refuse
        return None


def entry_path(folder: Path, key: str) -> Path:
    """Where the entry for one bake key lives."""
    return folder / f"ground_{key}.bin"


def entry_bytes(size: int) -> int:
    """The exact length of an entry for a size x size map."""
    return HEADER.size + (1 + COLOR_CHANNELS) * size * size


def load(folder: Path, key: str, size: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(index, colours) from a checked entry, or None when there is none; a damaged one is deleted (one line)."""
    path = entry_path(folder, key)
    try:
        maps = read_entry(path, key, size)
    except FileMissing:
        return None
    except DataError as e:
        _discard(path, str(e))
        return None
    try:
        os.utime(path)  # recently used: kept longest by prune()
    except OSError:
        pass
    return maps


def read_entry(path: Path, key: str, size: int) -> tuple[np.ndarray, np.ndarray]:
    """An entry's maps; DataError (one line naming the file) if anything about it is wrong."""
    label = str(path)
    try:
        return _read_checked(path, label, key, size)
    except OSError as e:  # a read that failed part-way (EIO, a vanished network share)
        raise DataError(f"{label}: cannot read ({e.strerror or e})") from None


def _read_checked(path: Path, label: str, key: str, size: int) -> tuple[np.ndarray, np.ndarray]:
    expected = entry_bytes(size)
    with open_regular(path, label) as fh:  # a FIFO or device in its place is refused, never waited on
        actual = os.fstat(fh.fileno()).st_size
        if actual != expected:
            raise DataError(f"{label}: {actual} bytes, not the {expected} of a {size}x{size} map")
        head = fh.read(HEADER.size)
        if len(head) != HEADER.size:
            raise DataError(f"{label}: cut short in its header")
        magic, fmt, _, px, their_key, digest = HEADER.unpack(head)
        if magic != MAGIC or fmt != FORMAT:
            raise DataError(f"{label}: not a ground cache entry of format {FORMAT}")
        if px != size or their_key != key.encode():
            raise DataError(f"{label}: holds another map (its header says {px} px, key {their_key[:24]!r})")
        payload = np.empty((1 + COLOR_CHANNELS) * size * size, np.uint8)  # the bound: never more than the caller's own map size
        view, got = payload.data, 0  # the array's own buffer (numpy's stubs do not declare ndarray a Buffer)
        while got < payload.size:
            n = fh.readinto(view[got:])
            if not n:
                raise DataError(f"{label}: cut short ({HEADER.size + got} of {expected} bytes)")
            got += n
    if hashlib.sha256(payload.data).digest() != digest:
        raise DataError(f"{label}: checksum does not match (the file is damaged)")
    cells = size * size
    return payload[:cells].reshape(size, size), payload[cells:].reshape(size, size, COLOR_CHANNELS)


def save(folder: Path, key: str, maps: tuple[np.ndarray, np.ndarray]) -> bool:
    """Write an entry atomically, then prune the folder; False (and nothing left behind) when the disk says no."""
    idx, col = (np.ascontiguousarray(m, dtype=np.uint8) for m in maps)
    size = idx.shape[0]
    if idx.shape != (size, size) or col.shape != (size, size, COLOR_CHANNELS):
        raise ValueError(f"ground maps must be (n, n) and (n, n, {COLOR_CHANNELS}), got {idx.shape} and {col.shape}")
    digest = hashlib.sha256()
    digest.update(idx.data)
    digest.update(col.data)
    head = HEADER.pack(MAGIC, FORMAT, 0, size, key.encode(), digest.digest())
    path = entry_path(folder, key)
    try:  # the game's one atomic writer: fsynced temp, rename, folder fsync (else a power cut can leave it empty)
        write_bytes_atomic(path, head + idx.tobytes() + col.tobytes())
    except OSError:
        return False
    prune(folder, keep=path)
    return True


def prune(folder: Path, keep: Path | None = None, now: float | None = None) -> None:
    """Remove stale temp files, files of older cache formats and the least recently used entries past MAX_ENTRIES."""
    now = time.time() if now is None else now
    try:
        names = os.listdir(folder)
    except OSError:
        return
    entries = []
    for name in names:
        path = folder / name
        try:
            st = path.lstat()
        except OSError:
            continue
        if name.startswith(TEMP_PREFIX):
            if now - st.st_mtime > STALE_TEMP_S:  # left by a run killed mid-write
                _unlink(path)
        elif name.startswith("ground_"):
            if _ENTRY_RE.fullmatch(name):
                entries.append((st.st_mtime, name, path))
            else:  # an older format (ground_*.npz): never read again
                _unlink(path)
    entries.sort(reverse=True)
    for _, _, path in entries[MAX_ENTRIES:]:
        if path != keep:
            _unlink(path)


def _discard(path: Path, why: str) -> None:
    """Delete a damaged entry and say so in one line."""
    failed = _unlink(path)
    done = f"could not delete it ({failed})" if failed else "deleted it"
    sys.stderr.write(f"sideways: ground cache {why}; {done}, the ground maps are baked again\n")


def _unlink(path: Path) -> str | None:
    """Remove a file; None, or why it could not be removed."""
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as e:
        return e.strerror or str(e)
    return None
