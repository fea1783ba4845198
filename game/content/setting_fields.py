"""Reading one settings field: its value if it passes its check, else its default and one note naming the field, the
value found and the default used (settings.json's top level, its quality, telemetry and wheel blocks)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from game.safe_json import ECHO_CHARS, BadNumber, shown


def field(raw: Mapping[str, Any], key: str, check: Callable[[Any], str | None], default: Any, label: str, notes: list[str]) -> Any:
    """raw[key] if present and valid; else the default (with a note naming the field, `label`, when invalid)."""
    if key not in raw:
        return default
    problem = check(raw[key])
    if problem is None:
        return raw[key]
    notes.append(f"{label}: {problem}, got {show(raw[key])} — using {show(default)}")
    return default


def show(v: Any, limit: int = ECHO_CHARS) -> str:
    """A value as a note quotes it, JSON-ish (true/false, null, "text", lists, objects), cut and escaped by shown()
    however big it is: only as many items as the note can show are rendered, never the whole of a 200,000-item list."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{shown(v, limit, quote=False)}"'
    if isinstance(v, (list, tuple, dict)):
        pairs = v.items() if isinstance(v, dict) else ((None, x) for x in v)
        items: list[str] = []
        for k, x in pairs:
            if sum(map(len, items)) > limit:
                break
            items.append(show(x, limit) if k is None else f"{show(k, limit)}: {show(x, limit)}")
        ends = "{}" if isinstance(v, dict) else "[]"
        text = ends[0] + ", ".join(items) + (ends[1] if len(items) == len(v) else ", ...")  # the items are escaped already
        return text if len(text) <= limit else text[: limit - 3] + "..."
    return shown(v, 40, quote=False) if isinstance(v, (int, float, BadNumber)) else type(v).__name__


def names(keys: list[str], most: int = 5) -> str:
    """Field names from a file for a note: each cut and escaped, at most `most` of them and how many more."""
    listed = ", ".join(shown(k, 40, quote=False) for k in keys[:most])
    return listed + (f" and {len(keys) - most} more" if len(keys) > most else "")


def number(lo: float, hi: float) -> Callable[[Any], str | None]:
    """Validator for a finite number in [lo, hi]."""
    def check(v: Any) -> str | None:
        ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
        return None if ok and lo <= v <= hi else f"must be {lo:g}..{hi:g}"
    return check


def boolean(v: Any) -> str | None:
    """Validator for true/false."""
    return None if isinstance(v, bool) else "must be true or false"


def int_range(lo: int, hi: int) -> Callable[[Any], str | None]:
    """Validator for a whole number in [lo, hi]."""
    def check(v: Any) -> str | None:
        ok = isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
        return None if ok else f"must be a whole number {lo}..{hi}"
    return check
