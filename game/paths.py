"""Where the game's shipped data and the player's own files live."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shipped_dir(name: str) -> Path:
    """A folder the game ships (data, assets): inside the package when installed from a wheel, else the checkout's.

    A wheel carries the repository's top-level data/ and assets/ as game/data and game/assets (setup.py);
    a checkout or an editable install reads them where the README says, at the top of the repository.
    """
    packaged = resources.files("game") / name
    if packaged.is_dir():
        return Path(str(packaged))
    return ROOT / name


DATA_DIR = shipped_dir("data")
ASSETS_DIR = shipped_dir("assets")
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
