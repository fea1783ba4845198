"""Fuzz every loader with mutations of real files: each answer is a value or one error line, never a traceback.

Hypothesis mutates the shipped catalog, map, scoring rules, drift drivers (and a player's own over them), career events,
rumble tunings and bench inputs, a real profile and settings file (with a wheel), and a recorded replay: bytes flipped,
cut, spliced and repeated; JSON values swapped for hostile ones (NaN, 5000-digit numbers, nesting 300 and 5000 deep,
wrong types, lone surrogates), keys dropped or invented.
Derandomized, so CI sees the same 3800 cases every run (whatever PYTHONHASHSEED).
"""

from __future__ import annotations

import functools
import json
import shutil
import struct
import tempfile
import zlib
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import paths
from game.content.catalog import load_catalog
from game.content.feedback_tuning import load_feedback
from game.content.profile import Profile, load_profile
from game.content.scoring_rules import load_scoring_rules
from game.content.settings import Settings, load_settings
from game.content.tracks import load_track
from game.content.wheel_settings import PedalCal, WheelProfile, WheelSettings
from game.safe_json import DataError, encode_json, read_text_file
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord, EventRecord
from game.sim.controls import Controls
from game.sim.inputs import parse_inputs
from game.sim.replay.format import Replay, ReplayError
from game.sim.replay.recorder import Recorder


def fuzz(examples: int):
    """Hypothesis settings for one loader: derandomized (the same cases on every run), no deadline."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

HOSTILE_RAW = ["NaN", "Infinity", "-Infinity", "1" * 5000, "-1e999", "[" * 300 + "]" * 300, '"\\ud800"', "1e-400", "-0",
               "1" * 39, "9007199254740993", '{"a": 1, "a": 2}', "[" * 5000 + '"]"' + "]" * 5000, '{"x": ' * 40 + "{}" + "}" * 40]
HOSTILE_VALUES = [None, True, False, 0, -1, 1e308, -1e308, 0.5, 6012.0, "", "zzz", "../../etc/passwd", [], {}, [[]],
                  {"x": 1}, "x" * 5000, [0.0] * 3, 10**40]


def _real_profile() -> bytes:
    p = Profile(credits=6012, owned=("hatch", "kart"), equipped="kart", paint={"kart": "#ff8800"},
                bests={"kart|sideways_park|free": {"score": 420, "replay": "kart-1.swr", "date": "2026-11-29"}},
                stats={"km_sideways": 3.5}, career=CareerProgress(
                    events={"park_warmup": EventRecord(best=1600, stars=2, replay="kart-2.swr", date="20261201-230000")},
                    cups={"sideways_cup": CupRecord(round="semi", seed=3, qualifying=88, attempts=1,
                                                    seeds=("player", "rin", "vera", "marco", "hugo", "duke", "pip", "ines"),
                                                    battles=(BattleRecord("quarter", "player", "ines", 150.0, 120.5, omt=1, winner="player"),))}))
    return json.dumps(p.to_json()).encode()


def _real_replay_body() -> bytes:
    rec = Recorder(car_id="hatch", track_id="sideways_park", mode="zones", seed=3, hz=120.0, catalog_digest="ab" * 32,
                   rules_digest="cd" * 32, created="2026-11-30T10:00:00", track_digest="ef" * 32, spawn=(1.0, 2.0, 0.5))
    for i in range(240):
        rec.record(Controls(throttle=min(1.0, i / 60), steer=((i // 30) % 3 - 1) * 0.5, handbrake=i % 50 < 5))

    class Final:
        x, z, heading, speed = 10.0, -4.0, 1.0, 12.0

    data = rec.finish(Final(), 99).to_bytes()
    return zlib.decompress(data[14:])


def _wrap_replay(body: bytes) -> bytes:
    """A valid container (signature, length, checksum) around a body: the mutation reaches the decoder."""
    return struct.pack("<4sHII", b"SWRP", 1, len(body), zlib.crc32(body)) + zlib.compress(body)


SOURCES = {
    "catalog": paths.DEFAULT_CATALOG.read_bytes(),
    "track": (paths.TRACKS_DIR / "sideways_park.json").read_bytes(),
    "scoring": (paths.DATA_DIR / "scoring.json").read_bytes(),
    "drift_drivers": (paths.DATA_DIR / "drift_drivers.json").read_bytes(),
    "user_drift_drivers": json.dumps({"skills": {"rookie": {"late_s": 0.2}}, "drivers": [
        {"id": "rin", "car": "hatch", "initiation": "power_over"},
        {"id": "newbie", "name": "New Bie", "skill": "rookie", "car": "kart", "paint": "#12ab34", "target_angle_scale": 0.8,
         "line_precision": 0.4, "consistency": 0.5, "initiation": "feint", "stance": {"ride_mm": -20}}]}).encode(),
    "events": (paths.DATA_DIR / "events.json").read_bytes(),
    "inputs": (paths.ROOT / "tools" / "bench_drive.jsonl").read_bytes(),
    "profile": _real_profile(),
    "settings": json.dumps(Settings(wheel=WheelSettings().with_profile("G29", WheelProfile(
        brake=PedalCal("brake", 1.0, -1.0), gears={-1: "b8", 1: "b1"}, buttons={"shift_up": "b2"}))).to_json()).encode(),
    "feedback": (paths.DATA_DIR / "feedback.json").read_bytes(),
}


# ---- mutations ---------------------------------------------------------------------------------


def sample(items: list):
    """st.sampled_from(items), labelled by index: its label otherwise hashes the elements, and a str's hash changes with
    every process (PYTHONHASHSEED), which changed the derandomized cases from run to run; hashing a map's thousands of
    nodes at every edit also cost seconds."""
    return st.sampled_from(range(len(items))).map(items.__getitem__)


@st.composite
def byte_mutation(draw, raw: bytes) -> bytes:
    """Up to three edits of the bytes: flip, cut, insert, repeat, truncate."""
    out = bytearray(raw)
    for _ in range(draw(st.integers(1, 3))):
        if not out:
            break
        i = draw(st.integers(0, len(out) - 1))
        op = draw(sample(["flip", "cut", "insert", "repeat", "truncate", "bom"]))
        if op == "flip":
            out[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "cut":
            del out[i : i + draw(st.integers(1, 64))]
        elif op == "insert":
            out[i:i] = draw(st.binary(min_size=1, max_size=8) | sample([b"NaN", b"[[[[", b"}", b",", b'"', b"\xef\xbb\xbf"]))
        elif op == "repeat":
            out[i:i] = out[i : i + draw(st.integers(1, 200))] * draw(st.integers(2, 50))
        elif op == "truncate":
            del out[i:]
        else:
            out[:0] = b"\xef\xbb\xbf"
    return bytes(out)


def _fresh(value):
    """A copy of a hostile value, so that editing the document never edits the shared list of them."""
    return json.loads(json.dumps(value))


def _nodes(doc) -> list:
    """Every (path, value) in a JSON document, depth first in document order (a stack, not nested generators: a map has
    thousands of nodes and is walked at every edit)."""
    out, stack = [], [((), doc)]
    while stack:
        path, value = stack.pop()
        out.append((path, value))
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend(reversed([((*path, k), v) for k, v in items]))
    return out


@st.composite
def json_mutation(draw, doc) -> str:
    """Up to three edits of the document: a value swapped for a hostile one, a key dropped or invented."""
    doc = json.loads(json.dumps(doc))
    raw_slots: dict[str, str] = {}
    for n in range(draw(st.integers(1, 3))):
        path, value = draw(sample(_nodes(doc)))
        op = draw(sample(["value", "raw", "drop", "add", "scale"]))
        if op == "add" and isinstance(value, (dict, list)):
            extra = _fresh(draw(sample(HOSTILE_VALUES)))
            if isinstance(value, dict):
                value[draw(sample(["gripp", "id", "", "x" * 80, "version"]))] = extra
            else:
                value.append(extra if draw(st.booleans()) else json.loads(json.dumps(value[0])) if value else extra)
            continue
        if not path:
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        if op == "drop":
            del parent[path[-1]]
        elif op == "scale" and isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[path[-1]] = value * draw(sample([-1, 0, 1e6, 1e-6, 1.5])) + draw(sample([0, 0.5]))
        elif op == "raw":
            slot = f"@@raw{n}@@"
            raw_slots[slot] = draw(sample(HOSTILE_RAW))
            parent[path[-1]] = slot
        else:
            parent[path[-1]] = _fresh(draw(sample(HOSTILE_VALUES)))
    text = json.dumps(doc)
    for slot, raw in raw_slots.items():
        text = text.replace(f'"{slot}"', raw)
    return text


def mutated(raw: bytes, lines: bool = False):
    """Bytes of a real file after byte edits, or after JSON edits (of one line, for JSON Lines)."""
    if lines:
        rows = raw.decode().splitlines()

        @st.composite
        def one_line(draw):
            i = draw(st.integers(0, len(rows) - 1))
            return "\n".join([*rows[:i], draw(json_mutation(json.loads(rows[i]))), *rows[i + 1 :]]).encode()

        return byte_mutation(raw) | one_line()
    return byte_mutation(raw) | json_mutation(json.loads(raw)).map(str.encode)


# ---- the loaders -------------------------------------------------------------------------------


def _one_line(exc: Exception) -> None:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text, text


def _file(data: bytes, name: str):
    d = tempfile.TemporaryDirectory()
    p = Path(d.name) / name
    p.write_bytes(data)
    return d, p


def _refused_or_loaded(load, data: bytes, name: str) -> None:
    d, p = _file(data, name)
    with d:
        try:
            load(p)
        except DataError as e:
            _one_line(e)


@fuzz(300)
@given(mutated(SOURCES["catalog"]))
def test_fuzzed_catalogs(data):
    _refused_or_loaded(load_catalog, data, "cars.json")


@fuzz(300)
@given(mutated(SOURCES["track"]))
def test_fuzzed_tracks(data):
    surfaces = ["asphalt", "grass", "snow", "dirt", "ice"]
    _refused_or_loaded(lambda p: load_track(str(p), surfaces), data, "map.json")


@fuzz(300)
@given(mutated(SOURCES["scoring"]))
def test_fuzzed_scoring_rules(data):
    _refused_or_loaded(load_scoring_rules, data, "scoring.json")


@fuzz(200)
@given(mutated(SOURCES["feedback"]))
def test_fuzzed_feedback_tunings(data):
    _refused_or_loaded(load_feedback, data, "feedback.json")


@fuzz(200)
@given(mutated(SOURCES["drift_drivers"]))
def test_fuzzed_drift_drivers(data):
    from game.content.drift_drivers import load_drift_drivers

    _refused_or_loaded(lambda p: load_drift_drivers(p, _shipped_catalog()), data, "drift_drivers.json")


@fuzz(200)
@given(mutated(SOURCES["user_drift_drivers"]))
def test_fuzzed_user_drift_drivers(data):
    """The player's own drift_drivers.json, merged over the shipped file."""
    from game.content.drift_drivers import load_merged_drift_drivers

    _refused_or_loaded(lambda p: load_merged_drift_drivers(p, _shipped_catalog()), data, "drift_drivers.json")


@fuzz(200)
@given(mutated(SOURCES["events"]))
def test_fuzzed_events(data):
    from game.content.events import load_career

    def load(p: Path):
        shutil.copytree(paths.DATA_DIR / "ghosts", p.parent / "ghosts")  # the ghost races' replays, beside the file as in data/
        return load_career(_shipped_catalog(), _shipped_roster(), p, maps=_shipped_maps())

    _refused_or_loaded(load, data, "events.json")


@functools.cache
def _shipped_catalog():
    """The shipped catalog (frozen), read once for every fuzzed file that names its cars: half of a fuzzed events
    file's time was reading it again."""
    return load_catalog()


@functools.cache
def _shipped_roster():
    """The shipped drift drivers, read once for every fuzzed events file."""
    from game.content.drift_drivers import load_drift_drivers

    return load_drift_drivers(None, _shipped_catalog())


@functools.cache
def _shipped_maps() -> dict:
    """The four maps, read once for every fuzzed events file."""
    surfaces = _shipped_catalog().surfaces
    return {t: load_track(t, surfaces) for t in ("sideways_park", "mountain_pass", "frozen_lake", "parking_yard")}


@fuzz(500)
@given(mutated(SOURCES["inputs"], lines=True))
def test_fuzzed_inputs(data):
    _refused_or_loaded(lambda p: parse_inputs(read_text_file(p), str(p)), data, "in.jsonl")


@fuzz(500)
@given(mutated(SOURCES["profile"]))
def test_fuzzed_profiles_always_give_a_profile(data):
    d, p = _file(data, "profile.json")
    with d, mock.patch("os.fsync"):  # a repaired profile is saved at once: skip the disk flush thousands of times
        res = load_profile(p, ["hatch", "kart", "coupe"], ["hatch"], 500)
        assert res.profile.equipped in res.profile.owned and res.profile.credits >= 0
        assert res.message is None or "\n" not in res.message
        encode_json(res.profile.to_json(), "profile.json")  # it can be saved, and the save reads back under every limit


@fuzz(500)
@given(mutated(SOURCES["settings"]))
def test_fuzzed_settings_always_give_settings(data):
    d, p = _file(data, "settings.json")
    with d:
        res = load_settings(p)
        assert res.message is None or "\n" not in res.message
        json.dumps(res.settings.to_json(), allow_nan=False).encode("utf-8")


BODY = _real_replay_body()
HEADER_LEN = struct.unpack_from("<I", BODY)[0]


@st.composite
def replay_mutation(draw) -> bytes:
    """The container's bytes edited, or a body with its header or records edited and the checksum made right."""
    kind = draw(sample(["container", "body", "header"]))
    if kind == "container":
        return draw(byte_mutation(_wrap_replay(BODY)))
    if kind == "body":
        return _wrap_replay(draw(byte_mutation(BODY)))
    header = draw(json_mutation(json.loads(BODY[4 : 4 + HEADER_LEN]))).encode()
    return _wrap_replay(struct.pack("<I", len(header)) + header + BODY[4 + HEADER_LEN :])


@fuzz(600)
@given(replay_mutation())
def test_fuzzed_replays(data):
    try:
        r = Replay.from_bytes(data, "r.swr")
    except ReplayError as e:
        _one_line(e)
        return
    assert r.steps <= 3600 * r.hz and sum(1 for _ in r.iter_controls()) == r.steps


@st.composite
def numbers_moved(draw, raw: bytes) -> bytes:
    """The map with a few of its numbers scaled or shifted: mostly maps the loader accepts."""
    doc = json.loads(raw)
    numeric = [path for path, v in _nodes(doc) if isinstance(v, (int, float)) and not isinstance(v, bool) and path]
    for _ in range(draw(st.integers(1, 4))):
        path = draw(sample(numeric))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = parent[path[-1]] * draw(sample([-1, 0.5, 3, 40])) + draw(sample([0, 7.25]))
    return json.dumps(doc).encode()


@fuzz(8)
@given(numbers_moved(SOURCES["track"]))
def test_every_map_the_loader_accepts_builds_and_draws(data):
    from game.sim.world import World
    from game.view.world.drawable import check_drawable

    catalog = _shipped_catalog()
    d, p = _file(data, "map.json")
    with d:
        try:
            track = load_track(str(p), catalog.surfaces)
        except DataError as e:
            _one_line(e)
            return
        world = World(track, list(catalog.surfaces))
        check_drawable(world, catalog, "map.json")  # raises if the view could not draw what the loader let in
