"""Where the game's shipped data and the player's own files live."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"
ASSETS_DIR = ROOT / "assets"
DEFAULT_CATALOG = DATA_DIR / "cars.json"
TRACKS_DIR = DATA_DIR / "tracks"
DEFAULT_TRACK = "sideways_park"


def user_home() -> Path:
    """The player's data directory: $SIDEWAYS_HOME when set, else the platform's user data dir."""
    env = os.environ.get("SIDEWAYS_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("sideways", appauthor=False))
