"""AI targets in track files: the park lays out open places to roam, and a bad target is one clear line."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.content.tracks import track_from_dict
from game.safe_json import DataError


def test_park_targets_are_open_ground(park):
    targets = park.track.ai_targets
    assert len(targets) >= 8
    for t in targets:
        assert park.contacts(t.x, t.z, park.ground(t.x, t.z)[0], t.radius_m + 2.5) == []  # no wall or solid prop nearby


def test_a_target_outside_the_map_is_refused(catalog):
    d = json.loads((paths.TRACKS_DIR / "sideways_park.json").read_text())
    d["ai_targets"].append({"x": 500, "z": 0})
    with pytest.raises(DataError) as e:
        track_from_dict(d, "data/tracks/sideways_park.json", set(catalog.surfaces))
    assert str(e.value) == f"data/tracks/sideways_park.json: ai_targets[{len(d['ai_targets']) - 1}]: (500, 0) is outside the map"
