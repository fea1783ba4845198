"""`sideways play`: open the game (the default command), or run it headless for tests and benchmarks."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time

from game import paths
from game.commands.common import CommandError, car_id_for, catalog_for, inputs_for, playable_world
from game.sim.models.registry import MODELS, UnknownModel
from game.sim.models.registry import model as model_by_id

HEADLESS_FRAME_DT = 1.0 / 60.0  # headless frames advance sim time by this much each


def add_parser(sub) -> None:
    """Register the play subcommand."""
    p = sub.add_parser("play", help="open the game (default); --headless runs it offscreen")
    p.add_argument("--headless", action="store_true", help="render offscreen, straight into a session")
    p.add_argument("--frames", type=_positive_int, help="render this many frames, then exit")
    p.add_argument("--car", help="car id (default: the profile's equipped car)")
    p.add_argument("--track", help="map id from data/tracks/ (default: sideways_park)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--model", choices=list(MODELS), help="handling model (default: the profile's choice for that car)")
    p.add_argument("--inputs", help="drive with scripted JSON Lines inputs (sim time)")
    p.add_argument("--screenshot", help="save a PNG of the last frame here")
    p.add_argument("--stats", action="store_true", help="print frame timings and the car's state as JSON (last line)")
    p.add_argument("--size", type=_size, help="window size WxH (default 1280x720 headless)")
    p.add_argument("--mode", choices=["free", "timed", "zones"], help="start straight into this mode (headless default: free)")
    p.add_argument("--frame-dt", type=_frame_dt, default=HEADLESS_FRAME_DT,
                   help="headless: sim seconds each rendered frame advances (default 1/60; larger runs long sessions in few frames)")
    p.set_defaults(run=run)


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--frames must be a whole number >= 1, got {text!r}")
    return int(text)


def _frame_dt(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--frame-dt must be a number of seconds, got {text!r}") from None
    if not 0.001 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"--frame-dt must be 0.001..1 s, got {text}")
    return v


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text)
    if not m or not (160 <= int(m[1]) <= 7680 and 120 <= int(m[2]) <= 4320):
        raise argparse.ArgumentTypeError(f"--size must look like 1280x720 (160x120 to 7680x4320), got {text!r}")
    return int(m[1]), int(m[2])


def run(args) -> int:
    """Open the game, or run a headless session."""
    notice = None
    try:
        try:
            catalog = catalog_for(args.catalog)
        except CommandError as e:
            if args.catalog:
                raise
            # the player's own cars.json is broken: play on the shipped one, say so, and keep watching theirs
            catalog = catalog_for(str(paths.DEFAULT_CATALOG))
            notice = f"{e} — playing with the shipped cars.json until it is fixed"
        car = car_id_for(catalog, args.car) if args.car else None
        world = playable_world(catalog, args.track)  # the whole map, before any window opens
        timeline = inputs_for(args.inputs)
        if args.model:
            model_by_id(args.model, catalog.car(car) if car else None)
    except (CommandError, UnknownModel) as e:
        sys.stderr.write(f"sideways play: {e}\n")
        return 2
    from game.content.catalog import active_catalog_path

    path = active_catalog_path(args.catalog)
    if not args.headless:
        if args.frames or args.stats or args.screenshot or args.inputs:
            sys.stderr.write("sideways play: --frames, --inputs, --screenshot and --stats need --headless\n")
            return 2
        from game.app import run as run_game

        return run_game(catalog, args.track, car, size=args.size, catalog_path=path, mode=args.mode, notice=notice, world=world,
                        model=args.model)
    if notice:
        sys.stderr.write(f"sideways play: {notice}\n")
    script = (lambda step, t: timeline.at(t)) if args.inputs else None
    return run_headless(catalog, dict(car=car, track=args.track, mode=args.mode or "free", script=script, catalog_path=path, world=world,
                                      model=args.model),
                        args.frames or 1, args.screenshot, args.stats, args.size or (1280, 720), args.frame_dt)  # fmt: skip


def run_headless(catalog, game_args: dict, frames: int, screenshot, stats: bool, size, frame_dt: float = HEADLESS_FRAME_DT) -> int:
    """Boot the real game offscreen straight into a session and render N frames; print stats as the last line."""
    from game.view.boot import make_app, save_screenshot

    app = make_app(headless=True, size=size)
    from game.app import Game

    try:
        game = Game(catalog, fixed_dt=frame_dt, **game_args)
    except CommandError as e:
        sys.stderr.write(f"sideways play: {e}\n")
        return 2
    frame_ms, update_ms = [], []
    scene = game.scene
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step()
        frame_ms.append((time.perf_counter() - t0) * 1000.0)
        scene = game.scene or scene
        update_ms.append(scene.update_ms if scene is not None else 0.0)
    if screenshot:
        save_screenshot(screenshot)
    if stats:
        s = scene.session.state
        out = {
            "frames": frames,
            "frame_ms": summary(frame_ms),
            "update_ms": summary(update_ms),
            "rss_mb": round(rss_mb(), 1),
            "car": {"x": round(s.x, 4), "y": round(s.y, 4), "z": round(s.z, 4), "heading_deg": round(s.heading_deg, 3), "speed_kmh": round(s.speed * 3.6, 3)},
            "score": scene.run.score,
            "mode": scene.mode,
            "finished": scene.run.finished,
            "ghost": scene.ghost_view is not None,
            "model": scene.session.model.id,
        }
        if game.last_summary is not None:
            out["results"] = {k: game.last_summary[k] for k in ("score", "credits", "is_best", "replay_file")}
        sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


def summary(values: list[float]) -> dict:
    """mean, p50, p95 and max of a list of milliseconds."""
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(round(q * (len(v) - 1))))]  # noqa: E731
    return {"mean": round(sum(v) / len(v), 3), "p50": round(pick(0.5), 3), "p95": round(pick(0.95), 3), "max": round(v[-1], 3)}


def rss_mb() -> float:
    """Resident memory of this process now (MB)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
