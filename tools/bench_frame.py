"""Frame benchmark: the benchmark drive rendered headless at each quality tier and size; prints what a frame costs.

Each run is its own process (`sideways play --headless --stats`), so start-up is measured too. Frames are real
renders (Mesa llvmpipe on machines without a GPU); on a shared machine, run it a few times and compare medians.

    python3 tools/bench_frame.py                       # every tier at 1280x720 and 640x360, 900 frames
    python3 tools/bench_frame.py --frames 300 --tiers low high --sizes 1280x720
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVE = ROOT / "tools" / "bench_drive.jsonl"
TIERS = ("low", "medium", "high", "ultra")


def play(args: list[str]) -> dict:
    """Run `python3 -m game play --headless ... --stats` from the repository root on a fresh profile; its stats line."""
    env = dict(os.environ, SIDEWAYS_HOME=tempfile.mkdtemp(prefix="sideways-bench-"))
    cmd = [sys.executable, "-m", "game", "play", "--headless", "--stats", *args]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode != 0 or not lines:
        raise SystemExit(f"bench_frame: {' '.join(cmd[3:])} failed: {(p.stderr.strip().splitlines() or ['no output'])[-1]}")
    return json.loads(lines[-1])


def start(tier: str, size: str, home: str) -> tuple[float, float]:
    """(wall, CPU) seconds from process start to the first menu frame drawn, with this profile folder."""
    env = dict(os.environ, SIDEWAYS_HOME=home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game has its bytecode compiled: so do these starts
    cmd = [sys.executable, "-m", "game", "play", "--headless", "--menu", "--frames", "1", "--stats", "--quality", tier, "--size", size]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    d = json.loads(line[-1]) if line else {}
    return d.get("start_s") or float("nan"), d.get("start_cpu_s") or float("nan")


def has_ai() -> bool:
    """Whether this build can put AI cars on the map (`play --ai N`)."""
    p = subprocess.run([sys.executable, "-m", "game", "play", "--help"], cwd=ROOT, capture_output=True, text=True)
    return "--ai" in p.stdout


def row(label: str, d: dict) -> str:
    """One printed line of figures."""
    f, u = d["frame_ms"], d["update_ms"]
    return (f"{label:<28} {f['mean']:7.1f} {f['p50']:7.1f} {f['p95']:7.1f} {u['mean']:6.2f} {d['render_share'] * 100:5.0f}% "
            f"{d['cpu_ms']['p50']:7.1f} {d['vertices']:8d} {d['draws']:5d} {d.get('ui_draws', 0):4d} {d.get('shadow_vertices', 0):8d} "
            f"{d['shadow_redraws']:5d} {d['rss_mb']:6.0f}")


def main() -> None:
    """Print the table (and, with --json, every run's full stats)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=900, help="frames per drive (the first 30 are warm-up, reported apart)")
    ap.add_argument("--tiers", nargs="*", default=list(TIERS), choices=TIERS)
    ap.add_argument("--sizes", nargs="*", default=["1280x720", "640x360"])
    ap.add_argument("--car", default="hatch")
    ap.add_argument("--ai", type=int, default=3, help="AI cars in the extra drive (when the build has them)")
    ap.add_argument("--starts", type=int, default=5, help="start-to-menu runs per tier, fresh and cached (medians are printed)")
    ap.add_argument("--json", help="also write every run's stats here")
    args = ap.parse_args()
    drive = ["--car", args.car, "--inputs", str(DRIVE), "--frames", str(args.frames)]
    runs = []
    print("frame ms (mean, p50, p95); update ms mean; render share; process CPU ms per frame p50; vertices and draws in view;")
    print("UI draws; shadow-pass vertices; shadow-map redraws in the run; RSS MB.  Shared machines are noisy: compare medians.\n")
    print(f"{'drive':<28} {'mean':>7} {'p50':>7} {'p95':>7} {'upd':>6} {'rend':>6} {'cpu':>7} {'verts':>8} {'draws':>5} {'ui':>4} "
          f"{'shadowv':>8} {'redr':>5} {'rss':>6}")
    ai_build = has_ai()
    ai = args.ai if args.ai and ai_build else 0
    alone = ["--ai", "0"] if ai_build else []  # Free Drift brings AI cars by default: the first row is the player alone
    for size in args.sizes:
        for tier in args.tiers:
            d = play([*drive, "--size", size, "--quality", tier, *alone])
            runs.append({"tier": tier, "size": size, "ai": 0, **d})
            print(row(f"{tier} {size}", d), flush=True)
            if ai and size == args.sizes[0]:
                d = play([*drive, "--size", size, "--quality", tier, "--ai", str(ai)])
                runs.append({"tier": tier, "size": size, "ai": ai, **d})
                print(row(f"{tier} {size} +{ai} AI", d), flush=True)
    if not ai:
        print("(no AI cars in this build: `play --ai` is not there yet)")
    n = max(1, args.starts)
    print(f"\nstart to the first menu frame drawn, wall and process CPU, median of {n}: on a fresh profile each time (the ground")
    print("maps baked), and again on one profile (maps loaded from its cache):")
    for tier in args.tiers:
        homes = [tempfile.mkdtemp(prefix="sideways-bench-") for _ in range(n)]
        fresh = [start(tier, args.sizes[0], home) for home in homes]
        later = [start(tier, args.sizes[0], homes[-1]) for _ in range(n)]  # the last fresh start filled this profile's cache
        med = lambda ts, k: statistics.median(t[k] for t in ts)  # noqa: E731
        print(f"  {tier:<8} fresh {med(fresh, 0):5.2f} s (CPU {med(fresh, 1):5.2f} s)   cached {med(later, 0):5.2f} s "
              f"(CPU {med(later, 1):5.2f} s)")
        runs.append({"tier": tier, "start_fresh_s": fresh, "start_cached_s": later})
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()
