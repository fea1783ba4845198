"""Broken map files are refused with one line naming the file, the item and the field."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.content.tracks import load_track
from game.safe_json import DataError

YARD = json.loads((paths.TRACKS_DIR / "parking_yard.json").read_text())
PASS = json.loads((paths.TRACKS_DIR / "mountain_pass.json").read_text())


def _refused(tmp_path, catalog, data) -> str:
    p = tmp_path / "broken.json"
    p.write_text(json.dumps(data))
    with pytest.raises(DataError) as e:
        load_track(str(p), catalog.surfaces)
    msg = str(e.value)
    assert "\n" not in msg and "broken.json" in msg
    return msg


@pytest.mark.parametrize(
    "data, expected",
    [
        ({**YARD, "bays": [{**YARD["bays"][0], "width_m": 0.5}]}, "bays[n1].width_m: must be >= 1.5, got 0.5"),
        ({**YARD, "bays": [YARD["bays"][0], YARD["bays"][0]]}, "bays[n1].id: used twice"),
        ({**YARD, "bays": [{**YARD["bays"][0], "task": "drift_in"}]}, "bays[n1].task"),
        ({**YARD, "parked_cars": [{**YARD["parked_cars"][0], "color": "red"}]}, "parked_cars[0].color"),
        ({**YARD, "parked_cars": [{**YARD["parked_cars"][0], "length_m": 40}]}, "parked_cars[0].length_m: must be <= 8, got 40"),
        ({**PASS, "terrain": {**PASS["terrain"], "grades": [{"points": [[0, 0], [10, 0]], "width_m": 8}]}}, "terrain.grades[0].points[0]"),
        ({**PASS, "terrain": {**PASS["terrain"], "grades": [{"points": [[0, 0, 1], [10, 0, 2]], "width_m": 8, "blend_m": -1}]}},
         "terrain.grades[0].blend_m: must be >= 0, got -1"),
        ({**PASS, "walls": [{"points": [[0, 0], [1, 1]], "kind": "lava"}]}, "walls[0].kind"),
    ],
)
def test_broken_map_files_are_refused_with_one_line(tmp_path, catalog, data, expected):
    assert expected in _refused(tmp_path, catalog, data)
