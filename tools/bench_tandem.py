"""Benchmark Tandem: the game's frame update with the player and one AI drift car, with two AI drift cars, and Qualifying
alone for reference; and the drift driver's own cost per call.

Prints figures only (no timed assertions). The frame update is `update_ms` from `sideways play --headless --stats
--quality low` (the game's own Python work per frame: sim steps, drivers, judges, effects, HUD; rendering excluded),
over one judged run at 60 frames a second:
  (a) Tandem, car 0 on recorded inputs (the ace autopilot's controls of a chase run, saved once as --inputs) + the AI lead;
  (b) Tandem, car 0 under --autopilot ace + the AI lead: two drift drivers;
  (c) Qualifying alone: car 0 on recorded inputs (the ace's qualifying run), and under --autopilot ace.
Goals (issue 21): (a) <= 2 ms mean, (b) <= 3 ms mean. The driver's cost per call is timed in-process over a whole run.

    python tools/bench_tandem.py [--track sideways_park] [--course ID] [--car hatch] [--model arcade] [--profile N]

--profile N also profiles (a) in the game: the same headless play, with cProfile switched on only inside the drive
scene's frame update (DriveScene.frame, what update_ms times), and prints the N functions that take the most time of
their own there, with their share of the profiled update (cProfile's overhead inflates the absolute figures).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HZ = 120.0
GOALS_MS = {"a": 2.0, "b": 3.0}


class Timed:
    """A controller whose controls() calls are timed."""

    def __init__(self, inner) -> None:
        self.inner, self.calls, self.total_s = inner, 0, 0.0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def controls(self, session, car):
        t0 = time.perf_counter()
        c = self.inner.controls(session, car)
        self.total_s += time.perf_counter() - t0
        self.calls += 1
        return c


def drive_once(mode: str, track: str, course: str, car: str, model: str) -> tuple[str, dict]:
    """One judged run under the ace autopilot (and, in Tandem, the AI lead), in-process: its controls as --inputs JSON
    Lines, and the drift drivers' cost per call (us)."""
    from game.content.catalog import load_catalog
    from game.content.drift_drivers import load_drift_drivers
    from game.content.scoring_rules import load_scoring_rules
    from game.content.settings import default_settings
    from game.content.tracks import load_track
    from game.driving.drive_loop import DriveLoop
    from game.sim.run.autopilot import make_autopilot
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup
    from game.sim.world import World

    cat = load_catalog()
    world = World(load_track(track, cat.surfaces), list(cat.surfaces))
    roster = load_drift_drivers()
    extra = dict(role="chase", opponent="ace", drift_drivers=roster) if mode == "tandem" else {}
    run = DriftRun(RunSetup(cat, car, world, load_scoring_rules(), mode=mode, model=model, hz=HZ, seed=0, course=course, runs=1, track_id=track, **extra))
    loop = DriveLoop(run, default_settings(), max_frame_dt=1 / 60)
    pilot = Timed(make_autopilot(run, "ace", roster))
    loop.set_autopilot(pilot)
    others = [Timed(c.controller) for c in run.session.cars[1:] if type(c.controller).__name__ == "DriftPilot"]
    for c, t in zip([c for c in run.session.cars[1:] if type(c.controller).__name__ == "DriftPilot"], others):
        c.controller = t
    frames = 0
    while not run.finished and frames < 60 * 90:
        loop.frame(1 / 60, {})
        frames += 1
    run.finish()
    replay = run.replay()
    lines = []
    for step, c in replay.changes:
        line = {"t": round((step - 0.5) / HZ, 6) if step else 0.0, "throttle": c.throttle, "brake": c.brake, "steer": c.steer, "handbrake": c.handbrake}
        if c.clutch:
            line["clutch"] = c.clutch
        if c.gear is not None:
            line["gear"] = c.gear
        lines.append(json.dumps(line))
    timed = [pilot, *others]
    cost = {"calls": sum(t.calls for t in timed), "us_per_call": round(1e6 * sum(t.total_s for t in timed) / max(1, sum(t.calls for t in timed)), 1)}
    return "\n".join(lines) + "\n", cost


def frame_update(args: list[str], home: str) -> dict:
    """update_ms of one headless judged run with these play arguments."""
    env = dict(os.environ, SIDEWAYS_HOME=home)
    p = subprocess.run(
        [sys.executable, "-m", "game", "play", "--headless", *args, "--stats", "--quality", "low", "--size", "640x360"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    if p.returncode != 0:
        return {"error": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"}
    out = json.loads(p.stdout.strip().splitlines()[-1])
    return out["update_ms"] | {"frames": out["frames"]}


PROFILE_CHILD = "--profile-child"


def profile_child(argv: list[str]) -> None:
    """In a child process: `sideways play` with cProfile on around each DriveScene.frame; print the top items as text."""
    import cProfile
    import io
    import pstats

    from game.cli import main as cli_main
    from game.view.drive import drive_scene

    top, argv = int(argv[0]), argv[1:]
    prof = cProfile.Profile()
    inner = drive_scene.DriveScene.frame

    def frame(self, frame_dt, held):
        prof.enable()
        try:
            return inner(self, frame_dt, held)
        finally:
            prof.disable()

    drive_scene.DriveScene.frame = frame
    with contextlib.redirect_stdout(io.StringIO()):
        cli_main(argv)
    stats = pstats.Stats(prof)
    total = max(1e-9, stats.total_tt)
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]  # (cc, nc, tottime, cumtime, callers)
    print(f"  profiled update: {total * 1000:.0f} ms own time over the run (cProfile on)")
    for (file, line, name), (_cc, calls, tt, ct, _) in rows:
        where = f"{Path(file).name}:{line}" if line else file
        print(f"  {100 * tt / total:5.1f}%  own {tt * 1000:7.1f} ms  cum {ct * 1000:7.1f} ms  {calls:7d} calls  {name} ({where})")
    by_file: dict[str, float] = {}
    for (file, _line, _name), (_cc, _nc, tt, _ct, _) in stats.stats.items():
        key = file if file == "~" else str(Path(file).relative_to(ROOT)) if Path(file).is_relative_to(ROOT) else Path(file).name
        by_file[key] = by_file.get(key, 0.0) + tt
    print("  by source file (own time; '~' is Panda3D and other C calls):")
    for key, tt in sorted(by_file.items(), key=lambda kv: kv[1], reverse=True)[:top]:
        print(f"  {100 * tt / total:5.1f}%  own {tt * 1000:7.1f} ms  {key}")


def profile_update(args: list[str], home: str, top: int) -> str:
    """The top items of a profiled headless run (profile_child's text)."""
    env = dict(os.environ, SIDEWAYS_HOME=home)
    cmd = [sys.executable, __file__, PROFILE_CHILD, str(top), "play", "--headless", *args, "--stats", "--quality", "low", "--size", "640x360"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
    if p.returncode != 0:
        return "  " + (p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}")
    return p.stdout.rstrip()


def _row(label: str, u: dict, goal: float | None = None) -> str:
    if "error" in u:
        return f"  {label:<44} {u['error']}"
    met = "" if goal is None else f"   goal <= {goal:.0f} ms: {'met' if u['mean'] <= goal else 'NOT met'}"
    return f"  {label:<44} mean {u['mean']:.3f}  p50 {u['p50']:.3f}  p95 {u['p95']:.3f} ms  ({u['frames']} frames){met}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--track", default="sideways_park")
    ap.add_argument("--course", default="")
    ap.add_argument("--car", default="hatch")
    ap.add_argument("--model", default="arcade")
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="also profile (a) in the game: its N costliest functions")
    a = ap.parse_args()
    where = ["--track", a.track, "--car", a.car, "--model", a.model] + (["--course", a.course] if a.course else [])
    with tempfile.TemporaryDirectory() as home:
        tandem_inputs, tandem_cost = drive_once("tandem", a.track, a.course, a.car, a.model)
        quali_inputs, quali_cost = drive_once("qualifying", a.track, a.course, a.car, a.model)
        (Path(home) / "tandem.jsonl").write_text(tandem_inputs)
        (Path(home) / "quali.jsonl").write_text(quali_inputs)
        print(
            f"drift driver cost per call (in-process, whole runs): tandem {tandem_cost['us_per_call']} us over {tandem_cost['calls']} calls"
            f" (both cars), qualifying {quali_cost['us_per_call']} us over {quali_cost['calls']} calls"
        )
        print(f"frame update (play --headless --stats --quality low update_ms, one judged run, 60 fps) on {a.track} with {a.car} ({a.model}):")
        a_args = [*where, "--mode", "tandem", "--inputs", f"{home}/tandem.jsonl"]
        print(_row("(a) tandem: recorded inputs + AI lead", frame_update(a_args, home), GOALS_MS["a"]))
        print(_row("(b) tandem: --autopilot ace + AI lead", frame_update([*where, "--mode", "tandem", "--autopilot", "ace"], home), GOALS_MS["b"]))
        print(_row("(c) qualifying: recorded inputs", frame_update([*where, "--mode", "qualifying", "--inputs", f"{home}/quali.jsonl"], home)))
        print(_row("(c) qualifying: --autopilot ace", frame_update([*where, "--mode", "qualifying", "--autopilot", "ace"], home)))
        if a.profile > 0:
            print(f"where (a)'s update goes: the top {a.profile} functions by their own time inside DriveScene.frame")
            print(profile_update(a_args, home, a.profile))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == PROFILE_CHILD:
        profile_child(sys.argv[2:])
    else:
        main()
