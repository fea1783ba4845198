"""One bad field never throws the profile away: it is fixed or dropped, the player is told, the repair saved."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from game.content.profile import load_profile

NOW = datetime(2026, 11, 30, 9, 0, 0)
CARS = ["hatch", "coupe", "rally"]
GOOD = {"version": 2, "credits": 6012, "owned": ["hatch", "coupe"], "equipped": "coupe",
        "paint": {"hatch": "#112233", "coupe": "#ff8800"},
        "bests": {"coupe|sideways_park|free": {"score": 4200, "replay": "coupe-1.swr", "date": "2026-11-29"}},
        "stats": {"km_sideways": 12.5}}


def _load(tmp_path: Path, data=None, raw: bytes | None = None):
    path = tmp_path / "profile.json"
    path.write_bytes(raw if raw is not None else json.dumps(data).encode())
    res = load_profile(path, CARS, ["hatch"], 500, now=NOW)
    assert not list(tmp_path.glob("profile.json.corrupt-*"))  # nothing set aside: the progress is all in use
    assert res.message is None or "\n" not in res.message
    return res, path


def _with(**kw):
    return {**GOOD, **kw}


def _kept_everything_else(p) -> None:
    assert p.owned == ("hatch", "coupe") and p.equipped == "coupe"
    assert p.bests["coupe|sideways_park|free"]["score"] == 4200 and p.stats["km_sideways"] == 12.5


def test_whole_float_credits_are_read_as_credits(tmp_path):
    res, path = _load(tmp_path, _with(credits=6012.0))
    assert res.profile.credits == 6012 and isinstance(res.profile.credits, int)
    _kept_everything_else(res.profile)
    assert res.message == "profile.json: credits: 6012.0 read as 6012."
    assert json.loads(path.read_text())["credits"] == 6012  # repaired on disk: the note shows once
    assert load_profile(path, CARS, ["hatch"], 500).message is None


def test_one_bad_paint_entry_drops_only_that_entry(tmp_path):
    res, _ = _load(tmp_path, _with(paint={"hatch": "zzz", "coupe": "#FF8800"}))
    assert dict(res.profile.paint) == {"coupe": "#ff8800"}
    _kept_everything_else(res.profile)
    assert res.message == "profile.json: Dropped paint[hatch] (must be a #rrggbb colour)."


def test_a_bom_is_not_a_problem(tmp_path):
    res, _ = _load(tmp_path, raw=b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert res.message is None and res.profile.credits == 6012
    _kept_everything_else(res.profile)


@pytest.mark.parametrize("change, message, check", [
    (dict(credits="lots"), "credits: must be a whole number 0..1000000000000, got 'lots' — reset to 500", lambda p: p.credits == 500),
    (dict(credits=-5), "credits: must be a whole number 0..1000000000000, got -5 — reset to 500", lambda p: p.credits == 500),
    (dict(version="2"), "version: '2' is not a version — read as version 2", lambda p: p.credits == 6012),
    (dict(owned=["hatch", 7, "coupe"]), "owned: dropped 7 (not car ids)", lambda p: p.owned == ("hatch", "coupe")),
    (dict(stats={"km_sideways": 12.5, "laps": "many"}), "Dropped stats[laps] (must be a finite number)",
     lambda p: dict(p.stats) == {"km_sideways": 12.5}),
    (dict(bests={**GOOD["bests"], "x|y|z": {"score": 1, "replay": "../../etc/passwd"}}),
     "Dropped bests[x|y|z] (must be a best result of at most 12 plain values and 512 bytes)", lambda p: list(p.bests) == ["coupe|sideways_park|free"]),
])
def test_each_bad_field_is_fixed_or_dropped_with_a_note(tmp_path, change, message, check):
    res, _ = _load(tmp_path, _with(**change))
    assert res.message == f"profile.json: {message}."
    assert check(res.profile)


def test_a_missing_version_and_a_bad_equipped_car_are_repaired_together(tmp_path):
    data = _with(equipped=["coupe"])
    del data["version"]
    res, _ = _load(tmp_path, data)
    assert res.profile.equipped == "hatch" and res.profile.credits == 6012
    assert res.message == ("profile.json: version: None is not a version — read as version 2. "
                           "equipped: list is not a car id — equipping 'hatch'.")


def test_a_repair_that_cannot_be_saved_still_plays(tmp_path, monkeypatch):
    import game.content.profile as P

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(P, "write_json_atomic", full)
    res, path = _load(tmp_path, _with(credits=6012.0))
    assert res.profile.credits == 6012
    assert res.message == "profile.json: credits: 6012.0 read as 6012. (The repair could not be saved yet: No space left on device.)"
    assert json.loads(path.read_text())["credits"] == 6012.0  # the file is as it was
