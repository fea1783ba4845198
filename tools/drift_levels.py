"""The drift drivers' skill table: each driver (or skill level) x cars x models x courses, one Qualifying run per seed.

    python tools/drift_levels.py                                   # rookie, amateur, pro, ace in the Zenith, 3 courses x both models, seeds 0-2
    python tools/drift_levels.py --drivers vera,rin --cars own     # named drivers, each in its own car
    python tools/drift_levels.py --seeds 5 --models sim --tracks frozen_lake --file my_drivers.json

Each run is a DriftRun in mode "qualifying" (runs=1, staged at the course's spawn) with car 0 driven by the driver's
DriftPilot (game/sim/ai/drift/pilot.py pilot_for: its level's parameters, its initiation, its wander seeded from the
session seed). A cell gives the mean total over the seeds, the lowest and highest, and how many runs were zeroed; the last
row gives each driver's mean over every cell.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import load_catalog  # noqa: E402
from game.content.drift_drivers import load_drift_drivers  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.content.tracks import load_track  # noqa: E402
from game.safe_json import DataError  # noqa: E402
from game.sim.ai.drift.brief import DriftBrief  # noqa: E402
from game.sim.ai.drift.pilot import pilot_for  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402
from game.sim.run.setup import RunSetup  # noqa: E402
from game.sim.world import World  # noqa: E402

TRACKS = ("sideways_park", "mountain_pass", "frozen_lake")
MODELS = ("arcade", "sim")
MAX_S = 180.0  # a run not over after this much sim time is cut off


def qualifying_total(catalog, rules, world, track: str, car: str, model: str, roster, who: str, seed: int):
    """One judged run of `who` in `car`: its CourseResult."""
    run = DriftRun(RunSetup(catalog, car, world, rules, mode="qualifying", model=model, runs=1, track_id=track, seed=seed))
    mode = run.game_mode
    pilot = pilot_for(roster, who, lambda: DriftBrief(mode.course, run=mode.run_index), seed, 0)
    s = run.session
    while not run.finished and not mode.judged and s.t < MAX_S:
        run.step(pilot.controls(s, s.player))
    return mode.judged[0] if mode.judged else None


def main(argv=None) -> int:
    """Print the table; 2 with one line on a bad argument or file."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--drivers", default="rookie,amateur,pro,ace", help="driver ids or skill levels (the first driver of a level)")
    ap.add_argument("--cars", default="zenith_hyper", help="car ids, or 'own': each driver in its own car")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--tracks", default=",".join(TRACKS), help="map ids (each map's first course)")
    ap.add_argument("--seeds", type=int, default=3, help="session seeds 0..N-1")
    ap.add_argument("--file", default=None, help="a drift drivers file (default data/drift_drivers.json)")
    a = ap.parse_args(argv)
    catalog, rules = load_catalog(), load_scoring_rules()
    try:
        roster = load_drift_drivers(a.file, catalog)
        whos = [w for w in a.drivers.split(",") if w]
        profiles = [roster.get(w) for w in whos]
        cars = ["own"] if a.cars == "own" else [catalog.car(c).id for c in a.cars.split(",") if c]
        worlds = {t: World(load_track(t, catalog.surfaces), list(catalog.surfaces)) for t in a.tracks.split(",") if t}
    except (DataError, ValueError, KeyError) as e:
        print(f"drift_levels: {e}", file=sys.stderr)
        return 2
    means: dict[str, list[float]] = {w: [] for w in whos}
    print(f"{'course':14s} {'model':6s} {'car':13s} " + " ".join(f"{f'{w} ({p.id})':>24s}" for w, p in zip(whos, profiles, strict=True)))
    for track, world in worlds.items():
        for model in a.models.split(","):
            for car in cars:
                cells = []
                for w, p in zip(whos, profiles, strict=True):
                    results = [qualifying_total(catalog, rules, world, track, p.car if car == "own" else car, model, roster, w, s) for s in range(a.seeds)]
                    totals = [r.total if r else 0.0 for r in results]
                    zeros = sum(1 for r in results if r is None or r.zero)
                    mean = sum(totals) / len(totals)
                    means[w].append(mean)
                    cells.append(f"{mean:5.1f} [{min(totals):4.1f}-{max(totals):4.1f}] z{zeros}")
                print(f"{track:14s} {model:6s} {car:13s} " + " ".join(f"{c:>24s}" for c in cells), flush=True)
    print(f"{'mean':36s} " + " ".join(f"{sum(m) / len(m):24.1f}" for m in means.values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
