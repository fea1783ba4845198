"""The one way to resolve and name a file the player or a data file points at, whatever lies at that path."""

from __future__ import annotations

import os
from pathlib import Path

from game import paths


def real_path(path: str | Path) -> Path | None:
    """The absolute path, links followed as far as they lead; never raises (a loop, an overlong name, a NUL byte, a FIFO)."""
    try:
        return Path(os.path.realpath(path))  # non-strict: stops at a loop or an unreadable link instead of raising
    except (OSError, ValueError, RuntimeError):
        return None


def display_path(path: str | Path) -> str:
    """A short name for messages: relative to the game folder when inside it, else the path as given."""
    real = real_path(path)
    if real is not None and real.is_relative_to(paths.ROOT):
        return str(real.relative_to(paths.ROOT))
    return str(path)
