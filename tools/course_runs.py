"""Drive the scripted good and sloppy runs of each shipped course on both handling models and print the judges' breakdown.

    python tools/course_runs.py                   # a readable breakdown per run (the figures for issue 20's closing note)
    python tools/course_runs.py --json            # one JSON object per run: the stats JSON's "judging" block
    python tools/course_runs.py --write-inputs D  # also write each good run's controls as D/MAP-MODEL.jsonl

The runs are tests/sim/judges/test_course_runs.py's: the drift driver (tools/course_driver.py) through a DriftRun in
Qualifying. An inputs file replays its run with
`sideways play --headless --mode qualifying --track MAP --car zenith_hyper --model MODEL --inputs D/MAP-MODEL.jsonl --stats`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import load_catalog  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.content.tracks import load_track  # noqa: E402
from game.sim.inputs import Timeline, dump_inputs  # noqa: E402
from game.sim.world import World  # noqa: E402
from tools.course_driver import CAR, GOOD, SLOPPY, drive_course  # noqa: E402

MAPS = ("sideways_park", "mountain_pass", "frozen_lake")
MODELS = ("arcade", "sim")


def breakdown(track: str, model: str, kind: str, r) -> str:
    """The run's breakdown in a few lines: total, categories, style parts, clips, sectors, deductions."""
    p = r.style_parts
    head = f"{track} / {r.course} / {model} / {kind}: {r.total:.1f}"
    head += "" if r.finished else f" (not finished: {r.zero})"
    lines = [head, f"  line {r.line:.1f}  angle {r.angle:.1f}  style {r.style:.1f} (initiation {p.initiation:.1f}, fluidity {p.fluidity:.1f}, "
             f"commitment {p.commitment:.1f})  time {r.time_s:.1f} s  mean speed {r.mean_speed_mps:.1f} m/s"]
    lines.append("  clips: " + ", ".join(f"{c.id} ({c.kind}) {'-' if c.distance_m is None else f'{c.distance_m:.2f} m'} {c.points:.1f}/{c.max_points:.1f}"
                                         for c in r.clips))
    lines.append("  sectors: " + ", ".join(f"{s.id} {s.mean_angle_deg:.1f}/{s.target_angle_deg:g} deg {s.points:.1f}/{s.max_points:.1f}" for s in r.sectors))
    lines.append("  deductions: " + (", ".join(f"{d.kind} -{d.points:g} at {d.at_s:.1f} s ({d.detail})" for d in r.deductions) or "none"))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object per run instead of the readable breakdown")
    ap.add_argument("--write-inputs", metavar="DIR", help="write each good run's controls as DIR/MAP-MODEL.jsonl")
    args = ap.parse_args(argv)
    catalog, rules = load_catalog(), load_scoring_rules()
    out_dir = Path(args.write_inputs) if args.write_inputs else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    for track in MAPS:
        world = World(load_track(track, catalog.surfaces), list(catalog.surfaces))
        for model in MODELS:
            for kind, params in (("good", GOOD), ("sloppy", SLOPPY[model])):
                result, driven = drive_course(catalog, rules, world, track, model, params)
                if args.json:
                    print(json.dumps({"track": track, "car": CAR, "model": model, "run": kind, "judging": result.as_dict()}))
                else:
                    print(breakdown(track, model, kind, result))
                if out_dir and kind == "good":
                    (out_dir / f"{track}-{model}.jsonl").write_text(dump_inputs(_timeline(driven)), encoding="utf-8")
    return 0


def _timeline(driven) -> Timeline:
    """The driven controls as an inputs timeline: an entry wherever they change."""
    times, ctrls = [], []
    for t, c in driven:
        if not ctrls or c != ctrls[-1]:
            times.append(t)
            ctrls.append(c)
    return Timeline(tuple(times), tuple(ctrls))


if __name__ == "__main__":
    sys.exit(main())
