"""`sideways judge FILE.swr [--json]`: re-simulate a saved Qualifying run and print how each run was judged.

The replay is checked as `sideways replay` checks it, then re-simulated headless through the same Playback the game
plays it with (RunSetup.of_replay, game/sim/run/verify.py), so a judged replay re-judged gives exactly the live result; a re-simulation
that does not end where the recording did is refused rather than shown.
"""

from __future__ import annotations

import json

from game.commands.common import CommandError, fail, write_output

PROG = "sideways judge"


def add_parser(sub) -> None:
    """Register the judge subcommand."""
    p = sub.add_parser("judge", help="re-simulate a saved Qualifying run and print its judged breakdown",
                       epilog="exit codes: 0 done, 2 a bad or unjudged replay, or one that re-simulates out of sync")
    p.add_argument("file", help="a .swr replay of a Qualifying session (sessions are saved under SIDEWAYS_HOME/replays)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--json", action="store_true", help='print the judging blocks as JSON (one line): {"judging": the run that counts, "runs": [...]}')
    p.set_defaults(run=run)


def run(args) -> int:
    """Load and check the replay, re-judge it, print the breakdown."""
    from game.commands.replay import load_checked
    from game.content.user_paths import display_path
    from game.sim.run.modes.qualifying import Qualifying
    from game.sim.run.verify import run_replay

    try:
        replay, setup, _catalog, _note = load_checked(args.file, args.catalog)
        if replay.mode != Qualifying.id:
            raise CommandError(f"{display_path(args.file)}: a {replay.mode} replay has no judged runs (only Qualifying is judged)")
        try:
            live = run_replay(setup, replay)
        except ValueError as e:  # a course this map no longer has
            raise CommandError(f"{display_path(args.file)}: {e}") from None
        if not replay.matches(live.session.state, live.score):
            raise CommandError(f"{display_path(args.file)}: the re-simulation did not end where the recording did; it would be judged out of sync")
    except CommandError as e:
        return fail(PROG, str(e))
    results = live.results()
    course = live.game_mode.course
    if args.json:
        doc = judging_doc(results)
        return write_output(None, PROG, lambda out: out.write(json.dumps(doc) + "\n"))
    head = f"{args.file}: Qualifying on {course.name} ({course.id}), map {replay.track_id}, car {replay.car_id}, {replay.model} model"
    lines = [head, *breakdown_lines(results)]
    return write_output(None, PROG, lambda out: out.write("\n".join(lines) + "\n"))


def judging_doc(results) -> dict:
    """The --json document: the run that counts as the stats' "judging" block, every run, and which one counts."""
    best = results.best_judged
    return {"judging": best.as_dict() if best is not None else None, "best_run": results.best_run, "runs": [r.as_dict() for r in results.judged]}


def breakdown_lines(results) -> list[str]:
    """Each judged run as the results screen breaks it down: total, categories, style parts, clips, sectors,
    deductions with their times, and why it scored zero."""
    if not results.judged:
        return ["no judged run (the session ended before a run did)"]
    out = []
    for i, r in enumerate(results.judged):
        counts = "  (counts)" if i == results.best_run else ""
        ended = "finished" if r.finished else "not finished"
        out.append(f"Run {i + 1}: {r.total:.1f} / 100  Line {r.line:.1f}  Angle {r.angle:.1f}  Style {r.style:.1f}  "
                   f"({ended}, {r.time_s:.2f} s, mean {r.mean_speed_mps * 3.6:.1f} km/h){counts}")
        p = r.style_parts
        out.append(f"  style: initiation {p.initiation:.1f}  fluidity {p.fluidity:.1f}  commitment {p.commitment:.1f}")
        if r.zero:
            out.append(f"  ZERO: {r.zero}" + (f" ({r.zero_detail})" if r.zero_detail else ""))
        out.append("  clips:")
        for c in r.clips:
            dist = "never near" if c.distance_m is None else f"{c.distance_m:.2f} m"
            when = "" if c.at_s is None else f" at {c.at_s:.2f} s"
            out.append(f"    {c.id:<12} {c.kind:<6} {dist:>10}  {c.points:5.1f} / {c.max_points:.1f}{when}")
        out.append("  sectors:")
        for s in r.sectors:
            out.append(f"    {s.id:<12} mean {s.mean_angle_deg:5.1f} deg vs {s.target_angle_deg:.0f}  weight {s.weight:.0f}  "
                       f"{s.points:5.1f} / {s.max_points:.1f}  ({s.time_s:.2f} s)")
        out.append("  deductions:" + ("" if r.deductions else " none"))
        for d in r.deductions:
            detail = f" ({d.detail})" if d.detail else ""
            out.append(f"    {d.kind:<12} at {d.at_s:6.2f} s  -{d.points:.1f}{detail}")
    if results.best_run is not None:
        out.append(f"Counts: run {results.best_run + 1}, {results.score} points")
    return out
