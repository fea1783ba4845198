"""--screenshot: where a picture of the last frame may go (checked before the game runs) and its checked write."""

from __future__ import annotations

import os
import stat
import tempfile
import uuid
from pathlib import Path

from game.safe_json import path_problem

FORMATS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")  # Panda3D picks its image writer by the extension


def target_problem(path: str | Path) -> str | None:
    """Why a screenshot could not be written to this path (format, folder, what is there now), or None.

    The folder is probed with a temp file created and removed, so an unwritable one is refused before the game runs."""
    problem = path_problem(path)
    if problem:
        return problem
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"cannot write there ({e.strerror or e})"
    else:
        if stat.S_ISDIR(st.st_mode):
            return "is a folder; name the picture file"
        if not stat.S_ISREG(st.st_mode):
            return "is a device or pipe, not a file"
    if p.suffix.lower() not in FORMATS:
        got = f"{p.suffix!r}" if p.suffix else "(no extension)"
        return f"unknown picture format {got}; use one of {', '.join(FORMATS)}"
    folder = p.parent
    if not folder.is_dir():
        return f"folder {folder} does not exist" if not folder.exists() else f"{folder} is not a folder"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".shot.", suffix=p.suffix)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        return f"cannot write in {folder} ({e.strerror or e})"
    return None


def write_screenshot(path: str | Path, save=None) -> str | None:
    """Write the last rendered frame to path (temp file, fsync, rename); None, or why it failed (one line).

    save(temp_path) -> bool writes the picture (default: the window's saveScreenshot, which may fail quietly or leave an
    empty file, hence the checks)."""
    target = Path(path)
    save = save or _panda_save
    tmp = target.with_name(f".shot-{uuid.uuid4().hex[:12]}{target.suffix}")  # made by the writer, with the usual mode
    try:
        if not save(str(tmp)):
            return f"{target}: the picture could not be written"
        with open(tmp, "rb+") as fh:
            if os.fstat(fh.fileno()).st_size == 0:
                return f"{target}: the picture came out empty"
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as e:
        return f"{target}: cannot write ({e.strerror or e})"
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return None


def _panda_save(path: str) -> bool:
    """The window's last frame into an image file; False when Panda3D could not write it."""
    from panda3d.core import Filename
    from ursina import application

    return bool(application.base.win.saveScreenshot(Filename.fromOsSpecific(str(path))))
