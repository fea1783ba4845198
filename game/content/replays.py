"""Replay files: reading one (size-capped, one-line errors), writing one atomically, and a file's digest."""

from __future__ import annotations

import hashlib
from pathlib import Path

from game.content.atomic import write_bytes_atomic
from game.content.user_paths import display_path
from game.safe_json import DataError, read_bytes
from game.sim.replay import format as replay_format
from game.sim.replay.format import Replay, ReplayError


def file_digest(path: str | Path) -> str:
    """sha256 hex of a file's bytes (for a track file's digest)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def save_replay(path: str | Path, replay: Replay) -> None:
    """Write a replay atomically through the game's one atomic writer: the target is the old file or the new, never torn."""
    write_bytes_atomic(path, replay.to_bytes())


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; ReplayError with one line naming the file on anything wrong."""
    label = display_path(path)
    try:
        data = read_bytes(path, label, replay_format.MAX_FILE_BYTES)
    except DataError as e:
        raise ReplayError(str(e)) from None
    return Replay.from_bytes(data, label)
