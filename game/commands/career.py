"""`sideways career [--json]`: the player's career as it stands: tiers, events (stars, best, targets, what opens them)
and the cup's bracket, read from data/events.json and the profile under SIDEWAYS_HOME (never written)."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Any

from game.commands.common import CommandError, catalog_for, fail, write_output
from game.safe_json import one_line
from game.sim.career.words import ROUND_TITLES, place_line, round_next

PROG = "sideways career"


def add_parser(sub) -> None:
    """Register the career subcommand."""
    p = sub.add_parser("career", help="print your career: tiers, events, stars, what is locked and the cup's bracket",
                       epilog="exit codes: 0 done, 2 a bad events file, catalog or drift driver file")
    p.add_argument("--json", action="store_true", help="print the same as one JSON object")
    p.add_argument("--events", metavar="FILE", help="events file (default: data/events.json)")
    p.add_argument("--catalog", help="catalog file (default: SIDEWAYS_HOME/cars.json if present, else data/cars.json)")
    p.set_defaults(run=run)


def run(args) -> int:
    """Load the career and the profile, print them; exit 2 with one line on a bad data file."""
    from game.content.profile import peek_profile, profile_path

    try:
        catalog = catalog_for(args.catalog)
        career, names, courses = load(catalog, args.events)
    except CommandError as e:
        return fail(PROG, str(e))
    loaded = peek_profile(profile_path(), catalog.starter_ids, catalog.economy.starting_credits)
    if loaded.message:
        sys.stderr.write(one_line(f"{PROG}: {loaded.message}") + "\n")
    doc = career_doc(career, loaded.profile.career, names, loaded.profile.credits, courses)
    if args.json:
        return write_output(None, PROG, lambda out: out.write(json.dumps(doc, ensure_ascii=False) + "\n"))
    full, empty = star_marks(sys.stdout)
    text = "\n".join(map(one_line, career_lines(doc, full, empty))) + "\n"  # names from the data files, shown inert
    return write_output(None, PROG, lambda out: out.write(text))


def load(catalog, events_path: str | None):
    """The career, its display names and its courses' names; CommandError (one line naming file, item and field) when a
    file is bad. Each map is read once, for the names and the events' checks."""
    from game.content.career_names import names_for, readable_tracks
    from game.content.drift_drivers import active_drift_drivers
    from game.content.events import load_career
    from game.safe_json import DataError

    tracks = readable_tracks(catalog)
    try:
        roster = active_drift_drivers(catalog, warn=lambda line: sys.stderr.write(one_line(f"sideways career: {line}") + "\n"))
        career = load_career(catalog, roster, path=events_path, maps=tracks)
    except DataError as e:
        raise CommandError(str(e)) from None
    return (career, *names_for(catalog, roster, tracks))


def career_doc(career, progress, names, credits: int, courses: dict | None = None) -> dict[str, Any]:
    """The career view as plain JSON data: tiers with their cards (a course's name beside its id), each cup's with its bracket."""
    from game.sim.career.bracket import bracket_rows, record_fits
    from game.sim.career.cards import career_view
    from game.sim.career.event import CUP

    view = career_view(career, progress, names)
    doc = {"credits": credits, **view.to_json()}
    for tier in doc["tiers"]:
        for card in tier["cards"]:
            item = career.get(card["id"])
            card["course_name"] = (courses or {}).get((item.map, item.course), item.course)
            if item.kind != CUP:
                continue
            record = progress.cups.get(item.id)
            fits = record is None or record_fits(item, record)
            record = record if fits else None  # events.json changed the field since: the next attempt starts afresh
            card["bracket"] = {
                "fits": fits,
                "round": record.round if record else None,  # None: never entered
                "attempts": record.attempts if record else 0,
                "place": record.place if record else "",
                "qualifying": record.qualifying if record else None,
                "seeds": list(record.seeds) if record else [],
                "names": {e: names.drivers.get(e, e) for e in (record.seeds if record else ())},
                "rounds": [[asdict(m) for m in row] for row in bracket_rows(item, record)],
            }
    return doc


def star_marks(stream) -> tuple[str, str]:
    """Filled and empty star marks the stream's encoding can show: ★ ☆, else * and -."""
    try:
        "★☆".encode(getattr(stream, "encoding", None) or "ascii")
        return "★", "☆"
    except (UnicodeEncodeError, LookupError):
        return "*", "-"


def stars_text(n: int, full: str, empty: str) -> str:
    n = max(0, min(3, n))
    return full * n + empty * (3 - n)


def career_lines(doc: dict[str, Any], full: str = "*", empty: str = "-") -> list[str]:
    """The text form: a heading, then each tier and its events, a cup with its bracket."""
    lines = [f"Career: {doc['total_stars']} of {doc['max_stars']} stars, {doc['credits']:,} credits"]
    for tier in doc["tiers"]:
        state = "open" if tier["open"] else f"{tier['unlock_stars']} stars to open; locked: {tier['lock_reason']}"
        lines += ["", f"{tier['name']} ({state}): {tier['stars']} of {tier['max_stars']} stars"]
        cards = tier["cards"]
        width = max((len(c["name"]) for c in cards), default=0)
        for c in cards:
            lines += card_lines(c, width, full, empty, tier["lock_reason"])
    return lines


def card_lines(c: dict[str, Any], width: int, full: str, empty: str, tier_lock: str | None = None) -> list[str]:
    """One event: stars, name, mode and map, best and targets, credits; then what it asks for, and why it is locked
    (unless its tier's line said the same)."""
    where = c["map_name"] + (f" ({c.get('course_name') or c['course']})" if c.get("course") else "")
    best = "-" if c["best"] is None else f"{c['best']:,}"
    targets = " / ".join(f"{t:,}" for t in c["targets"]) + (" battles won" if "bracket" in c else "")
    what = "Top-8 tandem bracket" if "bracket" in c else c["mode_name"]
    head = (f"  {stars_text(c['stars'], full, empty)}  {c['name'].ljust(width)}  {what} on {where}  best {best}  "
            f"targets {targets}  {c['credits_per_star']:,} credits a star  [{c['id']}]")
    out = [head]
    cars = c.get("cars_note") if c.get("cars_note") != "Any car" else ""
    asks = [x for x in (cars, c.get("model_note"), f"against {c['opponent_name']}" if c.get("opponent_name") else "") if x]
    if asks:
        out.append("       " + "; ".join(asks))
    if not c["open"] and c["lock_reason"] != tier_lock:
        out.append(f"       locked: {c['lock_reason']}")
    if "bracket" in c:
        out += bracket_lines(c["bracket"])
    return out


def bracket_lines(b: dict[str, Any]) -> list[str]:
    """A cup's bracket state: the attempt and what comes next, then each round's battles (scores, one-more-times, winner)."""
    if not b["fits"]:
        return ["       bracket: the saved attempt no longer fits this cup's field; the next attempt starts afresh"]
    if b["round"] is None:
        return ["       bracket: not entered yet (a qualifying run seeds you into the Top 8)"]
    if b["round"] == "done":
        state = f"attempt {b['attempts']} over: {place_line(b['place'], b['place'] or 'finished')}"
    else:
        state = f"attempt {b['attempts']}: {round_next(b['round'])}"
    if b["qualifying"] is not None:
        state += f" (qualified with {b['qualifying']:,})"
    out = [f"       bracket: {state}"]
    if not b["seeds"]:
        return out
    for row in b["rounds"]:
        if not row:
            continue
        out.append(f"         {ROUND_TITLES.get(row[0]['round'], row[0]['round'])}")
        out += [f"           {match_text(m, b['seeds'], b['names'])}" for m in row]
    return out


def match_text(m: dict[str, Any], seeds: list[str], names: dict[str, str]) -> str:
    """One battle: "(1) You 151.5 - 120.0 (8) Ines, 1 OMT, You through" ("?" for an entrant not known yet)."""
    a, b = _entrant(m, "a", seeds, names), _entrant(m, "b", seeds, names)
    if m["pending"]:
        return f"{a} v {b}: to come"
    text = f"{a} {m['score_a']:.1f} - {m['score_b']:.1f} {b}"
    if m["omt"]:
        text += f", {m['omt']} OMT"
    if m["winner"]:
        text += f", {names.get(m['winner'], m['winner'])} {'wins the cup' if m['round'] == 'final' else 'through'}"
    return text + (" (simulated)" if m["drawn"] else "")


def _entrant(m: dict[str, Any], side: str, seeds: list[str], names: dict[str, str]) -> str:
    who = m[side]
    seed = m.get(f"seed_{side}") or (seeds.index(who) + 1 if who in seeds else 0)
    name = names.get(who, who) if who else "?"
    return f"({seed}) {name}" if seed else name
