"""Read the profile's "career" back entry by entry: a bad event or cup record is dropped with a note, never the rest."""

from __future__ import annotations

import math
import re
from typing import Any

from game.content.repair_notes import REPLAY_NAME_RE, keep_most
from game.content.repair_notes import cut as _cut
from game.content.repair_notes import is_int as _is_int
from game.content.repair_notes import show as _show
from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND, ROUNDS
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord, EventRecord

EVENT_ID_RE = re.compile(r"[a-z0-9_]{1,48}")  # an event, cup or drift driver id, as data/events.json spells them
MAX_SCORE = 10**12  # an event's best (credits' ceiling: no real score comes near it)
MAX_BATTLE = 200.0  # a battle score is lead + chase, each 0-100
MAX_SEED = 2**63 - 1  # the cup's draws seed numpy.random.default_rng with it
MAX_DATE = 32
ROUND_NAMES = (QUALIFYING_ROUND, *ROUNDS, DONE_ROUND)
PLACES = ("", "winner", "final", "semi", "quarter")
BRACKET = 8  # entrants in a cup's bracket, the player among them
MAX_BATTLES = BRACKET - 1  # a knockout of eight: four quarter-finals, two semi-finals, the final
MAX_NOTES = 3  # per part (events, cups): more bad records are counted, not each named
MAX_EVENTS = 5000  # event records a profile keeps (the shipped career has 26 events; retired ones stay)
MAX_CUPS = 200  # cup records a profile keeps


class _Bad(ValueError):
    """One field of a record that cannot be read: its path and what is wrong."""


def career_from_json(raw: Any, notes: list[str]) -> CareerProgress:
    """The career progress in a decoded profile's "career" value; each bad record dropped with a note in `notes`."""
    if not isinstance(raw, dict):
        notes.append(f"career: must be an object, got {_show(raw)} — your career starts again (credits, garage and bests are kept)")
        return CareerProgress()
    unknown = sorted(set(raw) - {"events", "cups"})
    if unknown:
        notes.append(f"career: ignored unknown field(s) {', '.join(_cut(u) for u in unknown[:5])} — that is fine")
    events = keep_most(_part(raw, "events", _event, notes), MAX_EVENTS, lambda _, r: (r.stars, r.date), "career.events",
                       "those with the fewest stars, the oldest first", notes)
    cups = keep_most(_part(raw, "cups", _cup, notes), MAX_CUPS, lambda cid, r: _cup_rank(cid, r, events), "career.cups",
                     "those not in play with the fewest stars, the oldest first", notes)
    return CareerProgress(events=events, cups=cups)


def _cup_rank(cup_id: str, record: CupRecord, events: dict[str, EventRecord]) -> tuple:
    """A cup in play first, then its event record's stars and date."""
    best = events.get(cup_id, EventRecord(best=0, stars=0))
    return record.round != DONE_ROUND, best.stars, best.date


def _part(raw: dict, key: str, read, notes: list[str]) -> dict[str, Any]:
    """One id-keyed part of the career: each record read by read(path, value), a bad one dropped with a note."""
    value = raw.get(key, {})
    what = "event" if key == "events" else "cup"
    if not isinstance(value, dict):
        notes.append(f"career.{key}: must be an object, got {_show(value)} — every {what} record dropped")
        return {}
    out: dict[str, Any] = {}
    bad: list[str] = []
    for rid, rec in value.items():
        path = f"career.{key}[{_cut(rid)}]"
        kept: list[str] = []  # a kept record's own notes (a replay let go), said only if the record stays
        try:
            if not EVENT_ID_RE.fullmatch(rid):
                raise _Bad(f"{path}: not an {what} id")
            out[rid] = read(path, rec, kept)
            notes.extend(kept)
        except _Bad as exc:
            bad.append(f"{exc} — that {what}'s record dropped")
    notes.extend(bad[:MAX_NOTES])
    if len(bad) > MAX_NOTES:
        notes.append(f"{len(bad) - MAX_NOTES} more career.{key} records dropped")
    return out


def _event(path: str, v: Any, notes: list[str]) -> EventRecord:
    """{"best": whole >= 0, "stars": 0-3, "replay": a file name or null, "date": str}; a bad replay or date is let go alone."""
    rec = _object(path, v, ("best", "stars"))
    best, stars = rec["best"], rec["stars"]
    if not (_is_int(best) and 0 <= best <= MAX_SCORE):
        raise _Bad(f"{path}.best: must be a whole number 0..{MAX_SCORE}, got {_show(best)}")
    if not (_is_int(stars) and 0 <= stars <= 3):
        raise _Bad(f"{path}.stars: must be 0-3, got {_show(stars)}")
    replay = _replay(f"{path}.replay", rec.get("replay"), notes)
    date = rec.get("date", "")
    if not (isinstance(date, str) and len(date) <= MAX_DATE):
        notes.append(f"{path}.date: must be a date string, got {_show(date)} — cleared")
        date = ""
    return EventRecord(best=best, stars=stars, replay=replay, date=date)


def _cup(path: str, v: Any, notes: list[str]) -> CupRecord:
    """A cup's bracket as CupRecord.to_json writes it; anything inconsistent drops the whole record (the best stays in events)."""
    rec = _object(path, v, ("round",))
    rnd = rec["round"]
    if rnd not in ROUND_NAMES:
        raise _Bad(f"{path}.round: must be one of {', '.join(ROUND_NAMES)}, got {_show(rnd)}")
    seed = _whole(f"{path}.seed", rec.get("seed", 0), MAX_SEED)
    attempts = _whole(f"{path}.attempts", rec.get("attempts", 0), MAX_SCORE)
    qualifying = rec.get("qualifying")
    if qualifying is not None:
        qualifying = _whole(f"{path}.qualifying", qualifying, MAX_SCORE)
    seeds = rec.get("seeds", [])
    if not (isinstance(seeds, list) and all(isinstance(s, str) and EVENT_ID_RE.fullmatch(s) for s in seeds)):
        raise _Bad(f"{path}.seeds: must be a list of driver ids, got {_show(seeds)}")
    if seeds and (len(seeds) != BRACKET or len(set(seeds)) != BRACKET or PLAYER not in seeds):
        raise _Bad(f"{path}.seeds: must be {BRACKET} different entrants, '{PLAYER}' among them, got {len(seeds)}")
    if rnd in ROUNDS and not seeds:
        raise _Bad(f"{path}.seeds: a bracket in its {rnd} round needs its {BRACKET} entrants, got none")
    place = rec.get("place", "")
    if place not in PLACES:
        raise _Bad(f"{path}.place: must be one of {', '.join(repr(p) for p in PLACES)}, got {_show(place)}")
    battles = rec.get("battles", [])
    if not isinstance(battles, list):
        raise _Bad(f"{path}.battles: must be a list, got {_show(battles)}")
    if len(battles) > MAX_BATTLES:
        raise _Bad(f"{path}.battles: a bracket has at most {MAX_BATTLES} battles, got {len(battles)}")
    read = tuple(_battle(f"{path}.battles[{i}]", b, set(seeds), notes) for i, b in enumerate(battles))
    return CupRecord(round=rnd, seed=seed, qualifying=qualifying, seeds=tuple(seeds), battles=read, place=place, attempts=attempts)


def _battle(path: str, v: Any, seeds: set[str], notes: list[str]) -> BattleRecord:
    """One battle of the bracket: its round, two entrants of the bracket, their scores, the OMTs and who went through."""
    rec = _object(path, v, ("round", "a", "b", "score_a", "score_b"))
    if rec["round"] not in ROUNDS:
        raise _Bad(f"{path}.round: must be one of {', '.join(ROUNDS)}, got {_show(rec['round'])}")
    for side in ("a", "b"):
        if not (isinstance(rec[side], str) and rec[side] in seeds):
            raise _Bad(f"{path}.{side}: must be one of the bracket's entrants, got {_show(rec[side])}")
    scores = []
    for side in ("score_a", "score_b"):
        s = rec[side]
        if not (isinstance(s, (int, float)) and not isinstance(s, bool) and math.isfinite(s) and 0 <= s <= MAX_BATTLE):
            raise _Bad(f"{path}.{side}: must be a battle score 0-{MAX_BATTLE:g}, got {_show(s)}")
        scores.append(float(s))
    omt = _whole(f"{path}.omt", rec.get("omt", 0), 99)
    winner = rec.get("winner", "")
    if winner not in ("", rec["a"], rec["b"]):
        raise _Bad(f"{path}.winner: must be {rec['a']!r} or {rec['b']!r}, got {_show(winner)}")
    drawn = rec.get("drawn", False)
    if not isinstance(drawn, bool):
        raise _Bad(f"{path}.drawn: must be true or false, got {_show(drawn)}")
    replay = _replay(f"{path}.replay", rec.get("replay"), notes)
    return BattleRecord(round=rec["round"], a=rec["a"], b=rec["b"], score_a=scores[0], score_b=scores[1], omt=omt,
                        winner=winner, drawn=drawn, replay=replay)


def _object(path: str, v: Any, required: tuple[str, ...]) -> dict:
    """v as an object holding every required key, else _Bad naming the first one missing."""
    if not isinstance(v, dict):
        raise _Bad(f"{path}: must be an object, got {_show(v)}")
    for key in required:
        if key not in v:
            raise _Bad(f"{path}.{key}: missing")
    return v


def _whole(path: str, v: Any, hi: int) -> int:
    if not (_is_int(v) and 0 <= v <= hi):
        raise _Bad(f"{path}: must be a whole number 0..{hi}, got {_show(v)}")
    return v


def _replay(path: str, v: Any, notes: list[str]) -> str | None:
    """A replay file name in the replays folder (never a path); anything else is let go with a note, the record kept."""
    if v is None or (isinstance(v, str) and REPLAY_NAME_RE.fullmatch(v)):
        return v
    notes.append(f"{path}: must be a replay file name, got {_show(v)} — the record is kept without it")
    return None
