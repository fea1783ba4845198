"""`sideways sim`: drive a car headless from scripted inputs and print one CSV row per sim step."""

from __future__ import annotations

import math

from game.commands.common import CommandError, car_id_for, catalog_for, fail, inputs_for, ranged_number, world_for, write_output
from game.content.scoring_rules import load_scoring_rules
from game.safe_json import DataError
from game.sim.inputs import MAX_SECONDS
from game.sim.judges.scoring import DriftScorer
from game.sim.models.model_registry import DEFAULT_MODEL, MODELS, UnknownModel
from game.sim.models.model_telemetry import COLUMN_NAMES as TELEMETRY_NAMES
from game.sim.session import Session

_DECIMALS = {"rpm": 1, "clutch": 4, "slip_angle_front_rad": 5, "slip_angle_rear_rad": 5}  # the rest: 3

COLUMNS = (
    "t,x,y,z,heading_deg,speed_kmh,forward_mps,lateral_mps,yaw_rate_dps,steer,surface,airborne,drifting,"
    "vy_mps,drift_angle_deg,grip_eff,throttle,brake,handbrake,events,score,pending,combo,"
) + ",".join(TELEMETRY_NAMES)


def add_parser(sub) -> None:
    """Register the sim subcommand."""
    p = sub.add_parser("sim", help="drive a car headless from a JSON Lines inputs file; CSV telemetry out")
    p.add_argument("--car", required=True, help="car id from the catalog")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--surface", help="an endless flat pad of this surface")
    where.add_argument("--track", help="a map id from data/tracks/ (default: the default map)")
    p.add_argument("--hz", type=ranged_number("--hz", 10, 2000), default=120.0, help="sim steps per second (default 120)")
    p.add_argument("--inputs", required=True, help="JSON Lines: {t, throttle, brake, steer, handbrake, clutch, gear} per line")
    p.add_argument("--model", choices=list(MODELS), default=DEFAULT_MODEL,
                   help=f"handling model (default {DEFAULT_MODEL}; the output never depends on a profile)")
    p.add_argument("--seconds", type=ranged_number("--seconds", 0, MAX_SECONDS, low_open=True), help="how long to drive (default: 1 s past the last input)")
    p.add_argument("--out", help="write the CSV here instead of stdout")
    p.set_defaults(run=run)


def run(args) -> int:
    """Run the drive; exit 2 with one line on any bad input."""
    try:
        catalog = catalog_for(args.catalog)
        car_id = car_id_for(catalog, args.car)
        timeline = inputs_for(args.inputs)
        world = world_for(catalog, args.surface, args.track)
        rules = load_scoring_rules()
        session = Session(catalog, car_id, world, hz=args.hz, model=args.model)
    except (CommandError, DataError, UnknownModel) as e:
        return fail("sideways sim", str(e))
    seconds = args.seconds if args.seconds is not None else min(timeline.last_time + 1.0, MAX_SECONDS)
    steps = int(round(seconds * args.hz))
    return write_output(args.out, "sideways sim", lambda out: write_rows(out, session, timeline, steps, DriftScorer(rules)))


def write_rows(out, session: Session, timeline, steps: int, scorer: DriftScorer) -> None:
    """Step the session, score it, and write the header and one row per step."""
    lines = [COLUMNS]
    for _ in range(steps):
        c = timeline.at(session.t)
        events = session.step(c)
        scorer.update(session.state, events, session.dt)
        lines.append(format_row(session.state, c, events, scorer))
        if len(lines) >= 2048:
            out.write("\n".join(lines) + "\n")
            lines = []
    if lines:
        out.write("\n".join(lines) + "\n")


def format_row(s, c, events, scorer: DriftScorer) -> str:
    """One CSV row; fixed decimals so the same drive gives byte-identical output."""
    ev = ";".join(f"{e.kind}:{e.detail or round(e.value, 3)}" for e in events)
    return (
        f"{s.t:.4f},{s.x:.4f},{s.y:.4f},{s.z:.4f},{math.degrees(s.heading):.3f},{s.speed * 3.6:.3f},"
        f"{s.forward:.4f},{s.lateral:.4f},{math.degrees(s.yaw_rate):.3f},{s.steer_wheel:.4f},{s.surface},"
        f"{int(s.airborne)},{int(s.drifting)},{s.vy:.4f},{math.degrees(s.drift_angle):.3f},{_num(s.telemetry.value('grip_eff'), 4)},"
        f"{c.throttle:g},{c.brake:g},{int(c.handbrake)},{ev},{scorer.banked},{scorer.pending:.1f},{scorer.multiplier:g},"
        + ",".join(_num(s.telemetry.value(n), _DECIMALS.get(n, 3)) for n in TELEMETRY_NAMES)
    )


def _num(v, decimals: int) -> str:
    """A telemetry figure with fixed decimals (whole numbers and flags as integers); empty where the model has none."""
    if v is None:
        return ""
    if isinstance(v, (bool, int)):
        return str(int(v))
    return f"{v + 0.0:.{decimals}f}"  # + 0.0: no "-0.000"
