"""What the career's stars open: each tier and event asks for a number of career stars (pure)."""

from __future__ import annotations

from game.sim.career.event import Career, Cup, Event, Tier
from game.sim.career.progress import CareerProgress

MAX_STARS = 3  # stars per event


def career_stars(career: Career, progress: CareerProgress) -> int:
    """Stars earned on this career's events (a record of an event no longer in events.json counts nothing)."""
    return sum(min(MAX_STARS, max(0, progress.stars_of(e.id))) for e in career.events)


def max_stars(career: Career) -> int:
    """Every star the career can hand out."""
    return MAX_STARS * len(career.events)


def _item(career: Career, item: Event | Cup | Tier | str) -> Event | Cup | Tier:
    if not isinstance(item, str):
        return item
    for t in career.tiers:
        if t.id == item:
            return t
    return career.get(item)


def stars_needed(career: Career, item: Event | Cup | Tier | str) -> int:
    """Career stars that open a tier, or an event (the most of its tier's and its own); an id names either."""
    it = _item(career, item)
    if isinstance(it, Tier):
        return it.unlock_stars
    tier = next((t for t in career.tiers if t.id == it.tier), None)
    return max(it.unlock_stars, tier.unlock_stars if tier is not None else 0)


def is_open(career: Career, progress: CareerProgress, item: Event | Cup | Tier | str) -> bool:
    """Whether the player has the stars for it."""
    return career_stars(career, progress) >= stars_needed(career, item)


def _stars(n: int) -> str:
    return f"{n} star" if n == 1 else f"{n} stars"


def lock_reason(career: Career, progress: CareerProgress, item: Event | Cup | Tier | str) -> str | None:
    """Why it is locked ("Needs 12 stars - you have 7"), or None when it is open."""
    need, have = stars_needed(career, item), career_stars(career, progress)
    if have >= need:
        return None
    return f"Needs {_stars(need)} - you have {have}"


def locked_line(career: Career, progress: CareerProgress, item: Event | Cup | Tier | str) -> str | None:
    """The line refusing to start a locked event ("Valet Service is locked: Needs 2 stars - you have 0"), None when open."""
    reason = lock_reason(career, progress, item)
    return None if reason is None else f"{_item(career, item).name} is locked: {reason}"


def open_ids(career: Career, progress: CareerProgress) -> frozenset[str]:
    """The ids of every open event and cup."""
    have = career_stars(career, progress)
    return frozenset(e.id for e in career.events if have >= stars_needed(career, e))


def newly_open(career: Career, before: CareerProgress, after: CareerProgress) -> tuple[str, ...]:
    """The events and cups open after but not before, in file order."""
    was, now = open_ids(career, before), open_ids(career, after)
    return tuple(e.id for e in career.events if e.id in now and e.id not in was)


def newly_open_tiers(career: Career, before: CareerProgress, after: CareerProgress) -> tuple[str, ...]:
    """The tiers open after but not before, in file order."""
    hb, ha = career_stars(career, before), career_stars(career, after)
    return tuple(t.id for t in career.tiers if hb < t.unlock_stars <= ha)
