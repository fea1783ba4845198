"""The parking challenge on screen: the task panel (time, touches, angle, offset, hold bar), popups, and the target on the ground."""

from __future__ import annotations

import math

from ursina import Entity, Mesh, color, destroy

from game.sim.judges.parking_judge import DONE, REVERSED, TOUCH
from game.view.boot.blending import opaque
from game.view.hud.style import DIM, WHITE, Label, panel
from game.view.world.textures import bay_outline

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff5a4e")
CYAN = color.hex("#4de3ff")
PANEL_W = 0.62
HOLD_W = 0.58  # the hold bar fills while the car stands still inside the lines
POPUP_S = 2.0
KIND_WORDS = {"nose_in": "NOSE IN", "reverse_in": "REVERSE IN", "parallel": "PARALLEL", "garage": "BACK IN"}


class ParkingHud(Entity):
    """Under the HUD's score anchor: which task, its clock and touches, how square and centred the car is, the hold bar."""

    def __init__(self, anchor: Entity, judge, time_limit_s: float | None) -> None:
        super().__init__(parent=anchor, name="parking_hud")
        self.judge = judge
        self.time_limit_s = time_limit_s
        panel(self, PANEL_W, 0.16, (0, -0.035))
        self.task_text = Label(self, (-0.29, 0.012), 0.03, GOLD, "left")
        self.kind_text = Label(self, (0.29, 0.012), 0.024, DIM, "right")
        self.time_text = Label(self, (-0.29, -0.04), 0.05, WHITE, "left")
        self.touch_text = Label(self, (0.29, -0.035), 0.028, WHITE, "right")
        self.live_text = Label(self, (-0.29, -0.078), 0.024, DIM, "left")
        Entity(parent=self, model="quad", origin=(-0.5, 0), scale=(HOLD_W, 0.008), position=(-HOLD_W / 2, -0.094, 0.005),
               color=color.rgba(1, 1, 1, 0.16))
        self.hold_bar = Entity(parent=self, model="quad", origin=(-0.5, 0), scale=(0.0001, 0.008), position=(-HOLD_W / 2, -0.094, 0), color=GREEN)
        self.popup_root = Entity(parent=self, position=(0, -0.17, -0.05))
        self.popup = Label(self.popup_root, (0, 0), 0.045, GOLD, "center")
        self.popup_sub = Label(self.popup_root, (0, -0.04), 0.026, WHITE, "center")
        self._popup_left = 0.0
        self._task_t0 = 0.0

    def on_events(self, events) -> None:
        """Touches and finished tasks show at once."""
        for e in events:
            if e.kind == TOUCH:
                self._show(f"TOUCH  +{e.value:g} s", "", RED)
            elif e.kind == DONE:
                r = e.result
                stars = {0: "no star", 1: "1 STAR", 2: "2 STARS"}[r.stars]
                self._show(f"PARKED!  +{r.points:,}", f"{r.angle_err_deg:.1f}\u00b0  \u00b7  {r.offset_m:.2f} m  \u00b7  {stars}", GREEN)
                self._task_t0 = e.t

    def _show(self, head: str, sub: str, col) -> None:
        self.popup.set(head)
        self.popup.color(col)
        self.popup_sub.set(sub)
        self._popup_left = POPUP_S
        self.popup_root.enabled = True

    def update_view(self, t: float, dt: float) -> None:
        """Once a frame with the sim time."""
        j = self.judge
        bay = j.current
        n = len(j.tasks)
        if bay is None:
            self.task_text.set(f"ALL {n} TASKS DONE")
            self.kind_text.set("")
            self.live_text.set("")
            self.hold_bar.scale_x = 0.0001
        else:
            self.task_text.set(f"TASK {j.index + 1}/{n}   {bay.label or bay.id}")
            self.kind_text.set(KIND_WORDS.get(bay.task, bay.task.upper()))
            self.time_text.set(f"{t - self._task_t0:.1f} s")
            pen = j.touches * j.rules.parking_touch_penalty_s
            self.touch_text.set(f"{j.touches} touch{'es' if j.touches != 1 else ''}" + (f"  +{pen:g} s" if pen else ""))
            self.touch_text.color(RED if j.touches else WHITE)
            state = "INSIDE" if j.inside else "outside the lines"
            self.live_text.set(f"{state}   angle {j.angle_err_deg:.1f}\u00b0   centre {j.offset_m:.2f} m")
            self.live_text.color(GREEN if j.inside else DIM)
            self.hold_bar.scale_x = max(0.0001, HOLD_W * min(1.0, j.hold_s / j.rules.parking_hold_s))
        if self._popup_left > 0.0:
            self._popup_left -= dt
            self.popup_root.setAlphaScale(min(1.0, self._popup_left / 0.5))
            if self._popup_left <= 0.0:
                self.popup_root.enabled = False

    def destroy(self) -> None:
        """Remove the panel."""
        destroy(self)


class BayMarker(Entity):
    """The current task's bay outlined on the ground (pulsing cyan) with a chevron the way the car's nose should point."""

    def __init__(self, world) -> None:
        super().__init__(name="bay_marker")
        self.world = world
        self.bay = None
        self.outline = opaque(Entity(parent=self, model=Mesh(vertices=[(0, 0, 0)] * 5, mode="line", thickness=5), color=CYAN, unlit=True))
        self.arrow = opaque(Entity(parent=self, model=Mesh(vertices=[(0, 0, 0)] * 3, mode="line", thickness=5), color=CYAN, unlit=True))
        self._t = 0.0

    def show(self, bay) -> None:
        """Outline this bay (None hides the marker)."""
        self.bay = bay
        self.enabled = bay is not None
        if bay is None:
            return
        pts = [(x, self.world.ground(x, z)[0] + 0.08, z) for x, z in bay_outline(bay, -0.15)]
        self.outline.model.vertices = pts + pts[:1]
        self.outline.model.generate()
        a = math.radians(bay.heading_deg + (180.0 if REVERSED.get(bay.task) else 0.0))
        f, r = (math.sin(a), math.cos(a)), (math.cos(a), -math.sin(a))
        k = 0.35 * min(bay.width_m, bay.length_m)
        tip = (bay.x + f[0] * k, bay.z + f[1] * k)
        wings = [(bay.x - f[0] * k * 0.2 + s * r[0] * k, bay.z - f[1] * k * 0.2 + s * r[1] * k) for s in (-1, 1)]
        chev = [wings[0], tip, wings[1]]
        self.arrow.model.vertices = [(x, self.world.ground(x, z)[0] + 0.08, z) for x, z in chev]
        self.arrow.model.generate()

    def pulse(self, dt: float) -> None:
        """Breathe the colour so the target catches the eye."""
        self._t += dt
        k = 0.65 + 0.35 * math.sin(self._t * 4.0)
        c = color.rgba(0.3 * k, 0.89 * k + 0.1, 1.0, 1.0)
        self.outline.color = c
        self.arrow.color = c

    def corners(self):
        """The outline's ground corners (x, z), for the minimap."""
        return None if self.bay is None else [tuple(p) for p in bay_outline(self.bay)]

    def destroy(self) -> None:
        """Remove the marker."""
        destroy(self)
