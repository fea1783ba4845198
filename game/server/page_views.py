"""What the web pages show, shaped from the store's rows: sections of boards, scores, dates and breakdowns as text."""

from __future__ import annotations

from typing import Any

from game.server.shipped import Shipped
from game.sim.models.model_registry import MODELS
from game.sim.run.modes.base import COURSE_BOARD
from game.sim.run.modes.registry import MODES

SECTIONS = (("qualifying", "Qualifying"), ("timed", "Timed Run"), ("zones", "Drift Zones"), ("parking", "Parking"),
            ("event", "Career events"))
OTHER, OLDER = ("other", "Other boards"), ("older", "Older physics versions")  # a kind the page does not know; another physics version's
BRIEF_KEYS = ("best_chain", "max_angle_deg", "longest_drift_s", "top_speed_mps", "drift_distance_m")  # a non-judged run's
# stats shown first in a board's row, when its breakdown has them
JUDGED_SHOWN = ("score", "course", "total", "line", "angle", "style", "style_parts", "clips", "sectors", "deductions", "finished",
                "zero", "zero_detail", "counted_run", "runs_judged")  # a judged breakdown's keys the run page lays out itself (the rest go in its stats line)
UNITS = (("_mps", " km/h", 3.6), ("_deg", "°", 1.0), ("_s", " s", 1.0), ("_m", " m", 1.0))  # key suffix, unit, factor
UNIT_WORDS = {"mps", "deg", "s", "m"}  # left out of a key's label: its value carries the unit


def title_parts(board: dict) -> list[str]:
    """The board's title without its kind: "Qualifying · Sideways Park · Pad Hook · Arcade" -> the last three."""
    parts = [p.strip() for p in str(board.get("title", "")).split("·")]
    return parts[1:] if len(parts) > 1 else parts


def sections(boards: list[dict], leaders: dict[str, dict], physics: int) -> list[dict]:
    """The boards page's sections in the game's order, then older physics versions' boards: each a title and its groups
    (Qualifying grouped by map), each group rows of {board, label, runs, leader}."""
    current = [b for b in boards if b.get("physics") == physics]
    older = [b for b in boards if b.get("physics") != physics]
    out = []
    for kind, name in SECTIONS:
        mine = [b for b in current if b.get("kind") == kind]
        if mine:
            out.append({"title": name, "kind": kind, "groups": _groups(mine, leaders, by_map=_by_course(kind))})
    known = {k for k, _ in SECTIONS}
    strays = [b for b in current if b.get("kind") not in known]
    if strays:
        out.append({"title": OTHER[1], "kind": OTHER[0], "groups": _groups(strays, leaders, by_map=False)})
    if older:
        rows = [_row(b, leaders, f"{b.get('title', '')} · physics {b.get('physics')}") for b in older]
        out.append({"title": OLDER[1], "kind": OLDER[0], "groups": [{"name": "", "rows": rows}]})
    return out


def _by_course(kind: str) -> bool:
    """A kind whose boards are one per course and model (listed under their map's name)."""
    mode = MODES.get(kind)
    return mode is not None and mode.board == COURSE_BOARD


def section_of(board: dict, physics: int) -> tuple[str, str]:
    """The boards page's section a board is listed in: (its anchor, its title)."""
    if board.get("physics") != physics:
        return OLDER
    return next(((k, name) for k, name in SECTIONS if k == board.get("kind")), OTHER)


def _groups(boards: list[dict], leaders: dict[str, dict], by_map: bool) -> list[dict]:
    """Boards in rows, grouped under their map's name (by_map) or as one group."""
    if not by_map:
        return [{"name": "", "rows": [_row(b, leaders, " · ".join(title_parts(b))) for b in boards]}]
    groups: dict[str, dict] = {}
    for b in boards:
        parts = title_parts(b)
        head, rest = (parts[0], parts[1:]) if len(parts) > 1 else (str(b.get("map", "")), parts)
        groups.setdefault(head, {"name": head, "rows": []})["rows"].append(_row(b, leaders, " · ".join(rest)))
    return list(groups.values())


def _row(board: dict, leaders: dict[str, dict], label: str) -> dict:
    return {"board": board, "label": label or board.get("id", ""), "runs": int(board.get("runs") or 0),
            "leader": leaders.get(board.get("id", ""))}


def handling_name(model_id: Any) -> str:
    """A handling model's name as the game shows it ("sim" -> "Simulation"); an unknown id as it is."""
    model = MODELS.get(str(model_id or ""))
    return model.name if model is not None else str(model_id or "—")


def judged(breakdown: dict | None) -> bool:
    """Whether a breakdown is a judged run's (Line, Angle and Style)."""
    return isinstance(breakdown, dict) and all(k in breakdown for k in ("line", "angle", "style"))


def score_text(score: Any, breakdown: dict | None = None) -> str:
    """A verified score as a board shows it: a judged total to one decimal, points as a whole number with separators."""
    if not isinstance(score, (int, float)) or isinstance(score, bool):
        return "—"
    if judged(breakdown) or score != int(score):
        return f"{score:.1f}"
    return f"{int(score):,}"


def date_text(stamp: Any, full: bool = False) -> str:
    """A stored ISO date as a page shows it: the day (full: day and time to the minute, UTC as stored)."""
    text = str(stamp or "")
    if len(text) < 10:
        return text or "—"
    return text[:10] if not full else text[:16].replace("T", " ")


def label(key: str) -> str:
    """A stats key as words: "max_angle_deg" -> "Max angle"."""
    words = [w for w in str(key).split("_") if w not in UNIT_WORDS]
    text = " ".join(words) or str(key)
    return text[:1].upper() + text[1:]


def value_text(key: str, value: Any) -> str:
    """A stats value with its unit from the key's suffix (speeds in km/h); lists and dicts as their size."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        for suffix, unit, factor in UNITS:
            if str(key).endswith(suffix):
                places = 2 if unit == " m" and abs(value) < 10 else 1  # a bay's offset or a clip's distance in cm
                return f"{value * factor:.{places}f}{unit}"
        if isinstance(value, int):
            return f"{value:,}"
        return f"{value:.2f}" if abs(value) < 10 else f"{value:,.1f}"
    if isinstance(value, (list, tuple, dict)):
        return f"{len(value)} items"
    return str(value)


def brief(breakdown: dict | None) -> str:
    """A run's breakdown in one short line for a board's row."""
    if not isinstance(breakdown, dict):
        return ""
    if judged(breakdown):
        text = f"Line {value_text('', breakdown['line'])} · Angle {value_text('', breakdown['angle'])} · Style {value_text('', breakdown['style'])}"
        return text + (f" · zero: {breakdown['zero']}" if breakdown.get("zero") else "")
    tasks = (breakdown.get("parking") or {}).get("tasks") if isinstance(breakdown.get("parking"), dict) else None
    if isinstance(tasks, list) and all(isinstance(t, dict) for t in tasks):
        stars = sum(t.get("stars") or 0 for t in tasks if isinstance(t.get("stars"), int))
        return f"Tasks {sum(1 for t in tasks if t.get('done'))}/{len(tasks)} · Stars {stars}"
    drift = breakdown.get("drift")
    if not isinstance(drift, dict):
        drift = breakdown
    keys = [k for k in BRIEF_KEYS if k in drift] or [k for k, v in drift.items() if k != "score" and _scalar(v)]
    return " · ".join(f"{label(k)} {value_text(k, drift[k])}" for k in keys[:3])


def stats(breakdown: dict | None, skip: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """A breakdown's single values as (label, text) pairs, in their order; a points mode's drift statistics after them."""
    if not isinstance(breakdown, dict):
        return []
    pairs = [(label(k), value_text(k, v)) for k, v in breakdown.items() if k not in skip and _scalar(v)]
    drift = breakdown.get("drift")
    return pairs + (stats(drift, ("score",)) if "drift" not in skip and isinstance(drift, dict) else [])  # its score is the run's


def tables(breakdown: dict | None, skip: tuple[str, ...] = ()) -> list[dict]:
    """A breakdown's lists of records (zones, parking tasks, ...) as tables of text: {title, columns, rows}; a nested
    block (the tandem battle) as a table of its values, then its own lists (the drift statistics are stats())."""
    if not isinstance(breakdown, dict):
        return []
    out = []
    for key, items in breakdown.items():
        if key in skip or not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            continue
        columns = [c for c in items[0] if _scalar(items[0][c])]
        out.append({"title": label(key), "columns": [label(c) for c in columns],
                    "rows": [[value_text(c, i.get(c)) for c in columns] for i in items]})
    for key, block in breakdown.items():
        if key not in skip and key != "drift" and isinstance(block, dict):
            pairs = [(label(k), value_text(k, v)) for k, v in block.items() if _scalar(v)]
            if pairs:
                out.append({"title": label(key), "columns": [], "rows": [list(p) for p in pairs]})
            out.extend(tables(block))
    return out


def car_name(car_id: Any) -> str:
    """A shipped car's name ("rally_lynx" -> "Rally Lynx"); an id the game does not ship as it is."""
    car = Shipped.load().catalog.cars.get(str(car_id or ""))
    return car.name if car is not None else str(car_id or "—")


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))
