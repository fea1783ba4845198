"""Tandem's map picker: a card per course like Qualifying's, and the role and opponent picks beside them (no window)."""

from __future__ import annotations

from game.content.drift_drivers import load_drift_drivers
from game.content.tracks import track_ids
from game.shell.request import TandemChoice
from game.ui.map_picker import TandemPicks, map_cards, tandem_picks


def test_tandem_cards_are_the_maps_with_courses(catalog):
    cards = map_cards(catalog, "tandem", {}, track_ids())
    assert sorted(c.id for c in cards) == ["frozen_lake", "mountain_pass", "sideways_park"]
    assert next(c for c in cards if c.id == "sideways_park").description.startswith("Course: ")


def test_role_and_opponent_cycle_both_ways_and_tell_whoever_keeps_them():
    roster = load_drift_drivers()
    heard: list[tuple[str, str]] = []
    picks = tandem_picks(roster, None, lambda role, opponent: heard.append((role, opponent)))
    first_pro = roster.get("pro")
    assert (picks.role, picks.opponent) == ("chase", first_pro.id)  # nothing chosen yet: chase, the roster's first pro
    assert picks.labels() == ("Role: Chase first", f"vs {first_pro.name} ({first_pro.skill})")
    picks.cycle(0)
    assert (heard[-1][0], picks.labels()[0]) == ("lead", "Role: Lead first")
    ids = list(roster.ids)
    at = ids.index(first_pro.id)
    picks.cycle(1)
    assert heard[-1] == ("lead", ids[(at + 1) % len(ids)])
    picks.cycle(1, -1)
    picks.cycle(1, -1)
    assert heard[-1] == ("lead", ids[(at - 1) % len(ids)])  # left goes back past where it started
    again = tandem_picks(roster, TandemChoice(*heard[-1]), heard.append)
    assert (again.role, again.opponent) == heard[-1]  # the picker opens on the picks it was given
    assert "drift_drivers.json" in TandemPicks([]).about(1, {})  # no roster: it says why there is nobody to pick
