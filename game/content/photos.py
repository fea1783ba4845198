"""Photo mode's pictures: PNG bytes from an RGB array (zlib, no image library) and their files in SIDEWAYS_HOME/photos."""

from __future__ import annotations

import errno
import os
import re
import struct
import zlib
from datetime import datetime
from pathlib import Path

import numpy as np

from game.content.atomic import write_new_file

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PHOTO_MODE = 0o644  # readable by other programs (viewers, uploaders), as a camera's pictures are
PNG_LEVEL = 6  # zlib's default: a 1280x720 shot in well under a second


def photos_dir() -> Path:
    """SIDEWAYS_HOME/photos (HomeError, one line, when the data folder cannot be used)."""
    from game import paths

    return paths.user_home() / "photos"


def photo_name(map_id: str, now: datetime) -> str:
    """<stamp>-<map>.png, e.g. 20261201-232501-sideways_park.png (a map id reduced to safe characters)."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", map_id)[:60] or "map"
    return f"{now.strftime('%Y%m%d-%H%M%S')}-{safe}.png"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(rgb: np.ndarray) -> bytes:
    """An (h, w, 3) uint8 array, top row first, as an 8-bit RGB PNG (every row filter 0)."""
    if rgb.dtype != np.uint8 or rgb.ndim != 3 or rgb.shape[2] != 3:
        raise ValueError(f"a picture must be (h, w, 3) uint8, got {rgb.shape} {rgb.dtype}")
    h, w, _ = rgb.shape
    rows = np.concatenate([np.zeros((h, 1), np.uint8), np.ascontiguousarray(rgb).reshape(h, w * 3)], axis=1)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows.tobytes(), PNG_LEVEL)) + _chunk(b"IEND", b"")


def decode_png(data: bytes) -> np.ndarray:
    """The pixels of a PNG encode_png wrote (8-bit RGB, filter 0 rows), as (h, w, 3); ValueError for anything else."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG")
    at, idat, size = len(PNG_SIGNATURE), b"", None
    while at < len(data):
        (n,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if (depth, ctype) != (8, 2):
                raise ValueError("only 8-bit RGB PNGs are read here")
            size = (h, w)
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    if size is None:
        raise ValueError("a PNG without its header")
    h, w = size
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, w * 3 + 1)
    if rows[:, 0].any():
        raise ValueError("rows with PNG filters are not read here")
    return rows[:, 1:].reshape(h, w, 3)


def save_photo(rgb: np.ndarray, map_id: str, now: datetime | None = None, folder: Path | None = None) -> Path:
    """Write the picture as a new PNG in the photos folder (made if missing; a name taken gets -1, -2 ...), atomically
    (a temp file renamed into place: never a torn picture); the path written. OSError / HomeError when it cannot be."""
    folder = folder if folder is not None else photos_dir()
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "the photos folder is a file", str(folder))
    path = write_new_file(folder / photo_name(map_id, now or datetime.now()), encode_png(rgb))
    try:
        os.chmod(path, PHOTO_MODE)  # a picture to share, not a private file like the profile
    except OSError:
        pass
    return path
