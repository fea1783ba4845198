"""`sideways play`: open the game (the default command), or run it headless for tests and benchmarks.

Exit codes: 0 done; 2 a bad argument or data file, or a --screenshot that could not be written (one line on stderr);
3 a headless run that finished but could not save its profile or replay (one line on stderr says which and what is
lost; its --stats line is still printed). 3 wins over 2: lost progress matters more than a lost picture.
"""

from __future__ import annotations

import json
import sys
import time

from game import paths
from game.commands.common import CommandError, car_id_for, catalog_for, fail, inputs_for, playable_world, ranged_number
from game.commands.play_args import (
    SCREENSHOT_HELP,
    _frame_dt,
    _positive_int,
    _size,
    add_drive_args,
    add_quality_arg,
    course_arg,
    drive_choice,
    judged_run_frames,
    on_course,
    screenshot_arg,
)
from game.commands.play_event import add_event_arg, event_frames, event_of, event_stats
from game.commands.play_stats import RenderTimer, ai_stats, frame_stats, process_age_s, run_blocks
from game.commands.telemetry import add_telemetry_arg, use_telemetry_arg
from game.content.settings import MAX_AI_CARS
from game.safe_json import one_line
from game.sim.models.model_registry import MODELS, UnknownModel
from game.sim.models.model_registry import model as model_by_id
from game.sim.run.modes.registry import MODES, hosted_modes
from game.sim.run.playback import Playback

HEADLESS_FRAME_DT = 1.0 / 60.0  # headless frames advance sim time by this much each
HEADLESS_RUNS = 1  # a headless Qualifying or Tandem drives one judged run, so a bench or a test gets exactly one run per process
EXIT_NOT_SAVED = 3  # a headless run whose profile or replay did not reach the disk: scripts must be able to tell


def add_parser(sub) -> None:
    """Register the play subcommand."""
    p = sub.add_parser("play", help="open the game (default); --headless runs it offscreen",
                       epilog=f"exit codes: 0 done, 2 bad argument, data file or screenshot, {EXIT_NOT_SAVED} headless run not saved (profile or replay)")
    p.add_argument("--headless", action="store_true", help="render offscreen, straight into a session")
    p.add_argument("--frames", type=_positive_int, help="render this many frames, then exit")
    p.add_argument("--car", help="car id (default: the profile's equipped car)")
    p.add_argument("--track", help="map id from data/tracks/ (default: sideways_park)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--model", choices=list(MODELS), help="handling model (default: the profile's choice for that car)")
    p.add_argument("--inputs", help="drive with scripted JSON Lines inputs (sim time)")
    p.add_argument("--screenshot", type=screenshot_arg, help=SCREENSHOT_HELP)
    p.add_argument("--stats", action="store_true", help="print frame timings and the car's state as JSON (last line)")
    p.add_argument("--size", type=_size, help="window size WxH (default 1280x720 headless)")
    p.add_argument("--mode", choices=list(MODES),
                   help="start straight into this mode (headless default: free); parking needs a map with bays (parking_yard)")
    p.add_argument("--course", help="with --mode qualifying or tandem: the map's course id (default: its first course); headless drives one judged run")
    add_drive_args(p)
    add_event_arg(p)
    p.add_argument("--ai", type=ranged_number("--ai", 0, MAX_AI_CARS, whole=True),
                   help=f"this many AI cars (0-{MAX_AI_CARS}) in any mode (default: the settings; a few in Free Drift, none in Timed Run and Drift Zones)")
    p.add_argument("--frame-dt", type=_frame_dt, default=HEADLESS_FRAME_DT,
                   help="headless: sim seconds each rendered frame advances (default 1/60; larger runs long sessions in few frames)")
    p.add_argument("--menu", action="store_true", help="headless: show the main menu instead of driving (start-up timing, screenshots)")
    add_quality_arg(p)
    add_telemetry_arg(p)
    p.set_defaults(run=run)


def run(args) -> int:
    """Open the game, or run a headless session."""
    use_telemetry_arg(args)
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
        event = None
        if args.event is not None:  # a career event sets its map, mode, course, car and opponent itself
            from game.commands.play_args import _roster

            career, event, world = event_of(args, catalog, _roster())
        car = car_id_for(catalog, args.car) if args.car else None
        if event is None:
            world = playable_world(catalog, args.track)  # the whole map, before any window opens
        if args.mode and args.mode not in hosted_modes(world.track):
            raise CommandError(f"--mode {args.mode}: map {world.track.id!r} cannot host it (it hosts {', '.join(hosted_modes(world.track))})")
        course = course_arg(args.course, args.mode, world.track)
        drivers = drive_choice(args, world, course, catalog)
        timeline = inputs_for(args.inputs)
        if args.model:
            model_by_id(args.model, catalog.car(car) if car else None)
    except (CommandError, UnknownModel) as e:
        return fail("sideways play", str(e))
    from game.content.catalog import active_catalog_path
    from game.shell.launch import prefetch_ground
    from game.shell.request import DriveRequest, Opening

    path = active_catalog_path(args.catalog)
    prefetch_ground(world, catalog, args.quality)  # on a worker thread while the window opens
    if not args.headless:
        if args.frames or args.stats or args.screenshot or args.inputs or args.menu:
            sys.stderr.write("sideways play: --frames, --inputs, --screenshot, --stats and --menu need --headless\n")
            return 2
        from game.shell.launch import run as run_game

        choices = DriveRequest(mode=args.mode or "free", car=car, model=args.model, track=event.map if event is not None else args.track,
                               course=course, ai=args.ai, autopilot=drivers.autopilot, tandem=drivers.tandem)
        opening = Opening(choices, drive=args.mode is not None, event=event.id if event is not None else "", notice=notice, world=world,
                          catalog_path=path, quality=args.quality)
        return run_game(catalog, opening, size=args.size)
    if notice:
        sys.stderr.write(one_line(f"sideways play: {notice}") + "\n")
    script = Playback.of_timeline(timeline) if args.inputs else None
    if event is not None and not args.menu:  # the event's run (a cup: its next step), settled as the window settles it
        from game.content.scoring_rules import load_scoring_rules
        from game.safe_json import DataError

        try:
            frames = args.frames or event_frames(event, world, load_scoring_rules(), args.frame_dt)
        except DataError as e:
            return fail("sideways play", str(e))
        choices = DriveRequest(model=args.model, track=event.map, ai=args.ai, autopilot=drivers.autopilot, script=script, tandem=drivers.tandem)
        opening = Opening(choices, event=event.id, world=world, catalog_path=path, quality=args.quality)
        return run_headless(catalog, opening, frames, args.screenshot, args.stats, args.size or (1280, 720), args.frame_dt, until_banked=True)
    mode = None if args.menu else args.mode or "free"
    judged = on_course(mode)  # one judged run, and the frames end with it (a bench times exactly one run)
    choices = DriveRequest(mode=mode or "free", car=None if args.menu else car, model=args.model, track=args.track, course=course,
                           runs=HEADLESS_RUNS if judged else 0, ai=args.ai, autopilot=drivers.autopilot, script=script,
                           tandem=drivers.tandem)
    opening = Opening(choices, drive=mode is not None, world=world, catalog_path=path, quality=args.quality)
    if judged:
        frames = args.frames
        if not frames:
            from game.content.scoring_rules import load_scoring_rules  # the rules the game will judge by
            from game.safe_json import DataError

            try:
                frames = judged_run_frames(world.track, course, args.frame_dt, load_scoring_rules().judging.start_within_s)
            except DataError as e:
                return fail("sideways play", str(e))
        return run_headless(catalog, opening, frames, args.screenshot, args.stats, args.size or (1280, 720), args.frame_dt, until_banked=True)
    return run_headless(catalog, opening, args.frames or 1, args.screenshot, args.stats, args.size or (1280, 720), args.frame_dt)


def run_headless(catalog, opening, frames: int, screenshot, stats: bool, size, frame_dt: float = HEADLESS_FRAME_DT,
                 prog: str = "sideways play", until_banked: bool = False) -> int:
    """Boot the real game offscreen, opened as asked (game.shell.request.Opening: straight into a drive, an event or the
    menu), and render N frames (until_banked: stop one frame after the run ended and was banked, the results on screen);
    print stats as the last line."""
    from game.shell.launch import startup_msaa
    from game.view.boot.ursina_app import make_app

    app = make_app(headless=True, size=size, msaa=startup_msaa(opening.quality))
    from game.shell.app import Game, Pacing

    try:
        game = Game(catalog, opening, Pacing.headless(frame_dt))
    except CommandError as e:
        return fail("sideways play", str(e))
    frame_ms, update_ms, render_ms, cpu_ms = [], [], [], []
    timer = RenderTimer(app)
    scene = game.scene
    start_s = start_cpu_s = None
    banked_at = None
    for i in range(frames):
        if until_banked and banked_at is None and game.last_summary is not None:
            banked_at = i
        if banked_at is not None and i > banked_at:  # one frame drew the results: the run is over
            break
        t0, c0 = time.perf_counter(), time.process_time()
        app.step()
        frame_ms.append((time.perf_counter() - t0) * 1000.0)
        cpu_ms.append((time.process_time() - c0) * 1000.0)
        if start_s is None:
            start_s, start_cpu_s = process_age_s(), time.process_time()
        render_ms.append(timer.last_ms)
        scene = game.scene or scene
        update_ms.append(scene.update_ms if scene is not None else 0.0)
    shot_error = None
    if screenshot:
        from game.view.boot.screenshot import write_screenshot

        shot_error = write_screenshot(screenshot)
        if shot_error:
            fail(prog, f"--screenshot {shot_error}")
    if stats:
        out = frame_stats(frame_ms, update_ms, render_ms, cpu_ms, start_s, game)
        out["start_cpu_s"] = round(start_cpu_s, 3)  # CPU the process spent up to its first frame: steadier than start_s
        if scene is not None:
            s = scene.session.state
            out |= {"car": {"x": round(s.x, 4), "y": round(s.y, 4), "z": round(s.z, 4), "heading_deg": round(s.heading_deg, 3),
                            "speed_kmh": round(s.speed * 3.6, 3)},
                    "score": scene.run.score, "mode": scene.mode, "finished": scene.run.finished, "ghost": scene.ghost_view is not None,
                    "model": scene.session.model.id, "ai": ai_stats(scene.run.traffic)}
            out |= run_blocks(scene.run)
        if game.last_summary is not None:
            out["results"] = {k: game.last_summary[k] for k in ("score", "credits", "is_best", "replay_file")}
            out |= event_stats(game.last_summary)
        sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    unsaved = _report_unsaved(game, prog)
    return unsaved or (2 if shot_error else 0)


def _report_unsaved(game, prog: str = "sideways play") -> int:
    """A finished run whose profile or replay could not be saved says so in one line: EXIT_NOT_SAVED, else 0.

    A headless run has no next screen to retry a failed profile save at, so it tries once more here, then tells
    what is lost with the process."""
    from game.content.profile import save_profile

    summary = game.last_summary or {}
    failed, outcome = [], "its credits and best are saved"
    if summary.get("replay_error"):
        failed.append(f"the replay ({summary['replay_error']})")
    if getattr(game, "profile_unsaved", False):
        try:
            save_profile(game.profile_path, game.profile)
        except OSError as e:
            failed.append(f"the profile ({e.strerror or e})")
            outcome = f"this run's {summary.get('credits', 0)} credits, its session and its best are lost"
    if not failed:
        return 0
    sys.stderr.write(f"{prog}: could not save {' and '.join(failed)}; {outcome}\n")
    sys.stderr.flush()
    return EXIT_NOT_SAVED


