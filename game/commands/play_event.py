"""`sideways play --headless --event ID`: the checks of a career event before any window opens (the flags it excludes, its
id, its map) and the frames its run needs (a judged run, a whole tandem battle, a mode's clock)."""

from __future__ import annotations

import math

from game.commands.common import CommandError, flag_value, playable_world
from game.commands.play_args import RUN_MARGIN_S, judged_run_frames

EXCLUDES = ("track", "mode", "course", "lead", "role", "car")  # what an event sets itself
BATTLE_OMTS = 2  # a battle's frames cover this many one-more-times (or the rules' omt_max, if fewer)
NO_CLOCK_S = 180.0  # a mode without a clock: sim seconds before a headless event run stops (none ships without one)


def add_event_arg(p) -> None:
    """--event on play."""
    p.add_argument("--event", metavar="ID", help="drive this career event (data/events.json; `sideways career` lists them) with its rules; "
                   "the cup: its next step (qualifying, then each battle). Excludes --track, --mode, --course, --lead, --role, --car, --menu")


def check_event_flags(args) -> None:
    """--event sets the map, mode, course, car, opponent and role: naming one of them too is a one-line CommandError."""
    for name in EXCLUDES:
        value = getattr(args, name, None)
        if value is not None:
            raise CommandError(f"{flag_value('--event', args.event)}: the event sets its own {name} (drop {flag_value('--' + name, value)})")
    if getattr(args, "menu", False):
        raise CommandError(f"{flag_value('--event', args.event)}: --menu shows the main menu instead of driving (pick one)")


def event_of(args, catalog, roster):
    """(career, event, world) for --event, each problem one line, before any engine or window starts: a broken
    data/events.json, an unknown id, an event the profile's stars do not open yet, a broken map."""
    from game.content.events import load_career
    from game.content.profile import peek_profile, profile_path
    from game.safe_json import DataError
    from game.sim.career.unlocks import locked_line

    if not args.event.strip():
        raise CommandError(f"{flag_value('--event', args.event)}: name a career event's id (`sideways career` lists them)")
    check_event_flags(args)
    try:
        career = load_career(catalog, roster)
    except DataError as e:
        raise CommandError(str(e)) from None
    try:
        event = career.get(args.event)
    except ValueError as e:
        raise CommandError(f"{flag_value('--event', args.event)}: {e}") from None
    profile = peek_profile(profile_path(), catalog.starter_ids, catalog.economy.starting_credits).profile  # as the game will read it
    locked = locked_line(career, profile.career, event)
    if locked:
        raise CommandError(locked)
    return career, event, playable_world(catalog, event.map)


def event_frames(event, world, rules, frame_dt: float) -> int:
    """Frames enough for the event's run to end on its own: one judged run, a whole battle (two runs and up to
    BATTLE_OMTS one-more-times; a cup: whichever of its steps is next), or the mode's clock; with a margin."""
    from game.sim.run.modes.course_mode import course_of
    from game.sim.run.modes.registry import mode_class

    mode = event.run_mode
    j = rules.judging
    if getattr(event, "kind", "") == "cup" or mode_class(mode).is_battle:
        course = course_of(world.track, event.course)
        runs = 2 + 2 * min(BATTLE_OMTS, rules.tandem.omt_max)
        per_run = j.start_within_s + course.time_limit_s + j.between_runs_s
        return math.ceil((runs * per_run + RUN_MARGIN_S) / frame_dt) + 2
    if mode_class(mode).on_course:  # one judged run
        return judged_run_frames(world.track, event.course, frame_dt, j.start_within_s)
    limit = mode_class(mode).time_limit_s_for(rules)
    return math.ceil(((limit if limit is not None else NO_CLOCK_S) + RUN_MARGIN_S) / frame_dt) + 2


def event_stats(summary: dict | None) -> dict:
    """The stats JSON's "event" block (and the cup's "cup" block) from the results summary of an event's run."""
    if not summary or "event" not in summary:
        return {}
    keys = ("id", "score", "stars", "targets", "credits", "unlocked", "best")
    out = {"event": {k: summary["event"].get(k) for k in keys}}
    if summary["event"].get("note"):  # a cup step another game recorded first, or moved the cup on from
        out["event"]["note"] = summary["event"]["note"]
    if "cup" in summary:
        out["cup"] = summary["cup"]
    return out
