"""What the profile's repairs share: the checks and the short renderings of a bad value their notes quote."""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from typing import Any, TypeGuard

from game.safe_json import BadNumber, TooDeep, shown

REPLAY_NAME_RE = re.compile(r"[A-Za-z0-9_.\-]{1,120}\.swr")  # a file in the replays folder, never a path


def is_int(v: Any) -> TypeGuard[int]:
    """An int that is not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)


def cut(s: str) -> str:
    """A key shortened and escaped for a note."""
    return shown(s, 24, quote=False)


def show(v: Any) -> str:
    """A short rendering of a value for a note."""
    return shown(v, 40) if isinstance(v, (str, int, float, bool, BadNumber, TooDeep)) or v is None else type(v).__name__


def keep_most(records: dict[str, Any], most: int, rank: Callable[[str, Any], Any] | None, what: str, which: str,
              notes: list[str]) -> dict[str, Any]:
    """At most `most` records, those rank(id, record) puts highest (else the first in the file) in their order; one note counts the rest."""
    if len(records) <= most:
        return records
    ids = list(records)
    kept = set(ids[:most] if rank is None else heapq.nlargest(most, ids, key=lambda k: rank(k, records[k])))
    notes.append(f"{what}: {len(records) - most} dropped, over the {most} a profile keeps ({which})")
    return {k: v for k, v in records.items() if k in kept}
