"""Replays: quantised RLE inputs, compact files, bit-identical re-simulation, and one-line refusals."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import subprocess
import sys

import pytest

import game
from game.content.replays import load_replay, save_replay
from game.content.scoring_rules import load_scoring_rules
from game.content.settings import DEFAULT_BINDINGS
from game.driving.input import InputMapper
from game.sim.controls import Controls
from game.sim.inputs import parse_inputs
from game.sim.judges.scoring import DriftScorer
from game.sim.replay.format import FORMAT_VERSION, Replay, ReplayError, check_compatible, quantize
from game.sim.replay.recorder import Recorder
from game.sim.run.playback import add_ghost
from game.sim.run.verify import verify
from game.sim.session import Session
from tests.support.simdrive import flat_session

SCRIPT = "\n".join((
    '{"t": 0, "throttle": 1}',
    '{"t": 2.2, "throttle": 0.7, "steer": 0.83, "handbrake": true}',
    '{"t": 3.0, "throttle": 0.9, "steer": 0.6123456}',
    '{"t": 4.5, "throttle": 0.8, "steer": -1, "handbrake": true}',
    '{"t": 5.0, "throttle": 1, "steer": -0.5}',
    '{"t": 6.5, "throttle": 0.3, "brake": 0.2}',
))


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def recorder(catalog, rules, **kw) -> Recorder:
    args = dict(car_id="hatch", track_id="sideways_park", mode="free", seed=42, hz=120.0, catalog_digest=catalog.digest,
                rules_digest=rules.digest, created="2024-05-01T12:00:00Z", paint="#ff8800")
    return Recorder(**{**args, **kw})


@pytest.fixture(scope="module")
def recorded(catalog, park, rules):
    """A scripted drive on the park, as the live game would play it: quantised controls into the sim."""
    timeline = parse_inputs(SCRIPT, "script")
    session = Session(catalog, "hatch", park, hz=120.0)
    scorer = DriftScorer(rules)
    rec = recorder(catalog, rules)
    for _ in range(int(8.0 * 120)):
        c = rec.record(timeline.at(session.t))
        scorer.update(session.state, session.step(c), session.dt)
    scorer.finish(session.t)
    return rec.finish(session.state, scorer.banked), session.state.copy(), scorer.banked


def test_quantize_rounds_to_thousandths_and_clamps():
    q = quantize(Controls(throttle=0.12345, brake=1.7, steer=-0.99951, handbrake=1))
    assert q == Controls(0.123, 1.0, -1.0, True)
    assert quantize(q) == q and quantize(Controls(steer=float("nan"))) == Controls()


def test_only_changes_are_stored(catalog, rules):
    rec = recorder(catalog, rules)
    for c in [Controls()] * 10 + [Controls(throttle=1)] * 100 + [Controls(throttle=1, steer=0.5004)] * 50:
        rec.record(c)
    r = rec.finish(flat_session(catalog).state, 0)
    assert r.changes == ((10, Controls(throttle=1.0)), (110, Controls(throttle=1.0, steer=0.5)))
    assert r.steps == 160 and r.timeline_controls(0) == Controls() and r.timeline_controls(109) == Controls(throttle=1.0)
    assert list(r.iter_controls()) == [r.timeline_controls(i) for i in range(r.steps)]
    assert Replay.from_bytes(r.to_bytes()) == r


def test_recorded_drive_replays_bit_identically(recorded, catalog, park, rules, tmp_path):
    replay, live_state, live_score = recorded
    assert live_score > 0  # the script drifts, so the score checks something
    path = tmp_path / "replays" / "run.swr"
    save_replay(path, replay)
    assert [p.name for p in path.parent.iterdir()] == ["run.swr"]  # no temp file left behind
    loaded = load_replay(path)
    assert loaded == replay
    check_compatible(loaded, catalog.digest, rules.digest, game.__version__)
    state, score = verify(loaded, catalog, park, rules)
    assert state.as_dict() == live_state.as_dict() and score == live_score  # exact floats, not approx
    assert loaded.matches(state, score)
    assert loaded.format_version == FORMAT_VERSION and loaded.game_version == game.__version__
    assert (loaded.car_id, loaded.paint, loaded.track_id, loaded.mode, loaded.seed) == ("hatch", "#ff8800", "sideways_park", "free", 42)


def test_ghost_follows_the_recording(recorded, catalog, park):
    replay, live_state, _ = recorded
    host = Session(catalog, "kart", park)
    host.step(Controls(throttle=1.0))  # the player drives off; the ghost joins a step later, at the recorded spawn
    ghost = add_ghost(host, replay)
    assert not ghost.collides and ghost.kind == "ghost"
    for _ in range(replay.steps // 2):
        host.step(Controls(throttle=1.0, steer=0.5))
    assert ghost.controller.played(host) == replay.steps // 2 and not ghost.controller.done(host)
    while not ghost.controller.done(host):
        host.step(Controls(throttle=1.0, steer=0.5))  # it drives through the player: it collides with nothing
    assert ghost.state.as_dict() | {"t": 0} == live_state.as_dict() | {"t": 0} and ghost.prev.t < ghost.state.t


def test_a_minute_of_keyboard_driving_is_a_few_kb(catalog, rules):
    keys = {a: DEFAULT_BINDINGS[a]["keyboard"][0] for a in ("throttle", "brake", "steer_left", "steer_right", "handbrake")}
    mapper, rng, held, until = InputMapper(DEFAULT_BINDINGS), random.Random(7), {}, dict.fromkeys(keys, 0)
    rec, session = recorder(catalog, rules), flat_session(catalog)
    for step in range(60 * 120):
        for action, key in keys.items():
            if step >= until[action]:
                held[key] = float(rng.random() < (0.7 if action == "throttle" else 0.3))
                until[action] = step + rng.randint(20, 150)
        session.step(rec.record(mapper.update(held, 1 / 120)))
    replay = rec.finish(session.state, 0)
    assert len(replay.changes) > 2000  # key ramps change the controls most steps
    assert len(replay.to_bytes()) < 8 * 1024
    assert Replay.from_bytes(replay.to_bytes()) == replay


@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(catalog_digest="77be02" + "0" * 58), "replay was recorded with a different cars.json (digest "),
        (dict(rules_digest="ab" * 32), "replay was recorded with a different scoring.json (digest "),
        (dict(game_version="0.2.0"), "replay was recorded with game 0.1.0, this is 0.2.0; "),
        (dict(game_version="1.0.0"), "replay was recorded with game 0.1.0, this is 1.0.0; "),
        (dict(track_digest="cd" * 32), "replay was recorded with a different track file (digest "),
    ],
)
def test_incompatible_replays_are_refused_in_one_line(recorded, catalog, rules, kw, message):
    replay = recorded[0]
    ours = dict(catalog_digest=catalog.digest, rules_digest=rules.digest, game_version=game.__version__, track_digest="ef" * 32)
    replay = dataclasses.replace(replay, track_digest="ef" * 32)
    with pytest.raises(ReplayError) as e:
        check_compatible(replay, **{**ours, **kw})
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_compatible_versions(recorded, catalog, rules):
    replay = recorded[0]
    check_compatible(replay, catalog.digest, rules.digest, "0.1.7")  # a patch release keeps the sim
    check_compatible(replay, catalog.digest, rules.digest, game.__version__, track_digest=None)


def _bad_files(good: bytes) -> list[tuple[str, bytes, str]]:
    noise = hashlib.sha256(b"noise").digest() * 40
    future = good[:4] + (FORMAT_VERSION + 8).to_bytes(2, "little") + good[6:]
    flipped = bytearray(good)
    flipped[-2] ^= 0x55  # inside the compressed stream's own checksum: always caught
    return [
        ("empty", b"", "empty file, not a replay"),
        ("random", noise, "not a Sideways replay"),
        ("text", b"{\"not\": \"a replay\"}", "not a Sideways replay"),
        ("truncated", good[: len(good) // 2], "truncated replay"),
        ("tiny", good[:7], "truncated replay"),
        ("magic+noise", good[:14] + noise, "corrupt replay"),
        ("flipped", bytes(flipped), "corrupt replay"),
        ("future", future, f"replay format version {FORMAT_VERSION + 8} is not supported (this game reads versions 1, 2, 3)"),
    ]


def test_bad_files_give_one_line(recorded, tmp_path):
    good = recorded[0].to_bytes()
    for name, data, message in _bad_files(good):
        p = tmp_path / f"{name}.swr"
        p.write_bytes(data)
        with pytest.raises(ReplayError) as e:
            load_replay(p)
        text = str(e.value)
        assert text.startswith(f"{p}: ") and message in text and "\n" not in text, (name, text)
    with pytest.raises(ReplayError, match="file not found"):
        load_replay(tmp_path / "missing.swr")
    with pytest.raises(ReplayError, match=r"^replay: corrupt replay \(header field 'mode' is 'race'\)$"):
        Replay.from_bytes(dataclasses.replace(recorded[0], mode="race").to_bytes())


def test_scoring_and_replay_import_no_engine():
    code = (
        "import sys, game.sim.judges.scoring, game.sim.judges.zone_judge, game.sim.replay.format, game.content.scoring_rules;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'ursina', 'panda3d', 'direct'}))"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "[]"


def test_recorder_refuses_unknown_modes(catalog, rules):
    with pytest.raises(ValueError, match="mode must be one of free, timed, zones"):
        recorder(catalog, rules, mode="race")
