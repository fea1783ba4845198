"""Each car's paint finish and stance in the profile: kept, saved, repaired alone and merged like paint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.profile import ProfileError, buy, load_profile, new_profile, save_profile, set_finish, set_paint, set_stance
from game.sim.looks import FACTORY, Stance

CARS = ["hatch", "coupe", "rally"]
STARTERS = ["hatch"]
LOW = Stance(camber_front_deg=-7, camber_rear_deg=-3, ride_mm=-50, track_mm=25, rim="dish", rim_colour="#d4af37")


def _load(path: Path):
    return load_profile(path, CARS, STARTERS, 5000)


def test_finish_and_stance_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    p = set_stance(set_finish(buy(new_profile(STARTERS, 5000), "coupe", 1000), "coupe", "matte"), "hatch", LOW)
    save_profile(path, p)
    res = _load(path)  # a new game reading the file
    assert res.message is None
    assert res.profile.finish == {"coupe": "matte"} and res.profile.stance == {"hatch": LOW}
    assert json.loads(path.read_text())["stance"]["hatch"]["rim"] == "dish"


def test_the_default_looks_are_stored_as_none_and_other_cars_keep_theirs() -> None:
    p = set_finish(set_finish(new_profile(STARTERS, 0), "hatch", "metallic"), "hatch", "gloss")
    assert dict(p.finish) == {}
    p = set_stance(set_stance(p, "hatch", LOW), "hatch", FACTORY)
    assert dict(p.stance) == {}
    assert set_paint(set_stance(p, "hatch", LOW), "hatch", "#112233").stance["hatch"] == LOW


def test_looks_need_an_owned_car_and_a_real_finish() -> None:
    p = new_profile(STARTERS, 0)
    with pytest.raises(ProfileError, match="do not own 'coupe'"):
        set_finish(p, "coupe", "matte")
    with pytest.raises(ProfileError, match="do not own 'coupe'"):
        set_stance(p, "coupe", LOW)
    with pytest.raises(ProfileError, match="finish must be one of gloss, metallic, matte, got 'chrome'"):
        set_finish(p, "hatch", "chrome")


def test_a_bad_finish_or_stance_entry_is_dropped_alone_with_a_note_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    data = {"version": 2, "credits": 10, "owned": ["hatch", "coupe"], "equipped": "hatch", "paint": {"hatch": "#112233"},
            "finish": {"hatch": "chrome", "coupe": "matte"},
            "stance": {"hatch": {**LOW.to_json(), "ride_mm": -500}, "coupe": LOW.to_json()}}
    path.write_text(json.dumps(data))
    res = _load(path)
    assert res.profile.finish == {"coupe": "matte"} and res.profile.stance == {"coupe": LOW}
    assert res.profile.paint == {"hatch": "#112233"}
    assert "Dropped finish[hatch] (must be one of gloss, metallic, matte)" in res.message
    assert "Dropped stance[hatch] (stance ride_mm must be a number from -80 to 40, got -500)" in res.message
    assert set(json.loads(path.read_text())["stance"]) == {"coupe"}  # the repair is saved: the note shows once
    assert _load(path).message is None


def test_a_stance_field_that_is_not_an_object_drops_only_the_stances(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps({"version": 2, "credits": 10, "owned": ["hatch"], "equipped": "hatch",
                                "finish": {"hatch": "matte"}, "stance": [1, 2]}))
    res = _load(path)
    assert res.profile.finish == {"hatch": "matte"} and dict(res.profile.stance) == {}
    assert "stance: must be an object" in res.message


def test_two_games_each_changing_looks_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    save_profile(path, buy(new_profile(STARTERS, 5000), "coupe", 1000))
    garage, other = _load(path).profile, _load(path).profile  # both read before either saved
    save_profile(path, set_stance(set_finish(garage, "hatch", "metallic"), "hatch", LOW))
    save_profile(path, set_finish(other, "coupe", "matte"))
    res = _load(path)
    assert res.profile.finish == {"hatch": "metallic", "coupe": "matte"} and res.profile.stance == {"hatch": LOW}
    back = set_stance(res.profile, "hatch", FACTORY)  # a reset to factory reaches the file too
    save_profile(path, back)
    assert dict(_load(path).profile.stance) == {}
