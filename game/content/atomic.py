"""Safe writing of the player's JSON files (atomic replace, quarantine of bad files); reading is game.safe_json."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

QUARANTINE_TAG = "corrupt"


def write_json_atomic(path: Path | str, obj: Any) -> None:
    """Write obj as JSON so that the target holds either the old or the new content, never a torn mix."""
    target = Path(path)
    # Serialise first: a value that cannot be encoded must fail before anything touches the disk.
    text = json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable; silently skipped where directories cannot be opened (Windows)."""
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def quarantine(path: Path | str, now: datetime | None = None) -> Path:
    """Rename a bad file to NAME.corrupt-YYYYmmdd-HHMMSS (then -1, -2, ...) and return the new path."""
    src = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{src.name}.{QUARANTINE_TAG}-{stamp}"
    candidate = src.with_name(base)
    n = 0
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = src.with_name(f"{base}-{n}")
    os.rename(src, candidate)  # the name was free a moment ago; a same-second race is not worth more
    return candidate


def set_aside(path: Path, what: str, reason: str, now: datetime | None = None) -> str:
    """Quarantine a bad user file and return the one line telling the player what happened."""
    try:
        moved = quarantine(path, now)
    except OSError as exc:
        detail = exc.strerror or str(exc)
        # A rename fails when the folder is not writable; an atomic save there then fails the same
        # way, so the bad file is not silently overwritten either.
        return (f"Your {what} {reason} and could not be moved aside ({detail}); "
                f"a fresh one is in use for now.")
    return f"Your {what} {reason} and was moved aside to {moved.name}; a fresh one was started."
