"""Three-way merge of a profile: what this game changed since it last read or wrote the file, applied to the file as it is now.

Two games in one home (one watching a replay, one driving) each hold the profile in memory. A save must not
write its stale copy over what the other game banked meanwhile, so it adds its own changes to the disk copy:
credits and statistics by their difference, cars bought joined to the garage, paint, finish, stance, handling and the equipped
car where this game changed them, each best the better of the two; in the career, each event's record the one with
more stars (then the higher best) and each cup's bracket where this game changed it. A career star both games earned
meanwhile was paid to each: it is paid once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.content.profile_repair import MAX_CREDITS
from game.sim.career.progress import CareerProgress, EventRecord

_GONE = object()


class ProfileConflict(OSError):
    """The disk copy cannot take this game's changes (another game spent the credits a purchase needs).

    An OSError, so every caller that reports a failed save (and keeps the player's progress for a retry) reports this too."""


def merge_fields(base: Mapping[str, Any], mine: Mapping[str, Any], disk: Mapping[str, Any],
                 star_prices: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The profile fields (as Profile takes them) of disk plus the changes mine made to base; ProfileConflict if they clash.
    star_prices: credits a star of each career event this game paid (a star both games earned is paid once)."""
    credits = disk["credits"] + (mine["credits"] - base["credits"]) - _paid_twice(base.get("career"), mine.get("career"),
                                                                                   disk.get("career"), star_prices or {})
    if credits < 0:
        raise ProfileConflict(f"another game spent credits meanwhile: you have {disk['credits']:,} now, "
                              f"{base['credits'] - mine['credits']:,} were asked")
    owned = tuple(disk["owned"]) + tuple(c for c in mine["owned"] if c not in base["owned"] and c not in disk["owned"])
    equipped = mine["equipped"] if mine["equipped"] != base["equipped"] else disk["equipped"]
    if equipped not in owned:  # only possible when the disk copy itself names a car it does not own
        equipped = mine["equipped"] if mine["equipped"] in owned else owned[0]
    return dict(
        credits=min(credits, MAX_CREDITS),
        owned=owned,
        equipped=equipped,
        paint=_changed(base["paint"], mine["paint"], disk["paint"]),
        handling=_changed(base["handling"], mine["handling"], disk["handling"]),
        finish=_changed(base.get("finish", {}), mine.get("finish", {}), disk.get("finish", {})),
        stance=_changed(base.get("stance", {}), mine.get("stance", {}), disk.get("stance", {})),
        bests=_bests(base["bests"], mine["bests"], disk["bests"]),
        stats=_stats(base["stats"], mine["stats"], disk["stats"]),
        career=_career(base.get("career"), mine.get("career"), disk.get("career")),
    )


def _changed(base: Mapping, mine: Mapping, disk: Mapping) -> dict:
    """disk, with each entry mine set, changed or removed since base set, changed or removed the same way."""
    out = dict(disk)
    for key in dict.fromkeys([*base, *mine]):
        now = mine.get(key, _GONE)
        if now == base.get(key, _GONE):
            continue
        if now is _GONE:
            out.pop(key, None)
        else:
            out[key] = now
    return out


def _bests(base: Mapping, mine: Mapping, disk: Mapping) -> dict:
    """disk's bests, each one this game set since base replacing the disk's only where it scores higher."""
    out = {k: dict(v) for k, v in disk.items()}
    for key, best in mine.items():
        if key in base and dict(base[key]) == dict(best):
            continue
        there = out.get(key)
        if there is None or best.get("score", -1) > there.get("score", -1):
            out[key] = dict(best)
    return out


def _career(base: CareerProgress | None, mine: CareerProgress | None, disk: CareerProgress | None) -> CareerProgress:
    """disk's career, each event record this game changed since base kept where it has more stars (then a higher best),
    each cup's bracket this game changed since base replacing the disk's."""
    base, mine, disk = (c if c is not None else CareerProgress() for c in (base, mine, disk))
    events = dict(disk.events)
    for key, rec in mine.events.items():
        if base.events.get(key) == rec:
            continue
        there = events.get(key)
        if there is None or _rank(rec) > _rank(there):
            events[key] = rec
    return CareerProgress(events=events, cups=_changed(base.cups, mine.cups, disk.cups))


def _paid_twice(base: CareerProgress | None, mine: CareerProgress | None, disk: CareerProgress | None, prices: Mapping[str, int]) -> int:
    """Credits this game was paid for stars the other game (on disk) was also paid for since base: each such star once."""
    if mine is None or disk is None or not prices:
        return 0
    total = 0
    for key, price in prices.items():
        was = base.stars_of(key) if base is not None else 0
        both = min(mine.stars_of(key), disk.stars_of(key)) - was  # stars each game earned anew, and paid for
        if both > 0:
            total += both * price
    return total


def _rank(rec: EventRecord) -> tuple[int, int]:
    return rec.stars, rec.best


def _stats(base: Mapping, mine: Mapping, disk: Mapping) -> dict:
    """Running totals: disk's, plus what this game added to each since base."""
    out = dict(disk)
    for key in dict.fromkeys([*base, *mine]):
        delta = mine.get(key, 0) - base.get(key, 0)
        if delta:
            total = out.get(key, 0) + delta
            out[key] = round(total, 9) if isinstance(total, float) else total  # no 0.0236000000001 from float sums
    return out
