"""Where the game's shipped data and the player's own files live."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shipped_dir(name: str) -> Path:
    """A folder the game ships (data, assets): inside the package when installed from a wheel, else the checkout's.

    A wheel carries the repository's top-level data/ and assets/ as game/data and game/assets (setup.py);
    a checkout or an editable install reads them at the top of the repository (docs/development.md, "Set up").
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


HOME_MAX_BYTES = 3583  # the data folder's own path; leaves 512 bytes under PATH_MAX for the files kept in it


class HomeError(ValueError):
    """The player's data folder cannot be used (a path the system would refuse); the message is one line."""


def user_home() -> Path:
    """The player's data directory: $SIDEWAYS_HOME when set, else the platform's user data dir; HomeError when the
    system would refuse its path (a name over 255 bytes, or too long to hold the files kept in it)."""
    env = os.environ.get("SIDEWAYS_HOME")
    if env:
        home, label = Path(env), "SIDEWAYS_HOME"
    else:
        from platformdirs import user_data_dir

        home, label = Path(user_data_dir("sideways", appauthor=False)), "the user data folder"
    from game.safe_json import path_problem

    problem = path_problem(home)
    if problem is None and len(os.fsencode(home)) > HOME_MAX_BYTES:
        problem = f"the path is too long to hold the game's files ({len(os.fsencode(home))} bytes; at most {HOME_MAX_BYTES})"
    if problem:
        shown = str(home) if len(str(home)) <= 60 else f"{str(home)[:28]}...{str(home)[-28:]}"
        raise HomeError(f"{label} {shown}: {problem}")
    return home
