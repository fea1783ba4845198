"""Photo mode's pictures: PNG bytes from an RGB array (Pillow) and their files in SIDEWAYS_HOME/photos."""

from __future__ import annotations

import errno
import io
import os
import re
from datetime import datetime
from pathlib import Path

import numpy as np
from PIL import Image

from game.content.atomic import write_new_file

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


def encode_png(rgb: np.ndarray) -> bytes:
    """An (h, w, 3) uint8 array, top row first, as an 8-bit RGB PNG (Pillow's encoder)."""
    if rgb.dtype != np.uint8 or rgb.ndim != 3 or rgb.shape[2] != 3:
        raise ValueError(f"a picture must be (h, w, 3) uint8, got {rgb.shape} {rgb.dtype}")
    out = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb), "RGB").save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


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
