"""What the Tandem HUD says, as plain text and tones from the tandem judge's LiveTandem (pure: no ursina).

The gap is coloured by how close the chase is, on the same distances the judge scores proximity on (the rules'
gap_full_m: full points, gap_zero_m: none); the angle difference by how well the chase matches the lead.
"""

from __future__ import annotations

from game.sim.judges.tandem import scorecard as tr
from game.view.hud.course_text import fmt_points

LEAD, CHASE = "lead", "chase"
GAP_FULL_M, GAP_ZERO_M = 1.5, 10.0  # the judge's distances when the rules give none (full proximity points, none)
ANGLE_GOOD_DEG, ANGLE_OK_DEG = 6.0, 15.0  # |chase angle - lead angle| under these: matched, close
CHASE_MAXIMA = (40.0, 25.0, 20.0, 15.0)  # proximity, angle, line, initiation when the rules give none
CHASE_ZERO_WORDS = {tr.CONTACT: "contact that changed the lead's path", tr.CHASE_SPIN: "the chase spun",
                    tr.CHASE_OFF: "off the course", tr.CHASE_RESET: "the car was reset", tr.CHASE_UNFINISHED: "the run was cut short"}
FREE_PASS_WORDS = {tr.LEAD_SPUN: "the lead spun", tr.LEAD_STRAIGHTENED: "the lead straightened", tr.LEAD_STOPPED: "the lead stopped drifting",
                   tr.LEAD_ZEROED: "the lead's run was zeroed"}


def role_text(role: str) -> str:
    """LEAD or CHASE, as the badge says it."""
    return "LEAD" if role == LEAD else "CHASE"


def run_text(run_index: int) -> str:
    """'RUN 1/2' for the battle's pair; 'OMT 1 · RUN 2/2' for a one-more-time pair."""
    pair, n = divmod(max(0, run_index), 2)
    return f"RUN {n + 1}/2" if pair == 0 else f"OMT {pair} \u00b7 RUN {n + 1}/2"


def run_short(run_index: int) -> str:
    """The box's RUN column: '1/2', or 'OMT 1 · 2/2' in a one-more-time pair."""
    pair, n = divmod(max(0, run_index), 2)
    return f"{n + 1}/2" if pair == 0 else f"OMT {pair} \u00b7 {n + 1}/2"


def is_one_more_time(run_index: int) -> bool:
    """The run is part of a one-more-time pair (the judges could not separate the first)."""
    return run_index >= 2


def gap_text(gap_m: float | None) -> str:
    """'2.4 m' (one decimal under 10 m, whole metres past it); '\u2014' before both cars are under way."""
    if gap_m is None:
        return "\u2014"
    gap_m = max(0.0, gap_m)
    return f"{gap_m:.1f} m" if gap_m < 10.0 else f"{gap_m:.0f} m"


def gap_distances(tandem_rules) -> tuple[float, float]:
    """(full, zero) proximity distances (m) from the rules' tandem block, the defaults where it has none."""
    full = getattr(tandem_rules, "gap_full_m", None)
    zero = getattr(tandem_rules, "gap_zero_m", None)
    full = GAP_FULL_M if not isinstance(full, (int, float)) else float(full)
    zero = GAP_ZERO_M if not isinstance(zero, (int, float)) or zero <= full else float(zero)
    return full, zero


def gap_tone(gap_m: float | None, full_m: float = GAP_FULL_M, zero_m: float = GAP_ZERO_M) -> str:
    """How the gap is coloured: 'close' (full points), 'near' (most), 'far' (few), 'lost' (none), 'none' (no gap yet)."""
    if gap_m is None:
        return "none"
    if gap_m <= full_m:
        return "close"
    share = (gap_m - full_m) / (zero_m - full_m)
    return "near" if share < 0.4 else "far" if share < 1.0 else "lost"


def angle_text(diff_deg: float) -> str:
    """The chase's angle minus the lead's: '+4°' (more sideways), '−7°', '0°'."""
    d = round(diff_deg)
    sign = "+" if d > 0 else "\u2212"
    return "0\u00b0" if d == 0 else f"{sign}{abs(d)}\u00b0"


def angle_tone(diff_deg: float) -> str:
    """'good' (matched), 'ok' or 'bad'."""
    a = abs(diff_deg)
    return "good" if a < ANGLE_GOOD_DEG else "ok" if a < ANGLE_OK_DEG else "bad"


def chase_maxima(tandem_rules) -> tuple[float, float, float, float]:
    """(proximity, angle match, line match, initiation) maxima from the rules' tandem block (the defaults where it has none)."""
    names = ("proximity_max", "angle_max", "line_max", "initiation_max")
    out = []
    for name, default in zip(names, CHASE_MAXIMA):
        v = getattr(tandem_rules, name, None)
        out.append(float(v) if isinstance(v, (int, float)) else default)
    return tuple(out)  # type: ignore[return-value]


def _value(x) -> str:
    return "\u2014" if not isinstance(x, (int, float)) else fmt_points(float(x))


def chase_fields(live, tandem_rules=None, result=None) -> list[tuple[str, str, str]]:
    """(label, value, of) for PROXIMITY, ANGLE, LINE and INITIATION: the chase's running strip, from the judge's
    ChaseResult as the run stands (result), else its LiveTandem (proximity only; '\u2014' for the rest)."""
    pm, am, lm, im = chase_maxima(tandem_rules)
    src = result if result is not None else live
    return [("PROXIMITY", _value(src.proximity), f"/{pm:g}"), ("ANGLE", _value(getattr(src, "angle_match", None)), f"/{am:g}"),
            ("LINE", _value(getattr(src, "line_match", None)), f"/{lm:g}"),
            ("INIT", _value(getattr(src, "initiation", None)), f"/{im:g}")]


def chase_zero_words(reason: str) -> str:
    """Why a chase run scored zero, in words."""
    return CHASE_ZERO_WORDS.get(reason, reason.replace("_", " "))


CHASE_REFS = ("chase", "touch", tr.CONTACT)  # the refs of the tandem judge's call-outs (the course judge's name clips, sectors, zeros)


def free_pass_words(reason: str) -> str:
    """Which lead error gave the chase its free pass, in words."""
    return FREE_PASS_WORDS.get(reason, reason.replace("_", " "))


def chase_callout(event) -> bool:
    """A call-out about the chase (the tandem judge's), not the lead's course judging."""
    return event.ref in CHASE_REFS or event.text.startswith("CHASE")


def status_text(live, role: str) -> str:
    """The tandem box's second row, only when something is up: a zero, a contact, a free pass ('' otherwise)."""
    if live is None:
        return ""
    if live.zero:
        who = "CHASE" if role == CHASE else "OPPONENT"
        return f"{who} ZERO  \u00b7  {chase_zero_words(live.zero)}"
    if live.free_pass:
        return "FREE PASS  \u00b7  the lead lost it: the chase is not judged now"
    if live.contact:
        return "CONTACT  \u00b7  the judges watch the lead's line"
    return ""


def tandem_line(live, role: str, run_index: int) -> str:
    """The whole box as one line (for tests and logs): 'CHASE  RUN 1/2  GAP 2.4 m  ANGLE +4°'."""
    gap = gap_text(None if live is None else live.gap_m)
    ang = "\u2014" if live is None else angle_text(live.angle_diff_deg)
    return f"{role_text(role)}  {run_text(run_index)}  GAP {gap}  ANGLE {ang}"
