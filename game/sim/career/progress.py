"""What the player has done in the career, frozen: each event's best, stars and replay, each cup's bracket (pure).

The profile stores it under "career" (game.content.career_progress reads it back, repairing it entry by entry)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class EventRecord:
    """The player's best at one event."""

    best: int  # the best score (a cup: the most battles won in one attempt)
    stars: int  # 0-3, the most ever earned (credits are paid for each new one)
    replay: str | None = None  # the best run's replay file in the user's replays folder (None: not saved)
    date: str = ""  # when the best was set (YYYYmmdd-HHMMSS)

    def to_json(self) -> dict[str, Any]:
        return {"best": self.best, "stars": self.stars, "replay": self.replay, "date": self.date}


@dataclass(frozen=True)
class BattleRecord:
    """One battle of a bracket: who met, their battle scores, the one-more-times and who went through."""

    round: str  # one of game.sim.career.event.ROUNDS
    a: str  # the higher seed: PLAYER or a drift driver id
    b: str
    score_a: float  # battle score (lead + chase, 0-200) of the last pair of runs
    score_b: float
    omt: int = 0  # one-more-times before it was decided
    winner: str = ""
    drawn: bool = False  # a battle without the player, decided by a seeded draw from the field's numbers
    replay: str | None = None  # the player's battle's replay file

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "a": self.a, "b": self.b, "score_a": self.score_a, "score_b": self.score_b,
                "omt": self.omt, "winner": self.winner, "drawn": self.drawn, "replay": self.replay}


@dataclass(frozen=True)
class CupRecord:
    """One cup: the attempt in progress (or the last one) and the best ever."""

    round: str  # QUALIFYING_ROUND, a ROUNDS entry (the player's next battle) or DONE_ROUND
    seed: int = 0  # the attempt's seed: the drawn battles come from it
    qualifying: int | None = None  # the player's qualifying score this attempt
    seeds: tuple[str, ...] = ()  # the bracket's eight entrants by seed (1st first): PLAYER and drift driver ids
    battles: tuple[BattleRecord, ...] = ()  # this attempt's battles so far, round by round
    place: str = ""  # how far the player got this attempt once it is over: "winner", "final", "semi", "quarter"
    attempts: int = 0  # attempts started

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "seed": self.seed, "qualifying": self.qualifying, "seeds": list(self.seeds),
                "battles": [b.to_json() for b in self.battles], "place": self.place, "attempts": self.attempts}


@dataclass(frozen=True)
class CareerProgress:
    """Every event's record and every cup's, by id (an event never driven has none)."""

    events: Mapping[str, EventRecord] = field(default_factory=dict)
    cups: Mapping[str, CupRecord] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "events", MappingProxyType(dict(self.events)))
        object.__setattr__(self, "cups", MappingProxyType(dict(self.cups)))

    def to_json(self) -> dict[str, Any]:
        return {"events": {k: v.to_json() for k, v in self.events.items()}, "cups": {k: v.to_json() for k, v in self.cups.items()}}

    def stars_of(self, event_id: str) -> int:
        r = self.events.get(event_id)
        return r.stars if r is not None else 0

    @property
    def total_stars(self) -> int:
        """Stars earned over the whole career (what opens tiers and events)."""
        return sum(r.stars for r in self.events.values())
