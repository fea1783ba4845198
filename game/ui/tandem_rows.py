"""What the Tandem results screen says of a battle, as plain rows of text (pure: no ursina).

Each run is one row with both drivers side by side: the one who led (its course judge's total and Line / Angle / Style)
and the one who chased (its total and proximity / angle / line / initiation, or the zero and why). Each pair of runs
adds up per driver; the deciding pair's sums are the battle scores, and a pair the judges could not separate is
"one more time".
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.qualifying_rows import ZERO_SHORT
from game.view.hud.course_text import fmt_points
from game.view.hud.tandem_text import chase_zero_words, free_pass_words, run_text

PLAYER, OPPONENT = 0, 1


@dataclass(frozen=True)
class Cell:
    """One driver's part in one run."""

    role: str  # "LEAD" or "CHASE"
    total: str  # '72.4' or 'ZERO'
    detail: str  # the terms: 'line 28.1 · angle 25.0 · style 19.3'
    note: str  # a zero's or a contact's words, or the chase's gap ('' for nothing)
    zero: bool


@dataclass(frozen=True)
class RunRow:
    """One run: its name and both drivers' cells (player first)."""

    name: str  # 'RUN 1', 'OMT 1 · RUN 2/2'
    you: Cell
    them: Cell


def lead_cell(r, free_pass: str | None = None) -> Cell:
    """A lead run from its CourseResult; a lead error that gave the chase a free pass counts zero (its reason)."""
    detail = f"line {fmt_points(r.line)}  \u00b7  angle {fmt_points(r.angle)}  \u00b7  style {fmt_points(r.style)}"
    if free_pass and not r.zero:
        return Cell("LEAD", "ZERO", detail, f"{free_pass_words(free_pass)}: the chase's free pass", True)
    if r.zero:
        return Cell("LEAD", "ZERO", detail, ZERO_SHORT.get(r.zero, r.zero.replace("_", " ")), True)
    return Cell("LEAD", fmt_points(r.total), detail, "" if r.finished else "not finished", False)


def chase_cell(c) -> Cell:
    """A chase run from its ChaseResult."""
    detail = (f"prox {fmt_points(c.proximity)}  \u00b7  angle {fmt_points(c.angle_match)}  \u00b7  line {fmt_points(c.line_match)}"
              f"  \u00b7  init {fmt_points(c.initiation)}")
    if c.zero:
        return Cell("CHASE", "ZERO", detail, chase_zero_words(c.zero), True)
    notes = []
    if c.gap_mean_m is not None:
        notes.append(f"gap {c.gap_mean_m:.1f} m mean")
    if c.contact:
        notes.append("touched the lead")
    if c.free_pass:
        notes.append(f"free pass ({free_pass_words(c.free_pass)})")
    return Cell("CHASE", fmt_points(c.total), detail, "  \u00b7  ".join(notes), False)


def cell_of(run, car: int) -> Cell:
    """This car's cell in the run (it led or it chased)."""
    return lead_cell(run.lead_result, run.chase_result.free_pass) if car == run.lead else chase_cell(run.chase_result)


def run_rows(battle) -> list[RunRow]:
    """Every run of the battle in order, both drivers side by side."""
    return [RunRow(run_text(r.index).replace("/2", "") if r.index < 2 else run_text(r.index), cell_of(r, PLAYER), cell_of(r, OPPONENT))
            for r in battle.runs]


def pair_sums(battle) -> list[tuple[str, str, str]]:
    """Each pair of runs as (name, player's sum, opponent's sum): ('BATTLE', '130.5', '128.9'), ('OMT 1', ...)."""
    out = []
    for pair in range((len(battle.runs) + 1) // 2):
        runs = battle.runs[2 * pair:2 * pair + 2]
        you = sum(r.score_of(PLAYER) for r in runs)
        them = sum(r.score_of(OPPONENT) for r in runs)
        out.append(("BATTLE" if pair == 0 else f"OMT {pair}", fmt_points(you), fmt_points(them)))
    return out


def headline(battle, opponent_name: str) -> tuple[str, str, str]:
    """(the big line, the line under it, its tone): ('YOU WIN', '152.3 to 140.1', 'win'); tones win, loss, omt, open."""
    if battle is None or not battle.runs:
        return "NO RUN JUDGED", "the battle ended before a run was over", "open"
    you, them = (fmt_points(s) for s in battle.scores)
    if you == them and battle.scores[0] != battle.scores[1]:  # decided by less than a tenth: show the hundredths
        you, them = (f"{s:.2f}" for s in battle.scores)
    omt = battle.one_more_times
    calls = f"   \u00b7   one more time \u00d7{omt}" if omt else ""
    if battle.decided and battle.winner == PLAYER:
        return "YOU WIN", f"{you} to {them}{calls}", "win"
    if battle.decided and battle.winner == OPPONENT:
        return f"{(opponent_name or 'THE OPPONENT').upper()} WINS", f"{them} to {you}{calls}", "loss"
    if len(battle.runs) == 1 and not battle.decided:  # a single run (headless, a replay lead, or cut short)
        r = battle.runs[0]
        you_did, they_did = ("led", "chased") if r.lead == PLAYER else ("chased", "led")
        return "ONE RUN", f"you {you_did}: {you}   \u00b7   {opponent_name or 'the opponent'} {they_did}: {them}", "open"
    if omt and len(battle.runs) % 2 == 0 and len(battle.runs) >= 2:
        return "ONE MORE TIME", f"{you} to {them}: too close to call{calls}", "omt"
    return "NOT DECIDED", f"{you} to {them} after {len(battle.runs)} run{'s' if len(battle.runs) != 1 else ''}{calls}", "open"


def outcome_text(battle) -> str:
    """The OMT line under the scores: 'decided in the battle', 'decided after one more time', 'one more time was called twice'."""
    if battle is None:
        return ""
    n = battle.one_more_times
    if not battle.decided:
        return "one more time was called" + (" twice" if n == 2 else "") if n else "the battle was cut short"
    return "decided in the first pair" if n == 0 else "decided after one more time" if n == 1 else "called twice, then decided on the last pair"
