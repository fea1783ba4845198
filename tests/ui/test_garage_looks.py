"""The garage's Finish row and Stance page: pure row logic, then the real garage driven with key events."""

from __future__ import annotations

import pytest

from game.sim.looks import FACTORY, RANGES, Stance
from game.ui import garage_stance as gs
from tests.support.e2e_helpers import run_script


def test_numbers_step_by_their_garage_step_and_stop_at_their_ends_unless_clicked_round() -> None:
    lo, hi, unit = RANGES["ride_mm"]
    s = FACTORY
    s = gs.stepped(s, "ride_mm", -1)
    assert s.ride_mm == -unit
    low = Stance(ride_mm=lo)
    assert gs.stepped(low, "ride_mm", -1).ride_mm == lo  # the keys stop at the end
    assert gs.stepped(Stance(ride_mm=hi), "ride_mm", 1, wrap=True).ride_mm == lo  # a click goes round
    assert gs.stepped(Stance(camber_front_deg=-2.4), "camber_front_deg", -1).camber_front_deg == -3.0  # back on the step


def test_rims_and_rim_colours_cycle_through_their_choices() -> None:
    s = gs.stepped(FACTORY, "rim", -1)
    assert s.rim == "turbofan" and gs.value_text(s, "rim") == "Turbofan"
    c = gs.stepped(FACTORY, "rim_colour", 1)
    assert c.rim_colour == gs.RIM_COLOURS[1][1] and gs.value_text(c, "rim_colour") == gs.RIM_COLOURS[1][0]
    assert gs.stepped(c, "rim_colour", -1).rim_colour == "" and gs.value_text(FACTORY, "rim_colour") == "Car's own"


def test_row_texts_show_units_and_signs() -> None:
    s = Stance(camber_front_deg=-7, ride_mm=-40, track_mm=15)
    assert gs.row_text(s, "camber_front_deg", "Camber front") == "Camber front   ‹ -7° ›"
    assert gs.row_text(s, "camber_rear_deg", "Camber rear") == "Camber rear   ‹ 0° ›"
    assert gs.value_text(s, "ride_mm") == "-40 mm" and gs.value_text(s, "track_mm") == "+15 mm"
    assert gs.row_text(s, "reset", "Reset to factory") == "Reset to factory"
    assert [gs.next_finish(f) for f in ("gloss", "metallic", "matte")] == ["metallic", "matte", "gloss"]


@pytest.mark.e2e
def test_finish_and_stance_in_the_garage_show_on_the_car_and_are_saved_at_once(tmp_path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.garage_looks_flow", env_home=home, timeout=300)
    assert out["car"] == "hatch" and out["model_finish_at_open"] == "gloss"
    assert out["labels"][2:] == ["Paint", "Finish: Gloss", "Stance  ›", "Handling: Arcade", "Back"]  # Finish beside Paint
    assert out["handling_row"] == "Handling: Arcade"
    assert out["finish_rows"] == ["Finish: Gloss", "Finish: Matte"]
    assert out["model_finish"] == "matte" and out["disk_finish"] == {"hatch": "matte"}
    assert "Looks only" in out["finish_message"]

    assert out["page_open"] and not out["side_shown"]
    assert out["page_note"] == "Looks only: handling, replays and scores are unchanged."
    assert "Left/Right change" in " ".join(out["hint"].split())
    assert out["rows_factory"][:6] == ["Camber front ‹ 0° ›", "Camber rear ‹ 0° ›", "Ride height ‹ 0 mm ›", "Track ‹ 0 mm ›",
                                       "Rims ‹ Factory ›", "Rim colour ‹ Car's own ›"]
    assert out["rows_set"][:6] == ["Camber front ‹ -3° ›", "Camber rear ‹ 0° ›", "Ride height ‹ -50 mm ›", "Track ‹ 0 mm ›",
                                   "Rims ‹ Five-spoke ›", f"Rim colour ‹ {gs.RIM_COLOURS[1][0]} ›"]
    want = Stance(camber_front_deg=-3, ride_mm=-50, rim="five_spoke", rim_colour=gs.RIM_COLOURS[1][1]).to_json()
    assert out["model_stance"] == want and out["disk_stance"] == {"hatch": want}  # live on the car, and saved
    assert out["after_close"] == {"page_open": False, "side_shown": True, "row": 4}
    assert out["rebuilt_stance"] == want and out["rebuilt_finish"] == "matte"

    assert out["reset_rows"][:6] == out["rows_factory"][:6] and out["reset_model_rim"] == "factory"
    assert out["disk_after_reset"] == {}

    assert out["locked_enabled"] == [False, False] and not out["locked_page"]
    assert out["locked_message"] == f"Buy the {out['locked_name']} before you change its stance."
