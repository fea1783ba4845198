"""Replay files for the server's tests, as bytes: short runs for each board kind, and the ones a board refuses.

Each is made once a process (cached) on the shipped data (game.server.shipped.Shipped), driven the way the game drives it:
a DriftRun stepped by a DriveLoop in 1/60 s frames, car 0 on recorded inputs (a player's script, as `--inputs`) unless
said. The Qualifying run is the quickest finished board run: 1138 steps (9.5 s of sim), about 0.15 s to verify.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path

from game.content.catalog import car_from_json
from game.content.drift_drivers import load_drift_drivers
from game.content.settings import default_settings
from game.driving.drive_loop import DriveLoop
from game.server.shipped import Shipped
from game.sim.inputs import parse_inputs
from game.sim.looks import Stance
from game.sim.physics_version import PHYSICS_VERSION
from game.sim.replay.format import Replay
from game.sim.run.autopilot import make_autopilot
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[2]
QUALIFYING_INPUTS = DATA / "qualifying_pad_hook.jsonl"  # the ace's controls, saved once by tools/board_inputs.py
TIMED_INPUTS = ROOT / "tests" / "e2e" / "timed_drift.jsonl"
CREATED = "2026-01-01T12:00:00"
FRAME_DT = 1 / 60
QUALIFYING_BOARD = f"qualifying-sideways_park-pad_hook-arcade-p{PHYSICS_VERSION}"  # the board qualifying_run() ranks on
QUALIFYING_TOTAL = 92.9  # ... and its judged total (what `sideways judge` prints)


def _setup(mode: str, track: str = "sideways_park", catalog=None, **kw) -> RunSetup:
    sh = Shipped.load()
    return RunSetup(catalog or sh.catalog, kw.pop("car", "hatch"), sh.world(track), sh.rules, mode=mode, model=kw.pop("model", "arcade"),
                    track_id=track, track_digest=sh.track_digests[track], created=CREATED, **kw)


def _drive(setup: RunSetup, inputs: Path | None = None, autopilot: str = "", max_steps: int | None = None,
           reset_at: int | None = None) -> bytes:
    """The run driven to its end (or for max_steps, then ended as Finish ends it; reset_at: the driver resets the car
    after the frame that reaches that step): its replay's bytes."""
    run = DriftRun(setup)
    script = Playback.of_timeline(parse_inputs(inputs.read_text(encoding="utf-8"), inputs.name)) if inputs else None
    loop = DriveLoop(run, default_settings(), playback=script, max_frame_dt=FRAME_DT)
    if autopilot:
        loop.set_autopilot(make_autopilot(run, autopilot, load_drift_drivers()))
    while not run.finished and (max_steps is None or run.session.steps < max_steps):
        loop.frame(FRAME_DT, {})
        if reset_at is not None and run.session.steps >= reset_at:
            loop.reset_car()
            reset_at = None
    run.finish()
    return run.replay().to_bytes()


def read(data: bytes) -> Replay:
    """The Replay of these bytes (its cars checked as the catalog's)."""
    return Replay.from_bytes(data, "replay", car_of=car_from_json)


def reencoded(data: bytes, **fields) -> bytes:
    """The same run with these header fields changed (a crafted file: the recording itself is untouched)."""
    return replace(read(data), **fields).to_bytes()


@cache
def qualifying_run() -> bytes:
    """A finished one-run Qualifying session on sideways_park / pad_hook, hatch on Arcade, driven by recorded inputs (a
    player's script): verified on QUALIFYING_BOARD with QUALIFYING_TOTAL. 1138 steps."""
    return _drive(_setup("qualifying", course="pad_hook", runs=1), QUALIFYING_INPUTS)


LOW_STANCE = Stance(camber_front_deg=-8, camber_rear_deg=-3, ride_mm=-60, track_mm=30, rim="dish", rim_colour="#d4af37")


@cache
def stance_run() -> bytes:
    """The Qualifying run driven by the same inputs in a matte hatch on LOW_STANCE (looks only): the same run, other bytes."""
    return _drive(_setup("qualifying", course="pad_hook", runs=1, finish="matte", stance=LOW_STANCE), QUALIFYING_INPUTS)


@cache
def timed_run() -> bytes:
    """A finished Timed Run on sideways_park (tests/e2e/timed_drift.jsonl's two drifts, then held; the clock runs out at
    90 s: 10800 steps, about 1.5 s to make and as long to verify)."""
    return _drive(_setup("timed"), TIMED_INPUTS)


def variant(data: bytes, i: int) -> bytes:
    """Distinct bytes of the same run (another "created" time, i >= 0): the same verified score, another run id."""
    return reencoded(data, created=f"{read(data).created}.{i:06d}")


def variants(data: bytes, indices) -> list[bytes]:
    """variant(data, i) for each i, the file read once (many at a time)."""
    replay = read(data)
    return [replace(replay, created=f"{replay.created}.{i:06d}").to_bytes() for i in indices]


@cache
def autopilot_run() -> bytes:
    """The Qualifying run driven by the ace autopilot itself (header "autopilot": the drift driver): refused."""
    return _drive(_setup("qualifying", course="pad_hook", runs=1), autopilot="ace")


@cache
def modded_run() -> bytes:
    """The Qualifying inputs driven with a modded hatch (grip x 1.25): its replay carries the modded car; refused."""
    sh = Shipped.load()
    hatch = sh.catalog.car("hatch")
    modded = replace(sh.catalog, cars={**sh.catalog.cars, "hatch": replace(hatch, grip=hatch.grip * 1.25)})
    return _drive(_setup("qualifying", catalog=modded, course="pad_hook", runs=1), QUALIFYING_INPUTS)


def other_physics_run(version: int = 0) -> bytes:
    """The Qualifying run as if recorded on another physics version (0: before versions): refused."""
    return reencoded(qualifying_run(), physics_version=version)


def claimed_higher_run() -> bytes:
    """The Qualifying run whose header claims a higher final score (100) than it drives: ranked at its re-simulated score."""
    return reencoded(qualifying_run(), final_score=100)


@cache
def cut_short_run() -> bytes:
    """The Qualifying inputs ended (Finish) at step 600, mid-course: the judged run is unfinished; refused."""
    return _drive(_setup("qualifying", course="pad_hook", runs=1), QUALIFYING_INPUTS, max_steps=600)


@cache
def zeroed_run() -> bytes:
    """The Qualifying inputs with the car reset at step 600, mid-course: the judged run is zeroed (RESET), the session
    ends with it; refused."""
    return _drive(_setup("qualifying", course="pad_hook", runs=1), QUALIFYING_INPUTS, reset_at=600)


def free_run() -> bytes:
    """Two seconds of Free Drift (held throttle from the inputs): a mode with no board; refused."""
    return short_run("free")


@cache
def short_run(mode: str, track: str = "sideways_park", steps: int = 240) -> bytes:
    """A run of this mode on this map driven by tests/e2e/timed_drift.jsonl and ended (Finish) after `steps` steps: a
    Timed Run, Drift Zones or Parking run cut short (refused), or Free Drift (no board)."""
    return _drive(_setup(mode, track), TIMED_INPUTS, max_steps=steps)


@cache
def steered_run(scale: float) -> bytes:
    """The Qualifying inputs with every steer scaled by `scale` (at most 1): another finished run with its own verified
    score (on physics 1, 0.95: 68.0, 0.96: 72.6, 0.97: 87.7, 1: 92.9, 0.98: 93.6, 0.995: 95.4, 0.99: 96.4)."""
    lines = [json.loads(line) for line in QUALIFYING_INPUTS.read_text(encoding="utf-8").splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"steer_{scale:g}.jsonl"
        path.write_text("".join(json.dumps({**d, "steer": d["steer"] * scale}) + "\n" for d in lines), encoding="utf-8")
        return _drive(_setup("qualifying", course="pad_hook", runs=1), path)
