"""The ids of the game's modes, in menu order: what a replay file may name (pure, imports nothing).

The replay format checks a file's mode against this list without importing the run package, which sits above it;
game/sim/run/modes/registry.py holds one class for each id and refuses to load if the two disagree.
"""

from __future__ import annotations

MODE_IDS: tuple[str, ...] = ("free", "timed", "zones", "parking", "qualifying", "tandem")
