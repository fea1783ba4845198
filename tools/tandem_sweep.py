"""Sweep tandem runs: a drift driver chasing (or leading) another over courses x handling models x cars x seeds.

    python tools/tandem_sweep.py                                    # the ace chasing the ace, zenith and hatch, everything
    python tools/tandem_sweep.py --cars hatch --models sim --tracks frozen_lake --seeds 0,1,2
    python tools/tandem_sweep.py --me ace --opponent rookie --own-car   # the opponent in its own car, not the player's
    python tools/tandem_sweep.py --role lead                        # car 0 leads, the opponent chases

Each run is a DriftRun in mode "tandem" (runs=1): car 0 is driven by `pilot_for(roster, --me)` briefed by the mode
(as --autopilot), car 1 is the mode's opponent (--opponent). Like for like by default: the opponent drives the
player's car (its profile's car swapped), so a gap is the drivers', not the cars'. One line a run: the chase's total
and terms, its mean and p90 gap, contact and zero, the lead's course total and zero (and, where its error gave the chase
a free pass, the reason and what the lead's run counts in the battle: zero), the sim time and wall time.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import load_catalog  # noqa: E402
from game.content.drift_drivers import load_drift_drivers  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.content.tracks import load_track  # noqa: E402
from game.sim.ai.drift.lead import LeadGuide  # noqa: E402
from game.sim.ai.drift.pilot import pilot_for  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402
from game.sim.run.setup import RunSetup  # noqa: E402
from game.sim.world import World  # noqa: E402

TRACKS = ("sideways_park", "mountain_pass", "frozen_lake")
MAX_S = 180.0  # a run not over after this much sim time is cut off


def one_run(catalog, world, rules, roster, car: str, model: str, seed: int, me: str, opponent: str, role: str) -> dict:
    """One tandem run; its figures."""
    run = DriftRun(RunSetup(catalog, car, world, rules, mode="tandem", model=model, runs=1, seed=seed, drift_drivers=roster,
                            opponent=opponent, role=role, track_id=world.track.id))
    pilot = pilot_for(roster, me, lambda: run.game_mode.drift_brief(0), seed, 0,
                      lead_guide_factory=lambda: LeadGuide.of_rules(rules.tandem))  # leading, as the mode's opponent: chaseable
    t0 = time.perf_counter()
    while not run.finished and run.session.t < MAX_S:
        run.step(pilot.controls(run.session, run.session.player))
    run.finish()
    r = run.game_mode.battle.runs[0]
    return {"chase": r.chase_result, "lead": r.lead_result, "lead_battle": r.lead_total, "sim_s": run.session.t, "wall_s": time.perf_counter() - t0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tracks", default=",".join(TRACKS))
    ap.add_argument("--models", default="arcade,sim")
    ap.add_argument("--cars", default="zenith_hyper,hatch")
    ap.add_argument("--seeds", default="3")
    ap.add_argument("--me", default="ace", help="car 0's drift driver (id or skill level)")
    ap.add_argument("--opponent", default="ace", help="car 1's drift driver (id or skill level)")
    ap.add_argument("--role", default="chase", choices=("chase", "lead"), help="car 0's role")
    ap.add_argument("--own-car", action="store_true", help="the opponent drives its own car, not the player's")
    a = ap.parse_args(argv)
    catalog, rules, roster0 = load_catalog(), load_scoring_rules(), load_drift_drivers()
    opp = roster0.get(a.opponent)
    for track in a.tracks.split(","):
        world = World(load_track(track, catalog.surfaces), list(catalog.surfaces))
        for model in a.models.split(","):
            for car in a.cars.split(","):
                roster = roster0
                if not a.own_car:
                    roster = dataclasses.replace(roster0, profiles=tuple(dataclasses.replace(p, car=car) if p.id == opp.id else p
                                                                         for p in roster0.profiles))
                for seed in (int(s) for s in a.seeds.split(",")):
                    f = one_run(catalog, world, rules, roster, car, model, seed, a.me, opp.id, a.role)
                    c, lead = f["chase"], f["lead"]
                    gap = "-" if c.gap_mean_m is None else f"{c.gap_mean_m:.2f}/{c.gap_p90_m:.2f}"
                    pass_note = f" free pass ({c.free_pass}): counts {f['lead_battle']:.1f}" if c.free_pass else ""
                    print(f"{track:14s} {model:6s} {car:13s} seed {seed}: chase {c.total:5.1f} (prox {c.proximity:4.1f} angle {c.angle_match:4.1f} "
                          f"line {c.line_match:4.1f} init {c.initiation:4.1f}) gap {gap:>11s} contact {int(c.contact)} zero {c.zero} | "
                          f"lead {lead.total:5.1f} zero {lead.zero}{pass_note} | {f['sim_s']:.1f} s sim, {f['wall_s']:.1f} s wall", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
