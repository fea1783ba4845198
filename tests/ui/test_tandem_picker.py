"""Tandem's map picker: a card per course like Qualifying's, and the role and opponent picks beside them (no window)."""

from __future__ import annotations

from game.content.drift_drivers import load_drift_drivers
from game.content.tracks import track_ids
from game.ui.map_picker import TandemChoice, map_cards, tandem_choice


def test_tandem_cards_are_the_maps_with_courses(catalog):
    cards = map_cards(catalog, "tandem", {}, track_ids())
    assert sorted(c.id for c in cards) == ["frozen_lake", "mountain_pass", "sideways_park"]
    assert next(c for c in cards if c.id == "sideways_park").description.startswith("Course: ")


def test_role_and_opponent_cycle_both_ways_and_tell_the_game():
    roster = load_drift_drivers()

    class Game:
        role, lead = None, None

        def drift_roster(self):
            return roster

    game = Game()
    choice = tandem_choice(game)
    first_pro = roster.get("pro")
    assert (choice.role, choice.opponent) == ("chase", first_pro.id)  # nothing chosen yet: chase, the roster's first pro
    assert choice.labels() == ("Role: Chase first", f"vs {first_pro.name} ({first_pro.skill})")
    choice.cycle(0)
    assert (game.role, choice.labels()[0]) == ("lead", "Role: Lead first")
    ids = list(roster.ids)
    at = ids.index(first_pro.id)
    choice.cycle(1)
    assert game.lead == ids[(at + 1) % len(ids)]
    choice.cycle(1, -1)
    choice.cycle(1, -1)
    assert game.lead == ids[(at - 1) % len(ids)]  # left goes back past where it started
    assert tandem_choice(game).opponent == game.lead and tandem_choice(game).role == "lead"  # the picker opens on the game's picks
    assert "drift_drivers.json" in TandemChoice([]).about(1, {})  # no roster: it says why there is nobody to pick
