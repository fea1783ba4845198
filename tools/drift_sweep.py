"""Sweep the drift driver over cars x handling models x courses: one judged Qualifying run each, a table of totals.

    python tools/drift_sweep.py                                     # every catalog car, both models, the three courses
    python tools/drift_sweep.py --cars hatch,zenith_hyper --models sim --tracks frozen_lake
    python tools/drift_sweep.py --params angle_scale=0.8,initiation=feint   # DriftDriver fields for every run
    python tools/drift_sweep.py --params initiation=power_over,styles.power_lead_s=0.2,recovery.spun_deg=90  # their gains
    python tools/drift_sweep.py --json                              # one JSON object per run (the stats JSON's "judging")
    python tools/drift_sweep.py --models sim --initiations all      # every initiation style: a style x car x course table

Each run is a DriftRun in mode "qualifying" (runs=1, staged at the course's spawn) driven by
`game.sim.ai.drift.driver.make_driver` for the player car, as tools/course_driver.py drives it. The table gives
the total, the zero's reason (if any), the deductions' kinds, the run's sim time and the driver's cost per call: wall
time (time.perf_counter over the run / calls; inflated on a loaded machine) and this thread's CPU time (time.thread_time).
Every run drives by the driver data's `initiations` (data/drift_drivers.json): a style the car cannot do on the model
falls back as a drift driver's would. `--initiations` drives each named style in turn and prints one row per style, car
and model with a total per course ("n/a" where the driver data says the car cannot do the style on the model, "*" where
the style did not get the tail out in its time and the driver flicked instead), then per style and in all the count at
70 or more, the lowest and how many flicked instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.catalog import load_catalog  # noqa: E402
from game.content.drift_drivers import load_drift_drivers  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.content.tracks import load_track  # noqa: E402
from game.sim.ai.drift import initiation as drift_entry  # noqa: E402
from game.sim.ai.drift import recover as drift_recover  # noqa: E402
from game.sim.ai.drift.driver import make_driver  # noqa: E402
from game.sim.ai.drift.skill import INITIATIONS, InitiationRules  # noqa: E402
from game.sim.world import World  # noqa: E402

TRACKS = ("sideways_park", "mountain_pass", "frozen_lake")
MODELS = ("arcade", "sim")
MAX_S = 180.0  # a run not over after this much sim time is cut off (reported as "timeout")


def parse_params(text: str) -> dict:
    """'k=v,k2=v2' -> {k: float(v) or v}; a bad item raises ValueError naming it."""
    out: dict = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        if "=" not in item:
            raise ValueError(f"--params: {item!r} is not key=value")
        k, v = (x.strip() for x in item.split("=", 1))
        try:
            out[k] = float(v)
        except ValueError:
            out[k] = {"true": True, "false": False}.get(v.lower(), v)
    return out


def nested(params: dict) -> dict:
    """'styles.x' / 'recovery.x' keys folded into the driver's EntryGains / RecoverGains (the rest as they are)."""
    groups = {"styles": drift_entry.EntryGains(), "recovery": drift_recover.RecoverGains()}
    out, used = {}, set()
    for k, v in params.items():
        head, _, name = k.partition(".")
        if name and head in groups:
            groups[head] = dataclasses.replace(groups[head], **{name: v})
            used.add(head)
        else:
            out[k] = v
    return {**out, **{h: groups[h] for h in used}}


def drive(catalog, rules, world, track: str, car: str, model: str, params: dict, styles: InitiationRules | None = None) -> dict:
    """One Qualifying run driven by the drift driver: the judges' result, the sim time and the driver's cost per call.
    `styles`: which initiation styles the car can do (the driver data's), the driver falling back as in a session."""
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup

    run = DriftRun(RunSetup(catalog, car, world, rules, mode="qualifying", model=model, runs=1, track_id=track))
    s = run.session
    params = {**(styles or InitiationRules()).params(car, model), **params}
    driver = make_driver(s, s.player, run.game_mode.course, **nested(params))
    calls, cost, cpu = 0, 0.0, 0.0
    while not run.finished and not run.game_mode.judged and s.t < MAX_S:
        t0, c0 = time.perf_counter(), time.thread_time()
        c = driver(s.state)
        cost += time.perf_counter() - t0
        cpu += time.thread_time() - c0
        calls += 1
        run.step(c)
    result = run.game_mode.judged[0] if run.game_mode.judged else None
    n = max(1, calls)
    return dict(result=result, t=s.t, ms_per_call=1000.0 * cost / n, cpu_ms_per_call=1000.0 * cpu / n, calls=calls, log=list(driver.log))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cars", help="comma-separated car ids (default: every catalog car)")
    ap.add_argument("--models", default=",".join(MODELS), help="comma-separated: arcade,sim")
    ap.add_argument("--tracks", default=",".join(TRACKS), help="comma-separated map ids (each map's first course)")
    ap.add_argument("--params", default="", help="DriftDriver fields for every run: k=v,k2=v2")
    ap.add_argument("--json", action="store_true", help="one JSON object per run instead of the table")
    ap.add_argument("--log", action="store_true", help="also print each run's phase log")
    ap.add_argument("--initiations", help="comma-separated initiation styles, or all: a style x car x course table of totals")
    args = ap.parse_args(argv)
    catalog, rules = load_catalog(), load_scoring_rules()
    styles = load_drift_drivers(catalog=catalog).initiations
    cars = [c.strip() for c in args.cars.split(",")] if args.cars else list(catalog.cars)
    models = [m.strip() for m in args.models.split(",") if m.strip()]
    tracks = [t.strip() for t in args.tracks.split(",") if t.strip()]
    try:
        params = parse_params(args.params)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    inits = [x.strip() for x in (args.initiations or "").split(",") if x.strip()]
    inits = list(INITIATIONS) if inits == ["all"] else inits
    for name, known, what in ((cars, catalog.cars, "car"), (models, MODELS, "model"), (inits, INITIATIONS, "initiation style")):
        bad = [x for x in name if x not in known]
        if bad:
            print(f"unknown {what} {bad[0]!r} (choices: {', '.join(known)})", file=sys.stderr)
            return 2
    if inits:
        return style_table(catalog, rules, inits, cars, models, tracks, params, styles)
    if not args.json:
        print(f"{'track':14} {'car':13} {'model':6} {'total':>6} {'zero':14} {'time':>6} {'ms/call':>7} {'cpu ms':>7}  deductions")
    totals, costs = [], []
    for track in tracks:
        world = World(load_track(track, catalog.surfaces), list(catalog.surfaces))
        for car in cars:
            for model in models:
                try:
                    r = drive(catalog, rules, world, track, car, model, params, styles)
                except (TypeError, ValueError) as e:  # a field the driver (or its gains) does not have, a bad style
                    print(f"--params: {e}", file=sys.stderr)
                    return 2
                res = r["result"]
                total = res.total if res else 0.0
                zero = (res.zero if res else "timeout") or ""
                totals.append(total)
                costs.append((r["ms_per_call"] * r["calls"], r["cpu_ms_per_call"] * r["calls"], r["calls"]))
                if args.json:
                    print(json.dumps({"track": track, "car": car, "model": model, "params": params, "t": round(r["t"], 2),
                                      "ms_per_call": round(r["ms_per_call"], 4), "cpu_ms_per_call": round(r["cpu_ms_per_call"], 4),
                                      "judging": res.as_dict() if res else None}))
                else:
                    ded = ",".join(d.kind for d in res.deductions) if res else ""
                    print(f"{track:14} {car:13} {model:6} {total:6.1f} {zero:14} {r['t']:6.1f} {r['ms_per_call']:7.4f} {r['cpu_ms_per_call']:7.4f}  {ded}",
                          flush=True)
                if args.log:
                    print("   ", r["log"])
    if not args.json and totals:
        n = sum(c[2] for c in costs)
        print(f"runs {len(totals)}  mean {sum(totals) / len(totals):.1f}  min {min(totals):.1f}  >=70: {sum(t >= 70.0 for t in totals)}  "
              f"driver {sum(c[0] for c in costs) / n:.4f} ms/call wall, {sum(c[1] for c in costs) / n:.4f} cpu over {n} calls")
    return 0



def style_table(catalog, rules, inits, cars, models, tracks, params, styles: InitiationRules) -> int:
    """Each style on each car, model and course: one row per style, car and model, a total per course ("n/a" where the
    driver data says the car cannot do the style on the model, "*" where it flicked instead), then per style and in all
    the count >= 70, the lowest and the flicks instead."""
    worlds = {t: World(load_track(t, catalog.surfaces), list(catalog.surfaces)) for t in tracks}
    print(f"{'style':12} {'car':13} {'model':6} " + " ".join(f"{t:>14}" for t in tracks), flush=True)
    every: list[tuple[float, str, bool]] = []
    for style in inits:
        got: list[tuple[float, str, bool]] = []
        for car in cars:
            for model in models:
                cells = []
                for track in tracks:
                    if style not in styles.allowed(car, model):
                        cells.append("n/a")
                        continue
                    try:
                        r = drive(catalog, rules, worlds[track], track, car, model, {**params, "initiation": style}, styles)
                    except (TypeError, ValueError) as e:
                        print(f"--params: {e}", file=sys.stderr)
                        return 2
                    total = r["result"].total if r["result"] else 0.0
                    gave_up = any(e[1] == "flick instead" for e in r["log"])  # the style did not get the tail out: a flick
                    got.append((total, f"{style} {car} {model} {track}", gave_up))
                    cells.append(f"{total:.1f}{'*' if gave_up else ''}")
                print(f"{style:12} {car:13} {model:6} " + " ".join(f"{c:>14}" for c in cells), flush=True)
        print(_summary(style, got), flush=True)
        every += got
    if len(inits) > 1:
        print(_summary("all styles", every))
    return 0


def _summary(what: str, got: list[tuple[float, str, bool]]) -> str:
    """`WHAT: N runs  >=70: K  min X (where)  flicked instead: F` (or no runs)."""
    if not got:
        return f"{what}: no runs"
    low = min(got)
    return (f"{what}: {len(got)} runs  >=70: {sum(t >= 70.0 for t, _, _ in got)}  min {low[0]:.1f} ({low[1]})  "
            f"flicked instead (*): {sum(g for _, _, g in got)}")


if __name__ == "__main__":
    sys.exit(main())
