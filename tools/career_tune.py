"""The career's star targets against the drift AI: every event driven by each driver level, its score beside its targets.

    python tools/career_tune.py                                  # rookie, amateur, ace; seeds 0-1; every event the AI can drive
    python tools/career_tune.py --drivers ace --seeds 3 --events park_first_judged,park_follow_pip
    python tools/career_tune.py --modes qualifying,tandem,ghost  # the judged events only (the issue's Done-when)
    python tools/career_tune.py --modes qualifying,tandem,ghost --seeds 3 --suggest [--write]   # targets from the AI's runs

--suggest (with rookie and ace among the drivers) prints each event's targets from the runs: 1 star at 90 % of the rookie's
lowest score (within a newcomer's reach), 3 stars 1 below the ace's lowest (an ace-level run), 2 stars halfway between;
--write puts them into data/events.json (each event's "targets" line, nothing else in the file changes).

    python tools/career_tune.py --field [--write]   # the cup's field: each driver's qualifying and battle numbers

--field drives each driver of each cup's field in its own car on Arcade: a Qualifying run on the cup's course per seed
(its mean is the driver's "qualifying", which seeds the bracket) and a whole Tandem battle against the reference pro
(REFERENCE) per seed (the mean battle score is "battle_mean"; "battle_sd" is the spread over the seeds, at least
MIN_SD). The battles the player is not in are drawn from these numbers (game/sim/career/bracket.py).

Each event is planned as the game plans it for a new profile (game/content/event_setup.py plan_event: the starter cars
owned, the hatch equipped, so an event open to any car is driven in the hatch, a restricted one in its first allowed car,
lent; the event's handling model, else Arcade), then driven in the pure sim (run_setup_for -> DriftRun) with car 0 in the
autopilot (game/sim/run/autopilot.py make_autopilot: the driver's level, its wander seeded from the session seed). A
tandem event is a whole battle against its opponent; a qualifying or ghost race one judged run; Timed Run and Drift Zones
their clock (the autopilot drives the map's course, then holds on; a player links more drifts). Events on a map without a
course (the parking yard) are left out: the drift AI does not park.
Each row gives the scores over the seeds and the stars they earn; the last lines count each driver's stars, and list the
judged events (qualifying, ghost, tandem) where the ace earns fewer than 2.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.commands.common import playable_world  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.content.drift_drivers import load_drift_drivers  # noqa: E402
from game.content.event_setup import plan_event, run_setup_for  # noqa: E402
from game.content.events import load_career  # noqa: E402
from game.content.profile import equip, new_profile  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.safe_json import DataError  # noqa: E402
from game.sim.career.stars import stars_for  # noqa: E402
from game.sim.run.autopilot import make_autopilot  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402

JUDGED = ("qualifying", "ghost", "tandem")
MAX_S = 600.0  # sim seconds after which a run is cut off (a battle with two one-more-times is about 6 runs)
NEWCOMER_CAR = "hatch"  # what a new profile drives (a starter car)
REFERENCE = "marco"  # --field: every field driver's battles are against this pro
MIN_SD = 8.0  # --field: the least spread of a drawn battle score (the AI repeats itself over seeds; opponents differ more)


def drive(career, event, catalog, rules, roster, worlds, who: str, seed: int) -> int:
    """One drive of the event by `who` in the plan's car: the mode's score."""
    profile = new_profile(catalog.starter_ids, catalog.economy.starting_credits)
    if NEWCOMER_CAR in profile.owned:
        profile = equip(profile, NEWCOMER_CAR)
    plan = plan_event(career, event, profile, catalog, roster, rules)
    world = worlds.get(plan.track_id) or worlds.setdefault(plan.track_id, playable_world(catalog, plan.track_id))
    run = DriftRun(run_setup_for(plan, catalog, world, rules, roster, seed=seed))
    pilot = make_autopilot(run, who, roster)
    s = run.session
    while not run.finished and s.t < MAX_S:
        run.step(pilot.controls(s, s.player))
    run.finish()
    return run.score


def suggest(rookie: list[int], ace: list[int]) -> tuple[int, int, int] | None:
    """Targets from the runs (see the module's docstring); None when they would not rise (a rookie as good as the ace)."""
    t1, t3 = math.floor(0.9 * min(rookie)), min(ace) - 1
    t2 = (t1 + t3) // 2
    return (t1, t2, t3) if 0 < t1 < t2 < t3 else None


def write_targets(path: Path, targets: dict[str, tuple[tuple[int, int, int], str]]) -> None:
    """Replace each event's "targets" line in the file (the first after its id) and its "notes" line (the figures they
    come from), keeping the rest byte for byte."""
    text = path.read_text(encoding="utf-8")
    for event_id, (t, note) in targets.items():
        for key, value in (("targets", f"[{t[0]}, {t[1]}, {t[2]}]"), ("notes", json.dumps(note))):
            pattern = r'"id": "' + re.escape(event_id) + r'"[^{}]*?"' + key + r'": (\[[^\]]*\]|"(?:[^"\\]|\\.)*")'
            m = re.search(pattern, text, flags=re.S)
            if m is None:
                raise ValueError(f"{path}: events[{event_id}] has no {key} line to replace")
            text = text[: m.start(1)] + value + text[m.end(1) :]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def figures_note(by_driver: dict[str, list[int]], seeds: int) -> str:
    """Where an event's targets come from, for its "notes"."""
    runs = "; ".join(f"{d} {min(v)}-{max(v)}" if min(v) != max(v) else f"{d} {v[0]}" for d, v in by_driver.items())
    return (f"targets from tools/career_tune.py --seeds {seeds} --suggest ({time.strftime('%Y-%m-%d')}; a new profile's car, the "
            f"event's model else Arcade): {runs}. 1 star at 90 % of the rookie's lowest, 3 stars 1 below the ace's lowest, 2 halfway")


def _has_course(catalog, event) -> bool:
    """Whether the autopilot can drive the event's map (it needs a course; the parking yard has none)."""
    return bool(getattr(playable_world(catalog, event.map).track, "courses", ()))


def field_numbers(cup, catalog, rules, roster, worlds, seeds: int) -> list[tuple[str, float, float, float]]:
    """(driver, qualifying, battle_mean, battle_sd) for each driver of the cup's field (see the module's docstring)."""
    import numpy as np

    from game.sim.run.setup import RunSetup

    world = worlds.get(cup.map) or worlds.setdefault(cup.map, playable_world(catalog, cup.map))
    out = []
    for entry in cup.field:
        car = roster.get(entry.driver).car
        quals, battles = [], []
        for seed in range(seeds):
            for mode, extra in (("qualifying", {}), ("tandem", dict(opponent=REFERENCE, role="lead"))):
                run = DriftRun(RunSetup(catalog, car, world, rules, mode=mode, runs=1 if mode == "qualifying" else 0, seed=seed,
                                        track_id=cup.map, course=cup.course, drift_drivers=roster, **extra))
                pilot = make_autopilot(run, entry.driver, roster)
                while not run.finished and run.session.t < MAX_S:
                    run.step(pilot.controls(run.session, run.session.player))
                run.finish()
                (quals if mode == "qualifying" else battles).append(run.score)
        out.append((entry.driver, round(float(np.mean(quals)), 1), round(float(np.mean(battles)), 1),
                    round(max(MIN_SD, float(np.std(battles))), 1)))
        print(f"{entry.driver:8} {car:14} qualifying {quals}  battles vs {REFERENCE} {battles}", flush=True)
    return out


def write_field(path: Path, numbers: list[tuple[str, float, float, float]]) -> None:
    """Replace each field driver's line ({"driver": ..., ...}) in the file, keeping the rest byte for byte."""
    text = path.read_text(encoding="utf-8")
    for driver, q, mean, sd in numbers:
        line = f'{{"driver": "{driver}", "qualifying": {q}, "battle_mean": {mean}, "battle_sd": {sd}}}'
        text, n = re.subn(r'\{"driver": "' + re.escape(driver) + r'"[^}]*\}', line, text)
        if n == 0:
            raise ValueError(f"{path}: no field line for {driver}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def main(argv=None) -> int:
    """Print the table; 2 with one line on a bad argument or file."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--drivers", default="rookie,amateur,ace", help="driver ids or skill levels")
    ap.add_argument("--seeds", type=int, default=2, help="session seeds: this many")
    ap.add_argument("--first-seed", type=int, default=0, help="the first session seed (a check on seeds the targets were not set on)")
    ap.add_argument("--events", default="", help="event ids (default: every event the AI can drive)")
    ap.add_argument("--modes", default="timed,zones,qualifying,ghost,tandem", help="event modes to drive")
    ap.add_argument("--suggest", action="store_true", help="print targets from the rookie's and the ace's runs")
    ap.add_argument("--write", action="store_true", help="with --suggest or --field: write them into data/events.json")
    ap.add_argument("--field", action="store_true", help="measure the cups' fields instead of the events")
    a = ap.parse_args(argv)
    try:
        catalog, rules, roster = load_catalog(), load_scoring_rules(), load_drift_drivers()
        career = load_career(catalog, roster)
        drivers = [d for d in a.drivers.split(",") if d]
        for d in drivers:
            roster.get(d)
        wanted = [e for e in a.events.split(",") if e]
        events = [career.get(e) for e in wanted] if wanted else [e for e in career.events if getattr(e, "kind", "") != "cup"]
        events = [e for e in events if e.mode in a.modes.split(",") and _has_course(catalog, e)]
    except (DataError, ValueError) as e:
        sys.stderr.write(f"career_tune: {e}\n")
        return 2
    worlds: dict = {}
    if a.field:
        for cup in (e for e in career.events if getattr(e, "kind", "") == "cup"):
            numbers = field_numbers(cup, catalog, rules, roster, worlds, a.seeds)  # seeds 0..N-1
            for row in numbers:
                print("  ".join(map(str, row)))
            if a.write:
                write_field(ROOT / "data" / "events.json", numbers)
                load_career(catalog, roster)
                print(f"wrote {cup.id}'s field into data/events.json")
        return 0
    stars = {d: 0 for d in drivers}
    short: list[str] = []
    proposed: dict[str, tuple[tuple[int, int, int], str]] = {}
    print(f"{'event':24} {'mode':10} targets            " + "  ".join(f"{d:>22}" for d in drivers))
    for ev in events:
        cells, by_driver = [], {}
        for d in drivers:
            t0 = time.perf_counter()
            scores = [drive(career, ev, catalog, rules, roster, worlds, d, seed) for seed in range(a.first_seed, a.first_seed + a.seeds)]
            by_driver[roster.get(d).skill] = scores
            got = [stars_for(s, ev.targets) for s in scores]
            stars[d] += min(got)
            if d == drivers[-1] and ev.mode in JUDGED and min(got) < 2:
                short.append(f"{ev.id} ({', '.join(map(str, scores))})")
            cells.append(f"{'/'.join(map(str, scores)):>14} {'*' * min(got):<3}{time.perf_counter() - t0:4.0f}s")
        line = f"{ev.id:24} {ev.mode:10} {str(list(ev.targets)):18} " + "  ".join(f"{c:>22}" for c in cells)
        if a.suggest and "rookie" in by_driver and "ace" in by_driver:
            t = suggest(by_driver["rookie"], by_driver["ace"])
            if t is not None:
                proposed[ev.id] = (t, figures_note(by_driver, a.seeds))
            line += f"   -> {list(t) if t else 'no rise'}"
        print(line, flush=True)
    print("stars (the worst seed of each event): " + ", ".join(f"{d} {n}" for d, n in stars.items()))
    print(f"judged events where {drivers[-1]} earns fewer than 2 stars: " + (", ".join(short) or "none"))
    if a.write and proposed:
        write_targets(ROOT / "data" / "events.json", proposed)
        load_career(catalog, roster)  # the file as written still loads (targets rising)
        print(f"wrote the targets of {len(proposed)} events into data/events.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
