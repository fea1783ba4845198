"""`sideways fleet`: run the AI-car note's fleet in its own units from a scenario file; CSV out."""

from __future__ import annotations

import dataclasses

from game.commands.common import fail, ranged_number, write_output
from game.content.fleet_scenario import load_scenario
from game.safe_json import DataError
from game.sim.ai.scenario import build_fleet

COLUMNS = "frame,t,car,x,y,heading,speed,steering,slip_angle,slip_vel,path_t,skidding,orbiting,colliding,has_target"
MAX_FRAMES = 1_000_000


def add_parser(sub) -> None:
    """Register the fleet subcommand."""
    p = sub.add_parser("fleet", help="run the AI-car note's fleet (px, s, rad) from a scenario JSON; CSV out")
    p.add_argument("--scenario", required=True, help="scenario JSON (schema: data/fleet_scenario.schema.json)")
    p.add_argument("--frames", type=ranged_number("--frames", 0, MAX_FRAMES, whole=True), help="steps after frame 0 (default: the scenario's, else 600)")
    p.add_argument("--dt", type=ranged_number("--dt", 0, 1, low_open=True), help="step length in seconds (default: the scenario's, else 1/60)")
    p.add_argument("--out", help="write the CSV here instead of stdout")
    p.set_defaults(run=run)


def run(args) -> int:
    """Run the scenario; exit 2 with one line on a bad scenario or an unwritable --out."""
    try:
        sc = load_scenario(args.scenario)
    except DataError as e:
        return fail("sideways fleet", str(e))
    sc = dataclasses.replace(
        sc,
        frames=args.frames if args.frames is not None else sc.frames,
        dt=args.dt if args.dt is not None else sc.dt,
    )
    return write_output(args.out, "sideways fleet", lambda out: write_rows(out, sc))


def write_rows(out, sc) -> None:
    """Frame 0 is the start; then one row per car after each step."""
    fleet = build_fleet(sc)
    lines = [COLUMNS]
    for frame in range(sc.frames + 1):
        if frame:
            fleet.step(sc.dt)
        t = frame * sc.dt
        lines.extend(format_row(frame, t, i, c) for i, c in enumerate(fleet.cars))
        if len(lines) >= 4096:
            out.write("\n".join(lines) + "\n")
            lines = []
    if lines:
        out.write("\n".join(lines) + "\n")


def format_row(frame: int, t: float, i: int, c) -> str:
    """One CSV row; fixed decimals so the same scenario gives byte-identical output."""
    return (
        f"{frame},{t:.6f},{i},{c.x:.6f},{c.y:.6f},{c.heading:.6f},{c.speed:.6f},{c.steering:.6f},"
        f"{c.slip_angle:.6f},{c.slip_vel:.6f},{c.path_t:.6f},{int(c.skidding)},{int(c.orbiting)},"
        f"{int(c.was_colliding)},{int(c.target is not None)}"
    )
