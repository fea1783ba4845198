"""The map picker for Qualifying: only maps with a course, each with its course drawn on a preview cropped round it."""

from __future__ import annotations

from game.content.tracks import track_ids
from game.ui.map_picker import map_cards


def test_qualifying_cards_are_the_maps_with_courses_and_show_the_course(catalog):
    cards = map_cards(catalog, "qualifying", {"sideways_park": 62}, track_ids())
    assert sorted(c.id for c in cards) == ["frozen_lake", "mountain_pass", "sideways_park"]  # the parking yard has no course
    park = next(c for c in cards if c.id == "sideways_park")
    assert park.description.startswith("Course: Pad Hook") and park.best == 62 and park.course == ""  # one course: the first
    free = {c.id: c for c in map_cards(catalog, "free", {}, track_ids())}
    assert park.image.size[0] < free["sideways_park"].image.size[0] * 1024 / 384 / 2  # cropped round the course, not the map
