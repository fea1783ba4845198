"""The results screen at the end of a drive: final score, session stats, zone runs, credits, best, next step."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ursina import Entity, Text, camera, color, destroy, time

from game.sim.run.modes.base import BATTLE_RESULTS, DRIFT_RESULTS, JUDGED_RESULTS, PARKING_RESULTS
from game.sim.run.modes.registry import MODES
from game.ui.widgets import ACCENT, MenuList, panel
from game.view.hud.style import UNIT_FACTOR, UNIT_LABEL

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff6b5b")
MUTED = color.rgba(1, 1, 1, 0.62)
LEFT_X, RIGHT_X = -0.36, 0.36  # column centres
COL_W = 0.6


def panel_of(summary: dict) -> str:
    """The results panel the summary's mode lays out (a summary of no known mode: the drift results)."""
    mode = MODES.get(str(summary.get("mode", "")))
    return mode.results_panel if mode is not None else DRIFT_RESULTS


def stat_rows(summary: dict, units: str = "kmh") -> list[tuple[str, str]]:
    """The (label, value) lines of the stats panel, formatted for the player."""
    if panel_of(summary) == PARKING_RESULTS:
        return parking_rows(summary.get("parking_results") or [])
    s = summary["stats"]
    u = units if units in UNIT_FACTOR else "kmh"
    km = s.drift_distance_m / 1000.0
    return [
        ("Longest drift", f"{s.longest_drift_s:.1f} s  \u00b7  {s.longest_drift_m:.0f} m"),
        ("Best chain", f"{int(s.best_chain):,}"),
        ("Max angle", f"{s.max_angle_deg:.0f}\u00b0"),
        ("Top speed", f"{s.top_speed_mps * UNIT_FACTOR[u]:.0f} {UNIT_LABEL[u]}"),
        ("Drifted", f"{km:.2f} km" if u == "kmh" else f"{km * 0.6213712:.2f} mi"),
        ("Chains banked / lost", f"{s.chains_banked} / {s.chains_lost}"),
    ]


def parking_rows(results: list) -> list[tuple[str, str]]:
    """The stats panel of a parking challenge: tasks done, time, touches, stars."""
    done = [r for r in results if r.done]
    return [
        ("Tasks done", f"{len(done)} / {len(results)}"),
        ("Time parking", f"{sum(r.time_s for r in done):.1f} s"),
        ("Touches", f"{sum(r.touches for r in results)}  (+{sum(r.penalty_s for r in results):.0f} s)"),
        ("Stars", f"{sum(r.stars for r in done)} / {2 * len(results)}"),
    ]


def task_line(r) -> tuple[str, str, str, bool]:
    """One parking task as (name, how it went, points, done)."""
    if not r.done:
        return r.label, f"not done  ·  {r.touches} touch{'es' if r.touches != 1 else ''}", "—", False
    stars = {0: "no star", 1: "1 STAR", 2: "2 STARS"}[r.stars]
    crit = f"{r.time_s:.1f} s  ·  {r.angle_err_deg:.1f}°  ·  {r.offset_m:.2f} m  ·  {r.touches} touch{'es' if r.touches != 1 else ''}"
    return r.label, f"{crit}  ·  {stars}", f"+{r.points:,}", True


def best_line(summary: dict) -> tuple[str, Any]:
    """The personal-best line under the score and its colour."""
    prev = summary.get("previous_best")
    if summary.get("is_best"):
        return ("NEW PERSONAL BEST!" + (f"   (was {prev:,})" if prev is not None else ""), GOLD)
    if prev is not None:
        return (f"Personal best: {prev:,}", MUTED)
    return ("", MUTED)


def zone_line(r) -> tuple[str, str]:
    """One zone run as (criteria, points) text."""
    line = "-" if r.line_score is None else f"{r.line_score:.0f}"
    crit = f"speed {r.speed_score:.0f}   angle {r.angle_score:.0f}   line {line}"
    return crit, (f"+{r.points:,}" if r.counted else "too short")


MESSAGE_WRAP_CHARS = 44  # about the width of the button column at the message's text scale


class ResultsScreen(Entity):
    """Shown when a mode ends; Drive again / Watch replay / Save replay (when offered) / Main menu, by keys, pad or mouse."""

    def __init__(self, summary: dict, on_again: Callable[[], None], on_menu: Callable[[], None],
                 on_save_replay: Callable[[], Any] | None = None, units: str = "kmh", judging=None,
                 on_watch: Callable[[], None] | None = None, on_career: Callable[[], None] | None = None,
                 on_submit: Callable[[], Any] | None = None) -> None:
        """judging: the rules' judging block (Qualifying's maxima; None: the 2014 split); on_watch plays the run's replay;
        on_career (a career event) goes back to the career grid; on_submit sends the run to the board server and returns
        its Submission (game.shell.online), followed here frame by frame. The summary's "again_label" names Drive again's
        button (a cup: its bracket)."""
        super().__init__(parent=camera.ui, name="results")
        self.summary = summary
        self.on_save_replay = on_save_replay
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.62), z=1)
        menu_x, self.breakdown = RIGHT_X, None
        kind = panel_of(summary)
        if kind == BATTLE_RESULTS:  # Tandem: both drivers' runs side by side (game/ui/tandem_results.py)
            from game.ui.tandem_results import MENU_X, TandemBreakdown

            self.breakdown = b = TandemBreakdown(self, summary)
            self.score_text, self.best_text, self._pulse, self._best_scale = b.texts["headline"], b.texts["score"], 0.0, 1.15
            menu_x, top = MENU_X, b.menu_top
        elif kind == JUDGED_RESULTS and summary.get("judged"):  # Qualifying: the judged runs broken down (game/ui/qualifying_results.py)
            from game.ui.qualifying_results import COL_X, QualifyingBreakdown

            self.breakdown = b = QualifyingBreakdown(self, summary, units, judging)
            self.score_text, self.best_text, self._pulse, self._best_scale = b.texts["score"], b.texts["best"], 0.0, 1.25
            menu_x, top = COL_X[2], b.menu_top
        else:
            self._header(summary)
            self._stats(summary, units)
            if kind == PARKING_RESULTS:
                rows = [task_line(r) for r in summary.get("parking_results") or []]
                zones_bottom = self._rows("PARKING TASKS", rows)
            else:
                rows = [(r.name, *zone_line(r), r.counted) for r in summary.get("zone_results") or []]
                zones_bottom = self._rows("DRIFT ZONES", rows)
            top = min(0.1, zones_bottom - 0.065)
        options: list[tuple[str, Callable[[], None]]] = [(summary.get("again_label") or "Drive again", on_again)]
        if on_watch is not None:
            options.append(("Watch replay", on_watch))
        if on_career is not None:
            options.append(("Career", on_career))
        self.save_index = len(options) if on_save_replay is not None else None
        if on_save_replay is not None:
            options.append(("Save replay", self._save))
        self.on_submit, self.submission = on_submit, None
        self.submit_index = len(options) if on_submit is not None else None
        if on_submit is not None:
            options.append(("Submit", self._submit))
        options.append(("Main menu", on_menu))
        self.menu = MenuList(options, on_back=on_menu, parent=self, x=menu_x, y=top, width=0.44, spacing=0.078)
        self.menu.ignore_input = True  # armed on the first frame: the key that ended the run must not pick
        y_msg = top - len(options) * 0.078 - 0.01
        saved, warning = summary.get("replay_file"), summary.get("warning")
        text = str(warning) if warning else f"Replay saved: {saved}" if saved else " "
        # top-anchored and wrapped to the button column: a long warning (full disk) grows downward, never off screen
        self.message = Text(text, parent=self, origin=(0, 0.5), position=(menu_x, y_msg + 0.015), scale=0.72 if self.breakdown else 0.9,
                            color=RED if warning else MUTED, wordwrap=MESSAGE_WRAP_CHARS, background=bool(warning))
        self.event_panel = None
        if summary.get("event"):  # a career event: its stars beside the targets, credits, what opened (game/ui/career/event_results.py)
            from game.ui.career.event_results import EventPanel

            self.event_panel = EventPanel(self, summary["event"], summary.get("event_names"))
            self.event_panel.make_room(self.score_text)

    # ---- building ---------------------------------------------------------------------------
    def _header(self, s: dict) -> None:
        Text(f"{s.get('mode_name', s.get('mode', '')).upper()}  \u2014  RESULTS", parent=self, origin=(0, 0), y=0.44,
             scale=1.3, color=ACCENT)
        Text(f"{s.get('car_name', '')}   \u00b7   {s.get('track_name', '')}", parent=self, origin=(0, 0), y=0.395,
             scale=1.05, color=MUTED)
        score = f"{int(s.get('score', 0)):,}"
        Text(score, parent=self, origin=(0, 0), y=0.292, x=0.005, scale=6.2, color=color.rgba(0, 0, 0, 0.55))
        self.score_text = Text(score, parent=self, origin=(0, 0), y=0.298, scale=6.2, color=color.white)
        text, col = best_line(s)
        self.best_text = Text(text or " ", parent=self, origin=(0, 0), y=0.205, scale=1.5 if s.get("is_best") else 1.1, color=col)
        self._pulse, self._best_scale = 0.0, 1.5

    def _stats(self, s: dict, units: str) -> None:
        rows = stat_rows(s, units)
        h = 0.1 + 0.052 * len(rows) + 0.085
        top = 0.14
        panel(self, scale=(COL_W, h), position=(LEFT_X, top - h / 2), alpha=0.8).z = 0.5
        x0, x1 = LEFT_X - COL_W / 2 + 0.035, LEFT_X + COL_W / 2 - 0.035
        Text("SESSION", parent=self, position=(x0, top - 0.04), origin=(-0.5, 0), scale=1.0, color=MUTED)
        self.stat_texts: dict[str, Text] = {}
        for i, (label, value) in enumerate(rows):
            y = top - 0.1 - i * 0.052
            Text(label, parent=self, position=(x0, y), origin=(-0.5, 0), scale=1.05)
            self.stat_texts[label] = Text(value, parent=self, position=(x1, y), origin=(0.5, 0), scale=1.15)
        y = top - 0.1 - len(rows) * 0.052 - 0.035
        Entity(parent=self, model="quad", position=(LEFT_X, y + 0.03), scale=(COL_W - 0.07, 0.002), color=color.rgba(1, 1, 1, 0.2))
        Text("Credits earned", parent=self, position=(x0, y), origin=(-0.5, 0), scale=1.15)
        self.credits_text = Text(f"+{int(s.get('credits', 0)):,} CR", parent=self, position=(x1, y), origin=(0.5, 0), scale=1.6,
                                 color=GREEN)

    def _rows(self, heading: str, rows: list[tuple[str, str, str, bool]]) -> float:
        """The panel of zone runs or parking tasks (when there are any): (name, details, points, lit); returns its bottom edge."""
        self.zone_texts: list[Text] = []
        top, row = 0.14, 0.064
        if not rows:
            return top
        h = 0.07 + row * len(rows)
        panel(self, scale=(COL_W, h), position=(RIGHT_X, top - h / 2), alpha=0.8).z = 0.5
        x0, x1 = RIGHT_X - COL_W / 2 + 0.035, RIGHT_X + COL_W / 2 - 0.035
        Text(heading, parent=self, position=(x0, top - 0.035), origin=(-0.5, 0), scale=1.0, color=MUTED)
        for i, (name, crit, pts, lit) in enumerate(rows):
            y = top - 0.075 - i * row
            Text(name, parent=self, position=(x0, y), origin=(-0.5, 0), scale=1.05)
            Text(crit, parent=self, position=(x0, y - 0.026), origin=(-0.5, 0), scale=0.8, color=MUTED)
            self.zone_texts.append(Text(pts, parent=self, position=(x1, y - 0.01), origin=(0.5, 0), scale=1.25,
                                        color=GOLD if lit else MUTED))
        return top - h

    # ---- behaviour --------------------------------------------------------------------------
    def _save(self) -> None:
        """Save the replay through the callback and say where it went (once)."""
        try:
            where = self.on_save_replay() if self.on_save_replay else None
        except Exception as e:  # a full disk must not take the results screen down
            self.message.text, self.message.color = f"Could not save the replay: {e}", RED
            return
        name = Path(str(where)).name if where else "done"
        self.message.text, self.message.color = f"Replay saved: {name}", GREEN
        if self.save_index is not None:
            self.menu.set_label(self.save_index, "Replay saved")
            self.menu.set_enabled(self.save_index, False)

    def _submit(self) -> None:
        """Send the run to the board server; the line under the buttons follows it (never waiting on the frame)."""
        if self.on_submit is None or self.submit_index is None or (self.submission is not None and not self.submission.finished):
            return
        self.submission = self.on_submit()
        self.menu.set_label(self.submit_index, "Submitting…")
        self.menu.set_enabled(self.submit_index, False)
        self._show_submission()

    def _show_submission(self) -> None:
        sub = self.submission
        line = sub.line
        self.message.text = line.text
        self.message.wordwrap = MESSAGE_WRAP_CHARS  # ursina wraps the text present when wordwrap is set
        self.message.color = {"good": GREEN, "bad": RED}.get(line.tone, MUTED)
        if sub.finished and self.submit_index is not None:
            again = line.tone == "bad" or (sub.result is not None and sub.result.status == "queued" and bool(sub.result.reason))
            self.menu.set_label(self.submit_index, "Submit again" if again else "Submitted")
            self.menu.set_enabled(self.submit_index, again)

    def update(self) -> None:
        """Arm the menu after the first frame; follow a submission; pulse a new personal best."""
        if self.menu.ignore_input:
            self.menu.ignore_input = False
        if self.submission is not None and self.submission.poll():
            self._show_submission()
        if self.summary.get("is_best"):
            self._pulse += time.dt
            self.best_text.scale = self._best_scale * (1.0 + 0.05 * math.sin(self._pulse * 5.0))

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
