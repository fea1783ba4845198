"""`sideways play`'s arguments: the value parsers, and the checks of what to drive (course, autopilot, tandem lead and role),
each a one-line CommandError before any window opens."""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass

from game.commands.common import CommandError, flag_value
from game.safe_json import one_line, shown
from game.shell.request import TandemChoice
from game.sim.run.modes.course_mode import course_of
from game.sim.run.modes.registry import MODES, mode_class

ROLES = ("chase", "lead")
REPLAY_LEAD = "replay:"  # --lead replay:FILE.swr: a saved run leads
RUN_MARGIN_S = 5.0  # sim seconds past a judged run's time limit before a headless run stops unended (it never should)
SCREENSHOT_HELP = "headless: save the last frame here (.png, .jpg, .jpeg, .bmp or .tga)"


def add_quality_arg(p) -> None:
    """--quality on play and replay."""
    from game.content.quality import TIERS

    p.add_argument("--quality", choices=TIERS, help="graphics quality for this run (default: the saved tier, picked for this machine at first start)")


def add_drive_args(p) -> None:
    """--autopilot, --lead and --role: who drives car 0, and the other car of a Tandem."""
    p.add_argument("--autopilot", metavar="DRIVER", help="a drift driver drives car 0: a driver id of data/drift_drivers.json or a skill "
                   "(rookie, amateur, pro, ace); needs a map with a course")
    p.add_argument("--lead", metavar="DRIVER|replay:FILE", help="with --mode tandem: the other car, a drift driver id or skill (default: "
                   "the first pro), or replay:FILE.swr, a saved run of this map and course that leads while car 0 chases")
    p.add_argument("--role", choices=ROLES, help="with --mode tandem: car 0 chases (default) or leads")


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--frames must be a whole number >= 1, got {shown(text)}")
    return int(text)


def _frame_dt(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--frame-dt must be a number of seconds, got {shown(text)}") from None
    if not 0.001 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"--frame-dt must be 0.001..1 s, got {shown(text, quote=False)}")
    return v


def screenshot_arg(text: str) -> str:
    """--screenshot: a path a picture can be written to, checked before the game runs."""
    from game.content.user_paths import display_path
    from game.view.boot.screenshot import target_problem

    problem = target_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"{display_path(text)}: {problem}")
    return text


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text)
    if not m or not (160 <= int(m[1]) <= 7680 and 120 <= int(m[2]) <= 4320):
        raise argparse.ArgumentTypeError(f"--size must look like 1280x720 (160x120 to 7680x4320), got {shown(text)}")
    return int(m[1]), int(m[2])


def on_course(mode: str | None) -> bool:
    """Whether --mode (None: Free Drift) drives one of the map's courses (the mode's class says)."""
    return mode is not None and mode_class(mode).on_course


def is_battle(mode: str | None) -> bool:
    """Whether --mode (None: Free Drift) is a battle against another car, with a lead and a chase (the mode's class says)."""
    return mode is not None and mode_class(mode).is_battle


def course_arg(course: str | None, mode: str | None, track) -> str:
    """--course: a course of this map, with --mode qualifying or tandem only ("" when not given); CommandError otherwise."""
    if course is None:
        return ""
    if not on_course(mode):
        which = [m for m in MODES.values() if m.on_course]
        raise CommandError(f"{flag_value('--course', course)}: only {' and '.join(m.name for m in which)} drive a course "
                           f"(add {' or '.join(f'--mode {m.id}' for m in which)})")
    try:
        return course_of(track, course).id
    except ValueError as e:
        raise CommandError(f"{flag_value('--course', course)}: {e}") from None


def judged_run_frames(track, course: str, frame_dt: float, start_within_s: float) -> int:
    """Frames enough for one judged run to end on its own (at the latest: the longest wait for the start gate, then the
    course's time limit), with a margin."""
    c = course_of(track, course)
    return math.ceil((start_within_s + c.time_limit_s + RUN_MARGIN_S) / frame_dt) + 2


@dataclass(frozen=True)
class DriveChoice:
    """Who drives: car 0's drift driver (None: the keys or --inputs), and a Tandem's other car and roles."""

    autopilot: str | None = None  # a drift driver id or skill, checked against the roster
    tandem: TandemChoice | None = None  # Tandem: --role, --lead (a driver id or skill, or replay:FILE that leads instead)


def drive_choice(args, world, course: str, catalog) -> DriveChoice:
    """Check --autopilot, --lead and --role against the mode, the map and the drift drivers (a lead replay: and against the
    catalog played with); one CommandError line each."""
    autopilot, lead, role, mode = getattr(args, "autopilot", None), getattr(args, "lead", None), getattr(args, "role", None), args.mode
    for flag, value in (("--lead", lead), ("--role", role)):
        if value is not None and not is_battle(mode):
            battle = next(m for m in MODES.values() if m.is_battle)
            raise CommandError(f"{flag_value(flag, value)}: only {battle.name} has a lead and a chase (add --mode {battle.id})")
    if autopilot is not None and getattr(args, "inputs", None):
        raise CommandError(f"{flag_value('--autopilot', autopilot)}: car 0 is driven by {flag_value('--inputs', args.inputs)} already (pick one)")
    track = getattr(world, "track", None)
    if autopilot is not None and not getattr(track, "courses", ()):
        raise CommandError(f"{flag_value('--autopilot', autopilot)}: map {getattr(track, 'id', 'pad')!r} has no course to drive")
    roster = None
    if autopilot is not None or is_battle(mode):
        roster = _roster()  # a broken data/drift_drivers.json is one line before any window opens
    if autopilot is not None:
        autopilot = _driver(roster, "--autopilot", autopilot)
    replay, lead_file = None, ""
    if lead is not None and lead.startswith(REPLAY_LEAD):
        lead_file = lead[len(REPLAY_LEAD) :]
        if role == "lead":
            raise CommandError(f"--role lead: the replay {shown(lead_file, quote=False)} leads and car 0 chases it (drop --role lead or the replay)")
        replay = lead_replay_of(lead_file, track, course, catalog)
        lead = None
    elif lead is not None:
        lead = _driver(roster, "--lead", lead)
    chosen = lead is not None or role is not None or replay is not None
    tandem = TandemChoice(role or "chase", lead or "", replay, lead_file) if chosen else None
    return DriveChoice(autopilot, tandem)


def _roster():
    """The drift drivers (data/drift_drivers.json, the player's own drift_drivers.json merged over it); a broken shipped
    file is one line and no drive; a broken file of the player's is one line on stderr, and the shipped drivers play."""
    from game.content.drift_drivers import active_drift_drivers
    from game.safe_json import DataError

    try:
        return active_drift_drivers(warn=lambda line: sys.stderr.write(one_line(f"sideways play: {line}") + "\n"))
    except DataError as e:
        raise CommandError(str(e)) from None


def _driver(roster, flag: str, who: str) -> str:
    """A driver id or skill of the roster, as given; CommandError naming the choices otherwise."""
    try:
        roster.get(who)
    except ValueError as e:
        raise CommandError(f"{flag_value(flag, who)}: {e}") from None
    return who


def lead_replay_of(path: str, track, course: str, catalog):
    """--lead replay:FILE: a saved run that can lead on this map and course as it was recorded (check_lead, the check the
    game makes before each drive it leads); CommandError when it cannot be read or would not lead as recorded."""
    from game.content.replays import check_lead, file_digest, load_replay
    from game.content.scoring_rules import load_scoring_rules
    from game.content.tracks import track_path
    from game.sim.replay.format import ReplayError

    if not path:
        raise CommandError("--lead replay:FILE: name the replay file after replay:")
    try:
        replay = load_replay(path)
    except ReplayError as e:
        raise CommandError(f"--lead {REPLAY_LEAD}{e}") from None
    try:
        check_lead(replay, track, course, catalog, load_scoring_rules(), file_digest(track_path(getattr(track, "id", ""))))
    except (ValueError, OSError) as e:  # ReplayError, a broken scoring.json (DataError), a map without courses
        raise CommandError(f"--lead {REPLAY_LEAD}{path}: {e}") from None
    return replay
