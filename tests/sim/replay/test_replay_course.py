"""A replay names the course it was judged on (and its runs and stagings); older replays without them still load."""

from __future__ import annotations

import json
import struct
import zlib

import pytest

from game.sim.controls import Controls
from game.sim.replay.format import Replay, ReplayError
from game.sim.replay.recorder import Recorder
from tests.sim.replay.test_replay_untrusted import DIGEST, _header  # the crafted header every replay test starts from


def _recorded(**kw) -> Replay:
    rec = Recorder(car_id="hatch", track_id="sideways_park", mode="qualifying", seed=3, hz=120.0, catalog_digest=DIGEST,
                   rules_digest=DIGEST, created="2026-12-01T18:00:00", spawn=(0.0, -60.0, 0.0), **kw)
    for i in range(30):
        rec.record(Controls(throttle=min(1.0, i / 10)))
        if i == 19:
            rec.note_stage()
    return rec.finish(_State(), 71, best_run=0)


class _State:
    x, z, heading, speed = 1.0, 2.0, 0.5, 3.0


def _file(head: dict) -> bytes:
    hb = json.dumps(head).encode()
    body = struct.pack("<I", len(hb)) + hb
    return struct.pack("<4sHII", b"SWRP", 2, len(body), zlib.crc32(body)) + zlib.compress(body, 9)


def test_the_course_runs_and_stagings_survive_the_file():
    r = Replay.from_bytes(_recorded(course="pad_eight", runs=1).to_bytes())
    assert (r.mode, r.course, r.runs, r.stages, r.final_score, r.spawn) == ("qualifying", "pad_eight", 1, (20,), 71, (0.0, -60.0, 0.0))
    assert r.best_run == 0 and r.run_steps(0) == (0, 20) and r.run_steps(1) == (20, 30)  # run 1 counted: steps 0-19


def test_a_replay_from_before_courses_loads_with_none():
    r = Replay.from_bytes(_file(_header()), "old.swr")
    assert (r.course, r.runs, r.stages, r.best_run) == ("", 0, (), None)


def test_a_run_in_another_mode_writes_an_empty_course_and_nothing_else():
    rec = Recorder(car_id="hatch", track_id="sideways_park", mode="free", seed=0, hz=120.0, catalog_digest=DIGEST, rules_digest=DIGEST,
                   created="")
    data = rec.finish(_State(), 0).to_bytes()
    body = zlib.decompress(data[14:])
    head = json.loads(body[4 : 4 + struct.unpack_from("<I", body)[0]])
    assert head["course"] == "" and not {"runs", "stages", "best_run"} & set(head)


@pytest.mark.parametrize("field, value, message", [
    ("course", "../pad", "header field 'course' is '../pad', not a course id"),
    ("course", 7, "header field 'course' is '7', not a course id"),
    ("runs", 99, "header field 'runs' is '99', not a whole number 0..10"),
    ("stages", [1, 999], "header field 'stages' is not a list of step numbers"),
    ("best_run", -1, "header field 'best_run' is '-1', not a run number 0..9"),
    ("best_run", True, "header field 'best_run' is 'True', not a run number 0..9"),
])
def test_a_crafted_course_field_is_one_line(field, value, message):
    with pytest.raises(ReplayError) as e:
        Replay.from_bytes(_file(_header(**{field: value})), "r.swr")
    assert str(e.value).startswith(f"r.swr: corrupt replay ({message}") and "\n" not in str(e.value)
