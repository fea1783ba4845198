"""The header of a replay file checked field by field: a downloaded replay is untrusted input.

Ids are ids (never paths), digests are sha256 hex, numbers are finite and bounded, and the claimed
length is bounded, so a crafted header can neither open another file nor make playback run for ever.
"""

from __future__ import annotations

import math
import re

from game.sim.looks import FACTORY, LooksError, Stance, check_finish
from game.sim.physics_version import MAX_PHYSICS_VERSION

ID_RE = re.compile(r"[a-z0-9_]{1,32}")
TRACK_RE = re.compile(r"[a-z0-9_]{0,32}")  # empty for a run on no map (a test pad)
DIGEST_RE = re.compile(r"(?:[0-9a-f]{64})?")  # empty in replays made by tools that knew no file digest
VERSION_RE = re.compile(r"\d{1,4}(?:\.\d{1,4}){0,3}")
PAINT_RE = re.compile(r"#[0-9a-fA-F]{6}")
HZ_RANGE = (10.0, 2000.0)  # the sim's step rates (as `sideways sim --hz`)
MAX_SECONDS = 3600.0  # the longest session a replay may claim (s)
MAX_SCORE = 10**12
MAX_SEED = 2**63
MAX_COORD_M = 5000.0  # |x|, |z| of a spawn or final position (maps are at most 2000 m across)
MAX_SPEED_MPS = 1000.0
MAX_RESETS = 100_000
MAX_AI = 12  # AI cars a session (and so a replay) may hold
MAX_ORDERS = 100_000  # fleet orders in one replay
MAX_RUNS = 10  # judged runs a Qualifying session may hold (Formula Drift qualifies on 2)
MAX_CARS = MAX_AI + 2  # cars a replay carries: the fleet's (at most MAX_AI), the player's and the opponent's


class HeaderError(ValueError):
    """One header field is wrong: the message names it."""


def check_header(head, modes: tuple[str, ...], version: int = 3) -> dict:
    """The header's fields, validated and typed (final and spawn as float tuples; "cars" as the JSON objects the caller
    checks as cars); HeaderError names the field."""
    if not isinstance(head, dict):
        raise HeaderError("header is not an object")
    out = {
        "game_version": _text(head, "game_version", VERSION_RE, "a version like 0.1.0"),
        "catalog_digest": _text(head, "catalog_digest", DIGEST_RE, "a sha256 digest"),
        "rules_digest": _text(head, "rules_digest", DIGEST_RE, "a sha256 digest"),
        "track_digest": _text(head, "track_digest", DIGEST_RE, "a sha256 digest"),
        "car_id": _text(head, "car_id", ID_RE, "a car id"),
        "track_id": _text(head, "track_id", TRACK_RE, "a track id (lowercase letters, digits and _)"),
        "paint": _text(head, "paint", PAINT_RE, "a colour like #ff8800"),
        "created": _text(head, "created", re.compile(r"[0-9A-Za-z:+.\- ]{0,40}"), "a date and time"),
        "mode": _field(head, "mode"),
        "seed": _whole(head, "seed", -MAX_SEED, MAX_SEED),
        "hz": _number(head, "hz", *HZ_RANGE),
        "final_score": _whole(head, "final_score", 0, MAX_SCORE),
    }
    if out["mode"] not in modes:
        raise HeaderError(f"header field 'mode' is {str(out['mode'])[:40]!r}")
    out["steps"] = _whole(head, "steps", 0, int(MAX_SECONDS * out["hz"]))
    out["final"] = _numbers(head, "final", 4, (MAX_COORD_M, MAX_COORD_M, 1e6, MAX_SPEED_MPS))
    out["spawn"] = None if _field(head, "spawn") is None else _numbers(head, "spawn", 3, (MAX_COORD_M, MAX_COORD_M, 1e6))
    resets = head.get("resets", [])
    if not (isinstance(resets, list) and len(resets) <= MAX_RESETS
            and all(_is_int(r) and 0 <= r <= out["steps"] for r in resets)):
        raise HeaderError("header field 'resets' is not a list of step numbers")
    out["resets"] = tuple(resets)
    out["ai_count"] = _whole({"ai_count": head.get("ai_count", 0)}, "ai_count", 0, MAX_AI)
    orders = head.get("fleet_orders", [])
    if not (isinstance(orders, list) and len(orders) <= MAX_ORDERS and all(_is_order(o, out["steps"]) for o in orders)):
        raise HeaderError("header field 'fleet_orders' is not a list of [step, x, z]")
    out["fleet_orders"] = tuple((o[0], float(o[1]), float(o[2])) for o in orders)
    out["drivers_digest"] = _text({"drivers_digest": head.get("drivers_digest", "")}, "drivers_digest", DIGEST_RE, "a sha256 digest")
    joins = head.get("fleet_changes", [])
    if not (isinstance(joins, list) and len(joins) <= MAX_ORDERS and all(_is_fleet_change(c, out["steps"]) for c in joins)):
        raise HeaderError("header field 'fleet_changes' is not a list of [step, +1 or -1]")
    out["fleet_changes"] = tuple((c[0], c[1]) for c in joins)
    course = head.get("course", "")  # since Qualifying: older replays have none
    if not (isinstance(course, str) and (course == "" or ID_RE.fullmatch(course))):
        raise _bad("course", course, "a course id (lowercase letters, digits and _) or empty")
    out["course"] = course
    out["runs"] = _whole({"runs": head.get("runs", 0)}, "runs", 0, MAX_RUNS)
    stages = head.get("stages", [])
    if not (isinstance(stages, list) and len(stages) <= MAX_RESETS and all(_is_int(s) and 0 <= s <= out["steps"] for s in stages)):
        raise HeaderError("header field 'stages' is not a list of step numbers")
    out["stages"] = tuple(stages)
    best = head.get("best_run")
    if best is not None and not (_is_int(best) and 0 <= best < MAX_RUNS):
        raise _bad("best_run", best, f"a run number 0..{MAX_RUNS - 1}")
    out["best_run"] = best
    _tandem_fields(head, out)
    cars = head.get("cars", []) if version >= 3 else []  # since format 3: the cars it was driven with
    if not (isinstance(cars, list) and len(cars) <= MAX_CARS and all(isinstance(c, dict) for c in cars)):
        raise HeaderError(f"header field 'cars' is not a list of at most {MAX_CARS} cars")
    out["cars"] = cars
    out["physics_digest"] = _text({"physics_digest": head.get("physics_digest", "")}, "physics_digest", DIGEST_RE, "a sha256 digest")
    if cars and not out["physics_digest"]:
        raise HeaderError("header has 'cars' but no 'physics_digest'")
    _run_fields(head, out)
    return out


def _run_fields(head: dict, out: dict) -> None:
    """Who and what the run was (older replays have none): the physics version (absent: 0, recorded before versions),
    the drift driver that drove car 0 ("" the player or a script) and the career event driven ("" none)."""
    out["physics_version"] = _whole({"physics": head.get("physics", 0)}, "physics", 0, MAX_PHYSICS_VERSION)
    for key, want in (("autopilot", "a drift driver id or skill level, or empty"), ("event", "a career event id, or empty")):
        v = head.get(key, "")
        if not (isinstance(v, str) and (v == "" or ID_RE.fullmatch(v))):
            raise _bad(key, v, want)
        out[key] = v
    _looks_fields(head, out)


def _looks_fields(head: dict, out: dict) -> None:
    """The car's looks (absent: gloss and the factory stance): a finish and a stance, each checked as the garage's."""
    try:
        out["finish"] = check_finish(head.get("finish", "gloss"))
        out["stance"] = Stance.from_json(head["stance"]) if "stance" in head else FACTORY
    except LooksError as e:
        raise HeaderError(f"header field {'stance' if str(e).startswith('stance') else 'finish'!r}: {e}") from None
    except TypeError:
        raise HeaderError("header field 'stance' is not a stance") from None


ROLE_VALUES = ("", "lead", "chase")
FILE_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,79}")  # a file's name: no folder, no leading dot


def _tandem_fields(head: dict, out: dict) -> None:
    """Tandem's header fields (older replays and other modes have none): the role, the opponent, a replay lead."""
    role = head.get("role", "")
    if role not in ROLE_VALUES:
        raise _bad("role", role, "'lead', 'chase' or empty")
    out["role"] = role
    opponent = head.get("opponent", "")
    if not (isinstance(opponent, str) and (opponent == "" or ID_RE.fullmatch(opponent))):
        raise _bad("opponent", opponent, "a drift driver id or skill level, or empty")
    out["opponent"] = opponent
    out["drift_drivers_digest"] = _text({"drift_drivers_digest": head.get("drift_drivers_digest", "")}, "drift_drivers_digest", DIGEST_RE, "a sha256 digest")
    lead_file = head.get("lead_file", "")
    if not (isinstance(lead_file, str) and (lead_file == "" or (FILE_RE.fullmatch(lead_file) and ".." not in lead_file))):
        raise _bad("lead_file", lead_file, "a file name (no folders) or empty")
    out["lead_file"] = lead_file
    out["lead_digest"] = _text({"lead_digest": head.get("lead_digest", "")}, "lead_digest", DIGEST_RE, "a sha256 digest")


def _is_fleet_change(c, steps: int) -> bool:
    """[step, +1 or -1]: a step of the recording, an AI car joining or leaving."""
    return isinstance(c, list) and len(c) == 2 and _is_int(c[0]) and 0 <= c[0] <= steps and _is_int(c[1]) and c[1] in (-1, 1)


def _is_order(o, steps: int) -> bool:
    """[step, x, z]: a step of the recording and a point on a map."""
    return (isinstance(o, list) and len(o) == 3 and _is_int(o[0]) and 0 <= o[0] <= steps
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= MAX_COORD_M for v in o[1:]))


def _field(head: dict, key: str):
    if key not in head:
        raise HeaderError(f"header lacks {key!r}")
    return head[key]


def _bad(key: str, v, want: str) -> HeaderError:
    return HeaderError(f"header field {key!r} is {str(v)[:40]!r}, not {want}")


def _text(head: dict, key: str, pattern: re.Pattern, want: str) -> str:
    v = _field(head, key)
    if not (isinstance(v, str) and pattern.fullmatch(v)):
        raise _bad(key, v, want)
    return v


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _whole(head: dict, key: str, lo: int, hi: int) -> int:
    v = _field(head, key)
    if not (_is_int(v) and lo <= v <= hi):
        raise _bad(key, v, f"a whole number {lo}..{hi}")
    return v


def _number(head: dict, key: str, lo: float, hi: float) -> float:
    v = _field(head, key)
    if not (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and lo <= v <= hi):
        raise _bad(key, v, f"a number {lo:g}..{hi:g}")
    return float(v)


def _numbers(head: dict, key: str, n: int, limits: tuple[float, ...]) -> tuple[float, ...]:
    v = _field(head, key)
    ok = isinstance(v, list) and len(v) == n and all(
        isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and abs(x) <= lim for x, lim in zip(v, limits)
    )
    if not ok:
        raise _bad(key, v, f"a list of {n} finite numbers")
    return tuple(float(x) for x in v)
