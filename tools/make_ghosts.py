"""Record the career's ghost races: an ace drift driver's judged Qualifying run, through the game's own headless play.

    python tools/make_ghosts.py                 # every ghost in GHOSTS, written to data/ghosts/
    python tools/make_ghosts.py --only rin_pad_hook --out /tmp/ghosts

Each ghost is `sideways play --headless --mode qualifying --track T --course C --autopilot D --car CAR --model M --stats`
in a fresh SIDEWAYS_HOME (so the shipped cars.json, scoring.json and maps are what it records against), whose one saved
replay is checked (map, course, a finished run) and copied to data/ghosts/NAME.swr. A shipped ghost keeps the car it
was driven in, and plays only with the rest of the data it was recorded with (game/sim/replay/format.py check_compatible:
the game's version, the handling and surfaces of cars.json, scoring.json and the map's file): after retuning any of
those, run this again and commit the new files.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.atomic import write_bytes_atomic  # noqa: E402
from game.content.replays import load_replay  # noqa: E402

# name -> (drift driver, car, map, course, handling model): the events.json ghost events name these files
GHOSTS = {
    "rin_pad_hook": ("rin", "vortex_gt", "sideways_park", "pad_hook", "arcade"),
    "rin_first_hairpin": ("rin", "vortex_gt", "mountain_pass", "first_hairpin", "arcade"),
    "vera_island_loop": ("vera", "zenith_hyper", "frozen_lake", "island_loop", "arcade"),
}
FRAME_DT = "0.1"  # sim seconds a headless frame advances: the sim steps at its own rate either way, so the run is the same


def record(name: str, out_dir: Path) -> dict:
    """Drive one ghost headless and copy its replay to out_dir/NAME.swr; what it scored (RuntimeError if it failed)."""
    driver, car, track, course, model = GHOSTS[name]
    with tempfile.TemporaryDirectory(prefix="sideways-ghost-") as home:
        env = {**os.environ, "SIDEWAYS_HOME": home}
        args = [sys.executable, "-m", "game", "play", "--headless", "--mode", "qualifying", "--track", track, "--course", course,
                "--autopilot", driver, "--car", car, "--model", model, "--stats", "--frame-dt", FRAME_DT]
        p = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f"{name}: play exited {p.returncode}: {p.stderr.strip().splitlines()[-1:]}")
        stats = json.loads(p.stdout.strip().splitlines()[-1])
        files = sorted((Path(home) / "replays").glob("*.swr"))
        if len(files) != 1:
            raise RuntimeError(f"{name}: expected one saved replay, found {len(files)}")
        replay = load_replay(files[0])
        if (replay.track_id, replay.course, replay.mode) != (track, course, "qualifying") or not stats.get("finished"):
            raise RuntimeError(f"{name}: the replay is of {replay.track_id}/{replay.course} ({replay.mode}), finished={stats.get('finished')}")
        out_dir.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(out_dir / f"{name}.swr", files[0].read_bytes())
    return {"ghost": name, "driver": driver, "car": car, "track": track, "course": course, "model": model, "score": stats["score"],
            "total": stats.get("judging", {}).get("total"), "steps": replay.steps}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated ghost names (default: all of them)")
    ap.add_argument("--out", type=Path, default=ROOT / "data" / "ghosts", help="folder to write NAME.swr into (default data/ghosts)")
    a = ap.parse_args(argv)
    names = [n for n in a.only.split(",") if n] or list(GHOSTS)
    unknown = [n for n in names if n not in GHOSTS]
    if unknown:
        print(f"unknown ghost {unknown[0]!r} (ghosts: {', '.join(GHOSTS)})", file=sys.stderr)
        return 2
    for n in names:
        print(json.dumps(record(n, a.out)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
