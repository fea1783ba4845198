"""data/drift_drivers.json: valid, recognisably different drivers in catalog cars; a bad file is one line naming the field."""

from __future__ import annotations

import copy
import json

import pytest

from game.content.drift_drivers import DRIFT_DRIVERS_PATH, active_drift_drivers, load_drift_drivers, load_merged_drift_drivers, roster_from_dict
from game.safe_json import DataError
from game.sim.ai.drift.skill import INITIATIONS, SKILLS


def shipped() -> dict:
    return json.loads(DRIFT_DRIVERS_PATH.read_text(encoding="utf-8"))


def test_the_shipped_drivers_load_with_the_catalog_and_differ(catalog):
    r = load_drift_drivers(catalog=catalog)
    assert 6 <= len(r.profiles) <= 8 and len(set(r.ids)) == len(r.ids)
    assert {p.skill for p in r.profiles} == set(SKILLS) and r.levels == SKILLS
    assert {p.initiation for p in r.profiles} == set(INITIATIONS)  # every way into a drift has a driver
    assert len({p.paint.lower() for p in r.profiles}) == len(r.profiles)
    assert {p.car for p in r.profiles} >= {"hatch", "vortex_gt", "bruiser_v8", "zenith_hyper"} and all(p.car in catalog.cars for p in r.profiles)
    for f in ("target_angle_scale", "line_precision", "consistency"):
        assert len({getattr(p, f) for p in r.profiles}) >= 5, f
    assert all(p.level is r.skills[p.skill] and p.bio for p in r.profiles)
    ace = r.get("ace")  # the first ace, as --autopilot ace names it: the drift driver as it is (flick, the sectors' angles)
    assert (ace.initiation, ace.target_angle_scale) == ("flick", 1.0)
    vera = r.get("vera")
    assert (vera.skill, vera.car, vera.initiation) == ("ace", "zenith_hyper", "feint") and vera.target_angle_scale > 1.0


def test_each_level_is_better_than_the_last_in_every_number():
    r = load_drift_drivers()
    lv = [r.skills[s] for s in SKILLS]
    for a, b in zip(lv, lv[1:], strict=False):
        assert a.angle_share < b.angle_share and a.clip_pull < b.clip_pull and a.speed_share < b.speed_share
        assert a.offset_m > b.offset_m and a.late_s > b.late_s
        assert a.noise_angle_deg > b.noise_angle_deg and a.noise_offset_m > b.noise_offset_m and a.noise_speed_share > b.noise_speed_share


def test_the_digest_follows_the_driving_not_the_names(tmp_path):
    data = shipped()
    first = roster_from_dict(data, "x.json")
    assert first.digest == load_drift_drivers().digest
    renamed = copy.deepcopy(data)
    renamed["drivers"][0].update(name="Someone Else", paint="#000000", bio="new")
    renamed["skills"]["pro"]["description"] = "words"
    assert roster_from_dict(renamed, "x.json").digest == first.digest
    retuned = copy.deepcopy(data)
    retuned["drivers"][0]["consistency"] = 0.5
    assert roster_from_dict(retuned, "x.json").digest != first.digest
    path = tmp_path / "drift_drivers.json"
    path.write_text(json.dumps(data, indent=4), encoding="utf-8")  # written another way: the same drivers
    assert load_drift_drivers(path).digest == first.digest


@pytest.mark.parametrize(
    "edit, msg",
    [
        (lambda d: d["drivers"][0].update(line_precision=1.5), "drivers[rin].line_precision: must be <= 1, got 1.5"),
        (lambda d: d["drivers"][2].update(initiation="scandi"), "drivers[marco].initiation: must be one of flick, feint, power_over, clutch_kick"),
        (lambda d: d["drivers"][4].update(skill="legend"), "drivers[duke].skill: must be one of rookie, amateur, pro, ace"),
        (lambda d: d["drivers"][5].update(paint="yellow"), "drivers[pip].paint:"),
        (lambda d: d["drivers"][5].pop("car"), "drivers[pip]: missing field 'car'"),
        (lambda d: d["drivers"][1].update(target_angle_scale="big"), "drivers[vera].target_angle_scale: must be a number"),
        (lambda d: d["skills"].pop("pro"), "skills: missing field 'pro'"),
        (lambda d: d["skills"]["rookie"].update(late_s=-1), "skills.rookie.late_s: must be >= 0, got -1"),
        (lambda d: d["skills"]["ace"].pop("noise_period_s"), "skills.ace: missing field 'noise_period_s'"),
        (lambda d: d["skills"].update(legend=d["skills"]["ace"]), "skills.legend: unknown field"),
        (lambda d: d["noise"].update(components=0), "noise.components: must be >= 1, got 0"),
        (lambda d: d["drivers"].append(copy.deepcopy(d["drivers"][0])), "drivers[rin].id: used twice"),
        (lambda d: d["drivers"][1].update(spin=3), "drivers[vera].spin: unknown field"),
    ],
)
def test_a_bad_file_is_one_line_naming_the_driver_and_field(tmp_path, edit, msg):
    data = shipped()
    edit(data)
    assert_refused(tmp_path, data, msg)


def assert_refused(tmp_path, data: dict, msg: str) -> None:
    """Loading this file's data fails with one line that names the file and holds msg."""
    path = tmp_path / "drift_drivers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_drift_drivers(path)
    text = str(e.value)
    assert "\n" not in text and text.startswith(f"{path}: ") and msg in text, text


def test_an_unknown_car_is_named_when_a_catalog_is_given(tmp_path, catalog):
    data = shipped()
    data["drivers"][6]["car"] = "delorean"
    path = tmp_path / "drift_drivers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_drift_drivers(path).get("ines").car == "delorean"  # without a catalog the file alone is checked
    with pytest.raises(DataError) as e:
        load_drift_drivers(path, catalog=catalog)
    text = str(e.value)
    assert "drivers[ines].car: no car 'delorean' in data/cars.json (it has kart, hatch" in text and "\n" not in text, text


def test_the_initiations_block_says_which_styles_each_car_can_do_and_where_a_style_falls_back(catalog):
    r = load_drift_drivers(catalog=catalog).initiations
    assert r.fallback == ("clutch_kick", "power_over", "feint", "flick")  # every style once, the flick last
    assert r.allowed("kart", "sim") == ("flick", "power_over") and "clutch_kick" not in r.allowed("kart", "sim")  # a centrifugal clutch
    assert r.allowed("kart", "arcade") == INITIATIONS and r.allowed("vortex_gt", "sim") == INITIATIONS  # not named: all four
    assert r.params("kart", "sim") == {"initiations_allowed": ("flick", "power_over"), "initiation_fallback": r.fallback}
    bare = shipped()
    del bare["initiations"]
    assert roster_from_dict(bare, "x.json").initiations.allowed("kart", "sim") == INITIATIONS  # a file without the block: all four


def test_the_digest_follows_the_initiations_not_their_why():
    data = shipped()
    first = roster_from_dict(data, "x.json").digest
    worded = copy.deepcopy(data)
    worded["initiations"]["cars"]["kart"]["why"] = "other words"
    assert roster_from_dict(worded, "x.json").digest == first
    kicks = copy.deepcopy(data)
    kicks["initiations"]["cars"]["kart"]["sim"].append("clutch_kick")
    assert roster_from_dict(kicks, "x.json").digest != first


@pytest.mark.parametrize(
    "edit, msg",
    [
        (lambda b: b["cars"]["kart"]["sim"].append("moonwalk"), "initiations.cars.kart.sim[2]: must be one of flick, feint, power_over, clutch_kick"),
        (lambda b: b["cars"]["kart"].update(sim=["feint"]), "initiations.cars.kart.sim: must hold flick (the fallback ends there)"),
        (lambda b: b["cars"]["kart"].update(snow=["flick"]), "initiations.cars.kart.snow: unknown field"),
        (lambda b: b["cars"]["kart"].pop("why"), "initiations.cars.kart: missing field 'why'"),
        (lambda b: b.update(fallback=["flick", "feint", "power_over", "clutch_kick"]), "initiations.fallback: must end with flick"),
        (lambda b: b.update(fallback=["flick", "flick", "feint", "power_over"]), "initiations.fallback: must not repeat an item"),
        (lambda b: b["fallback"].__setitem__(0, "scandi"), "initiations.fallback[0]: must be one of flick, feint, power_over, clutch_kick"),
    ],
)
def test_a_bad_initiations_block_is_one_line_naming_the_field(tmp_path, edit, msg):
    data = shipped()
    edit(data["initiations"])
    assert_refused(tmp_path, data, msg)


def test_an_unknown_car_in_the_initiations_is_named_when_a_catalog_is_given(tmp_path, catalog):
    """As a driver's car: without a catalog the file alone is checked, with one the car must be in it."""
    data = shipped()
    data["initiations"]["cars"]["delorean"] = {"sim": ["flick"], "why": "no road"}
    path = tmp_path / "drift_drivers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_drift_drivers(path).initiations.allowed("delorean", "sim") == ("flick",)
    with pytest.raises(DataError) as e:
        load_drift_drivers(path, catalog=catalog)
    text = str(e.value)
    assert text.startswith(f"{path}: initiations.cars.delorean: no car 'delorean' in data/cars.json (it has kart") and "\n" not in text, text


@pytest.mark.parametrize("raw, msg", [(b"{not json", "drift_drivers.json"), (b"", "drift_drivers.json"), (b"[]", "must be an object")])
def test_a_broken_file_is_one_line(tmp_path, raw, msg):
    path = tmp_path / "drift_drivers.json"
    path.write_bytes(raw)
    with pytest.raises(DataError) as e:
        load_drift_drivers(path)
    assert msg in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(DataError) as e:
        load_drift_drivers(tmp_path / "nope.json")
    assert "nope.json" in str(e.value) and "\n" not in str(e.value)


# ---- the player's own drift_drivers.json, merged over the shipped file -------------------------------------

NEWBIE = {"id": "newbie", "name": "New Bie", "skill": "rookie", "car": "kart", "paint": "#12ab34", "target_angle_scale": 0.8,
          "line_precision": 0.4, "consistency": 0.5, "initiation": "feint"}


def write_user(home, data) -> None:
    (home / "drift_drivers.json").write_text(json.dumps(data), encoding="utf-8")


def test_no_user_file_plays_the_shipped_drivers(home):
    assert active_drift_drivers().digest == load_drift_drivers().digest


def test_a_user_file_retunes_and_adds_drivers_by_id(home, catalog):
    write_user(home, {"drivers": [{"id": "rin", "car": "hatch", "initiation": "power_over"}, NEWBIE],
                      "skills": {"rookie": {"late_s": 0.2}}})
    said = []
    r = active_drift_drivers(catalog, warn=said.append)
    ship = load_drift_drivers()
    assert said == [] and r.ids == (*ship.ids, "newbie")  # the shipped order kept, the new driver after them
    rin, old = r.get("rin"), ship.get("rin")
    assert (rin.car, rin.initiation) == ("hatch", "power_over")  # what the file gives, retuned
    assert (rin.name, rin.skill, rin.consistency) == (old.name, old.skill, old.consistency)  # the rest as shipped
    assert r.get("newbie").level is r.skills["rookie"] and r.skills["rookie"].late_s == 0.2
    assert r.skills["rookie"].angle_share == ship.skills["rookie"].angle_share
    assert r.get("vera") == ship.get("vera")
    # the digest is the merged roster's (what a replay records), not the shipped file's
    assert r.digest != ship.digest and r.digest == load_merged_drift_drivers(home / "drift_drivers.json").digest


def test_a_user_file_says_what_its_cars_can_do_car_by_car(home, catalog):
    """A user's initiations block adds or replaces cars one by one (the shipped kart's entry stays) and may set its own
    fallback; the digest follows."""
    write_user(home, {"initiations": {"fallback": ["clutch_kick", "feint", "power_over", "flick"],
                                      "cars": {"vortex_gt": {"sim": ["flick", "power_over"], "why": "a worn clutch"}}}})
    said = []
    r = active_drift_drivers(catalog, warn=said.append).initiations
    ship = load_drift_drivers().initiations
    assert said == [] and r.allowed("vortex_gt", "sim") == ("flick", "power_over") and r.allowed("kart", "sim") == ship.allowed("kart", "sim")
    assert r.fallback == ("clutch_kick", "feint", "power_over", "flick") and active_drift_drivers(catalog).digest != load_drift_drivers().digest


def test_renaming_a_driver_in_the_user_file_keeps_the_digest(home):
    write_user(home, {"drivers": [{"id": "rin", "name": "Rin Again", "paint": "#000000"}]})
    r = active_drift_drivers()
    assert r.get("rin").name == "Rin Again" and r.digest == load_drift_drivers().digest


@pytest.mark.parametrize(
    "data, msg",
    [
        ({"drivers": [{"id": "rin", "consistency": 1.5}]}, "drivers[rin].consistency: must be <= 1, got 1.5"),
        ({"drivers": [{"id": "rin", "initiation": "scandi"}]}, "drivers[rin].initiation: must be one of flick, feint, power_over, clutch_kick"),
        ({"drivers": [{"car": "hatch"}]}, "drivers[0]: missing field 'id'"),
        ({"drivers": [{k: v for k, v in NEWBIE.items() if k != "car"}]}, "drivers[newbie]: missing field 'car'"),
        ({"drivers": [NEWBIE, NEWBIE]}, "drivers[newbie].id: used twice"),
        ({"drivers": [{"id": "rin", "spin": 3}]}, "drivers[rin].spin: unknown field"),
        ({"skills": {"ace": {"late_s": -1}}}, "skills.ace.late_s: must be >= 0, got -1"),
        ({"skills": {"legend": {}}}, "skills.legend: unknown field"),
        ({"drivers": [{"id": "rin", "car": "delorean"}]}, "drivers[rin].car: no car 'delorean' in data/cars.json"),
        ({"initiations": {"cars": {"delorean": {"sim": ["flick"], "why": "no road"}}}}, "initiations.cars.delorean: no car 'delorean'"),
        ({"initiations": {"cars": {"hatch": {"sim": ["flick", "scandi"], "why": "?"}}}}, "initiations.cars.hatch.sim[1]: must be one of"),
        ([], "must be an object"),
    ],
)
def test_a_bad_user_file_is_one_line_naming_it_and_the_shipped_drivers_play(home, catalog, data, msg):
    write_user(home, data)
    said = []
    r = active_drift_drivers(catalog, warn=said.append)
    assert r.digest == load_drift_drivers().digest and r.ids == load_drift_drivers().ids
    assert len(said) == 1 and "\n" not in said[0], said
    assert said[0].startswith(f"{home / 'drift_drivers.json'}: ") and msg in said[0], said[0]
    assert said[0].endswith("(playing the shipped drift drivers)")


def test_a_broken_user_file_is_one_line_too(home):
    (home / "drift_drivers.json").write_bytes(b"{not json")
    said = []
    assert active_drift_drivers(warn=said.append).digest == load_drift_drivers().digest
    assert len(said) == 1 and "drift_drivers.json" in said[0] and "\n" not in said[0]


def test_a_tandem_replay_with_a_user_roster_is_refused_where_that_file_is_not(home, catalog, park, rules):
    from game.content.replays import check_playable
    from game.sim.controls import Controls
    from game.sim.replay.format import ReplayError
    from tests.support.tandem_helpers import tandem_run

    write_user(home, {"drivers": [{"id": "rin", "consistency": 0.5}]})
    mine = active_drift_drivers(catalog)
    run = tandem_run(catalog, park, rules, mine, car="hatch", opponent="rin")
    for _ in range(10):
        run.step(Controls(brake=1.0))
    replay = run.replay()
    assert replay.drift_drivers_digest == mine.digest != load_drift_drivers().digest  # the roster the run drove by
    check_playable(replay, catalog, rules, replay.track_digest, active_drift_drivers(catalog))  # here it plays
    (home / "drift_drivers.json").unlink()  # another machine: the shipped drivers only
    with pytest.raises(ReplayError, match=r"^replay was recorded with a different drift_drivers.json .*; its tandem opponent would drive out of sync$"):
        check_playable(replay, catalog, rules, replay.track_digest, active_drift_drivers(catalog))
