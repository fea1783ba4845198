"""Record the reference trajectories that tie PHYSICS_VERSION to the sim's behaviour: tests/sim/golden/physics_N.json.

    python tools/physics_golden.py            # write the golden file of the current PHYSICS_VERSION
    python tools/physics_golden.py --check    # compare instead of writing (what tests/sim/test_physics_version.py does)

A few scripted manoeuvres (a launch, a handbrake flick into a held drift, a braking turn) per handling model and car, on
flat pads of two surfaces, sampled every SAMPLE_EVERY steps (x, z, heading, speed, yaw rate); and two judged Qualifying
runs on the park's Pad Hook, one on the test boards' recorded inputs and one driven by a drift driver (the AI that leads
and chases in Tandem): their ends and the judges' numbers. The file keeps the cars.json document everything was driven
with, so a retune of data/cars.json moves nothing here. The judged runs also read the shipped map, scoring.json and
drift_drivers.json, whose digests the file keeps: when they change, the file is recorded again with no bump (a replay
names its map's, rules' and drift drivers' digests, so a server refuses runs recorded on other data anyway).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import catalog_from_dict  # noqa: E402
from game.content.drift_drivers import DRIFT_DRIVERS_PATH, load_drift_drivers  # noqa: E402
from game.content.scoring_rules import SCORING_PATH, load_scoring_rules  # noqa: E402
from game.content.tracks import load_track, track_path  # noqa: E402
from game.paths import DEFAULT_CATALOG  # noqa: E402
from game.sim.controls import Controls  # noqa: E402
from game.sim.gearbox_assist import AUTOMATIC, GearboxAssist  # noqa: E402
from game.sim.inputs import parse_inputs  # noqa: E402
from game.sim.physics_version import PHYSICS_VERSION  # noqa: E402
from game.sim.run.autopilot import make_autopilot  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402
from game.sim.run.playback import Playback, RunCues  # noqa: E402
from game.sim.run.setup import RunSetup  # noqa: E402
from game.sim.session import Session  # noqa: E402
from game.sim.world import FlatWorld, World  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "sim" / "golden"
BUMP = "bump PHYSICS_VERSION in game/sim/physics_version.py and run `python tools/physics_golden.py`"
HZ = 120.0
STEPS = 360  # 3 s a manoeuvre
SAMPLE_EVERY = 20
TOLERANCE = 1e-6  # absolute: robust across CPUs and numpy builds, far below any change of behaviour
CASES = (("arcade", "hatch"), ("arcade", "bruiser_v8"), ("sim", "hatch"), ("sim", "rally_lynx"))
SURFACES = ("asphalt", "snow")
JUDGED_MAP, JUDGED_COURSE = "sideways_park", "pad_hook"
PILOT = "ace"  # the drift driver (skill level) of the AI's reference run
JUDGED_INPUTS = ROOT / "tests" / "support" / "data" / "qualifying_pad_hook.jsonl"


def _launch(step: int) -> Controls:
    return Controls(throttle=1.0, steer=0.15 if step > 200 else 0.0)


def _flick(step: int) -> Controls:
    if step < 150:
        return Controls(throttle=1.0)
    if step < 170:
        return Controls(throttle=0.6, steer=-0.8, handbrake=True)
    return Controls(throttle=0.9, steer=0.5)


def _brake_turn(step: int) -> Controls:
    if step < 180:
        return Controls(throttle=1.0)
    return Controls(brake=0.7, steer=-0.6)


MANOEUVRES = {"launch": _launch, "flick": _flick, "brake_turn": _brake_turn}


def golden_path(version: int = PHYSICS_VERSION) -> Path:
    return GOLDEN_DIR / f"physics_{version}.json"


def trajectories(cars_doc: dict) -> dict[str, list[list[float]]]:
    """Every case's samples [x, z, heading, speed, yaw_rate], keyed "model/car/surface/manoeuvre"; and "judged/...": the
    judged run's end [x, z, heading, speed] and judges' numbers [total, line, angle, style, time_s]."""
    return _driven(json.dumps(cars_doc, sort_keys=True))


@cache
def _driven(cars_json: str) -> dict[str, list[list[float]]]:
    catalog = catalog_from_dict(json.loads(cars_json), "golden cars.json")
    out = {}
    for model, car in CASES:
        for surface in SURFACES:
            for name, drive in MANOEUVRES.items():
                s = Session(catalog, car, FlatWorld(surface), hz=HZ, model=model)
                assist = GearboxAssist(AUTOMATIC, s.model.gearbox(s.car))
                rows = []
                for step in range(STEPS):
                    st = s.state
                    c = assist.step(drive(step), st.telemetry.gear, st.telemetry.rpm, st.forward, s.dt, sliding=st.drifting)
                    s.step(c)
                    if (step + 1) % SAMPLE_EVERY == 0:
                        st = s.state
                        rows.append([float(v) for v in (st.x, st.z, st.heading, st.speed, st.yaw_rate)])
                out[f"{model}/{car}/{surface}/{name}"] = rows
    world = World(load_track(JUDGED_MAP, catalog.surfaces), list(catalog.surfaces))
    out[f"judged/{JUDGED_MAP}/{JUDGED_COURSE}"] = _judged(catalog, world)
    out[f"pilot/{JUDGED_MAP}/{JUDGED_COURSE}/{PILOT}"] = _judged(catalog, world, PILOT)
    return out


def _judged(catalog, world, pilot: str = "") -> list[list[float]]:
    """One judged run on the park's course (hatch, Arcade), driven by the recorded inputs or by a drift driver (the
    tandem opponents' AI): its end and the judges' numbers."""
    run = DriftRun(RunSetup(catalog, "hatch", world, load_scoring_rules(), mode="qualifying", course=JUDGED_COURSE, runs=1))
    playback, cues = Playback.of_timeline(parse_inputs(JUDGED_INPUTS.read_text(encoding="utf-8"))), RunCues(run)
    driver = make_autopilot(run, pilot, load_drift_drivers(None, catalog)) if pilot else None
    while not run.finished and run.session.steps < 60 * HZ:
        s = run.session
        run.step(driver.controls(s, s.player) if driver is not None else playback.drive(s.steps, s.t, cues))
    run.finish()
    st, r = run.session.state, run.results().best_judged
    return [[float(v) for v in (st.x, st.z, st.heading, st.speed)], [float(v) for v in (r.total, r.line, r.angle, r.style, r.time_s)]]


def data_digests() -> dict[str, str]:
    """sha256 of the shipped files the judged run reads besides the cars: the map, scoring.json and the inputs."""
    files = {"map": track_path(JUDGED_MAP), "scoring": SCORING_PATH, "inputs": JUDGED_INPUTS, "drift_drivers": DRIFT_DRIVERS_PATH}
    return {k: hashlib.sha256(Path(p).read_bytes()).hexdigest() for k, p in files.items()}


def moved(golden: dict) -> str | None:
    """Why the golden file no longer holds (one line saying what to do), else None."""
    if golden.get("data") != data_digests():
        return ("the park's map, scoring.json, drift_drivers.json or the judged run's inputs changed since it was recorded: "
                "run `python tools/physics_golden.py`")
    now = trajectories(golden["cars"])
    if set(now) != set(golden["trajectories"]):
        return f"the cases differ ({sorted(set(now) ^ set(golden['trajectories']))[:3]}): {BUMP}"
    for key, rows in golden["trajectories"].items():
        for i, (want, got) in enumerate(zip(rows, now[key])):
            worst = max(abs(a - b) for a, b in zip(want, got))
            if worst > TOLERANCE:
                return f"the sim's behaviour changed ({key} moved by {worst:.3g} at sample {i}): {BUMP}"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the golden file instead of writing it")
    args = ap.parse_args(argv)
    path = golden_path()
    if args.check:
        why = moved(json.loads(path.read_text(encoding="utf-8")))
        print(why or f"{path.name}: the trajectories match")
        return 1 if why else 0
    cars = json.loads(DEFAULT_CATALOG.read_text(encoding="utf-8"))
    doc = {"physics": PHYSICS_VERSION, "tolerance": TOLERANCE, "data": data_digests(), "cars": cars, "trajectories": trajectories(cars)}
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)} ({len(doc['trajectories'])} trajectories)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
