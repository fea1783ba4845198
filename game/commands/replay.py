"""`sideways replay FILE`: play a recorded session back exactly through the deterministic sim."""

from __future__ import annotations

import math
import sys
from typing import NamedTuple

from game.commands.common import CommandError, catalog_for, fail, playable_world
from game.commands.play import HEADLESS_FRAME_DT, run_headless
from game.commands.play_args import SCREENSHOT_HELP, _frame_dt, _positive_int, _size, add_quality_arg, screenshot_arg
from game.commands.telemetry import add_telemetry_arg, use_telemetry_arg
from game.safe_json import one_line
from game.sim.params import Catalog
from game.sim.replay.format import Replay
from game.sim.run.setup import RunSetup


def add_parser(sub) -> None:
    """Register the replay subcommand."""
    p = sub.add_parser("replay", help="play a recorded session back exactly")
    p.add_argument("file", help="a .swr replay (sessions are saved under SIDEWAYS_HOME/replays)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.add_argument("--headless", action="store_true", help="render offscreen")
    p.add_argument("--frames", type=_positive_int, help="render this many frames (default: the whole replay)")
    p.add_argument("--screenshot", type=screenshot_arg, help=SCREENSHOT_HELP)
    p.add_argument("--stats", action="store_true", help="print frame timings, the car's state and the score as JSON (last line)")
    p.add_argument("--size", type=_size, help="window size WxH (default 1280x720 headless)")
    p.add_argument("--frame-dt", type=_frame_dt, default=HEADLESS_FRAME_DT, help="headless: sim seconds per rendered frame (default 1/60)")
    add_quality_arg(p)
    add_telemetry_arg(p)
    p.set_defaults(run=run)


def run(args) -> int:
    """Check the replay against this game and its data, then play it (its own run: RunSetup.of_replay)."""
    use_telemetry_arg(args)
    try:
        replay, setup, catalog, note = load_checked(args.file, args.catalog)
    except CommandError as e:
        return fail("sideways replay", str(e))
    if note:  # its car is not the local one: said, and it plays with its own
        sys.stderr.write(f"sideways replay: {one_line(note)}\n")
    from game.shell.launch import prefetch_ground
    from game.shell.request import DriveRequest, Opening

    opening = Opening(DriveRequest.watching(replay), drive=True, world=setup.world, quality=args.quality, notice=note)
    prefetch_ground(setup.world, setup.catalog, args.quality)  # on a worker thread while the window opens
    if not args.headless:
        if args.frames or args.stats or args.screenshot:
            sys.stderr.write("sideways replay: --frames, --screenshot and --stats need --headless\n")
            return 2
        from game.shell.launch import run as run_window

        return run_window(catalog, opening, size=args.size, prog="sideways replay", retry="sideways replay FILE --headless")
    frames = args.frames or math.ceil(replay.steps / (args.frame_dt * replay.hz)) + 2
    return run_headless(catalog, opening, frames, args.screenshot, args.stats, args.size or (1280, 720), args.frame_dt,
                        prog="sideways replay")


class Checked(NamedTuple):
    """A replay file checked against this game and its data, and the run it re-creates."""

    replay: Replay
    setup: RunSetup  # RunSetup.of_replay: its own cars, mode, role, opponent, lead...
    catalog: Catalog  # this game's catalog (the profile and menus read it)
    note: str | None  # what to tell the player when its car is not this catalog's (tune_note), else None


def load_checked(path: str, catalog_path: str | None = None) -> Checked:
    """A replay file and the run it re-creates, checked against this game and its data; CommandError (one line starting
    with the file's name) on anything wrong."""
    from game.content.drift_drivers import active_drift_drivers
    from game.content.replays import check_playable, file_digest, load_replay, tune_note
    from game.content.scoring_rules import load_scoring_rules
    from game.content.tracks import track_path
    from game.content.user_paths import display_path
    from game.safe_json import DataError
    from game.sim.replay.format import ReplayError

    label = display_path(path)
    try:
        replay = load_replay(path)
        catalog = catalog_for(catalog_path)
        rules = load_scoring_rules()
        tpath = track_path(replay.track_id)
        if not tpath.is_file():
            raise CommandError(f"recorded on track {replay.track_id!r}, which this game does not have")
        drift = active_drift_drivers() if replay.opponent else None  # a Tandem opponent that was a drift driver (the player's own merged)
        drivers = check_playable(replay, catalog, rules, file_digest(tpath), drift)
        world = playable_world(catalog, replay.track_id)
    except (ReplayError, CommandError, DataError) as e:
        msg = str(e)
        raise CommandError(msg if msg.startswith(label) else f"{label}: {msg}") from None
    note = tune_note(replay, catalog)
    return Checked(replay, RunSetup.of_replay(replay, catalog, world, rules, drivers, drift), catalog, f"{label}: {note}" if note else None)
