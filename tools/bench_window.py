"""Frame benchmark in a real window: the benchmark drive as `tools/bench_frame.py` runs it, but drawn into an X window
and swapped as a player's frames are (no offscreen buffer, no forced finish). Several tiers run in ONE window,
interleaved round by round (low, high, low, high, ...), so that their figures are comparable: the machine's mood
moves every tier alike. Needs a display; on a machine without a screen, run it under Xvfb:

    xvfb-run -a -s "-screen 0 1280x720x24" python3 tools/bench_window.py --tiers low,medium,high,ultra --rounds 2

Prints one JSON line per tier and round, then one summary line per tier (frame ms mean / p50 / p95 over every
round, CPU ms per frame, draw calls and vertices in view and in the sun's shadow pass, and the p50 as a ratio of
the first tier's).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TIERS = ("low", "medium", "high", "ultra")


def _tiers(text: str) -> list[str]:
    tiers = [t.strip() for t in text.split(",") if t.strip()]
    bad = [t for t in tiers if t not in TIERS]
    if not tiers or bad:
        raise argparse.ArgumentTypeError(f"tiers must be a comma-separated list of {', '.join(TIERS)}, got {text!r}")
    return tiers


def _stats(ms: list[float]) -> dict:
    ms = sorted(ms)
    return {"mean": round(statistics.mean(ms), 1), "p50": round(statistics.median(ms), 1), "p95": round(ms[int(len(ms) * 0.95)], 1)}


def main() -> None:
    """Run the tiers interleaved in one window and print their figures (JSON lines)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tiers", type=_tiers, default=None, help="comma-separated tiers, run in this order each round (default: low,high)")
    ap.add_argument("--quality", choices=TIERS, help="one tier only (the same as --tiers TIER)")
    ap.add_argument("--rounds", type=int, default=1, help="rounds: each runs every tier once")
    ap.add_argument("--ai", type=int, default=3, help="AI cars in the drive (Free Drift's default is 3)")
    ap.add_argument("--frames", type=int, default=430, help="frames drawn per tier and round (the first 30 are warm-up)")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--json", help="also write every figure to this file")
    args = ap.parse_args()
    tiers = [args.quality] if args.quality else (args.tiers or ["low", "high"])
    if args.frames <= 40 or args.rounds < 1:
        ap.error("--frames must be over 40 and --rounds at least 1")
    os.environ.setdefault("SIDEWAYS_HOME", tempfile.mkdtemp(prefix="sideways-bench-"))
    from game import paths
    from game.commands.common import catalog_for, inputs_for, playable_world
    from game.sim.run.playback import Playback
    from game.view.boot.frame_stats import scene_counts
    from game.view.boot.ursina_app import make_app

    w, h = (int(v) for v in args.size.split("x"))
    app = make_app(headless=False, size=(w, h), msaa=0)  # one window for every tier: none multisamples (software GL never does)
    from game.shell.app import Game, Pacing
    from game.shell.request import DriveRequest, Opening

    catalog = catalog_for(str(paths.DEFAULT_CATALOG))
    script = Playback.of_timeline(inputs_for(str(ROOT / "tools" / "bench_drive.jsonl")))
    choices = DriveRequest(car="hatch", mode="free", ai=args.ai, script=script)
    game = Game(catalog, Opening(choices, drive=False, world=playable_world(catalog, None), quality=tiers[0]), Pacing.headless(1 / 60))
    runs: dict[str, list[dict]] = {t: [] for t in tiers}
    for rnd in range(args.rounds):
        for tier in tiers:
            game.quality_override = tier
            game.stack.clear()  # the last drive goes first, then the park, drawn anew at this tier
            game.scenery.release()
            game.drive(choices)
            ms, cpu = [], []
            for _ in range(args.frames):
                t0, c0 = time.perf_counter(), time.process_time()
                app.step()
                ms.append((time.perf_counter() - t0) * 1000.0)
                cpu.append((time.process_time() - c0) * 1000.0)
            counts = scene_counts()  # what the last frame drew: in view, in the sun's shadow pass, and the UI
            run = {"tier": game.tier.name, "round": rnd + 1, "ai": args.ai, "size": args.size, "frame_ms": _stats(ms[30:]),
                   "cpu_ms_p50": round(statistics.median(cpu[30:]), 1),
                   **{k: counts[k] for k in ("draws", "vertices", "ui_draws", "shadow_draws", "shadow_vertices") if k in counts}}
            runs[tier].append(run)
            print(json.dumps(run), flush=True)
    first = None
    summary = []
    for tier in tiers:
        ms = [r["frame_ms"]["p50"] for r in runs[tier]]
        row = {"summary": tier, "rounds": args.rounds, "frame_ms_p50": round(statistics.median(ms), 1),
               "frame_ms_p95": round(statistics.median(r["frame_ms"]["p95"] for r in runs[tier]), 1),
               "cpu_ms_p50": round(statistics.median(r["cpu_ms_p50"] for r in runs[tier]), 1),
               **{k: runs[tier][-1][k] for k in ("draws", "vertices", "shadow_draws", "shadow_vertices") if k in runs[tier][-1]}}
        first = first or row["frame_ms_p50"]
        row["vs_" + tiers[0]] = round(row["frame_ms_p50"] / first, 2)
        summary.append(row)
        print(json.dumps(row), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": runs, "summary": summary}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
