"""Crafted replays: every header field checked, lengths and record counts capped, digests always compared."""

from __future__ import annotations

import json
import struct
import time
import zlib

import pytest

import game
from game.cli import main
from game.sim.controls import Controls
from game.sim.replay.codec import encode_changes
from game.sim.replay.format import MAX_BODY_BYTES, MAX_RECORDS, Replay, ReplayError, check_compatible
from game.sim.replay.recorder import Recorder

DIGEST = "ab" * 32


def _header(**kw) -> dict:
    head = dict(game_version=game.__version__, catalog_digest=DIGEST, rules_digest=DIGEST, track_digest=DIGEST, car_id="hatch",
                paint="#ff8800", track_id="sideways_park", mode="free", seed=1, hz=120.0, steps=240, final_score=0,
                created="2026-11-30T10:00:00", final=[0.0, 0.0, 0.0, 0.0], spawn=None, resets=[])
    head.update(kw)
    return head


def _file(header, records: bytes = b"") -> bytes:
    """A well-formed container (signature, length, checksum, zlib) around any header bytes and records."""
    hb = header if isinstance(header, bytes) else json.dumps(header).encode()
    body = struct.pack("<I", len(hb)) + hb + records
    return struct.pack("<4sHII", b"SWRP", 1, len(body), zlib.crc32(body)) + zlib.compress(body, 9)


def _refused(data: bytes) -> str:
    with pytest.raises(ReplayError) as e:
        Replay.from_bytes(data, "r.swr")
    msg = str(e.value)
    assert msg.startswith("r.swr: ") and "\n" not in msg
    return msg


def test_a_well_formed_crafted_header_is_accepted():
    r = Replay.from_bytes(_file(_header()), "r.swr")
    assert (r.track_id, r.steps, r.seconds) == ("sideways_park", 240, 2.0)
    assert (r.physics_version, r.autopilot, r.event) == (0, "", "")  # a file from before physics versions: version 0, nobody else drove
    r = Replay.from_bytes(_file(_header(physics=7, autopilot="vera", event="park_warmup")), "r.swr")
    assert (r.physics_version, r.autopilot, r.event) == (7, "vera", "park_warmup")


@pytest.mark.parametrize("field, value, message", [
    ("track_id", "/etc/passwd", "header field 'track_id' is '/etc/passwd', not a track id"),
    ("track_id", "../../x", "header field 'track_id' is '../../x', not a track id"),
    ("car_id", "", "header field 'car_id' is '', not a car id"),
    ("paint", "zzz", "header field 'paint' is 'zzz', not a colour like #ff8800"),
    ("spawn", [1.0, 2.0], "header field 'spawn' is '[1.0, 2.0]', not a list of 3 finite numbers"),
    ("spawn", [1.0, 2.0, 1e300], "header field 'spawn' is '[1.0, 2.0, 1e+300]', not a list of 3 finite numbers"),
    ("final", [0, 0, 0], "header field 'final' is '[0, 0, 0]', not a list of 4 finite numbers"),
    ("hz", 0.001, "header field 'hz' is '0.001', not a number 10..2000"),
    ("steps", 10**12, "header field 'steps' is '1000000000000', not a whole number 0..432000"),
    ("steps", -1, "header field 'steps' is '-1', not a whole number 0..432000"),
    ("seed", True, "header field 'seed' is 'True', not a whole number"),
    ("track_digest", "xyz", "header field 'track_digest' is 'xyz', not a sha256 digest"),
    ("game_version", "1" * 300, "not a version like 0.1.0"),
    ("mode", "race", "header field 'mode' is 'race'"),
    ("physics", -1, "header field 'physics' is '-1', not a whole number 0..1000000"),
    ("physics", "1", "header field 'physics' is '1', not a whole number 0..1000000"),
    ("autopilot", "../vera", "header field 'autopilot' is '../vera', not a drift driver id or skill level, or empty"),
    ("event", "Park Warmup", "header field 'event' is 'Park Warmup', not a career event id, or empty"),
])
def test_each_bad_header_field_is_named(field, value, message):
    assert message in _refused(_file(_header(**{field: value})))


def test_nan_and_missing_fields_in_the_header():
    assert "NaN is not a number JSON allows" in _refused(_file(json.dumps(_header()).replace('"seed": 1', '"seed": NaN').encode()))
    head = _header()
    del head["final"]
    assert "header lacks 'final'" in _refused(_file(head))


def test_a_zip_bomb_of_ten_million_records_is_refused_before_decoding():
    records = b"\x00\x00" * 10_000_000  # ten million "nothing changed" records
    data = _file(_header(steps=432_000), records)
    t0 = time.perf_counter()
    msg = _refused(data)
    took_ms = (time.perf_counter() - t0) * 1000
    print(f"\n{len(data) / 1024:.0f} KB file claiming {len(records) / 1e6:.0f} MB of records refused in {took_ms:.1f} ms")
    body_bytes = len(records) + 4 + len(json.dumps(_header(steps=432_000)))
    assert len(data) < 40_000 and f"replay too big ({body_bytes} bytes of records; at most {MAX_BODY_BYTES})" in msg


def test_record_count_is_capped_below_the_size_cap(monkeypatch):
    import game.sim.replay.format as replay_mod

    monkeypatch.setattr(replay_mod, "MAX_RECORDS", 1000)  # the real cap (500,000) works the same, just slower to build
    changes = [(i, Controls(throttle=(i % 2) / 1000)) for i in range(1001)]
    assert "more than 1000 input records" in _refused(_file(_header(steps=1200), encode_changes(changes)))
    assert len(Replay.from_bytes(_file(_header(steps=1200), encode_changes(changes[:1000]))).changes) == 1000
    assert MAX_RECORDS >= 3600 * 120  # an hour at 120 Hz, a change every step, still plays


def test_an_empty_digest_never_skips_the_check():
    r = Replay.from_bytes(_file(_header(track_digest="")), "r.swr")
    with pytest.raises(ReplayError, match=r"different track file \(no digest vs cdcdcd…\)"):
        check_compatible(r, DIGEST, DIGEST, track_digest="cd" * 32)
    r = Replay.from_bytes(_file(_header(catalog_digest="")), "r.swr")
    with pytest.raises(ReplayError, match=r"different cars.json \(no digest vs efefef…\)"):
        check_compatible(r, "ef" * 32, DIGEST)


def test_replay_command_refuses_a_path_as_track_before_opening_anything(tmp_path, capsys):
    p = tmp_path / "evil.swr"
    p.write_bytes(_file(_header(track_id="/etc/passwd")))
    assert main(["replay", str(p), "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sideways replay: {p}: corrupt replay (header field 'track_id' is '/etc/passwd'") and err.count("\n") == 1


def test_a_recorded_replay_round_trips_through_the_checks(catalog):
    rec = Recorder(car_id="hatch", track_id="sideways_park", mode="free", seed=-5, hz=120.0, catalog_digest=catalog.digest,
                   rules_digest=DIGEST, created="2026-11-30T10:00:00", track_digest=DIGEST, spawn=(1.0, 2.0, 0.5))
    for i in range(50):
        rec.record(Controls(throttle=min(1.0, i / 10), steer=-0.25 if i > 20 else 0.0))
    rec.note_reset()

    class State:
        x, z, heading, speed = 1.5, -2.0, 0.25, 3.0

    r = rec.finish(State(), 17)
    assert Replay.from_bytes(r.to_bytes()) == r
