"""Qualifying on screen: the live Line / Angle / Style strip at the top and the judges' call-outs as they happen."""

from __future__ import annotations

from ursina import Entity, color, destroy

from game.sim.judges.course import result as cr
from game.view.hud.course_text import between_text, callout_kind, deduction_text, fmt_points, live_total, status_text, strip_fields, zero_words
from game.view.hud.style import ACCENT, DIM, PANEL, WHITE, Label, panel
from game.view.hud.ui_batch import StaticLayer

GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff5a4e")
GOLD = color.hex("#ffd166")
CALLOUT_S = 1.5  # a call-out punches in, holds, and has faded by this
CALLOUT_Y = -0.36  # under the strip, above the car (anchor units: the anchor sits near the top of the screen)
CALLOUT_STEP = 0.06  # older call-outs move down this far to make way
CALLOUT_MAX = 3
CALLOUT_SIZE = 0.068
STRIP_W, STRIP_H = 1.0, 0.1
COLUMNS = (-0.415, -0.235, -0.05, 0.135, 0.28, 0.415)  # RUN, LINE, ANGLE, STYLE, DEDUCTIONS, TOTAL column centres
CALLOUT_COLOURS = {"good": GREEN, "plain": WHITE, "gold": GOLD, "deduction": ACCENT, "zero": RED}


class _Callout:
    """One big call-out that punches in and fades."""

    def __init__(self, parent: Entity, text: str, col) -> None:
        self.root = Entity(parent=parent, position=(0.0, CALLOUT_Y, -0.05))
        self.label = Label(self.root, (0.0, 0.0), CALLOUT_SIZE, col, "center", text=text)
        self.age = 0.0
        self.offset = 0.0

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded out."""
        self.age += dt
        u = min(self.age / CALLOUT_S, 1.0)
        self.root.setY(CALLOUT_Y - self.offset)
        base = 1.0 if self.offset == 0 else 0.7  # the newest is the big one; older ones step back
        self.root.setScale(base * (1.0 + 0.3 * max(0.0, 1.0 - self.age / 0.15)))
        self.root.setAlphaScale(1.0 if u < 0.6 else max(0.0, 1.0 - (u - 0.6) / 0.4))
        return u < 1.0

    def remove(self) -> None:
        destroy(self.root)


class CourseHud(Entity):
    """Under the HUD's score anchor: the strip (run, Line, Angle, Style, deductions, total) and the call-outs."""

    def __init__(self, anchor: Entity, course, judging=None, runs: int = 2) -> None:
        super().__init__(parent=anchor, name="course_hud")
        self.course, self.judging, self.runs = course, judging, runs
        self._shown: dict[str, object] = {}
        r = Entity(parent=self, y=-0.025, name="strip")
        layer = StaticLayer(r)
        layer.panel(STRIP_W, STRIP_H, (0, 0), PANEL)
        for x, label in zip(COLUMNS, ("RUN", "LINE", "ANGLE", "STYLE", "DEDUCT", "TOTAL")):
            layer.label((x, 0.018), 0.021, DIM, "center", text=label)
        layer.quad((COLUMNS[0] + 0.095, 0), (0.002, STRIP_H * 0.7), color.rgba(1, 1, 1, 0.2))
        layer.quad((COLUMNS[5] - 0.075, 0), (0.002, STRIP_H * 0.7), color.rgba(1, 1, 1, 0.2))
        layer.bake()
        self.run_text = Label(r, (COLUMNS[0], -0.03), 0.046, WHITE, "center")
        self.values = [Label(r, (x - 0.006, -0.03), 0.046, WHITE, "right") for x in COLUMNS[1:4]]
        self.ofs = [Label(r, (x - 0.002, -0.03), 0.022, DIM, "left") for x in COLUMNS[1:4]]
        for of, (_, _, text) in zip(self.ofs, strip_fields(_ZERO, judging)):
            of.set(text)
        self.total_text = Label(r, (COLUMNS[5], -0.03), 0.046, GOLD, "center")
        self.ded_text = Label(r, (COLUMNS[4], -0.03), 0.04, ACCENT, "center")
        self.status = Label(r, (0.0, -0.083), 0.024, WHITE, "center")
        self.status_panel = panel(r, STRIP_W * 0.8, 0.04, (0, -0.076), col=color.rgba(0.04, 0.05, 0.07, 0.55), radius=0.4)
        self.callouts: list[_Callout] = []

    def on_events(self, events) -> None:
        """The judge's events of this frame: each that says something is called out."""
        for e in events:
            kind = callout_kind(e)
            if kind is None:
                continue
            for c in self.callouts:
                c.offset += CALLOUT_STEP
            self.callouts.append(_Callout(self, e.text, CALLOUT_COLOURS[kind]))
            while len(self.callouts) > CALLOUT_MAX:
                self.callouts.pop(0).remove()

    def update_view(self, live, run: int, dt: float, time_left_s: float | None = None, ended=None) -> None:
        """Once a frame: the strip from the judge's LiveScore (text re-laid only when it changes), call-outs fade;
        ended: the run's CourseResult once it is over (the car rolls on before the next run); live None: the call-outs only."""
        shown = self._shown
        if live is not None:
            run_text = f"{run + 1}/{self.runs}"
            if shown.get("run") != run_text:
                shown["run"] = run_text
                self.run_text.set(run_text)
            for label, (_, value, _) in zip(self.values, strip_fields(live, self.judging)):
                label.set(value)
            self.ded_text.set(deduction_text(live) or "0")
            if shown.get("ded") != (live.deductions > 0):
                shown["ded"] = live.deductions > 0
                self.ded_text.color(ACCENT if live.deductions > 0 else DIM)
            zero = live.zero
            self.total_text.set("ZERO" if zero else fmt_points(live_total(live)))
            if shown.get("zero") != bool(zero):
                shown["zero"] = bool(zero)
                self.total_text.color(RED if zero else GOLD)
            if ended is not None:
                text = between_text(run, self.runs, ended.total, ended.zero)
            else:
                text = status_text(live, self.course, time_left_s) if not zero else f"ZERO  \u00b7  {zero_words(zero)}"
            if self.status.set(text):
                self.status_panel.scale_x = max(0.3, self.status.width + 0.05)
        if self.callouts:
            alive = [c for c in self.callouts if c.step(dt)]
            for c in self.callouts:
                if c not in alive:
                    c.remove()
            self.callouts = alive

    def destroy(self) -> None:
        """Remove the strip and its call-outs."""
        for c in self.callouts:
            c.remove()
        self.callouts = []
        destroy(self)


_ZERO = cr.LiveScore(0.0, 0.0, 0.0, 0.0, None, 0, None, None, False, 0.0)
