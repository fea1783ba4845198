"""Which car and handling model an event is driven with (pure)."""

from __future__ import annotations

from collections.abc import Iterable

from game.sim.career.event import Cup, Event


def car_for(event: Event | Cup, owned: Iterable[str], equipped: str) -> tuple[str, bool]:
    """(car id, lent): the equipped car if the event allows it; else the first owned car it allows (in the event's
    order); else the event's first car, lent for the event. An event open to any car takes the equipped car."""
    owned = tuple(owned)
    if not event.cars:
        if equipped:
            return equipped, False
        return (owned[0], False) if owned else ("", False)
    if equipped in event.cars:
        return equipped, False
    for car in event.cars:
        if car in owned:
            return car, False
    return event.cars[0], True


def model_for(event: Event | Cup, chosen: str) -> str:
    """The handling model the event asks for, else the player's choice."""
    return event.model or chosen
