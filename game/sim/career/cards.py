"""The career as every screen and `sideways career` show it: tiers of event cards with stars, best, lock and rules (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field

from game.sim.career.bracket import battles_won
from game.sim.career.event import CUP, DONE_ROUND, GHOST, QUALIFYING_ROUND, ROUNDS, Career, Cup, Event
from game.sim.career.progress import CareerProgress
from game.sim.career.unlocks import career_stars, lock_reason, max_stars, stars_needed
from game.sim.career.words import PLACE_NAMES, ROUND_NAMES
from game.sim.run.modes.registry import MODES

GHOST_NAME = "Ghost Race"
CUP_NAME = "Sideways Cup"


@dataclass(frozen=True)
class Names:
    """Display names by id (a missing one shows as its id; modes fall back to the registry's names)."""

    maps: Mapping[str, str] = field(default_factory=dict)
    modes: Mapping[str, str] = field(default_factory=dict)
    cars: Mapping[str, str] = field(default_factory=dict)
    drivers: Mapping[str, str] = field(default_factory=dict)
    models: Mapping[str, str] = field(default_factory=dict)

    def mode(self, mode_id: str) -> str:
        """A mode's display name."""
        if mode_id in self.modes:
            return self.modes[mode_id]
        cls = MODES.get(mode_id)
        return getattr(cls, "name", mode_id) if cls is not None else mode_id


@dataclass(frozen=True)
class CardView:
    """One event card."""

    id: str
    name: str
    kind: str  # "event" or CUP
    tier: str
    mode: str  # an EVENT_MODES id ("tandem" for the cup)
    mode_name: str  # "Qualifying", "Ghost Race", "Sideways Cup" ...
    map_id: str
    map_name: str
    course: str
    stars: int  # earned, 0-3
    best: int | None  # None: never driven
    targets: tuple[int, int, int]
    credits_per_star: int
    open: bool
    lock_reason: str | None  # "Needs 12 stars - you have 7" while locked
    cars_note: str  # "Street class: Kart, Hatch", "Cars: Kart, Hatch", "Any car"
    model_note: str  # "Simulation handling" or ""
    opponent_name: str  # tandem: the drift driver's name
    blurb: str
    unlock_stars: int = 0  # career stars that open it (its tier's or its own, the more)
    cup_note: str = ""  # a cup: where the attempt stands ("Semi-final next", "Won the cup") or ""


@dataclass(frozen=True)
class TierView:
    """One row of the grid."""

    id: str
    name: str
    unlock_stars: int
    open: bool
    lock_reason: str | None
    cards: tuple[CardView, ...]
    blurb: str = ""
    stars: int = 0  # earned on its cards
    max_stars: int = 0


@dataclass(frozen=True)
class CareerView:
    """The whole career, tier by tier."""

    tiers: tuple[TierView, ...]
    total_stars: int
    max_stars: int

    def card(self, card_id: str) -> CardView | None:
        """The card with this id, or None."""
        return next((c for t in self.tiers for c in t.cards if c.id == card_id), None)

    @property
    def cards(self) -> tuple[CardView, ...]:
        """Every card, tier by tier."""
        return tuple(c for t in self.tiers for c in t.cards)

    def to_json(self) -> dict:
        """Plain lists and dicts (for `sideways career --json`)."""
        return asdict(self)


def _cars_note(career: Career, item: Event | Cup, names: Names) -> str:
    if not item.cars:
        return "Any car"
    listed = ", ".join(names.cars.get(c, c) for c in item.cars)
    cls = career.classes.get(item.car_class) if item.car_class else None
    if cls is not None:
        return f"{cls.name} class: {listed}"
    return f"Car: {listed}" if len(item.cars) == 1 else f"Cars: {listed}"


def _mode_name(item: Event | Cup, names: Names) -> str:
    if item.kind == CUP:
        return CUP_NAME
    if item.mode == GHOST:
        return GHOST_NAME
    return names.mode(item.mode)


def _cup_note(progress: CareerProgress, item: Event | Cup) -> str:
    rec = progress.cups.get(item.id)
    if rec is None:
        return ""
    if rec.round == QUALIFYING_ROUND:
        return "Qualifying next"
    if rec.round in ROUNDS:
        return f"{ROUND_NAMES[rec.round]} next ({battles_won(rec)} won)"
    if rec.round == DONE_ROUND:
        return PLACE_NAMES.get(rec.place, "")
    return ""


def card_view(career: Career, progress: CareerProgress, item: Event | Cup, names: Names) -> CardView:
    """One card as the grid shows it."""
    rec = progress.events.get(item.id)
    reason = lock_reason(career, progress, item)
    opponent = getattr(item, "opponent", "")
    return CardView(id=item.id, name=item.name, kind=item.kind, tier=item.tier, mode=item.mode, mode_name=_mode_name(item, names),
                    map_id=item.map, map_name=names.maps.get(item.map, item.map), course=item.course,
                    stars=min(3, max(0, rec.stars)) if rec is not None else 0, best=rec.best if rec is not None else None,
                    targets=item.targets, credits_per_star=item.credits_per_star, open=reason is None, lock_reason=reason,
                    cars_note=_cars_note(career, item, names), model_note=f"{names.models.get(item.model, item.model)} handling" if item.model else "",
                    opponent_name=names.drivers.get(opponent, opponent) if opponent else "", blurb=item.blurb,
                    unlock_stars=stars_needed(career, item), cup_note=_cup_note(progress, item) if item.kind == CUP else "")


def career_view(career: Career, progress: CareerProgress, names: Names | None = None) -> CareerView:
    """Every tier with its cards, the stars earned and the stars there are."""
    names = names or Names()
    tiers = []
    for t in career.tiers:
        cards = tuple(card_view(career, progress, e, names) for e in career.in_tier(t.id))
        reason = lock_reason(career, progress, t)
        tiers.append(TierView(id=t.id, name=t.name, unlock_stars=t.unlock_stars, open=reason is None, lock_reason=reason, cards=cards,
                              blurb=t.blurb, stars=sum(c.stars for c in cards), max_stars=3 * len(cards)))
    return CareerView(tiers=tuple(tiers), total_stars=career_stars(career, progress), max_stars=max_stars(career))
