"""What the Qualifying HUD says, as plain text from the judge's LiveScore and events (pure: no ursina)."""

from __future__ import annotations

from game.sim.judges.course import result as cr


def fmt_points(points: float) -> str:
    """Judged points with one decimal: 21.4."""
    return f"{points:.1f}"


def fmt_run_time(seconds: float) -> str:
    """m:ss.s, as the results list deductions: 1:07.3."""
    seconds = max(0.0, seconds)
    tenths = int(round(seconds * 10))
    return f"{tenths // 600}:{(tenths % 600) / 10:04.1f}"


def maxima(judging) -> tuple[float, float, float]:
    """(line, angle, style) maxima from the rules' judging block (the 2014 Formula Drift split when there is none)."""
    if judging is None:
        return 35.0, 35.0, 30.0
    return float(judging.line_max), float(judging.angle_max), float(judging.style_max)


def live_total(live) -> float:
    """Points so far: the three categories less the deductions, never below zero; zero once the run is zeroed."""
    if live.zero:
        return 0.0
    return max(0.0, live.line + live.angle + live.style - live.deductions)


def strip_fields(live, judging=None) -> list[tuple[str, str, str]]:
    """(label, value, of) for LINE, ANGLE and STYLE: what the strip shows of a LiveScore."""
    lm, am, sm = maxima(judging)
    return [("LINE", fmt_points(live.line), f"/{lm:g}"), ("ANGLE", fmt_points(live.angle), f"/{am:g}"),
            ("STYLE", fmt_points(live.style), f"/{sm:g}")]


def deduction_text(live) -> str:
    """'−4' for the points taken off so far, '' when none."""
    d = live.deductions
    return "" if d <= 0 else f"\u2212{d:.1f}".rstrip("0").rstrip(".")


def strip_text(live, judging=None, run: int = 0, runs: int = 2) -> str:
    """The strip as one line: 'RUN 1/2  LINE 21.4  ANGLE 18.0  STYLE 12.5  −4'."""
    parts = [f"RUN {run + 1}/{runs}"] + [f"{label} {value}" for label, value, _ in strip_fields(live, judging)]
    ded = deduction_text(live)
    return "  ".join(parts + ([ded] if ded else []))


def status_text(live, course, time_left_s: float | None = None) -> str:
    """The strip's second row: clips done, the next clip, the sector and the run's clock."""
    n = len(course.clips)
    parts = [f"CLIPS {live.clips_done}/{n}"]
    if live.next_clip is not None and live.next_clip < n:
        c = course.clips[live.next_clip]
        parts.append(f"NEXT {c.name or c.id} ({c.kind})")
    if live.sector is not None and live.sector < len(course.sectors):
        parts.append(f"SECTOR {course.sectors[live.sector].name}")
    if not live.started:
        parts.append("TO THE START")
    parts.append(fmt_run_time(live.t_run_s) + (f"  ({time_left_s:.0f} s left)" if time_left_s is not None and time_left_s < 10 else ""))
    return "   \u00b7   ".join(parts)


def between_text(run: int, runs: int, total: float, zero: str | None) -> str:
    """The strip's second row once a run is over: how it scored and what comes next."""
    score = f"ZERO \u2014 {zero_words(zero)}" if zero else f"{fmt_points(total)} POINTS"
    nxt = f"RUN {run + 2} NEXT" if run + 1 < runs else "LAST RUN"
    return f"RUN {run + 1} OVER   \u00b7   {score}   \u00b7   {nxt}"


def callout_kind(event) -> str | None:
    """How a judge event is called out: good, plain, gold, deduction or zero; None for one that says nothing."""
    if not event.text:
        return None
    if event.kind == cr.ZERO:
        return "zero"
    if event.kind in (cr.DEDUCTION, cr.MISSED):
        return "deduction"
    if event.kind == cr.CLIP:
        return "good" if event.points > 0 else "deduction"
    if event.kind == cr.ENDED and event.text.startswith("ZERO"):
        return None  # the zero's own call-out has said it
    if event.kind in (cr.FINISHED, cr.ENDED):
        return "gold"
    return "plain"


ZERO_WORDS = {cr.SPIN: "the car spun", cr.OVER_ROTATION: "over-rotated past 90\u00b0 to the course", cr.BACKWARDS: "the car went backwards",
              cr.TIME: "the finish was not reached in time", cr.OFF_COURSE: "three tyres off the course", cr.CONTACT: "contact that changed the car's path",
              cr.RESET: "the car was reset", cr.UNFINISHED: "the run was cut before the finish"}


def zero_words(reason: str) -> str:
    """Why a run scored zero, in words."""
    return ZERO_WORDS.get(reason, reason.replace("_", " "))
