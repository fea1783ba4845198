"""A drive draws the player's car in the finish and stance picked in the garage; its replay, its ghost and a drift driver
rival keep theirs (a real game, offscreen)."""

from __future__ import annotations

import pytest

from game.content.drift_drivers import load_drift_drivers
from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_the_player_s_replay_ghost_and_rival_draw_with_their_looks():
    out = run_script("tests.view.looks_child", timeout=300)
    mine = ["matte", {"camber_front_deg": -7.0, "camber_rear_deg": -2.0, "ride_mm": -50.0, "track_mm": 25.0, "rim": "mesh",
                      "rim_colour": "#f0efe9"}]
    assert out["player"] == mine and out["replay"] == mine
    assert out["watched"] == mine and out["ghost"] == mine
    vera = load_drift_drivers().get("vera")
    assert out["rival"] == [vera.finish, vera.stance.to_json()] and vera.finish == "metallic"
