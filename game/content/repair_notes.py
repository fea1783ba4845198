"""What the profile's repairs share: the checks and the short renderings of a bad value their notes quote."""

from __future__ import annotations

import re
from typing import Any

from game.safe_json import BadNumber, shown

REPLAY_NAME_RE = re.compile(r"[A-Za-z0-9_.\-]{1,120}\.swr")  # a file in the replays folder, never a path


def is_int(v: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)


def cut(s: str) -> str:
    """A key shortened and escaped for a note."""
    return shown(s, 24, quote=False)


def show(v: Any) -> str:
    """A short rendering of a value for a note."""
    return shown(v, 40) if isinstance(v, (str, int, float, bool, BadNumber)) or v is None else type(v).__name__
