"""`sideways play`: open the game (the default command), or run it headless for tests and benchmarks."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time

from game.commands.common import CommandError, car_id_for, catalog_for, inputs_for, world_for

HEADLESS_FRAME_DT = 1.0 / 60.0  # headless frames advance sim time by this much each


def add_parser(sub) -> None:
    """Register the play subcommand."""
    p = sub.add_parser("play", help="open the game (default); --headless runs it offscreen")
    p.add_argument("--headless", action="store_true", help="render offscreen, straight into a session")
    p.add_argument("--frames", type=_positive_int, help="render this many frames, then exit")
    p.add_argument("--car", help="car id (default: the profile's equipped car)")
    p.add_argument("--track", help="map id from data/tracks/ (default: sideways_park)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--inputs", help="drive with scripted JSON Lines inputs (sim time)")
    p.add_argument("--screenshot", help="save a PNG of the last frame here")
    p.add_argument("--stats", action="store_true", help="print frame timings and the car's state as JSON (last line)")
    p.add_argument("--size", type=_size, help="window size WxH (default 1280x720 headless)")
    p.set_defaults(run=run)


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--frames must be a whole number >= 1, got {text!r}")
    return int(text)


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text)
    if not m or not (160 <= int(m[1]) <= 7680 and 120 <= int(m[2]) <= 4320):
        raise argparse.ArgumentTypeError(f"--size must look like 1280x720 (160x120 to 7680x4320), got {text!r}")
    return int(m[1]), int(m[2])


def run(args) -> int:
    """Open the game, or run a headless session."""
    try:
        catalog = catalog_for(args.catalog)
        car = car_id_for(catalog, args.car) if args.car else None
        if args.track:
            world_for(catalog, track=args.track)  # fail early, with one line, on a bad map
        timeline = inputs_for(args.inputs)
    except CommandError as e:
        sys.stderr.write(f"sideways play: {e}\n")
        return 2
    if not args.headless:
        if args.frames or args.stats or args.screenshot or args.inputs:
            sys.stderr.write("sideways play: --frames, --inputs, --screenshot and --stats need --headless\n")
            return 2
        from game.app import run as run_game

        from game.content.catalog import active_catalog_path

        return run_game(catalog, args.track, car, size=args.size, catalog_path=active_catalog_path(args.catalog))
    from game.content.catalog import active_catalog_path

    path = active_catalog_path(args.catalog)
    return run_headless(catalog, car, args.track, timeline, args.frames or 1, args.screenshot, args.stats, args.size or (1280, 720), path)


def run_headless(catalog, car, track, timeline, frames: int, screenshot, stats: bool, size, catalog_path=None) -> int:
    """Boot the real game offscreen straight into a session and drive it for N frames."""
    from game.content import profile as profiles
    from game.content import settings as settings_mod
    from game.view.boot import make_app, save_screenshot
    from game.view.drive_scene import DriveScene

    settings = settings_mod.load_settings(settings_mod.settings_path()).settings
    prof = profiles.load_profile(profiles.profile_path(), list(catalog.cars), catalog.starter_ids, catalog.economy.starting_credits).profile
    car = car or prof.equipped
    app = make_app(headless=True, size=size)
    scene = DriveScene(catalog, car, world_for(catalog, track=track), settings, prof.paint.get(car), timeline=timeline, catalog_path=catalog_path)
    frame_ms, update_ms = [], []
    for _ in range(frames):
        t0 = time.perf_counter()
        scene.frame(HEADLESS_FRAME_DT, {})
        app.step()
        frame_ms.append((time.perf_counter() - t0) * 1000.0)
        update_ms.append(scene.update_ms)
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
        }
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
