"""Main menu -> Garage -> buy, equip, paint -> back -> Drive, with key events only, in a real offscreen game."""

from __future__ import annotations

import json

import pytest

from game.content.car_stats import PAINTS
from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e

START = {"version": 2, "credits": 30000, "owned": ["kart", "hatch"], "equipped": "hatch", "paint": {}, "bests": {}, "stats": {}}


def _rgb(hex_colour: str) -> list[float]:
    return [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]


def test_garage_buy_equip_paint_then_drive_that_car(home):
    (home / "profile.json").write_text(json.dumps(START))
    # the sun's shadow map costs minutes on software GL and is not what this test is about
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False}}))
    out = run_script("tests.e2e.garage_flow", env_home=home)

    assert out["start_screen"] == "MainMenu"
    opened = out["opened"]
    assert (opened["screen"], opened["car"], opened["state"], opened["credits_shown"]) == ("Garage", "hatch", "EQUIPPED", "30,000")

    # too dear: refused with a reason on screen, nothing spent or written
    assert (out["dear"]["car"], out["dear"]["state"]) == ("zenith_hyper", "LOCKED")
    refused = out["refused"]
    assert "Not enough credits" in refused["message"] and "75,000" in refused["message"]
    assert refused["state"] == "LOCKED" and refused["disk"] == START

    # next car (locked, affordable) -> Enter buys it, saved at once
    assert (out["next"]["car"], out["next"]["state"]) == ("rally_lynx", "LOCKED")
    bought = out["bought"]
    assert bought["state"] == "OWNED" and bought["credits_shown"] == "8,000"
    assert bought["disk"]["credits"] == 8000 and "rally_lynx" in bought["disk"]["owned"]
    assert bought["disk"]["equipped"] == "hatch"

    # Enter again equips it (the highlight moved to Equip), saved at once
    assert out["equipped"]["state"] == "EQUIPPED" and out["equipped"]["disk"]["equipped"] == "rally_lynx"

    # Enter opens the paint picker, right twice previews the palette's first colour, Enter applies and saves
    assert out["painting"]["painting"] is True
    name, hex_colour = PAINTS[1]  # the choices are the factory colour, then the palette: two steps right
    assert out["preview_rgb"] == pytest.approx(_rgb(hex_colour), abs=0.01)
    painted = out["painted"]
    assert painted["painting"] is False and name in painted["message"]
    assert painted["disk"]["paint"] == {"rally_lynx": hex_colour}

    # Esc goes back to the main menu; Enter on Drive starts a session in that car, in that paint
    assert out["back_screen"] == "MainMenu"
    assert out["mode_screen"] == "ModeSelect" and out["map_screen"] == "MapPicker"
    assert out["drive_car"] == "rally_lynx"
    assert out["drive_paint_rgb"] == pytest.approx(_rgb(hex_colour), abs=0.01)

    disk = json.loads((home / "profile.json").read_text())
    assert disk["equipped"] == "rally_lynx" and disk["paint"]["rally_lynx"] == hex_colour
    assert disk["credits"] == 8000 and disk["owned"] == ["kart", "hatch", "rally_lynx"]
    assert out["game_profile"] == disk
