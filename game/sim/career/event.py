"""What the career is made of, frozen: tiers, events, cups and the cup's field (loaded from data/events.json by
game.content.events; pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.safe_json import shown

# an event's mode: a registry mode id, or "ghost" (Qualifying on the event's course against a shipped replay's ghost)
GHOST = "ghost"
EVENT_MODES = ("timed", "zones", "parking", "qualifying", "tandem", GHOST)
CUP = "cup"  # Cup.kind: a qualifying run seeds the player into a Top-8 tandem bracket
ROUNDS = ("quarter", "semi", "final")  # the bracket's rounds, in order
QUALIFYING_ROUND = "qualifying"  # a cup record's round before its bracket starts
DONE_ROUND = "done"  # ... and after the final, or once the player is out
PLAYER = "player"  # the player's id in a bracket (the drift drivers go by their ids)


@dataclass(frozen=True)
class Tier:
    """One row of the career grid."""

    id: str
    name: str
    unlock_stars: int  # career stars needed to open the tier (its events may ask for more)
    blurb: str = ""


@dataclass(frozen=True)
class Event:
    """One event card: a mode on a map with its rules applied, three star targets and what opens it."""

    id: str
    name: str
    tier: str  # a Tier id
    map: str  # a track id
    mode: str  # one of EVENT_MODES
    course: str = ""  # the map's course id for qualifying, tandem and ghost ("" otherwise)
    cars: tuple[str, ...] = ()  # the car ids allowed, resolved at load from ids or a class (catalog order); () any car
    car_class: str = ""  # the class they came from ("" when listed by id or open to any car)
    model: str = ""  # a handling model id the event asks for ("" the player's choice for the car)
    opponent: str = ""  # tandem: the drift driver's id
    role: str = "chase"  # tandem: the player's role in the first run
    ghost: str = ""  # ghost: the shipped replay, relative to data/ (e.g. "ghosts/rin_pad_hook.swr")
    targets: tuple[int, int, int] = (0, 0, 0)  # the scores for 1, 2 and 3 stars, strictly increasing
    credits_per_star: int = 0  # paid once for each star the first time it is earned
    unlock_stars: int = 0  # career stars needed to open it (at least its tier's)
    blurb: str = ""
    kind: str = "event"

    @property
    def run_mode(self) -> str:
        """The registry mode the event is driven in (a ghost race is a Qualifying run)."""
        return "qualifying" if self.mode == GHOST else self.mode


@dataclass(frozen=True)
class FieldEntry:
    """One drift driver in a cup's field, with the numbers that decide the battles the player is not in."""

    driver: str  # a drift driver id
    qualifying: float  # their qualifying score on the cup's course (seeds them)
    battle_mean: float  # their mean battle score (lead + chase, 0-200) on the cup's course
    battle_sd: float  # its spread


@dataclass(frozen=True)
class Cup:
    """The career's final: a qualifying run on the course seeds the player into a Top-8 bracket of tandem battles."""

    id: str
    name: str
    tier: str
    map: str
    course: str
    field: tuple[FieldEntry, ...]  # seven drift drivers (the player makes eight)
    cars: tuple[str, ...] = ()
    car_class: str = ""
    model: str = ""
    qualifying_targets: tuple[int, int, int] = (0, 0, 0)  # shown on the qualifying results (the seed is what counts)
    targets: tuple[int, int, int] = (1, 2, 3)  # battles won for 1, 2 and 3 stars (semi-final, final, winner)
    credits_per_star: int = 0
    unlock_stars: int = 0
    blurb: str = ""
    kind: str = CUP
    mode: str = "tandem"

    @property
    def run_mode(self) -> str:
        return "tandem"


@dataclass(frozen=True)
class CarClass:
    """A class of cars computed from the catalog: every car whose rating (its garage price, credits) lies in [min_rating, max_rating)."""

    id: str
    name: str
    min_rating: float
    max_rating: float


@dataclass(frozen=True)
class Career:
    """Everything in data/events.json, checked against the catalog, the maps and the drift drivers."""

    tiers: tuple[Tier, ...]
    events: tuple[Event | Cup, ...]  # every card, tier by tier, in file order (cups among them)
    classes: Mapping[str, CarClass] = field(default_factory=dict)
    digest: str = ""  # sha256 of the file

    def __post_init__(self) -> None:
        object.__setattr__(self, "classes", MappingProxyType(dict(self.classes)))

    def get(self, event_id: str) -> Event | Cup:
        """The event or cup with this id; ValueError (one line naming a few ids) if there is none."""
        for e in self.events:
            if e.id == event_id:
                return e
        ids = ", ".join(e.id for e in self.events[:6])
        raise ValueError(f"no career event {shown(event_id)} (events include {ids}; `sideways career` lists them all)")

    def in_tier(self, tier_id: str) -> tuple[Event | Cup, ...]:
        """The tier's cards, in file order."""
        return tuple(e for e in self.events if e.tier == tier_id)

    def tier(self, tier_id: str) -> Tier:
        return next(t for t in self.tiers if t.id == tier_id)
