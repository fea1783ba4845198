"""Reading one settings field: its value if it passes its check, else its default and one note naming the field, the
value found and the default used (settings.json's top level, its quality, telemetry and wheel blocks)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from game.safe_json import BadNumber


def field(raw: Mapping[str, Any], key: str, check: Callable[[Any], str | None], default: Any, label: str, notes: list[str]) -> Any:
    """raw[key] if present and valid; else the default (with a note naming the field, `label`, when invalid)."""
    if key not in raw:
        return default
    problem = check(raw[key])
    if problem is None:
        return raw[key]
    notes.append(f"{label}: {problem}, got {show(raw[key])} — using {show(default)}")
    return default


def show(v: Any) -> str:
    """A short rendering of a value for messages (JSON-ish: true/false, lists)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(show(x) for x in v) + "]"
    text = repr(v) if isinstance(v, (int, float, BadNumber)) else type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


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
