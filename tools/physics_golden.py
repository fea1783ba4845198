"""Record the reference trajectories that tie PHYSICS_VERSION to the sim's behaviour: tests/sim/golden/physics_N.json.

    python tools/physics_golden.py            # write the golden file of the current PHYSICS_VERSION
    python tools/physics_golden.py --check    # compare instead of writing (what tests/sim/test_physics_version.py does)

A few scripted manoeuvres (a launch, a handbrake flick into a held drift, a braking turn) per handling model and car, on
flat pads of two surfaces, sampled every SAMPLE_EVERY steps (x, z, heading, speed, yaw rate). The file keeps the
cars.json document the trajectories were driven with, so a retune of data/cars.json moves nothing here: only the code does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import catalog_from_dict  # noqa: E402
from game.paths import DEFAULT_CATALOG  # noqa: E402
from game.sim.controls import Controls  # noqa: E402
from game.sim.gearbox_assist import AUTOMATIC, GearboxAssist  # noqa: E402
from game.sim.physics_version import PHYSICS_VERSION  # noqa: E402
from game.sim.session import Session  # noqa: E402
from game.sim.world import FlatWorld  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "sim" / "golden"
HZ = 120.0
STEPS = 360  # 3 s a manoeuvre
SAMPLE_EVERY = 20
TOLERANCE = 1e-6  # absolute: robust across CPUs and numpy builds, far below any change of behaviour
CASES = (("arcade", "hatch"), ("arcade", "bruiser_v8"), ("sim", "hatch"), ("sim", "rally_lynx"))
SURFACES = ("asphalt", "snow")


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
    """Every case's samples [x, z, heading, speed, yaw_rate], keyed "model/car/surface/manoeuvre"."""
    catalog = catalog_from_dict(cars_doc, "golden cars.json")
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
    return out


def moved(golden: dict) -> str | None:
    """The first case whose trajectory moved beyond TOLERANCE from the golden file's (a few words), else None."""
    now = trajectories(golden["cars"])
    if set(now) != set(golden["trajectories"]):
        return f"the cases differ ({sorted(set(now) ^ set(golden['trajectories']))[:3]})"
    for key, rows in golden["trajectories"].items():
        for i, (want, got) in enumerate(zip(rows, now[key])):
            worst = max(abs(a - b) for a, b in zip(want, got))
            if worst > TOLERANCE:
                return f"{key} moved by {worst:.3g} at sample {i}"
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
    doc = {"physics": PHYSICS_VERSION, "tolerance": TOLERANCE, "cars": cars, "trajectories": trajectories(cars)}
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)} ({len(doc['trajectories'])} trajectories)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
