"""Frame benchmark in a real window: the benchmark drive as `tools/bench_frame.py` runs it, but drawn into an X window
and swapped as a player's frames are (no offscreen buffer, no forced finish). Needs a display; on a machine without a
screen, run it under Xvfb:

    xvfb-run -a -s "-screen 0 1280x720x24" python3 tools/bench_window.py --quality low --ai 3
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


def main() -> None:
    """Print one JSON line: the tier, the AI count, frame ms mean / p50 / p95 after the warm-up."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quality", choices=("low", "medium", "high", "ultra"), help="the tier (default: the auto-pick)")
    ap.add_argument("--ai", type=int, default=3, help="AI cars in the drive (Free Drift's default is 3)")
    ap.add_argument("--frames", type=int, default=430, help="frames drawn (the first 30 are warm-up)")
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    os.environ.setdefault("SIDEWAYS_HOME", tempfile.mkdtemp(prefix="sideways-bench-"))
    from game import paths
    from game.commands.common import catalog_for, inputs_for, playable_world
    from game.shell.launch import startup_msaa
    from game.sim.run.playback import Playback
    from game.view.boot.ursina_app import make_app

    w, h = (int(v) for v in args.size.split("x"))
    app = make_app(headless=False, size=(w, h), msaa=startup_msaa(args.quality))
    from game.shell.app import Game, Pacing
    from game.shell.request import DriveRequest, Opening

    catalog = catalog_for(str(paths.DEFAULT_CATALOG))
    script = Playback.of_timeline(inputs_for(str(ROOT / "tools" / "bench_drive.jsonl")))
    choices = DriveRequest(car="hatch", mode="free", ai=args.ai, script=script)
    game = Game(catalog, Opening(choices, drive=True, world=playable_world(catalog, None), quality=args.quality), Pacing.headless(1 / 60))
    ms = []
    for i in range(args.frames):
        if i == 30:
            c0 = time.process_time()
        t0 = time.perf_counter()
        app.step()
        ms.append((time.perf_counter() - t0) * 1000.0)
    cpu = (time.process_time() - c0) * 1000.0 / (args.frames - 30)
    print("CPU_MS_PER_FRAME", round(cpu, 1))
    ms = sorted(ms[30:])
    print(json.dumps({"quality": game.tier.name, "ai": args.ai, "size": args.size, "frame_ms": {
        "mean": round(statistics.mean(ms), 1), "p50": round(statistics.median(ms), 1), "p95": round(ms[int(len(ms) * 0.95)], 1)}}))


if __name__ == "__main__":
    main()
