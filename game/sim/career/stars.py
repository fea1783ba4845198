"""An event's stars from its score, and settling a finished run into the career: best, stars, credits, unlocks (pure).

Each star is paid once, the first time it is earned (credits_per_star for each new star). A run that scores no
higher than the best keeps the old record (best, stars, replay, date) and pays nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.career.event import Career, Cup, Event
from game.sim.career.progress import CareerProgress, EventRecord
from game.sim.career.unlocks import MAX_STARS, newly_open


def stars_for(score: float, targets: tuple[int, ...]) -> int:
    """How many of the targets (1, 2 and 3 stars) the score reaches (a score equal to a target earns it)."""
    if score is None or not math.isfinite(score):
        return 0  # a broken score earns nothing
    return min(MAX_STARS, sum(1 for t in targets if score >= t))


def _whole(score: float) -> int:
    """The score as the record keeps it: rounded down, so the record's stars always follow from its best."""
    if score is None or not math.isfinite(score):
        return 0
    return int(math.floor(score + 1e-9))


@dataclass(frozen=True)
class EventOutcome:
    """What one finished run did to the career (what the results screen and the stats JSON show)."""

    event_id: str
    score: float  # this run's score
    stars: int  # this run's stars
    stars_before: int  # the event's stars before the run
    stars_after: int  # ... and after (never fewer)
    new_stars: int  # stars_after - stars_before
    credits: int  # new_stars * credits_per_star
    best: int  # the event's best after the run
    is_best: bool  # this run set the best (the first run always does)
    targets: tuple[int, int, int]
    unlocked: tuple[str, ...] = ()  # event and cup ids newly opened, in file order

    def to_json(self) -> dict:
        """The stats JSON's "event" block."""
        score = self.score if self.score is not None and math.isfinite(self.score) else None  # JSON has no NaN
        return {"id": self.event_id, "score": score, "stars": self.stars, "targets": list(self.targets), "credits": self.credits,
                "unlocked": list(self.unlocked), "best": self.best, "new_stars": self.new_stars, "is_best": self.is_best}


def with_event(progress: CareerProgress, event_id: str, record: EventRecord) -> CareerProgress:
    """The progress with this event's record replaced."""
    return CareerProgress(events={**progress.events, event_id: record}, cups=progress.cups)


def settle_event(career: Career, progress: CareerProgress, event: Event | Cup, score: float, replay: str | None = None,
                 date: str = "") -> tuple[CareerProgress, EventOutcome]:
    """The progress after a finished run of the event, and what it earned (a cup: score = battles won in the attempt)."""
    old = progress.events.get(event.id)
    run_stars = stars_for(score, event.targets)
    whole = _whole(score)
    before = min(MAX_STARS, old.stars) if old is not None else 0
    kept = old if old is not None and whole <= old.best else None  # a run no higher than the best keeps the old record
    is_best = kept is None
    if kept is None:
        record = EventRecord(best=whole, stars=max(before, run_stars), replay=replay, date=date)
    else:
        record = EventRecord(best=kept.best, stars=max(before, run_stars), replay=kept.replay, date=kept.date)
    after = with_event(progress, event.id, record)
    new = record.stars - before
    outcome = EventOutcome(event_id=event.id, score=score, stars=run_stars, stars_before=before, stars_after=record.stars, new_stars=new,
                           credits=new * event.credits_per_star, best=record.best, is_best=is_best, targets=event.targets,
                           unlocked=newly_open(career, progress, after))
    return after, outcome
