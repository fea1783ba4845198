"""The Qualifying results: both runs with the one that counts, then that run broken down by category, clip, sector and
deduction, in three columns that fit 1280x720 (the results screen's menu goes under the third)."""

from __future__ import annotations

from ursina import Entity, Text, color

from game.ui import qualifying_rows as rows
from game.ui.widgets import ACCENT, panel
from game.view.hud.course_text import zero_words
from game.view.hud.style import UNIT_FACTOR, UNIT_LABEL

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff6b5b")
MUTED = color.rgba(1, 1, 1, 0.62)
COL_X = (-0.6, 0.0, 0.6)  # the three columns' centres
COL_W = 0.54
TOP = 0.2  # the columns' top edge
BOTTOM = -0.47  # nothing goes below this
PAD = 0.03  # text inset from a panel's edge
DEDUCTIONS_SHOWN = 5  # more than this: the rest are summed in one line
ROW_D = 0.056  # a deduction's row: what, and its detail under it


class QualifyingBreakdown:
    """Builds the breakdown under `parent` (the results screen); `menu_top` is where its buttons go, in the third column."""

    def __init__(self, parent: Entity, summary: dict, units: str = "kmh", judging=None) -> None:
        self.parent = parent
        judged = list(summary.get("judged") or [])
        best = summary.get("best_run")
        course = summary.get("course")
        self.names = rows.clip_names(course)
        self.texts: dict[str, Text] = {}
        self._header(summary, judged, best, course)
        r = judged[best] if best is not None and judged else None
        y = self._runs(judged, best)
        if r is not None:
            self._categories(r, best, y, units, judging)
            self._clips_and_sectors(r)
            y = self._deductions(r)
        else:
            y = TOP
        self.menu_top = y - 0.06

    # ---- pieces ------------------------------------------------------------------------------
    def _text(self, s: str, x: float, y: float, scale: float = 1.0, col=color.white, origin=(-0.5, 0)) -> Text:
        return Text(s, parent=self.parent, position=(x, y), origin=origin, scale=scale, color=col)

    def _panel(self, col: int, top: float, bottom: float) -> None:
        panel(self.parent, scale=(COL_W, top - bottom), position=(COL_X[col], (top + bottom) / 2), alpha=0.8).z = 0.5

    def _edges(self, col: int) -> tuple[float, float]:
        return COL_X[col] - COL_W / 2 + PAD, COL_X[col] + COL_W / 2 - PAD

    def _header(self, s: dict, judged, best, course) -> None:
        Text(f"{s.get('mode_name', 'Qualifying').upper()}  \u2014  RESULTS", parent=self.parent, origin=(0, 0), y=0.455, scale=1.2, color=ACCENT)
        where = "   \u00b7   ".join(p for p in (s.get("car_name", ""), s.get("track_name", ""), getattr(course, "name", "")) if p)
        Text(where, parent=self.parent, origin=(0, 0), y=0.418, scale=0.95, color=MUTED)
        big, what = rows.headline(judged, best)
        Text(big, parent=self.parent, origin=(0, 0), y=0.338, x=0.004, scale=4.4, color=color.rgba(0, 0, 0, 0.55))
        self.texts["score"] = Text(big, parent=self.parent, origin=(0, 0), y=0.342, scale=4.4, color=color.white)
        Text("/ 100", parent=self.parent, origin=(-0.5, 0), position=(0.012 + 0.0125 * 4.4 * len(big) / 2 + 0.02, 0.318), scale=1.1, color=MUTED)
        self.texts["what"] = Text(what, parent=self.parent, origin=(0, 0), y=0.27, scale=0.95, color=MUTED)
        prev = s.get("previous_best")
        if s.get("is_best"):
            line, col = "NEW BEST!" + (f"   (was {prev:,})" if prev is not None else ""), GOLD
        else:
            line, col = (f"Best: {prev:,}" if prev is not None else " "), MUTED
        self.texts["best"] = Text(line, parent=self.parent, origin=(0, 0), y=0.236, scale=1.25 if s.get("is_best") else 0.95, color=col)

    def _runs(self, judged, best) -> float:
        """Left column, top: every run, the one that counts marked; returns the y under it."""
        x0, x1 = self._edges(0)
        run_rows = rows.run_rows(judged, best)
        h = 0.06 + 0.05 * max(1, len(run_rows))
        self._panel(0, TOP, TOP - h)
        self._text("RUNS", x0, TOP - 0.03, 0.9, MUTED)
        for i, (name, how, total, counts) in enumerate(run_rows):
            y = TOP - 0.075 - i * 0.05
            self._text(("\u00bb " if counts else "   ") + name, x0, y, 1.0, GOLD if counts else color.white)
            self._text(how, x0 + 0.15, y, 0.78, RED if how.startswith("ZERO") else MUTED)
            self.texts[f"run{i}"] = self._text(total, x1, y, 1.15, GOLD if counts else color.white, origin=(0.5, 0))
        return TOP - h - 0.02

    def _categories(self, r, best: int, top: float, units: str, judging) -> None:
        """Left column, below the runs: Line, Angle, Style (and its parts), the deductions, time and speed."""
        x0, x1 = self._edges(0)
        cats = rows.category_rows(r, judging)
        bottom = max(BOTTOM, top - 0.07 - 0.043 * (len(cats) + 2))
        self._panel(0, top, bottom)
        self._text(f"RUN {best + 1} BROKEN DOWN", x0, top - 0.03, 0.9, MUTED)
        y = top - 0.072
        for name, pts, of in cats:
            sub = name.startswith(" ")
            self._text(name.strip() if not sub else "  " + name.strip(), x0 + (0.03 if sub else 0), y, 0.8 if sub else 1.0, MUTED if sub else color.white)
            t = self._text(pts, x1 - 0.06, y, 0.85 if sub else 1.1, MUTED if sub else color.white, origin=(0.5, 0))
            self._text(of, x1 - 0.055, y - 0.003, 0.7, MUTED)
            self.texts[f"cat:{name.strip()}"] = t
            y -= 0.038 if sub else 0.043
        total_off = sum(d.points for d in r.deductions)
        self._text("Deductions", x0, y, 1.0)
        self._text(f"\u2212{total_off:.1f}" if total_off else "none", x1, y, 1.1, ACCENT if total_off else MUTED, origin=(0.5, 0))
        y -= 0.043
        u = units if units in UNIT_FACTOR else "kmh"
        self._text(f"{r.time_s:.1f} s   \u00b7   {r.mean_speed_mps * UNIT_FACTOR[u]:.0f} {UNIT_LABEL[u]} mean", x0, y, 0.8, MUTED)

    def _list(self, col: int, heading: str, items, top: float, row: float) -> float:
        """A panel of (name, detail, points, lit) rows; returns its bottom edge."""
        x0, x1 = self._edges(col)
        h = 0.06 + row * max(1, len(items))
        self._panel(col, top, top - h)
        self._text(heading, x0, top - 0.03, 0.9, MUTED)
        for i, (name, detail, pts, lit) in enumerate(items):
            y = top - 0.07 - i * row
            self._text(name, x0, y + 0.006, 0.95)
            self._text(detail, x0, y - 0.019, 0.72, MUTED)
            self.texts[f"{heading}:{i}"] = self._text(pts, x1, y - 0.004, 1.05, GREEN if lit else ACCENT, origin=(0.5, 0))
        return top - h

    def _clips_and_sectors(self, r) -> None:
        """Middle column: each clip (kind, distance, points), then each sector (angle held vs asked, points)."""
        clips, sectors = rows.clip_rows(r, self.names), rows.sector_rows(r)
        room = TOP - BOTTOM - 0.14
        row = min(0.058, room / max(1, len(clips) + len(sectors)))
        y = self._list(1, "CLIPS", clips, TOP, row)
        self._list(1, "SECTORS", sectors, y - 0.02, row)

    def _deductions(self, r) -> float:
        """Right column, top: each deduction with its time in the run; the zero reason if there was one. Its bottom edge."""
        x0, x1 = self._edges(2)
        deds = rows.deduction_rows(r, self.names)
        shown = deds[:DEDUCTIONS_SHOWN]
        h = 0.06 + ROW_D * max(1, len(shown) + (1 if len(deds) > len(shown) else 0)) + (0.042 if r.zero else 0)
        self._panel(2, TOP, TOP - h)
        self._text("DEDUCTIONS", x0, TOP - 0.03, 0.9, MUTED)
        y = TOP - 0.072
        if r.zero:
            self._text(f"ZERO \u2014 {zero_words(r.zero)}", x0, y, 0.9, RED)
            y -= 0.042
        if not deds and not r.zero:
            self._text("none \u2014 a clean run", x0, y, 0.95, GREEN)
        for i, (when, what, detail, pts) in enumerate(shown):
            self._text(when, x0, y, 0.85, MUTED)
            self._text(what, x0 + 0.1, y + (0.007 if detail else 0), 0.9)
            if detail:
                self._text(detail, x0 + 0.1, y - 0.018, 0.72, MUTED)
            self.texts[f"ded:{i}"] = self._text(pts, x1, y, 1.0, ACCENT, origin=(0.5, 0))
            y -= ROW_D
        if len(deds) > len(shown):
            rest = sum(d.points for d in r.deductions[DEDUCTIONS_SHOWN:])
            self._text(f"and {len(deds) - len(shown)} more", x0 + 0.1, y, 0.85, MUTED)
            self._text(f"\u2212{rest:.1f}", x1, y, 1.0, ACCENT, origin=(0.5, 0))
        return TOP - h
