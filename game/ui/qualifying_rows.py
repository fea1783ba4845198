"""What the Qualifying results screen says of its judged runs, as plain rows of text (pure: no ursina)."""

from __future__ import annotations

from game.view.hud.course_text import fmt_points, fmt_run_time

DEDUCTION_WORDS = {"straightened": "Straightened", "off_course": "Off course", "wall": "Wall contact", "missed_clip": "Missed clip",
                   "late_entry": "Late entry"}
KIND_WORDS = {"inner": "inner", "outer": "outer"}
ZERO_SHORT = {"spin": "spun", "over_rotation": "over-rotated", "backwards": "went backwards", "time": "out of time",
              "off_course": "off course", "contact": "contact", "reset": "reset", "unfinished": "cut short"}


def of(points: float) -> str:
    """A maximum as '/8.8' or '/35' (one decimal at most)."""
    return "/" + f"{points:.1f}".rstrip("0").rstrip(".")


def named(detail: str, names: dict[str, str]) -> str:
    """A deduction's detail with a clip or sector id at its start put as its name: 'z1 (taken straight)' -> 'East arc (taken straight)'."""
    head, sep, rest = detail.partition(" ")
    return names[head] + sep + rest if head in names else detail


def clip_names(course) -> dict[str, str]:
    """Clip and sector ids to the names the course gives them (empty without a course)."""
    if course is None:
        return {}
    out = {c.id: c.name or c.id for c in course.clips}
    out.update({s.id: s.name or s.id for s in course.sectors})
    return out


def run_rows(judged, best_run: int | None) -> list[tuple[str, str, str, bool]]:
    """Each run as (name, how it ended, total, counts): 'RUN 1', 'finished in 31.2 s', '62.4', True."""
    rows = []
    for i, r in enumerate(judged):
        if r.zero:
            how = f"ZERO \u2014 {ZERO_SHORT.get(r.zero, r.zero.replace('_', ' '))}"
        elif r.finished:
            how = f"finished in {r.time_s:.1f} s"
        else:
            how = "not finished"
        rows.append((f"RUN {i + 1}", how, fmt_points(r.total), i == best_run))
    return rows


def category_rows(r, judging=None) -> list[tuple[str, str, str]]:
    """(name, points, of) for Line, Angle, Style and Style's three parts (indented)."""
    lm, am, sm = (35.0, 35.0, 30.0) if judging is None else (judging.line_max, judging.angle_max, judging.style_max)
    parts = (10.0, 10.0, 10.0) if judging is None else (judging.initiation_max, judging.fluidity_max, judging.commitment_max)
    sp = r.style_parts
    return [("Line", fmt_points(r.line), of(lm)), ("Angle", fmt_points(r.angle), of(am)), ("Style", fmt_points(r.style), of(sm)),
            ("   initiation", fmt_points(sp.initiation), of(parts[0])), ("   fluidity", fmt_points(sp.fluidity), of(parts[1])),
            ("   commitment", fmt_points(sp.commitment), of(parts[2]))]


def clip_rows(r, names: dict[str, str] | None = None) -> list[tuple[str, str, str, bool]]:
    """Each clip as (name, kind and distance, points, touched): 'Flick apex', 'inner · 0.42 m', '7.0/7', True."""
    names = names or {}
    why = {}  # a missed clip's deduction says why it scored nothing ("z1 (taken straight)")
    for d in r.deductions:
        head, _, rest = d.detail.partition(" ")
        if d.kind == "missed_clip" and rest:
            why[head] = rest.strip("()")
    rows = []
    for c in r.clips:
        dist = "missed" if c.distance_m is None else f"{c.distance_m:.2f} m"
        if c.id in why:
            dist += f"  \u00b7  {why[c.id]}"
        rows.append((names.get(c.id, c.id), f"{KIND_WORDS.get(c.kind, c.kind)}  \u00b7  {dist}", f"{c.points:.1f}{of(c.max_points)}",
                     c.distance_m is not None and c.points > 0))
    return rows


def sector_rows(r) -> list[tuple[str, str, str, bool]]:
    """Each sector as (name, mean angle vs target, points, on target): 'Entry', '33° held, 35° asked · 2.0 s', '9.1/10.5', True."""
    rows = []
    for s in r.sectors:
        if s.time_s > 0:
            angle = f"{s.mean_angle_deg:.0f}\u00b0 held, {s.target_angle_deg:.0f}\u00b0 asked  \u00b7  {s.time_s:.1f} s"
        else:
            angle = f"not reached  \u00b7  {s.target_angle_deg:.0f}\u00b0 asked"
        rows.append((s.name or s.id, angle, f"{s.points:.1f}{of(s.max_points)}", s.points >= 0.75 * s.max_points))
    return rows


def deduction_rows(r, names: dict[str, str] | None = None) -> list[tuple[str, str, str, str]]:
    """Each deduction as (when, what, detail, points): '0:07.9', 'Missed clip', 'Top apex', '−3.0'."""
    names = names or {}
    rows = []
    for d in r.deductions:
        what = DEDUCTION_WORDS.get(d.kind, d.kind.replace("_", " ").capitalize())
        rows.append((fmt_run_time(d.at_s), what, named(d.detail, names), f"\u2212{d.points:.1f}"))
    return rows


def headline(judged, best_run: int | None) -> tuple[str, str]:
    """The big number and what it is: ('62.4', 'RUN 1 COUNTS  ·  best of 2'); ('0.0', 'no run finished') without a run."""
    if best_run is None or not judged:
        return "0.0", "no judged run"
    r = judged[best_run]
    return fmt_points(r.total), f"RUN {best_run + 1} COUNTS  \u00b7  best of {len(judged)}"
