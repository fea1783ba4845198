"""An event's car: the equipped one if allowed, else an owned one it allows, else one lent; its handling model."""

from __future__ import annotations

from game.sim.career.entry import car_for, model_for
from tests.support.career_fixtures import event


def test_the_equipped_car_when_the_event_allows_it_or_allows_any():
    assert car_for(event("e", cars=("kart", "hatch")), ("kart", "hatch"), "hatch") == ("hatch", False)
    assert car_for(event("e"), ("kart",), "muscle") == ("muscle", False)


def test_else_the_first_owned_car_in_the_events_order_else_one_lent():
    ev = event("e", cars=("coupe", "hatch", "kart"))
    assert car_for(ev, ("kart", "hatch"), "muscle") == ("hatch", False)
    assert car_for(ev, ("muscle",), "muscle") == ("coupe", True)


def test_the_event_model_wins_over_the_players_choice():
    assert model_for(event("e", model="sim"), "arcade") == "sim"
    assert model_for(event("e"), "arcade") == "arcade"
