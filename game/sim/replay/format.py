"""The replay file format: a session's quantised, run-length encoded inputs plus what is needed to replay and verify it.

The Recorder (game/sim/replay/recorder.py) makes a Replay; game/content/replays.py reads and writes the files.

File layout (little-endian): b"SWRP", u16 format version, u32 body length, u32 CRC-32 of the body,
then the body compressed with zlib. Body: u32 header length, the header as UTF-8 JSON (with the
handling model's id under "model" since format 2, Qualifying's "course", "runs", "stages" and "best_run", and the
physics version "physics", the autopilot that drove car 0 and the career event, optional), then one record per step whose controls
changed: varint steps since the previous record, a flag byte (bit 0 throttle, 1 brake, 2 steer,
4 clutch changed; bit 3 handbrake value; bit 5 gear request changed), a zigzag varint delta, in
thousandths, for each changed axis, and the gear request byte (game/sim/replay/codec.py).
Format 1 replays (arcade only, no clutch or gear) still play. Keyboard pedals ramp, so most records are one-byte deltas
that zlib squeezes further: 60 s of keyboard driving comes to a few KB.
Format 3 adds what re-creates the run whatever the local cars.json says: the header's "cars" (the specs driven, as
cars.json spells them) and "physics_digest" (the catalog's handling and surfaces), and after the header a u32 length
and the replay that led a Tandem chase (a whole format 3 file, itself without a lead; length 0: none).
Same inputs + same cars + same rules + same game version replay bit-identically, because the live
game steps its sim with `quantize(controls)`, exactly what the file stores.
"""

from __future__ import annotations

import bisect
import json
import struct
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

import game
from game.safe_json import parse_json_bytes, shown
from game.sim import mode_ids
from game.sim.controls import MAX_GEAR, Controls
from game.sim.looks import FACTORY, Stance
from game.sim.models.model_registry import DEFAULT_MODEL, MODELS
from game.sim.params import CarSpec, Catalog
from game.sim.replay.codec import Q, decode_changes, encode_changes
from game.sim.replay.header import check_header

MAGIC = b"SWRP"
MAX_FILE_BYTES = 4 * 1024 * 1024  # a replay file: an hour of gamepad driving compresses to well under 1 MB
MAX_BODY_BYTES = 8 * 1024 * 1024  # the decompressed body (an hour at 120 Hz, a change every step: about 2 MB)
MAX_HEADER_BYTES = 256 * 1024  # its cars (about 2 KB each) and fleet orders (about 25 bytes each) are the most of it
MAX_RECORDS = 500_000  # control changes (an hour at 120 Hz changing every step is 432,000)
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
_PREFIX = struct.Struct("<4sHII")
CarOf = Callable[[object, str], CarSpec]  # (a car as cars.json spells it, the file's label) -> the checked CarSpec


class ReplayError(ValueError):
    """A replay that cannot be read or played here; the message is one line."""


def quantize(controls: Controls) -> Controls:
    """The controls rounded to 1/1000 (clamped first): what the live game steps and the replay stores."""
    c = controls.clamped()
    return Controls(round(c.throttle * Q) / Q, round(c.brake * Q) / Q, round(c.steer * Q) / Q, c.handbrake,
                    round(c.clutch * Q) / Q, c.gear if c.gear is None or c.gear <= MAX_GEAR else None)


@dataclass(frozen=True, slots=True)
class CarSummary:
    """Where the car ended up, to check a re-simulation against."""

    x: float
    z: float
    heading: float
    speed: float

    @classmethod
    def of(cls, state) -> CarSummary:
        """The summary of a CarState."""
        return cls(state.x, state.z, state.heading, state.speed)


@dataclass(frozen=True)
class Replay:
    """A recorded session: header fields and the control changes as (step index, Controls)."""

    game_version: str
    catalog_digest: str
    rules_digest: str
    car_id: str
    paint: str
    track_id: str
    mode: str
    seed: int
    hz: float
    steps: int
    final_score: int
    final: CarSummary
    created: str
    changes: tuple[tuple[int, Controls], ...]
    spawn: tuple[float, float, float] | None = None
    track_digest: str = ""
    resets: tuple[int, ...] = ()  # steps before which the driver reset the car onto the track
    ai_count: int = 0  # AI cars in the session (their randomness comes from `seed`)
    fleet_orders: tuple[tuple[int, float, float], ...] = ()  # (step, x, z): before that step the player sent the AI cars there
    drivers_digest: str = ""  # sha256 of the driver file the AI cars drove with
    fleet_changes: tuple[tuple[int, int], ...] = ()  # (step, +1 or -1): before that step an AI car joined or the newest left
    model: str = DEFAULT_MODEL  # the handling model the session drove with
    course: str = ""  # Qualifying: the course driven (empty in other modes and in replays older than Qualifying)
    runs: int = 0  # Qualifying: the judged runs the session held (0: the rules' qualifying_runs)
    stages: tuple[int, ...] = ()  # Qualifying: steps before which the mode staged the car at the course's spawn (for a ghost)
    best_run: int | None = None  # Qualifying: the run that counted (0-based), whose part of the replay a ghost drives
    role: str = ""  # Tandem: the player's role in the first run ("lead" or "chase"; empty in other modes)
    opponent: str = ""  # Tandem: the drift driver's id or skill level the opponent was ("" with a replay lead)
    drift_drivers_digest: str = ""  # Tandem: sha256 of the drift driver file the opponent drove by
    lead_file: str = ""  # Tandem: the file name of the replay that led (a name, never a path)
    lead_digest: str = ""  # Tandem: sha256 of that replay's bytes
    cars: tuple[CarSpec, ...] = ()  # the cars it was driven with (the player's, the opponent's, the fleet's); () before format 3
    physics_digest: str = ""  # sha256 of the handling and surfaces it was driven with (Catalog.physics_digest)
    lead: Replay | None = None  # Tandem: the replay that led, kept whole (None: a drift driver led, or before format 3)
    physics_version: int = 0  # the sim's PHYSICS_VERSION it was recorded on (0: before versions; the Recorder writes the current one)
    autopilot: str = ""  # the drift driver (id or skill level) that drove car 0 at some point ("": the player or a script drove)
    event: str = ""  # the career event's id when the run was one ("": none)
    finish: str = "gloss"  # the paint's finish (looks only; written only when not gloss, so older files read as before)
    stance: Stance = FACTORY  # the car's stance (looks only; written only when not the factory one)
    format_version: int = FORMAT_VERSION  # the version the file was read as (files are always written as FORMAT_VERSION)
    _index: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_index", tuple(s for s, _ in self.changes))

    def car_spec(self, catalog: Catalog) -> CarSpec:
        """Its car as it was driven: the spec it carries, else (a replay from before format 3) the catalog's."""
        return next((c for c in self.cars if c.id == self.car_id), None) or catalog.car(self.car_id)

    def carrying_cars(self, catalog: Catalog) -> Replay:
        """This replay carrying its car: as it is, or (one from before format 3, which played in sync with this catalog)
        with this catalog's car and physics digest, so a run that keeps it (a chase keeps its lead) keeps its car."""
        if self.cars:
            return self
        return replace(self, cars=(catalog.car(self.car_id),), physics_digest=catalog.physics_digest())

    def run_catalog(self, catalog: Catalog) -> Catalog:
        """The catalog it drives in: the cars it carries (in the order it was driven with) over this catalog's handling
        and surfaces, else (before format 3) this catalog."""
        if not self.cars:
            return catalog
        return replace(catalog, cars={c.id: c for c in self.cars}, digest=self.catalog_digest)

    def run_steps(self, run: int) -> tuple[int, int]:
        """(first step, end step) of a Qualifying run in the recording: from its staging to the next run's (or the end)."""
        starts = (0, *self.stages)
        if not 0 <= run < len(starts):
            return 0, self.steps
        return starts[run], starts[run + 1] if run + 1 < len(starts) else self.steps

    @property
    def seconds(self) -> float:
        """Length of the session (s)."""
        return self.steps / self.hz

    def timeline_controls(self, step_index: int) -> Controls:
        """The controls of step `step_index` (0-based; neutral before the first change)."""
        i = bisect.bisect_right(self._index, step_index) - 1
        return self.changes[i][1] if i >= 0 else Controls()

    def iter_controls(self) -> Iterator[Controls]:
        """The controls of every step in order."""
        current, k = Controls(), 0
        for step in range(self.steps):
            while k < len(self.changes) and self.changes[k][0] <= step:
                current = self.changes[k][1]
                k += 1
            yield current

    def matches(self, state, score: int) -> bool:
        """Whether a re-simulation ended exactly (bit for bit) where the recording did."""
        return CarSummary.of(state) == self.final and score == self.final_score

    def to_bytes(self) -> bytes:
        """The file's bytes."""
        head = {k: getattr(self, k) for k in _HEADER_KEYS}
        head["final"] = [self.final.x, self.final.z, self.final.heading, self.final.speed]
        head["spawn"] = list(self.spawn) if self.spawn is not None else None
        head["resets"] = list(self.resets)
        head["ai_count"] = self.ai_count
        head["fleet_orders"] = [list(o) for o in self.fleet_orders]
        if self.fleet_changes:  # written only when there are some: files without any read as before
            head["fleet_changes"] = [list(c) for c in self.fleet_changes]
        head["drivers_digest"] = self.drivers_digest
        head["model"] = self.model
        head["course"] = self.course
        if self.runs:  # Qualifying's fields after "course" are written only when set: files without them read as before
            head["runs"] = self.runs
        if self.stages:
            head["stages"] = list(self.stages)
        if self.best_run is not None:
            head["best_run"] = self.best_run
        for key in ("role", "opponent", "drift_drivers_digest", "lead_file", "lead_digest", "physics_digest"):  # written only when set
            if getattr(self, key):
                head[key] = getattr(self, key)
        if self.cars:
            head["cars"] = [c.to_json() for c in self.cars]
        head["physics"] = self.physics_version
        for key in ("autopilot", "event"):  # written only when set
            if getattr(self, key):
                head[key] = getattr(self, key)
        if self.finish != "gloss":  # the looks too: a replay of a car as it left the factory is byte for byte as before
            head["finish"] = self.finish
        if self.stance != FACTORY:
            head["stance"] = self.stance.to_json()
        hb = json.dumps(head, separators=(",", ":"), allow_nan=False).encode("utf-8")
        lead = b"" if self.lead is None else replace(self.lead, lead=None).to_bytes()  # its own lead does not lead here
        body = struct.pack("<I", len(hb)) + hb + struct.pack("<I", len(lead)) + lead + encode_changes(self.changes)
        return _PREFIX.pack(MAGIC, FORMAT_VERSION, len(body), zlib.crc32(body)) + zlib.compress(body, 9)

    @classmethod
    def from_bytes(cls, data: bytes, label: str = "replay", car_of: CarOf | None = None, _nested: bool = False) -> Replay:
        """Parse a replay; ReplayError (one line, starting with label) on anything wrong. car_of checks each car the file
        carries (game.content.catalog.car_from_json: the catalog's checks); None: built as they are (tests, tools)."""
        if not data:
            raise ReplayError(f"{label}: empty file, not a replay")
        if data[:4] != MAGIC[: min(4, len(data))]:
            raise ReplayError(f"{label}: not a Sideways replay (no SWRP signature)")
        if len(data) < _PREFIX.size:
            raise ReplayError(f"{label}: truncated replay ({len(data)} bytes)")
        _, version, body_len, crc = _PREFIX.unpack_from(data)
        if version not in READABLE_VERSIONS:
            raise ReplayError(f"{label}: replay format version {version} is not supported (this game reads versions "
                              f"{', '.join(map(str, READABLE_VERSIONS))})")
        if body_len > MAX_BODY_BYTES:
            raise ReplayError(f"{label}: replay too big ({body_len} bytes of records; at most {MAX_BODY_BYTES})")
        d = zlib.decompressobj()
        try:
            body = d.decompress(data[_PREFIX.size :], body_len + 1)
        except zlib.error:
            raise ReplayError(f"{label}: corrupt replay (bad compressed data)") from None
        if not d.eof or len(body) != body_len:
            raise ReplayError(f"{label}: truncated replay (data ends early)")
        if zlib.crc32(body) != crc:
            raise ReplayError(f"{label}: corrupt replay (checksum mismatch)")
        try:
            return _decode_body(body, version, label, car_of, _nested)
        except ReplayError:
            raise
        except (ValueError, TypeError, IndexError, KeyError, struct.error) as e:
            raise ReplayError(f"{label}: corrupt replay ({str(e)[:200]})") from None


_HEADER_KEYS = ("game_version", "catalog_digest", "rules_digest", "car_id", "paint", "track_id", "mode", "seed", "hz",
                "steps", "final_score", "created", "track_digest")


def _decode_body(body: bytes, version: int, label: str, car_of: CarOf | None, nested: bool) -> Replay:
    (hlen,) = struct.unpack_from("<I", body)
    if hlen > MAX_HEADER_BYTES:
        raise ValueError(f"header of {hlen} bytes (at most {MAX_HEADER_BYTES})")
    head = parse_json_bytes(body[4 : 4 + hlen], "header")
    kw = check_header(head, mode_ids.MODE_IDS, version)
    pos, lead = 4 + hlen, None
    if version >= 3:
        (llen,) = struct.unpack_from("<I", body, pos)
        if llen > len(body) - pos - 4:
            raise ValueError(f"a lead of {llen} bytes in a body of {len(body)}")
        if llen and nested:
            raise ValueError("the replay that led has a lead of its own")
        if llen:
            lead = Replay.from_bytes(body[pos + 4 : pos + 4 + llen], f"{label}'s lead", car_of, _nested=True)
        pos += 4 + llen
    changes = decode_changes(body[pos:], kw["steps"], MAX_RECORDS, version)
    kw["final"] = CarSummary(*kw["final"])
    model = head.get("model", DEFAULT_MODEL) if version >= 2 else DEFAULT_MODEL
    if not isinstance(model, str) or model not in MODELS:
        raise ValueError(f"header field 'model' is {str(model)[:40]!r}, not one of {', '.join(MODELS)}")
    kw["cars"] = _cars(kw.pop("cars"), kw["car_id"], label, car_of)
    return Replay(**kw, changes=changes, model=model, lead=lead, format_version=version)


def _cars(blocks: list, car_id: str, label: str, car_of: CarOf | None) -> tuple[CarSpec, ...]:
    """The cars a replay carries, each checked by car_of (ReplayError naming the car), its own among them."""
    cars = []
    for i, block in enumerate(blocks):
        name = block.get("id") if isinstance(block, dict) and isinstance(block.get("id"), str) else str(i)
        where = f"{label}: cars[{shown(name, 32, quote=False)}]"
        try:
            cars.append(car_of(block, label) if car_of is not None else CarSpec.from_json(block))
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            msg = str(e)
            raise ReplayError(msg if msg.startswith(label) else f"{where}: {msg[:200]}") from None
    ids = [c.id for c in cars]
    if len(set(ids)) != len(ids):
        raise ValueError("header field 'cars' names a car twice")
    if cars and car_id not in ids:
        raise ValueError(f"header field 'cars' lacks its own car {car_id!r}")
    return tuple(cars)


def _sim_generation(version: str) -> tuple[int, ...]:
    """The part of a game version that may change the sim: major, plus minor while major is 0."""
    try:
        parts = tuple(int(p) for p in version.split(".")[:2])
    except ValueError:
        return (-1,)
    return parts if parts and parts[0] == 0 else parts[:1]


def check_compatible(replay: Replay, catalog_digest: str, rules_digest: str, game_version: str = game.__version__,
                     track_digest: str | None = None, drivers_digest: str | None = None,
                     drift_drivers_digest: str | None = None, physics_digest: str | None = None) -> None:
    """Raise ReplayError (one line) if this replay would not play in sync with this game and data: a replay that carries
    its cars answers for the handling and surfaces of cars.json (physics_digest), an older one for the whole file."""
    if _sim_generation(replay.game_version) != _sim_generation(game_version):
        raise ReplayError(f"replay was recorded with game {replay.game_version}, this is {game_version}; its physics may differ and it would play out of sync")
    cars = ("cars.json handling and surfaces", replay.physics_digest, physics_digest) if replay.cars else ("cars.json", replay.catalog_digest, catalog_digest)
    for what, theirs, ours, why in (
        (*cars, "it would play out of sync"),
        ("scoring.json", replay.rules_digest, rules_digest, "its score would not match"),
        ("track file", replay.track_digest, track_digest, "it would play out of sync"),
        ("drivers.json", replay.drivers_digest, drivers_digest, "its AI cars would play out of sync"),
        ("drift_drivers.json", replay.drift_drivers_digest, drift_drivers_digest if replay.drift_drivers_digest else None,
         "its tandem opponent would drive out of sync"),
    ):
        if ours and theirs != ours:  # a replay that names no digest cannot be checked, so it is refused too
            mine = f"digest {theirs[:6]}…" if theirs else "no digest"
            raise ReplayError(f"replay was recorded with a different {what} ({mine} vs {ours[:6]}…); {why}")
