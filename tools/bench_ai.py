"""Benchmark the AI traffic: the note's fleet step, the session step and the game's frame update with 0, 5 and 12 AI cars.

Prints figures only (no timed assertions). The frame update is `update_ms` from `sideways play --headless --stats`:
the game's own Python work per frame (sim steps, AI, effects, HUD), rendering excluded. Goal: <= 2 ms mean with 5 AI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DRIVE = '{"t": 0, "throttle": 1}\n{"t": 2, "throttle": 0.8, "steer": 0.8, "handbrake": true}\n{"t": 2.6, "throttle": 0.7, "steer": 0.5}\n' \
        '{"t": 4, "throttle": 0.6, "steer": -0.4, "send_ai": {"x": 0, "z": 0}}\n{"t": 7, "throttle": 0.5, "steer": 0.6}\n'


def fleet_step_us(n: int, steps: int = 3000) -> float:
    """Mean cost of one note-units fleet step (update every car, one collision pass, skid decisions)."""
    from game.content.fleet_scenario import scenario_from_dict
    from game.sim.ai.note_car import FleetCar
    from game.sim.ai.reference_fleet import Fleet
    from game.sim.ai.scenario import build_fleet  # noqa: F401 (the same code path as `sideways fleet`)
    from game.sim.randomness import GeneratorRandom

    sc = scenario_from_dict({"random": {"seed": 1}, "cars": [{"x": 100 + 60 * i, "y": 300} for i in range(n)]}, "bench")
    fleet = Fleet(GeneratorRandom.seeded(1))
    for s in sc.cars:
        fleet.add(FleetCar(s.x, s.y, s.options, fleet.rng))
    fleet.drive_to(700, 600)
    t0 = time.perf_counter()
    for i in range(steps):
        if i % 600 == 300:
            fleet.drive_to(200 + (i % 7) * 80, 200 + (i % 5) * 90)
        fleet.step(1 / 60)
    return (time.perf_counter() - t0) / steps * 1e6


def session_step_us(ai: int, steps: int = 2400) -> float:
    """Mean cost of one 120 Hz session step on the park with the player and `ai` AI cars."""
    from game.content.catalog import load_catalog
    from game.content.drivers import load_drivers
    from game.content.scoring_rules import load_scoring_rules
    from game.content.tracks import load_track
    from game.sim.controls import Controls
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup
    from game.sim.world import World

    cat = load_catalog()
    world = World(load_track("sideways_park", cat.surfaces), list(cat.surfaces))
    run = DriftRun(RunSetup(cat, "hatch", world, load_scoring_rules(), seed=3, ai_count=ai, drivers=load_drivers() if ai else None))
    run.send_fleet(0.0, 10.0)
    c = Controls(throttle=0.7, steer=0.4)
    t0 = time.perf_counter()
    for _ in range(steps):
        run.step(c)
    return (time.perf_counter() - t0) / steps * 1e6


def frame_update_ms(ai: int, frames: int) -> dict:
    """`update_ms` of a headless session driving with slides, the AI called in mid-way."""
    with tempfile.TemporaryDirectory() as home:
        inputs = Path(home) / "drive.jsonl"
        inputs.write_text(DRIVE)
        env = dict(os.environ, SIDEWAYS_HOME=home)
        p = subprocess.run([sys.executable, "-m", "game", "play", "--headless", "--frames", str(frames), "--ai", str(ai), "--car", "hatch",
                            "--inputs", str(inputs), "--stats", "--size", "640x360"], capture_output=True, text=True, cwd=ROOT, env=env)
        if p.returncode != 0:
            return {"error": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"}
        return json.loads(p.stdout.strip().splitlines()[-1])["update_ms"]


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    print("fleet step (note units, 60 Hz), per step:")
    for n in (5, 12):
        print(f"  {n:2d} cars: {fleet_step_us(n):8.1f} us")
    print("session step on the park (120 Hz), player + N AI, per step:")
    for n in (0, 5, 12):
        print(f"  {n:2d} AI:   {session_step_us(n):8.1f} us")
    print(f"frame update (sideways play --headless --stats update_ms, {frames} frames at 60 fps), player + N AI:")
    for n in (0, 5, 12):
        u = frame_update_ms(n, frames)
        print(f"  {n:2d} AI:   " + ("  ".join(f"{k} {v:.3f} ms" for k, v in u.items()) if "error" not in u else u["error"]))


if __name__ == "__main__":
    main()
