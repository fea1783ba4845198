"""The one way to resolve and name a file the player or a data file points at, whatever lies at that path."""

from __future__ import annotations

import os
from pathlib import Path

from game import paths
from game.safe_json import one_line

PATH_CHARS = 160  # the most of a path a message shows: its start and its end (the file's name), escaped


def real_path(path: str | Path) -> Path | None:
    """The absolute path, links followed as far as they lead; never raises (a loop, an overlong name, a NUL byte, a FIFO)."""
    try:
        return Path(os.path.realpath(path))  # non-strict: stops at a loop or an unreadable link instead of raising
    except (OSError, ValueError, RuntimeError):
        return None


def display_path(path: str | Path) -> str:
    """A file's name for messages: relative to the game folder when inside it, else the path as given; one inert line,
    and a path longer than PATH_CHARS (a name the system refuses, say) shown by its start and its end."""
    real = real_path(path)
    text = str(real.relative_to(paths.ROOT)) if real is not None and real.is_relative_to(paths.ROOT) else str(path)
    if len(text) > PATH_CHARS:
        text = text[:40] + "..." + text[43 - PATH_CHARS :]
    return one_line(text)
