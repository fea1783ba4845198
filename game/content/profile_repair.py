"""Read a decoded profile field by field: a bad field is fixed or dropped with a note, never the whole profile.

Only a file with nothing recognisable in it (not an object, no known field) or one from a newer
format is refused as a whole; the caller then keeps its bytes aside.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from typing import Any

from game.content.career_progress import career_from_json
from game.content.repair_notes import REPLAY_NAME_RE, keep_most
from game.content.repair_notes import cut as _cut
from game.content.repair_notes import is_int as _is_int
from game.content.repair_notes import show as _show
from game.sim.career.progress import CareerProgress
from game.sim.looks import FINISHES, LooksError, Stance
from game.sim.models.model_registry import MODELS

PROFILE_VERSION = 2
# v1 (early builds): {"version": 1, "money": int, "car": str, "owned": [str]}; no paint/bests/stats.
V1_KEYS = frozenset({"version", "money", "car", "owned"})
V2_KEYS = frozenset({"version", "credits", "owned", "equipped", "paint", "bests", "stats", "handling", "finish", "stance", "career"})
HEX_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
ID_RE = re.compile(r"[a-z0-9_]{1,32}")  # a car id, as the catalog schema allows
MAX_CREDITS = 10**12
MAX_STAT_NAME = 64
# what a profile keeps of each part, so that a repaired profile always reads back (game.safe_json's limits)
MAX_CARS = 1000  # owned cars, and paint and handling entries (a catalog holds at most 64 cars)
MAX_BESTS = 5000
MAX_BEST_FIELDS = 12  # values in one best (a drive records 6)
MAX_BEST_BYTES = 512  # one best as saved, its key with it (a drive's is under 400)
MAX_STATS = 256
LAST_IN_FILE = "the last in the file"


class Unusable(ValueError):
    """Nothing in the file can be trusted: keep its bytes aside and start fresh."""


class TooNew(ValueError):
    """The file was written by a newer format than this build knows."""


def repair_fields(raw: Any, starter_cars: Sequence[str], starting_credits: int, notes: list[str]) -> dict[str, Any]:
    """Profile fields from a decoded file (v1 or v2); each bad field fixed or dropped with a note in `notes`."""
    if not isinstance(raw, dict):
        raise Unusable(f"expected an object, got {type(raw).__name__}")
    version = _version(raw, notes)
    if version > PROFILE_VERSION:
        raise TooNew(f"format {version}; this build reads up to {PROFILE_VERSION}")
    if version == 1:
        raw = _migrate_v1(raw)
    unknown = sorted(set(raw) - V2_KEYS)
    if unknown:
        notes.append(f"ignored unknown field(s) {', '.join(_cut(u) for u in unknown[:5])} — that is fine")
    credits = _credits(raw.get("credits"), starting_credits, notes)
    owned = _owned(raw.get("owned"), starter_cars, notes)
    equipped = raw.get("equipped")
    if not (isinstance(equipped, str) and ID_RE.fullmatch(equipped)):
        notes.append(f"equipped: {_show(equipped)} is not a car id — equipping {owned[0]!r}")
        equipped = owned[0]
    paint = _entries(raw, "paint", notes, lambda k, v: ID_RE.fullmatch(k) and isinstance(v, str) and HEX_RE.match(v), "a #rrggbb colour")
    paint = keep_most(paint, MAX_CARS, None, "paint", LAST_IN_FILE, notes)
    bests = _entries(raw, "bests", notes, _good_best, f"a best result of at most {MAX_BEST_FIELDS} plain values and {MAX_BEST_BYTES} bytes")
    bests = keep_most(bests, MAX_BESTS, lambda _, b: _text(b.get("date")), "bests", "the oldest", notes)
    stats = keep_most(_entries(raw, "stats", notes, _good_stat, "a finite number"), MAX_STATS, None, "stats", LAST_IN_FILE, notes)
    career = career_from_json(raw["career"], notes) if "career" in raw else CareerProgress()  # older profiles: an empty career
    return dict(credits=credits, owned=owned, equipped=equipped, paint={k: v.lower() for k, v in paint.items()},
                bests=bests, stats=stats, handling=_handling(raw.get("handling", {}), notes), career=career,
                finish=_finish(raw, notes), stance=_stance(raw.get("stance", {}), notes))


def _finish(raw: dict, notes: list[str]) -> dict[str, str]:
    """The per-car paint finishes; a bad entry is dropped with a note naming it (that car's paint is gloss)."""
    good = _entries(raw, "finish", notes, lambda k, v: ID_RE.fullmatch(k) and v in FINISHES, f"one of {', '.join(FINISHES)}")
    return keep_most(good, MAX_CARS, None, "finish", LAST_IN_FILE, notes)


def _stance(value: Any, notes: list[str]) -> dict[str, Stance]:
    """The per-car stances; a bad entry is dropped with a note naming it and what is wrong (that car stands as from the factory)."""
    if not isinstance(value, dict):
        notes.append(f"stance: must be an object, got {_show(value)} — every car stands as from the factory")
        return {}
    out: dict[str, Stance] = {}
    for car_id, data in value.items():
        try:
            if not ID_RE.fullmatch(car_id):
                raise LooksError("the key is not a car id")
            out[car_id] = Stance.from_json(data)
        except (LooksError, TypeError) as exc:
            notes.append(f"Dropped stance[{_cut(car_id)}] ({exc}) — it stands as from the factory")
    return keep_most(out, MAX_CARS, None, "stance", LAST_IN_FILE, notes)


def _handling(value: Any, notes: list[str]) -> dict[str, str]:
    """The per-car handling choices; a bad entry (or a model this build does not have) is dropped
    with a note naming it, and that car drives on the arcade model."""
    if not isinstance(value, dict):
        notes.append(f"handling: must be an object, got {type(value).__name__} — every car drives Arcade")
        return {}
    out: dict[str, str] = {}
    for car_id, model_id in value.items():
        if isinstance(model_id, str) and model_id in MODELS and ID_RE.fullmatch(car_id):
            out[car_id] = model_id
        else:
            notes.append(f"handling[{_cut(car_id)}]: must be one of {', '.join(MODELS)}, got {_show(model_id)} — it drives Arcade")
    return keep_most(out, MAX_CARS, None, "handling", LAST_IN_FILE + "; they drive Arcade", notes)


def _version(raw: dict, notes: list[str]) -> int:
    """The format version; a missing or bad one is guessed from the fields (v2 names, else v1 names)."""
    version = raw.get("version")
    if _is_int(version) and version >= 1:
        return version
    if set(raw) & (V2_KEYS - V1_KEYS - {"version"}):
        guess = PROFILE_VERSION
    elif set(raw) & (V1_KEYS - V2_KEYS):
        guess = 1
    else:
        raise Unusable(f"version: must be a whole number >= 1, got {_show(version)}, and no profile field was found")
    notes.append(f"version: {_show(version)} is not a version — read as version {guess}")
    return guess


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: "money" became "credits", "car" became "equipped"; paint/bests/stats start empty."""
    unknown = sorted(set(raw) - V1_KEYS)
    out: dict[str, Any] = {k: raw[k] for k in unknown}  # reported as unknown by the v2 check
    out.update(version=PROFILE_VERSION, credits=raw.get("money"), owned=raw.get("owned"),
               equipped=raw.get("car"), paint={}, bests={}, stats={})
    return out


def _credits(v: Any, starting: int, notes: list[str]) -> int:
    """Whole credits in 0..MAX_CREDITS; a whole float (6012.0) is read as its integer."""
    if _is_int(v) and 0 <= v <= MAX_CREDITS:
        return v
    if isinstance(v, float) and v.is_integer() and 0 <= v <= MAX_CREDITS:
        notes.append(f"credits: {v!r} read as {int(v)}")
        return int(v)
    notes.append(f"credits: must be a whole number 0..{MAX_CREDITS}, got {_show(v)} — reset to {starting}")
    return starting


def _owned(v: Any, starter_cars: Sequence[str], notes: list[str]) -> tuple[str, ...]:
    """Owned car ids in order without repeats; bad entries dropped; starters when nothing is left."""
    if not isinstance(v, list):
        notes.append(f"owned: must be a list of car ids, got {_show(v)} — your garage starts with {', '.join(starter_cars)}")
        return tuple(starter_cars)
    good = [c for c in v if isinstance(c, str) and ID_RE.fullmatch(c)]
    if len(good) < len(v):
        bad = [_show(c) for c in v if not (isinstance(c, str) and ID_RE.fullmatch(c))]
        notes.append(f"owned: dropped {', '.join(bad[:3])}{' ...' if len(bad) > 3 else ''} (not car ids)")
    if not good:
        return tuple(starter_cars)
    return tuple(keep_most(dict.fromkeys(good), MAX_CARS, None, "owned", LAST_IN_FILE, notes))


def _entries(raw: dict, key: str, notes: list[str], ok, want: str) -> dict[str, Any]:
    """A str-keyed object field keeping only entries ok(key, value) accepts; missing means empty."""
    value = raw.get(key, {})
    if not isinstance(value, dict):
        notes.append(f"{key}: must be an object, got {_show(value)} — dropped")
        return {}
    good = {k: v for k, v in value.items() if ok(k, v)}
    bad = [k for k in value if k not in good]
    if bad:
        shown = ", ".join(f"{key}[{_cut(k)}]" for k in bad[:3]) + (" ..." if len(bad) > 3 else "")
        notes.append(f"Dropped {shown} (must be {want})")
    return good


def _good_best(key: str, v: Any) -> bool:
    """'car|track|mode' -> {"score": whole >= 0, "replay": a file name or null, other plain values}."""
    parts = key.split("|")
    if len(parts) != 3 or not all(parts) or len(key) > 120 or not isinstance(v, dict):
        return False
    score, replay = v.get("score"), v.get("replay")
    return (_is_int(score) and 0 <= score <= 10**12 and (replay is None or (isinstance(replay, str) and bool(REPLAY_NAME_RE.fullmatch(replay))))
            and len(v) <= MAX_BEST_FIELDS and all(isinstance(x, (str, int, float, bool)) or x is None for x in v.values())
            and len(json.dumps({key: v}, ensure_ascii=False, allow_nan=False).encode("utf-8")) <= MAX_BEST_BYTES)


def _text(v: Any) -> str:
    """v if it is text, else the empty text (a best's date to rank by)."""
    return v if isinstance(v, str) else ""


def _good_stat(key: str, v: Any) -> bool:
    return 0 < len(key) <= MAX_STAT_NAME and isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) < 1e15
