"""Benchmark the sim: microseconds per car step on a flat pad and on the default map. Prints figures only."""

from __future__ import annotations

import argparse
import time

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld, World


def bench(session: Session, steps: int) -> float:
    """Mean microseconds per step over a drive with slides (best of 3 runs)."""
    plan = [Controls(throttle=1.0), Controls(throttle=0.7, steer=1.0, handbrake=True), Controls(throttle=0.8, steer=-0.6)]
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for i in range(steps):
            session.step(plan[(i // 240) % 3])
        best = min(best, (time.perf_counter() - t0) / steps * 1e6)
    return best


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=30000)
    args = ap.parse_args()
    cat = load_catalog()
    t0 = time.perf_counter()
    park = World(load_track("sideways_park", cat.surfaces), list(cat.surfaces))
    print(f"default map build: {(time.perf_counter() - t0) * 1000:.0f} ms")
    for name, world in (("flat asphalt", FlatWorld("asphalt")), ("default map", park)):
        us = bench(Session(cat, "hatch", world), args.steps)
        print(f"{name:>13}: {us:6.2f} us per car step  ({1e6 / us:,.0f} car-steps/s, {1e6 / us / 120:,.0f} cars at 120 Hz)")


if __name__ == "__main__":
    main()
