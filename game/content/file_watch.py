"""Watch a data file in use and reload it when it changes on disk: the catalog (live retuning), the AI drivers' look."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.catalog import load_catalog
from game.content.user_paths import display_path
from game.safe_json import DataError
from game.sim.params import Catalog

POLL_S = 0.25  # how often the file's size and modification time are looked at


@dataclass(frozen=True)
class Reload:
    """What a check found: the newly loaded value (a Catalog, a DriverRoster), or the one-line reason the edit was refused."""

    value: Any
    error: str | None
    at: str  # wall-clock time of the reload, HH:MM:SS


class FileWatcher:
    """Polls one data file; a changed and valid file yields what `load(path)` makes of it when that differs from the
    current value, a broken one its message."""

    def __init__(self, path: str | Path, current, load: Callable[[Path], Any]):
        self.path = Path(path)
        self.load = load
        self.label = display_path(self.path)
        self.current = current
        self.loaded_at = time.strftime("%H:%M:%S")
        self._stamp = self._read_stamp()
        self._next_poll = 0.0

    def _read_stamp(self):
        try:
            st = os.stat(self.path)
            return (st.st_mtime_ns, st.st_size)
        except OSError:
            return None

    def poll(self, now: float) -> Reload | None:
        """Look at the file at most every POLL_S seconds of `now` (a monotonic clock); report a change."""
        if now < self._next_poll:
            return None
        self._next_poll = now + POLL_S
        stamp = self._read_stamp()
        if stamp == self._stamp or stamp is None:
            return None
        self._stamp = stamp
        return self.reload(force=False)

    def reload(self, force: bool = True) -> Reload | None:
        """Read the file now (F5); None when nothing changed and not forced."""
        at = time.strftime("%H:%M:%S")
        try:
            new = self.load(self.path)
        except DataError as e:
            return Reload(None, str(e), at)
        if new == self.current and not force:
            return None
        self.current = new
        self.loaded_at = at
        return Reload(new, None, at)


class CatalogWatcher(FileWatcher):
    """Polls one catalog file (live retuning)."""

    def __init__(self, path: str | Path, current: Catalog):
        super().__init__(path, current, load_catalog)
