"""What the career screens say, as plain text and states (pure: no ursina): mode tags, stars, bests, the detail panel's
rows, the results' event block and the bracket's lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.sim.career import words
from game.sim.career.event import PLAYER

# a mode's tag on its card and the colour it is drawn in (hex): one per event mode, the cup apart
MODE_TAGS: dict[str, tuple[str, str]] = {
    "timed": ("TIMED RUN", "#4cc9f0"),
    "zones": ("DRIFT ZONES", "#7ddc7a"),
    "parking": ("PARKING", "#b99cff"),
    "qualifying": ("QUALIFYING", "#ffd166"),
    "tandem": ("TANDEM", "#ff7a1a"),
    "ghost": ("GHOST RACE", "#9fd8ff"),
    "cup": ("SIDEWAYS CUP", "#ff5c7a"),
}


def mode_tag(mode: str, kind: str = "event") -> tuple[str, str]:
    """The tag and colour of a card's mode (a cup's by its kind)."""
    if kind == "cup":
        return MODE_TAGS["cup"]
    return MODE_TAGS.get(mode, (mode.upper(), "#cccccc"))


def fmt_score(v: Any) -> str:
    """A score as the player reads it: '12,345', '87.3' (one decimal where it has one), '—' for none."""
    if v is None:
        return "\u2014"
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if f != f:  # NaN
        return "\u2014"
    return f"{int(round(f)):,}" if abs(f - round(f)) < 0.05 or abs(f) >= 1000 else f"{f:.1f}"


def star_states(run_stars: int, before: int) -> tuple[str, str, str]:
    """The three star slots after a run: this run's stars lit ('new' where first earned now, 'again' where held before),
    stars held from earlier runs but not reached this time 'held', the rest 'empty'."""
    out = []
    for k in (1, 2, 3):
        if k <= run_stars:
            out.append("new" if k > before else "again")
        else:
            out.append("held" if k <= before else "empty")
    return tuple(out)  # type: ignore[return-value]


def next_star_line(score: Any, targets: Sequence[Any], stars: int, score_word: str = "") -> str:
    """What the next star asks: 'Next star at 90  \u00b7  2.7 to go', or 'All three stars' once the third is held."""
    if stars >= 3 or len(targets) < 3:
        return "All three stars" if stars >= 3 else ""
    target = targets[stars]
    try:
        gap = float(target) - float(score)
    except (TypeError, ValueError):
        return f"Next star at {fmt_score(target)}"
    word = f" {score_word}" if score_word else ""
    return f"Next star at {fmt_score(target)}{word}: {fmt_score(max(0.0, gap))} to go"


def detail_rows(card, drive: str = "") -> list[tuple[str, str]]:
    """The detail panel's (label, value) rows for a card: best, credits, cars (and the car the player would drive, e.g.
    'Vortex GT (loan car)'), handling, opponent (where it has one), the cup's attempt."""
    rows = [("Your best", "not driven yet" if card.best is None else fmt_score(card.best)),
            ("Credits", f"{card.credits_per_star:,} CR a star")]
    rows.append(("Cars", card.cars_note or "Any car"))
    if drive:
        rows.append(("You drive", drive))
    rows.append(("Handling", card.model_note or "Your choice"))
    if getattr(card, "opponent_name", ""):
        rows.append(("Opponent", card.opponent_name))
    if getattr(card, "cup_note", ""):
        rows.append(("This attempt", card.cup_note))
    return rows


def wrap_lines(text: str, cols: int, most: int) -> str:
    """Text wrapped at `cols` characters, cut to `most` lines (the last one ending in an ellipsis when cut)."""
    import textwrap

    lines = textwrap.wrap(text or "", cols)
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: cols - 1].rstrip() + "\u2026"
    return "\n".join(lines)


def unlocked_line(names: Sequence[str], most: int = 3) -> str:
    """'Unlocked: A, B and C', the rest counted past `most` names; '' when nothing opened."""
    names = [n for n in names if n]
    if not names:
        return ""
    shown = names[:most]
    more = len(names) - len(shown)
    if more:
        return "Unlocked: " + ", ".join(shown) + f" and {more} more"
    return "Unlocked: " + (shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1])


def event_block(outcome, name: str, names: Mapping[str, str] | None = None, kind: str = "event") -> dict[str, Any]:
    """The results summary's "event" entry from an EventOutcome (game.sim.career.stars): what the EventPanel draws."""
    names = names or {}
    unlocked = tuple(getattr(outcome, "unlocked", ()) or ())
    return {
        "id": outcome.event_id, "name": name, "kind": kind, "score": outcome.score, "targets": list(outcome.targets),
        "stars": outcome.stars, "stars_before": outcome.stars_before, "stars_after": outcome.stars_after,
        "new_stars": outcome.new_stars, "credits": outcome.credits, "best": outcome.best, "is_best": outcome.is_best,
        "unlocked": list(unlocked), "unlocked_names": [names.get(u, u) for u in unlocked],
    }


def block_view(block: Mapping[str, Any], names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """An event block read defensively (the stats JSON's shorter block included): score, targets, the slots' states,
    the lines under them."""
    names = names or {}
    targets = list(block.get("targets") or (0, 0, 0))[:3]
    run = int(block.get("stars", 0) or 0)
    before = int(block.get("stars_before", max(0, run - int(block.get("new_stars", run) or 0))) or 0)
    after = int(block.get("stars_after", max(run, before)) or 0)
    unlocked = block.get("unlocked_names") or [names.get(u, u) for u in block.get("unlocked") or ()]
    cup = block.get("kind") == "cup"
    return {
        "name": str(block.get("name") or names.get(block.get("id", ""), block.get("id", ""))),
        "score": fmt_score(block.get("score")), "score_label": "BATTLES WON" if cup else "SCORE",
        "targets": [fmt_score(t) for t in targets], "states": star_states(run, before),
        "next": next_star_line(block.get("score"), targets, run, "battles won" if cup else ""),
        "credits": f"+{int(block.get('credits', 0) or 0):,} CR", "unlocked": unlocked_line(list(unlocked)),
        "new": max(0, after - before), "stars_after": after,
    }


# ---- the bracket --------------------------------------------------------------------------------------------------


def entrant(who: str, names: Mapping[str, str]) -> str:
    """A bracket slot's name: 'TBD' while unknown, the player as named (else 'You')."""
    if not who:
        return "TBD"
    return names.get(who, "You" if who == PLAYER else who)


def match_lines(m, names: Mapping[str, str]) -> tuple[tuple[str, str, bool], tuple[str, str, bool]]:
    """A battle's two rows as (name, score, won): scores '—' while pending."""
    pending = bool(getattr(m, "pending", False))
    rows = []
    for who, score in ((m.a, m.score_a), (m.b, m.score_b)):
        won = (not pending) and bool(m.winner) and m.winner == who
        rows.append((entrant(who, names), "\u2014" if pending or score is None else f"{float(score):.1f}", won))
    return rows[0], rows[1]


def omt_mark(m) -> str:
    """'OMT' for one one-more-time, 'OMT x2' for two, '' for none."""
    n = int(getattr(m, "omt", 0) or 0)
    return "" if n <= 0 else "OMT" if n == 1 else f"OMT x{n}"


def champion(rows: Sequence[Sequence[Any]]) -> str:
    """The cup's winner's id once the final is decided, else ''."""
    if len(rows) < 3 or not rows[2]:
        return ""
    final = rows[2][0]
    return "" if getattr(final, "pending", True) else (final.winner or "")


def bracket_status(rows: Sequence[Sequence[Any]], names: Mapping[str, str]) -> str:
    """A line on where the player stands, from the bracket alone: 'Semi-final next: Marco Lind  ·  you lead the first run'
    (the higher seed, the upper slot, leads first), 'You won the cup', 'Out in the semi-finals', or '' before the seeding."""
    for r, matches in enumerate(rows[:3]):
        for m in matches:
            if PLAYER not in (m.a, m.b):
                continue
            if getattr(m, "pending", True):
                other = m.b if m.a == PLAYER else m.a
                role = "lead" if m.a == PLAYER else "chase"
                who = entrant(other, names) if other else "to be decided"
                return f"{words.ROUND_NAMES.get(m.round, m.round.title())} next: {who}  \u00b7  you {role} the first run"
            if m.winner != PLAYER:
                return words.out_in(r)
    return words.cup_won() if champion(rows) == PLAYER else ""
