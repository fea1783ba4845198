"""The career in the profile: saved and read back whole, repaired record by record with one notice, merged between two games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.career_progress import career_from_json
from game.content.profile import (
    ProfileError,
    add_credits,
    load_profile,
    new_profile,
    paid_for_stars,
    peek_profile,
    save_profile,
    set_career,
)
from game.content.profile_merge import merge_fields
from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord, EventRecord

CARS = ["hatch", "coupe", "rally"]
SEEDS = (PLAYER, "rin", "vera", "marco", "hugo", "duke", "pip", "ines")
CUP = CupRecord(round="semi", seed=41, qualifying=88, seeds=SEEDS, attempts=2, battles=(
    BattleRecord("quarter", PLAYER, "ines", 151.5, 120.0, omt=1, winner=PLAYER, replay="cup-q.swr"),
    BattleRecord("quarter", "hugo", "duke", 130.0, 131.25, winner="duke", drawn=True),
))
CAREER = CareerProgress(
    events={"park_opener": EventRecord(best=74, stars=2, replay="park-1.swr", date="20261201-230000"),
            "lake_zones": EventRecord(best=3100, stars=1)},
    cups={"sideways_cup": CUP},
)
GOOD = {"version": 2, "credits": 6012, "owned": ["hatch", "coupe"], "equipped": "coupe",
        "bests": {"coupe|sideways_park|free": {"score": 4200, "replay": None}}, "stats": {"km_sideways": 12.5},
        "career": CAREER.to_json()}


def _load(tmp_path: Path, data: dict):
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    res = load_profile(path, CARS, ["hatch"], 500)
    assert not list(tmp_path.glob("profile.json.corrupt-*"))  # nothing set aside
    assert res.message is None or "\n" not in res.message  # one notice, one line
    return res, path


def _career(**parts) -> dict:
    return {**GOOD, "career": {**CAREER.to_json(), **parts}}


def _kept_everything_else(p) -> None:
    assert p.credits == 6012 and p.owned == ("hatch", "coupe") and p.equipped == "coupe"
    assert p.bests["coupe|sideways_park|free"]["score"] == 4200 and p.stats["km_sideways"] == 12.5


def test_the_career_is_saved_and_read_back_whole(tmp_path):
    path = tmp_path / "profile.json"
    p = set_career(new_profile(["hatch"], 500), CAREER)
    save_profile(path, p)
    res = load_profile(path, CARS, ["hatch"], 500)
    assert res.message is None
    assert res.profile.career == CAREER and res.profile.career.total_stars == 3
    assert res.profile.career.cups["sideways_cup"].battles[0].replay == "cup-q.swr"
    assert json.loads(path.read_text())["career"] == CAREER.to_json()


def test_an_older_profile_gains_an_empty_career_without_a_note(tmp_path):
    old = {k: v for k, v in GOOD.items() if k != "career"}
    res, path = _load(tmp_path, old)
    assert res.message is None and res.profile.career == CareerProgress()
    _kept_everything_else(res.profile)
    assert "career" not in json.loads(path.read_text())  # nothing to repair: the file is not rewritten at a load


def test_a_career_that_is_not_an_object_is_dropped_and_everything_else_kept(tmp_path):
    res, path = _load(tmp_path, {**GOOD, "career": ["not", "a", "career"]})
    assert res.message == ("profile.json: career: must be an object, got list — your career starts again "
                           "(credits, garage and bests are kept).")
    assert res.profile.career == CareerProgress()
    _kept_everything_else(res.profile)
    assert load_profile(path, CARS, ["hatch"], 500).message is None  # the repair was saved: the notice shows once


def test_one_bad_event_record_drops_only_that_record(tmp_path):
    events = {**CAREER.to_json()["events"], "park_opener": {"best": 74, "stars": 7, "replay": None, "date": ""}}
    res, _ = _load(tmp_path, _career(events=events))
    assert res.message == "profile.json: career.events[park_opener].stars: must be 0-3, got 7 — that event's record dropped."
    assert dict(res.profile.career.events) == {"lake_zones": EventRecord(best=3100, stars=1)}
    assert res.profile.career.cups["sideways_cup"] == CUP
    _kept_everything_else(res.profile)


def test_a_bad_battle_drops_that_cup_and_keeps_the_events(tmp_path):
    cup = CUP.to_json()
    cup["battles"][1]["score_b"] = "lots"
    res, _ = _load(tmp_path, _career(cups={"sideways_cup": cup}))
    assert res.message == ("profile.json: career.cups[sideways_cup].battles[1].score_b: must be a battle score 0-200, "
                           "got 'lots' — that cup's record dropped.")
    assert res.profile.career.cups == {} and res.profile.career.events == CAREER.events
    _kept_everything_else(res.profile)


@pytest.mark.parametrize("cup, field", [
    ({**CUP.to_json(), "round": "eighth"}, "round"),
    ({**CUP.to_json(), "seeds": list(SEEDS[:7])}, "seeds"),  # a bracket of seven
    ({**CUP.to_json(), "seeds": [*SEEDS[1:], "lulu"]}, "seeds"),  # the player is not in it
    ({**CUP.to_json(), "battles": [{**CUP.battles[0].to_json(), "b": "stranger"}]}, "battles[0].b"),
    ({**CUP.to_json(), "battles": [{**CUP.battles[0].to_json(), "a": {"not": "an id"}}]}, "battles[0].a"),
    ({**CUP.to_json(), "battles": [{**CUP.battles[0].to_json(), "winner": "rin"}]}, "battles[0].winner"),
    ({"round": "quarter", "seeds": []}, "seeds"),
    ({**CUP.to_json(), "attempts": -1}, "attempts"),
])
def test_an_inconsistent_bracket_is_named_by_its_field(cup, field):
    notes: list[str] = []
    got = career_from_json({"events": {}, "cups": {"sideways_cup": cup}}, notes)
    assert got.cups == {} and len(notes) == 1
    assert notes[0].startswith(f"career.cups[sideways_cup].{field}:") and notes[0].endswith("that cup's record dropped")


def test_a_bad_replay_name_is_let_go_and_the_record_kept(tmp_path):
    events = {"park_opener": {"best": 74, "stars": 2, "replay": "../../etc/passwd", "date": ""}}
    res, _ = _load(tmp_path, _career(events=events))
    assert res.message == ("profile.json: career.events[park_opener].replay: must be a replay file name, "
                           "got '../../etc/passwd' — the record is kept without it.")
    assert res.profile.career.events["park_opener"] == EventRecord(best=74, stars=2, replay=None)


def test_many_bad_records_make_one_short_notice(tmp_path):
    events = {f"ev_{i}": {"best": -i, "stars": 1} for i in range(1, 8)}
    events["good_one"] = {"best": 5, "stars": 1}
    res, _ = _load(tmp_path, _career(events=events, cups="broken"))
    assert list(res.profile.career.events) == ["good_one"]
    msg = res.message
    assert msg.count("career.events[ev_") == 3 and "4 more career.events records dropped" in msg
    assert "career.cups: must be an object, got 'broken' — every cup record dropped" in msg
    _kept_everything_else(res.profile)


def test_set_career_takes_only_career_progress():
    with pytest.raises(ProfileError, match="CareerProgress"):
        set_career(new_profile(["hatch"], 500), {"events": {}})


def _with(p, events=None, cups=None):
    c = p.career
    return set_career(p, CareerProgress(events={**c.events, **(events or {})}, cups={**c.cups, **(cups or {})}))


def test_merge_keeps_per_event_the_record_with_more_stars_then_the_higher_best():
    base = _with(new_profile(["hatch"], 500), events={"a": EventRecord(50, 1), "b": EventRecord(50, 1), "c": EventRecord(50, 1)})
    mine = _with(base, events={"a": EventRecord(60, 2), "b": EventRecord(70, 1, replay="b-mine.swr"), "d": EventRecord(10, 0)})
    disk = _with(base, events={"a": EventRecord(95, 1), "b": EventRecord(65, 1), "c": EventRecord(99, 3)})
    got = merge_fields(base.fields(), mine.fields(), disk.fields())["career"]
    assert got.events["a"] == EventRecord(60, 2)  # more stars beats a higher best
    assert got.events["b"].replay == "b-mine.swr"  # same stars: the higher best
    assert got.events["c"] == EventRecord(99, 3)  # untouched here: the other game's
    assert got.events["d"] == EventRecord(10, 0)  # new here


def test_merge_takes_the_cup_this_game_changed_else_the_disks():
    started = CupRecord(round=QUALIFYING_ROUND, seed=7, attempts=1)
    base = _with(new_profile(["hatch"], 500), cups={"sideways_cup": started, "other_cup": started})
    mine = _with(base, cups={"sideways_cup": CUP})
    disk = _with(base, cups={"sideways_cup": CupRecord(round=DONE_ROUND, seed=7, attempts=1, place="quarter"),
                             "other_cup": CupRecord(round=DONE_ROUND, seed=9, attempts=2)})
    got = merge_fields(base.fields(), mine.fields(), disk.fields())["career"]
    assert got.cups["sideways_cup"] == CUP and got.cups["other_cup"].seed == 9


def test_two_games_saving_one_home_keep_both_careers(tmp_path):
    path = tmp_path / "profile.json"
    save_profile(path, new_profile(["hatch"], 500))
    one = load_profile(path, CARS, ["hatch"], 500).profile
    two = load_profile(path, CARS, ["hatch"], 500).profile
    save_profile(path, add_credits(_with(one, events={"park_opener": EventRecord(74, 2)}), 200))
    save_profile(path, add_credits(_with(two, events={"park_opener": EventRecord(40, 1), "lake_zones": EventRecord(3100, 1)},
                                         cups={"sideways_cup": CUP}), 100))
    got = load_profile(path, CARS, ["hatch"], 500).profile
    assert got.credits == 800
    assert got.career.events == {"park_opener": EventRecord(74, 2), "lake_zones": EventRecord(3100, 1)}
    assert got.career.cups == {"sideways_cup": CUP}


def test_a_star_both_games_earned_meanwhile_is_paid_once():
    base = _with(new_profile(["hatch"], 500), events={"a": EventRecord(50, 1), "b": EventRecord(50, 1)})
    mine = add_credits(_with(base, events={"a": EventRecord(90, 3), "b": EventRecord(80, 2)}), 2 * 150 + 400)  # a: 2 new stars, b: 1
    disk = add_credits(_with(base, events={"a": EventRecord(70, 2)}), 150 + 50)  # the other game: a's 2nd star, and 50 from a drive
    got = merge_fields(base.fields(), mine.fields(), disk.fields(), {"a": 150, "b": 400})
    assert got["credits"] == 500 + 50 + 150 * 2 + 400  # a's second star paid once, its third and b's second paid here
    assert merge_fields(base.fields(), mine.fields(), disk.fields())["credits"] == 500 + 50 + 150 * 3 + 400  # prices unknown: as before


def test_two_games_in_one_home_earning_the_same_star_are_paid_for_it_once(tmp_path):
    path = tmp_path / "profile.json"
    save_profile(path, new_profile(["hatch"], 500))
    one = load_profile(path, CARS, ["hatch"], 500).profile
    two = load_profile(path, CARS, ["hatch"], 500).profile
    for game, best in ((one, 74), (two, 60)):  # each earns park_opener's first star, at 150 a star, and saves
        won = add_credits(_with(game, events={"park_opener": EventRecord(best, 1)}), 150)
        paid_for_stars(won, "park_opener", 150)
        save_profile(path, won)
    got = load_profile(path, CARS, ["hatch"], 500).profile
    assert got.credits == 650 and got.career.events["park_opener"] == EventRecord(74, 1)


def test_peek_reads_a_bad_career_record_without_writing_the_file(tmp_path):
    events = {**CAREER.to_json()["events"], "park_opener": {"best": 74, "stars": 7}}
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(_career(events=events)), encoding="utf-8")
    before = path.read_bytes()
    res = peek_profile(path, ["hatch"], 500)
    assert res.message == ("profile.json: career.events[park_opener].stars: must be 0-3, got 7 — that event's record dropped "
                           "(the game repairs it when it next starts).")
    assert list(res.profile.career.events) == ["lake_zones"] and res.profile.credits == 6012
    assert path.read_bytes() == before and not list(tmp_path.glob("profile.json.*"))
    path.write_text("{ not json", encoding="utf-8")
    res = peek_profile(path, ["hatch"], 500)
    assert res.profile.career == CareerProgress() and res.message.startswith("profile.json: cannot be read (")
    assert path.read_text(encoding="utf-8") == "{ not json" and not list(tmp_path.glob("profile.json.*"))
