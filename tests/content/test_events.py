"""data/events.json: the shipped career loads and covers every map and mode; each kind of bad file is one line naming the
file, event and field; car classes follow a retuned catalog; the shipped ghosts load and a retune refuses them in one line."""

from __future__ import annotations

import copy
import json
import shutil

import pytest

from game import paths
from game.content.catalog import catalog_from_dict
from game.content.events import EVENTS_PATH, career_from_dict, class_cars, load_career, load_ghost
from game.content.replays import file_digest, load_replay, save_replay
from game.content.tracks import load_track, track_path
from game.safe_json import DataError
from game.sim.career.event import CUP, EVENT_MODES, GHOST, Cup, Event
from game.sim.replay.format import ReplayError

SHIPPED = json.loads(EVENTS_PATH.read_text(encoding="utf-8"))
MAPS = ("sideways_park", "mountain_pass", "frozen_lake", "parking_yard")
LABEL = "data/events.json"


@pytest.fixture(scope="module")
def tracks(catalog):
    return {m: load_track(m, catalog.surfaces) for m in MAPS}


@pytest.fixture(scope="module")
def career(catalog, roster):
    return load_career(catalog, roster)


def _load(doc, catalog, roster, tracks, ghost_dir=None):
    return career_from_dict(doc, LABEL, catalog, roster, ghost_dir=ghost_dir or paths.DATA_DIR, maps=tracks)


def _event(doc, event_id: str) -> dict:
    return next(e for e in doc["events"] if e["id"] == event_id)


def test_the_shipped_career_has_five_tiers_twenty_events_every_map_and_mode_and_the_cup_last(career):
    events = [e for e in career.events if isinstance(e, Event)]
    assert len(career.tiers) >= 5 and len(events) >= 20
    assert {e.map for e in career.events} == set(MAPS)
    assert {e.mode for e in events} == set(EVENT_MODES)
    cup = career.events[-1]
    assert isinstance(cup, Cup) and cup.id == "sideways_cup" and cup.kind == CUP and cup.tier == career.tiers[-1].id
    assert len({f.driver for f in cup.field}) == 7 and cup.targets == (1, 2, 3)
    assert [e.tier for e in career.events] == sorted((e.tier for e in career.events), key=[t.id for t in career.tiers].index)
    stars = [t.unlock_stars for t in career.tiers]
    assert stars == sorted(stars) and stars[0] == 0 and len(set(stars)) == len(stars)  # each tier asks for more


def test_the_shipped_targets_rise_and_pay_more_per_star_tier_by_tier(career):
    for e in career.events:
        assert e.targets[0] < e.targets[1] < e.targets[2], e.id
        assert e.unlock_stars >= career.tier(e.tier).unlock_stars, e.id
    pay = [min(e.credits_per_star for e in career.in_tier(t.id)) for t in career.tiers]
    assert pay == sorted(pay) and pay[-1] > pay[0]
    for e in career.events:
        if e.run_mode == "qualifying":
            assert e.targets[2] < 100, e.id  # three stars is an ace's run (tools/career_tune.py), never a perfect 100
        if isinstance(e, Event) and e.mode == "tandem":
            assert e.targets[2] < 200 and e.opponent, e.id  # battle score = lead + chase: the ace autopilot's 158-187 on arcade


def test_parking_events_ask_for_the_simulation_handling_on_the_yard(career):
    parking = [e for e in career.events if e.mode == "parking"]
    assert parking and all(e.map == "parking_yard" and e.model == "sim" for e in parking)


def test_tandem_opponents_rise_in_skill_through_the_tiers(career, roster):
    order = ("rookie", "amateur", "pro", "ace")
    tiers = [t.id for t in career.tiers]
    tandems = [e for e in career.events if isinstance(e, Event) and e.mode == "tandem"]
    skill = [(tiers.index(e.tier), order.index(roster.get(e.opponent).skill)) for e in tandems]
    assert [s for _, s in sorted(skill)] == sorted(s for _, s in skill)
    assert skill[0][1] == 0 and max(s for _, s in skill) == 3


def test_every_shipped_ghost_loads_and_plays_in_sync_with_the_shipped_data(career, catalog, rules):
    ghosts = [e for e in career.events if e.mode == GHOST]
    assert {(e.map, e.course) for e in ghosts} >= {("sideways_park", "pad_hook"), ("frozen_lake", "island_loop")}
    for e in ghosts:
        replay = load_ghost(e, catalog, rules, track_digest=file_digest(track_path(e.map)))
        assert (replay.track_id, replay.course, replay.mode) == (e.map, e.course, "qualifying")
        assert replay.final_score >= e.targets[2] - 2, e.id  # a recorded ace's run: about the three-star score


def test_car_classes_follow_a_retuned_catalog(catalog, roster, tracks):
    career = _load(SHIPPED, catalog, roster, tracks)
    street, sport = career.classes["street"], career.classes["sport"]
    assert class_cars(street, catalog) == ("kart", "hatch") and "hatch" not in class_cars(sport, catalog)
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    next(c for c in data["cars"] if c["id"] == "hatch")["price"] = 20000  # the hatch priced as a sport car
    retuned = catalog_from_dict(data, "cars.json")
    moved = _load(SHIPPED, retuned, roster, tracks)
    assert class_cars(moved.classes["sport"], retuned)[:2] == ("hatch", "rally_lynx")
    assert moved.get("park_cone_garden").cars == ("kart",)  # a street-class event: the hatch is out of it now
    assert moved.get("park_club_day").cars == ("hatch",)  # listed by id: it stays


def _set(event_id, **fields):
    def apply(doc):
        e = _event(doc, event_id)
        for k, v in fields.items():
            if v is None:
                e.pop(k, None)
            else:
                e[k] = v

    return apply


def _dup_event(doc):
    doc["events"].append(copy.deepcopy(doc["events"][0]))


def _tier_falls(doc):
    doc["tiers"][2]["unlock_stars"] = 5


def _field_twice(doc):
    _event(doc, "sideways_cup")["field"][1]["driver"] = "rin"


def _class_upside_down(doc):
    doc["classes"][0]["min_price"] = 20000


def _empty_class(doc):
    doc["classes"][2]["min_price"] = 90000


BAD = [  # (mutation, the one line it gives)
    (_set("park_warmup", map="moon_base"), "events[park_warmup].map: no map 'moon_base' (maps: frozen_lake, mountain_pass, parking_yard, sideways_park)"),
    (_set("park_first_judged", course="x"), "events[park_first_judged].course: map 'sideways_park' has no course 'x' (courses: pad_hook)"),
    (_set("park_warmup", course="pad_hook"), "events[park_warmup].course: a timed event has no course (only qualifying, tandem, ghost and cups do)"),
    (_set("park_first_judged", course=None), "events[park_first_judged].course: missing: map 'sideways_park' has courses pad_hook"),
    (_set("park_club_day", cars=["hatch", "delorean"]), "events[park_club_day].cars: no car 'delorean' in data/cars.json"),
    (_set("park_cone_garden", **{"class": "truck"}), "events[park_cone_garden].class: no car class 'truck' (classes: street, sport, hyper)"),
    (_set("park_cone_garden", cars=["kart"]), "events[park_cone_garden].class: give cars or class, not both"),
    (_class_upside_down, "classes[street].max_price: must be > min_price (20000), got 15000"),
    (_set("park_follow_pip", opponent="stig"), "events[park_follow_pip].opponent: no drift driver 'stig' (drivers: rin, vera"),
    (_set("park_follow_pip", opponent=None), "events[park_follow_pip].opponent: missing: a tandem event names its drift driver"),
    (_set("park_warmup", opponent="rin"), "events[park_warmup].opponent: only a tandem event has one, not a timed event"),
    (_set("yard_valet", model="hover"), "events[yard_valet].model: no handling model 'hover' (models: arcade, sim)"),
    (_set("yard_valet", mode="qualifying"), "events[yard_valet].mode: map 'parking_yard' cannot host qualifying (it hosts free, timed, zones, parking)"),
    (_set("park_warmup", mode="parking"), "events[park_warmup].mode: map 'sideways_park' cannot host parking"),
    (_set("park_warmup", targets=[500, 500, 900]), "events[park_warmup].targets: must rise strictly (1, 2 and 3 stars), got [500, 500, 900]"),
    (_set("park_warmup", targets=[500, 400, 900]), "events[park_warmup].targets: must rise strictly"),
    (_set("sideways_cup", targets=[1, 2, 4]), "events[sideways_cup].targets: a cup's targets are battles won (at most 3), got [1, 2, 4]"),
    (_set("park_warmup", tier="legends"), "events[park_warmup].tier: no tier 'legends' (tiers: rookie, clubman, pro_am, pro, sideways_cup)"),
    (_set("pass_morning", unlock_stars=3), "events[pass_morning].unlock_stars: must be >= its tier's (clubman: 8), got 3"),
    (_tier_falls, "tiers[pro_am].unlock_stars: must be >= the tier before's (clubman: 8), got 5"),
    (_dup_event, "events[park_warmup].id: used twice"),
    (_field_twice, "events[sideways_cup].field[1].driver: 'rin' is in the field twice: a cup's field is 7 different drivers"),
    (_set("park_ghost_rin", ghost="ghosts/nobody.swr"), "events[park_ghost_rin].ghost: data/ghosts/nobody.swr: file not found"),
    (
        _set("park_ghost_rin", ghost="ghosts/vera_island_loop.swr"),
        "events[park_ghost_rin].ghost: ghosts/vera_island_loop.swr is a run of frozen_lake/island_loop, not sideways_park/pad_hook",
    ),
    (_set("park_ghost_rin", ghost="../../etc/passwd"), "events[park_ghost_rin].ghost: must match ghosts/NAME.swr"),
    (_set("park_ghost_rin", ghost=None), "events[park_ghost_rin].ghost: missing: a ghost race names its replay"),
    (_set("park_warmup", ghost="ghosts/rin_pad_hook.swr"), "events[park_warmup].ghost: only a ghost race has one, not a timed event"),
    (_set("park_warmup", mode=None), "events[park_warmup].mode: missing (one of timed, zones, parking, qualifying, tandem, ghost)"),
    (_set("sideways_cup", mode="tandem"), "events[sideways_cup].mode: a cup has no mode"),
    (_set("park_warmup", field=[]), "events[park_warmup].field: needs at least 7 items, got 0"),
    (_set("park_warmup", targets=[1, 2]), "events[park_warmup].targets: needs at least 3 items, got 2"),
    (_set("park_warmup", credit_per_star=5), "events[park_warmup].credit_per_star: unknown field (did you mean 'credits_per_star'?)"),
]


@pytest.mark.parametrize(("mutate", "line"), BAD, ids=[line.split(":")[0] + ":" + line.split(":")[1][:30] for _, line in BAD])
def test_each_kind_of_bad_file_is_one_line_naming_file_event_and_field(mutate, line, catalog, roster, tracks):
    doc = copy.deepcopy(SHIPPED)
    mutate(doc)
    with pytest.raises(DataError) as e:
        _load(doc, catalog, roster, tracks)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"{LABEL}: {line}"), msg


def test_an_empty_class_names_the_event_and_the_prices(catalog, roster, tracks):
    doc = copy.deepcopy(SHIPPED)
    _empty_class(doc)
    _event(doc, "lake_wrong_way").pop("cars")
    _event(doc, "lake_wrong_way")["class"] = "hyper"
    with pytest.raises(
        DataError, match=r"^data/events\.json: events\[lake_wrong_way\]\.class: class 'hyper' holds no car of data/cars\.json \(prices: kart 4000"
    ):
        _load(doc, catalog, roster, tracks)


def test_a_model_a_listed_car_cannot_drive_is_refused_and_a_class_keeps_the_cars_that_can(catalog, roster, tracks):
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    next(c for c in data["cars"] if c["id"] == "hatch").pop("drivetrain")  # the hatch: arcade only
    arcade_hatch = catalog_from_dict(data, "cars.json")
    with pytest.raises(DataError, match=r"^data/events\.json: events\[yard_valet\]\.model: car 'hatch' cannot drive the Simulation model"):
        _load(SHIPPED, arcade_hatch, roster, tracks)
    doc = copy.deepcopy(SHIPPED)
    _set("yard_valet", cars=None, **{"class": "street"})(doc)
    assert _load(doc, arcade_hatch, roster, tracks).get("yard_valet").cars == ("kart",)


def test_a_ghost_file_that_is_not_a_replay_is_one_line(tmp_path, catalog, roster, tracks):
    shutil.copytree(paths.DATA_DIR / "ghosts", tmp_path / "ghosts")
    (tmp_path / "ghosts" / "rin_pad_hook.swr").write_bytes(b"SWRP\x02\x00garbage")
    with pytest.raises(DataError) as e:
        _load(SHIPPED, catalog, roster, tracks, ghost_dir=tmp_path)
    assert str(e.value).startswith(f"{LABEL}: events[park_ghost_rin].ghost: ") and "\n" not in str(e.value)


def test_a_broken_events_file_is_one_line(tmp_path, catalog, roster):
    p = tmp_path / "events.json"
    p.write_text('{"version": 1, "tiers": [', encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_career(catalog, roster, p)
    assert str(p) in str(e.value) and "\n" not in str(e.value)


def test_load_ghost_refuses_a_retuned_catalog_or_another_course_in_one_line(tmp_path, career, catalog, rules):
    ghost = career.get("park_ghost_rin")
    digest = file_digest(track_path("sideways_park"))
    data = json.loads(paths.DEFAULT_CATALOG.read_text(encoding="utf-8"))
    for car in data["cars"]:
        car["grip"] += 0.5  # a modder's retune of every car, the ghost's among them: it races in the car it keeps
    assert load_ghost(ghost, catalog_from_dict(data, "cars.json", digest="ff" * 32), rules, track_digest=digest).car_id == "vortex_gt"
    data["handling"]["gravity"] = 20.0  # what every car drives by: it would race out of sync
    retuned = catalog_from_dict(data, "cars.json", digest="ff" * 32)
    with pytest.raises(ReplayError) as e:
        load_ghost(ghost, retuned, rules, track_digest=digest)
    msg = str(e.value)
    assert msg.startswith('data/ghosts/rin_pad_hook.swr: the ghost of "Rin\'s Ghost" cannot race: '
                          "replay was recorded with a different cars.json handling and surfaces")
    assert "\n" not in msg
    (tmp_path / "ghosts").mkdir()
    with pytest.raises(ReplayError, match=r"ghosts/rin_pad_hook\.swr: file not found$"):
        load_ghost(ghost, data_dir=tmp_path)  # not there
    save_replay(tmp_path / "ghosts" / "rin_pad_hook.swr", load_replay(paths.DATA_DIR / "ghosts" / "vera_island_loop.swr"))
    with pytest.raises(ReplayError, match=r"rin_pad_hook\.swr: is a run of frozen_lake/island_loop, not sideways_park/pad_hook$"):
        load_ghost(ghost, data_dir=tmp_path)
    with pytest.raises(ReplayError, match="is no ghost race"):
        load_ghost(career.get("park_warmup"))
