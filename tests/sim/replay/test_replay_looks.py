"""A replay carries its car's finish and stance, written only when not the factory's: older files stay byte for byte."""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from game.content.replays import load_replay
from game.sim.controls import Controls
from game.sim.looks import FACTORY, Stance
from game.sim.replay.format import _PREFIX, Replay, ReplayError
from game.sim.replay.recorder import Recorder
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup

DATA = Path(__file__).resolve().parents[2] / "e2e" / "data"
# sha256 of each fixture re-written (Replay.to_bytes) by the build before looks existed (03017ac): a default-looks file is
# unchanged (the kart's hash taken after its header was pointed at today's scoring.json, see tests/e2e/data/README.md)
BEFORE_LOOKS = {"v2_timed_kart.swr": "07a9817037f33617708805614f6fc9e1f5531ab42b587086857b0b0cfa9bbfb1",
                "v2_tandem_lead_vera.swr": "a6937fc5a39e5b0f79a58f8b13e948842fc1a7e7ef2a4f73044c4a7429ebfc32"}
LOW = Stance(camber_front_deg=-7, camber_rear_deg=-2, ride_mm=-50, track_mm=25, rim="mesh", rim_colour="#f0efe9")


def _header(data: bytes) -> dict:
    body = zlib.decompress(data[_PREFIX.size :])
    (hlen,) = struct.unpack_from("<I", body)
    return json.loads(body[4 : 4 + hlen])


@pytest.mark.parametrize("name", sorted(BEFORE_LOOKS))
def test_a_default_looks_replay_is_written_byte_for_byte_as_before(name):
    replay = load_replay(DATA / name)
    assert (replay.finish, replay.stance) == ("gloss", FACTORY)
    data = replay.to_bytes()
    assert hashlib.sha256(data).hexdigest() == BEFORE_LOOKS[name]
    assert not {"finish", "stance"} & set(_header(data))


def _drive(catalog, park, rules, **looks) -> DriftRun:
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free", seed=7, track_id="sideways_park", **looks))
    for i in range(360):
        run.step(Controls(throttle=1.0, steer=0.8 if i > 150 else 0.0, handbrake=160 < i < 200))
    run.finish()
    return run


def test_a_stance_replay_round_trips_and_drives_the_same_run(catalog, park, rules):
    plain, styled = _drive(catalog, park, rules), _drive(catalog, park, rules, finish="matte", stance=LOW)
    a, b = plain.replay(), styled.replay()
    assert (b.finish, b.stance) == ("matte", LOW) and styled.session.player.stance == LOW
    assert b.final == a.final and b.final_score == a.final_score and b.changes == a.changes  # looks only
    back = Replay.from_bytes(b.to_bytes())
    assert back == b and back.to_bytes() == b.to_bytes()
    assert _header(b.to_bytes())["stance"] == LOW.to_json()
    setup = RunSetup.of_replay(back, catalog, park, rules)
    assert (setup.finish, setup.stance) == ("matte", LOW)  # a replay played back shows the car as it was


def test_only_what_differs_from_the_factory_is_written(catalog, rules):
    rec = Recorder(car_id="hatch", track_id="", mode="free", seed=1, hz=120.0, catalog_digest=catalog.digest,
                   rules_digest=rules.digest, created="", finish="metallic")
    r = rec.finish(_drive_state(catalog), 0)
    assert _header(r.to_bytes())["finish"] == "metallic" and "stance" not in _header(r.to_bytes())


def _drive_state(catalog):
    from tests.support.simdrive import flat_session

    return flat_session(catalog).state


@pytest.mark.parametrize("field, value, says", [
    ("finish", "chrome", "header field 'finish': finish must be one of gloss, metallic, matte, got 'chrome'"),
    ("stance", {"ride_mm": -500}, "header field 'stance': stance ride_mm must be a number from -80 to 40, got -500"),
    ("stance", {"wings": 1}, "header field 'stance': stance has no field 'wings'"),
    ("stance", [1], "header field 'stance': stance must be an object, got list"),
])
def test_bad_looks_in_a_header_are_refused_in_one_line_naming_the_field(catalog, rules, field, value, says):
    good = replace(Recorder(car_id="hatch", track_id="", mode="free", seed=1, hz=120.0, catalog_digest=catalog.digest,
                            rules_digest=rules.digest, created="").finish(_drive_state(catalog), 0), stance=LOW).to_bytes()
    body = zlib.decompress(good[_PREFIX.size :])
    (hlen,) = struct.unpack_from("<I", body)
    head = json.loads(body[4 : 4 + hlen])
    head[field] = value
    hb = json.dumps(head, separators=(",", ":")).encode()
    body = struct.pack("<I", len(hb)) + hb + body[4 + hlen :]
    data = good[:6] + struct.pack("<II", len(body), zlib.crc32(body)) + zlib.compress(body, 9)
    with pytest.raises(ReplayError) as e:
        Replay.from_bytes(data, "run.swr")
    assert str(e.value) == f"run.swr: corrupt replay ({says})"
