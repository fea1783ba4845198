"""Benchmark the sim: car steps per second per handling model, one Session at a time. Prints figures only."""

from __future__ import annotations

import argparse
import time

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld, World

PLAN = [Controls(throttle=1.0), Controls(throttle=0.7, steer=1.0, handbrake=True), Controls(throttle=0.8, steer=-0.6),
        Controls(clutch=1.0, gear=2), Controls(throttle=1.0, steer=0.3), Controls(brake=0.8, clutch=1.0, gear=1)]


def bench(session: Session, steps: int) -> float:
    """Mean microseconds per Session step over a drive with slides and shifts (best of 3 runs)."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for i in range(steps):
            session.step(PLAN[(i // 240) % len(PLAN)])
        best = min(best, (time.perf_counter() - t0) / steps * 1e6)
    return best


def bench_model(session: Session, steps: int) -> float:
    """Mean microseconds of the handling model's own step (no session bookkeeping), same drive (best of 3 runs)."""
    s, model, car, cat, world, dt = session.state, session.model, session.car, session.catalog, session.world, session.dt
    plan = [c.clamped() for c in PLAN]
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for i in range(steps):
            model.step(s, plan[(i // 240) % len(plan)], car, cat, world, dt)
        best = min(best, (time.perf_counter() - t0) / steps * 1e6)
    return best


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=30000)
    ap.add_argument("--car", action="append", metavar="ID", help="car to drive (repeatable; default: hatch, on the note's tyre rule; "
                    "vortex_gt, kart or rally_lynx measure the real tyre rule)")
    args = ap.parse_args()
    cat = load_catalog()
    for car in args.car or []:
        if car not in cat.cars:
            ap.error(f"--car {car}: no such car in {cat.source} (one of {', '.join(cat.cars)})")
    t0 = time.perf_counter()
    park = World(load_track("sideways_park", cat.surfaces), list(cat.surfaces))
    print(f"default map build: {(time.perf_counter() - t0) * 1000:.0f} ms")
    for car in args.car or ["hatch"]:
        for model in ("arcade", "sim"):
            for name, world in (("flat asphalt", FlatWorld("asphalt")), ("default map", park)):
                us = bench(Session(cat, car, world, model=model), args.steps)
                own = bench_model(Session(cat, car, world, model=model), args.steps)
                print(f"{car}, {model:>6} model, {name:>12}: {own:6.2f} us per model step, {us:6.2f} us per session step"
                      f"  ({1e6 / us:,.0f} car-steps/s, {1e6 / us / 120:,.0f} cars at 120 Hz)")

if __name__ == "__main__":
    main()
