"""A replay carries the cars it was driven with: it plays with them whatever cars.json says now, says when its own car
differs, and a crafted car in it is one line, checked as the catalog's cars are."""

from __future__ import annotations

import dataclasses
import json
import struct
import zlib

import pytest

from game.content.catalog import car_from_json
from game.content.drivers import load_drivers
from game.content.replays import check_playable, parse_replay, tune_note
from game.sim.controls import Controls
from game.sim.params import CarSpec
from game.sim.replay.format import Replay, ReplayError
from game.sim.replay.header import MAX_AI, MAX_CARS
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import add_ghost
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify
from game.sim.session import Session

# full throttle, a handbrake flick into a slide, a held drift: a run whose end depends on every number of its car
PLAN = [(Controls(throttle=1.0), 150), (Controls(throttle=0.7, steer=1.0, handbrake=True), 50), (Controls(throttle=0.6, steer=0.7), 300)]


def _drive(run: DriftRun) -> Replay:
    for c, n in PLAN:
        for _ in range(n):
            run.step(c)
    run.finish()
    return Replay.from_bytes(run.replay().to_bytes())


def _retuned(catalog, *car_ids: str):
    """The catalog with these cars' grip and power changed (a modder's retune)."""
    cars = dict(catalog.cars)
    for cid in car_ids:
        cars[cid] = dataclasses.replace(cars[cid], grip=cars[cid].grip * 1.4, power=cars[cid].power * 0.8)
    return dataclasses.replace(catalog, cars=cars, digest="cd" * 32)


@pytest.fixture(scope="module")
def hatch_run(catalog, park, rules) -> Replay:
    return _drive(DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free", seed=3, track_id="sideways_park")))


def test_every_shipped_car_is_written_as_cars_json_spells_it_and_read_back_the_same(catalog):
    for spec in catalog.cars.values():
        block = spec.to_json()
        assert json.loads(json.dumps(block)) == block
        assert car_from_json(block, "r.swr") == spec == CarSpec.from_json(block)


def test_a_replay_plays_with_its_own_car_whatever_the_catalog_says_now(catalog, park, rules, hatch_run):
    assert [c.id for c in hatch_run.cars] == ["hatch"] and hatch_run.cars[0] == catalog.car("hatch")
    assert hatch_run.physics_digest == catalog.physics_digest() and hatch_run.format_version == 3
    assert hatch_run.matches(*verify(hatch_run, catalog, park, rules))
    for changed in (("kart",), ("hatch",), ("hatch", "kart")):  # another car retuned, its own, both
        assert hatch_run.matches(*verify(hatch_run, _retuned(catalog, *changed), park, rules)), changed
    older = dataclasses.replace(hatch_run, cars=(), physics_digest="")  # as a replay from before format 3 drives
    assert not older.matches(*verify(older, _retuned(catalog, "hatch"), park, rules))  # the kept car is what re-creates it


def test_a_retuned_cars_json_is_checked_by_what_the_replay_keeps(catalog, rules, hatch_run):
    retuned = _retuned(catalog, "hatch")
    assert check_playable(hatch_run, retuned, rules, hatch_run.track_digest) is None
    assert tune_note(hatch_run, retuned) == "driven with an earlier tune of the Sprite Hatch; it plays with the car as it was driven"
    assert tune_note(hatch_run, _retuned(catalog, "kart")) is None and tune_note(hatch_run, catalog) is None
    handling = dataclasses.replace(catalog, handling=dataclasses.replace(catalog.handling, gravity_mps2=20.0))
    with pytest.raises(ReplayError, match=r"^replay was recorded with a different cars.json handling and surfaces \(digest"):
        check_playable(hatch_run, handling, rules, hatch_run.track_digest)
    older = dataclasses.replace(hatch_run, cars=(), physics_digest="")  # before format 3: the whole cars.json, as before
    with pytest.raises(ReplayError, match=r"^replay was recorded with a different cars.json \(digest"):
        check_playable(older, retuned, rules, hatch_run.track_digest)


def test_a_run_with_ai_cars_keeps_the_cars_its_fleet_draws_from(catalog, park, rules):
    drivers = load_drivers()
    run = DriftRun(RunSetup(catalog, "zenith_hyper", park, rules, mode="free", seed=4, ai_count=3, drivers=drivers, track_id="sideways_park"))
    replay = _drive(run)
    assert [c.id for c in replay.cars] == list(catalog.cars)[:MAX_AI]  # the shipped six, in order: the player's among them
    everyone = _retuned(catalog, *catalog.cars)
    assert replay.matches(*verify(replay, everyone, park, rules, drivers))


def test_a_ghost_races_in_the_car_it_was_driven_in(catalog, park, hatch_run):
    session = Session(_retuned(catalog, "hatch"), "kart", park)
    ghost = add_ghost(session, hatch_run)
    assert ghost.spec == catalog.car("hatch") != session.catalog.car("hatch")


def _rewrite(data: bytes, change) -> bytes:
    """The file with its header changed by change(head) (the lead section and records kept)."""
    body = zlib.decompress(data[14:])
    (hlen,) = struct.unpack_from("<I", body)
    head = json.loads(body[4 : 4 + hlen])
    change(head)
    hb = json.dumps(head).encode()
    body = struct.pack("<I", len(hb)) + hb + body[4 + hlen :]
    return struct.pack("<4sHII", b"SWRP", 3, len(body), zlib.crc32(body)) + zlib.compress(body, 9)


def _set(path: str, value):
    def change(head):
        *keys, last = path.split(".")
        node = head["cars"][0]
        for k in keys:
            node = node[k]
        node[last] = value

    return change


@pytest.mark.parametrize("change, message", [
    (_set("grip", -1), "r.swr: cars[hatch].grip: must be > 0, got -1"),
    (_set("wheelbase_m", 4.0), "r.swr: cars[hatch].wheelbase_m: must be < length_m"),
    (_set("drivetrain.engine.redline_rpm", "fast"), 'r.swr: cars[hatch].drivetrain.engine.redline_rpm: must be a number, got "fast"'),
    (_set("horsepower", 900), "r.swr: cars[hatch].horsepower: unknown field (did you mean 'power'?)"),
    (lambda h: h.__setitem__("cars", h["cars"] * (MAX_CARS + 1)), f"header field 'cars' is not a list of at most {MAX_CARS} cars"),
    (lambda h: h.__setitem__("cars", h["cars"] * 2), "header field 'cars' names a car twice"),
    (lambda h: h.__setitem__("cars", ["hatch"]), f"header field 'cars' is not a list of at most {MAX_CARS} cars"),
    (lambda h: h.__setitem__("car_id", "kart"), "header field 'cars' lacks its own car 'kart'"),
    (lambda h: h.pop("physics_digest"), "header has 'cars' but no 'physics_digest'"),
])
def test_a_crafted_car_in_a_replay_is_one_line(hatch_run, change, message):
    with pytest.raises(ReplayError) as e:
        parse_replay(_rewrite(hatch_run.to_bytes(), change), "r.swr")
    text = str(e.value)
    assert text.startswith("r.swr: ") and message in text and "\n" not in text, text


def test_a_lead_is_kept_without_its_own_lead(hatch_run):
    chase = dataclasses.replace(hatch_run, lead=dataclasses.replace(hatch_run, lead=hatch_run))
    back = parse_replay(chase.to_bytes(), "r.swr")
    assert back.lead is not None and back.lead.lead is None and back.lead.changes == hatch_run.changes
    inner = dataclasses.replace(hatch_run, lead=hatch_run).to_bytes()  # a crafted lead that has a lead of its own
    body = zlib.decompress(hatch_run.to_bytes()[14:])
    (hlen,) = struct.unpack_from("<I", body)
    body = body[: 4 + hlen] + struct.pack("<I", len(inner)) + inner + body[4 + hlen + 4 :]
    data = struct.pack("<4sHII", b"SWRP", 3, len(body), zlib.crc32(body)) + zlib.compress(body, 9)
    with pytest.raises(ReplayError, match=r"^r.swr's lead: corrupt replay \(the replay that led has a lead of its own\)$"):
        parse_replay(data, "r.swr")


def test_a_tandem_opponent_drives_a_car_the_replay_carries(catalog, rules, roster, hatch_run):
    crafted = dataclasses.replace(hatch_run, mode="tandem", role="lead", opponent="ines", drift_drivers_digest=roster.digest)
    with pytest.raises(ReplayError, match=r"^its opponent 'ines' drives car 'rally_lynx', which the replay does not carry$"):
        check_playable(crafted, catalog, rules, hatch_run.track_digest, roster)
    with pytest.raises(ReplayError, match=r"^its opponent 'nobody' is not in the drift drivers$"):
        check_playable(dataclasses.replace(crafted, opponent="nobody"), catalog, rules, hatch_run.track_digest, roster)
    carried = dataclasses.replace(crafted, cars=(*hatch_run.cars, catalog.car("rally_lynx")))
    assert check_playable(carried, catalog, rules, hatch_run.track_digest, roster) is None
