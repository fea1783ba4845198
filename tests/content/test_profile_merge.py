"""Two games in one home: a save adds what this game earned to the profile on disk now, never a stale copy over it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.content import profile as P
from game.content.profile import add_credits, add_stat, buy, equip, load_profile, new_profile, record_best, save_profile, set_paint
from game.content.profile_merge import ProfileConflict, merge_fields

CARS = ["hatch", "kart", "coupe", "muscle"]
STARTERS = ["kart", "hatch"]
HIGHER = lambda new, old: new["score"] > old.get("score", -1)  # noqa: E731


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "home" / "profile.json"


def _load(path: Path) -> P.Profile:
    return load_profile(path, CARS, STARTERS, 6000).profile


def _run(p: P.Profile, credits: int, key: str, score: int) -> P.Profile:
    """What a finished timed run banks: credits, a session, distance and a best."""
    p = add_stat(add_stat(add_credits(p, credits), "sessions", 1), "km_sideways", 0.0125)
    return record_best(p, key, {"score": score, "replay": None}, HIGHER)


def _disk(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_merge_adds_this_games_earnings_to_what_the_other_game_did_meanwhile() -> None:
    base = new_profile(STARTERS, 6000)
    mine = _run(base, 12, "hatch|park|timed", 65)
    other = set_paint(equip(buy(base, "coupe", 4000), "coupe"), "coupe", "#ff8800")  # the garage, in the other game
    other = _run(other, 11, "kart|park|timed", 66)
    merged = merge_fields(base.fields(), mine.fields(), other.fields())
    assert merged["credits"] == 6000 - 4000 + 11 + 12
    assert merged["owned"] == ("kart", "hatch", "coupe") and merged["equipped"] == "coupe"
    assert merged["paint"] == {"coupe": "#ff8800"}
    assert merged["stats"] == {"sessions": 2, "km_sideways": 0.025}
    assert {k: v["score"] for k, v in merged["bests"].items()} == {"hatch|park|timed": 65, "kart|park|timed": 66}


def test_merge_keeps_the_better_of_two_bests_on_one_key_and_this_games_own_choices() -> None:
    base = record_best(new_profile(STARTERS, 100), "hatch|park|timed", {"score": 10}, HIGHER)
    mine = equip(record_best(base, "hatch|park|timed", {"score": 50}, HIGHER), "hatch")
    better_there = record_best(base, "hatch|park|timed", {"score": 70}, HIGHER)
    assert merge_fields(base.fields(), mine.fields(), better_there.fields())["bests"]["hatch|park|timed"]["score"] == 70
    worse_there = record_best(base, "hatch|park|timed", {"score": 30}, HIGHER)
    merged = merge_fields(base.fields(), mine.fields(), worse_there.fields())
    assert merged["bests"]["hatch|park|timed"]["score"] == 50 and merged["equipped"] == "hatch"


def test_two_games_saving_one_file_keep_both_runs(path: Path) -> None:
    save_profile(path, new_profile(STARTERS, 6000))
    replay_game, driving_game = _load(path), _load(path)  # both started before either saved
    driving_game = _run(driving_game, 12, "hatch|park|timed", 65)
    save_profile(path, driving_game)
    replay_game = _run(replay_game, 11, "kart|park|timed", 66)
    save_profile(path, replay_game)
    disk = _disk(path)
    assert disk["credits"] == 6000 + 11 + 12
    assert disk["stats"]["sessions"] == 2
    assert {k: v["score"] for k, v in disk["bests"].items()} == {"hatch|park|timed": 65, "kart|park|timed": 66}


def test_the_game_goes_on_with_its_own_copy_and_is_never_counted_twice(path: Path) -> None:
    a, b = _load(path), _load(path)  # no file yet: both start fresh
    save_profile(path, set_paint(buy(b, "coupe", 1000), "coupe", "#00ff00"))  # the other game's garage
    a = add_credits(a, 12)
    save_profile(path, a)  # the caller keeps `a` (as the game does) and goes on from it
    a = add_credits(a, 5)
    save_profile(path, a)
    disk = _disk(path)
    assert disk["credits"] == 6000 - 1000 + 12 + 5
    assert "coupe" in disk["owned"] and disk["paint"] == {"coupe": "#00ff00"}


def test_the_returned_profile_shows_both_games_and_merges_right_next_time(path: Path) -> None:
    save_profile(path, new_profile(STARTERS, 6000))
    a, b = _load(path), _load(path)
    save_profile(path, add_credits(b, 100))
    a = save_profile(path, add_credits(a, 12))
    assert a.credits == 6112
    save_profile(path, add_credits(a, 5))
    assert _disk(path)["credits"] == 6117


def test_a_failed_save_keeps_its_changes_for_the_next_one(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_profile(path, new_profile(STARTERS, 6000))
    a, b = _load(path), _load(path)
    a = add_credits(a, 12)
    real = os.replace
    with monkeypatch.context() as m:
        m.setattr(os, "replace", lambda *_: (_ for _ in ()).throw(OSError(28, "No space left on device")))
        with pytest.raises(OSError):
            save_profile(path, a)
    assert os.replace is real and _disk(path)["credits"] == 6000
    save_profile(path, add_credits(b, 7))  # the other game saves meanwhile
    save_profile(path, add_credits(a, 5))  # the retry carries the 12 that failed and the 5 since
    assert _disk(path)["credits"] == 6000 + 7 + 12 + 5


def test_a_purchase_the_other_game_already_spent_the_credits_for_is_refused(path: Path) -> None:
    save_profile(path, new_profile(STARTERS, 6000))
    a, b = _load(path), _load(path)
    save_profile(path, buy(b, "coupe", 5000))
    before = path.read_bytes()
    with pytest.raises(ProfileConflict, match="you have 1,000 now"):
        save_profile(path, buy(a, "muscle", 3000))
    assert isinstance(ProfileConflict("x"), OSError)  # every caller that reports a failed save reports this too
    assert path.read_bytes() == before


def test_a_file_broken_meanwhile_is_kept_aside_and_this_games_progress_saved(path: Path) -> None:
    save_profile(path, new_profile(STARTERS, 6000))
    a = add_credits(_load(path), 12)
    path.write_bytes(b"\x00garbage")
    save_profile(path, a)
    assert _disk(path)["credits"] == 6012
    assert [p.read_bytes() for p in path.parent.glob("profile.json.corrupt-*")] == [b"\x00garbage"]
