"""The HUD tachometer: an rpm dial with the model's redline, the gear, and the clutch bar (where the model has one).

It reads what the handling model computed (telemetry rpm, gear, clutch engagement) and the
model's gearbox (idle and redline rpm, game/sim/models/gearbox_info.py); it never invents them.
The needle's smoothing is visual only. `dial_max_rpm`, `rpm_angle` and `gear_text` are pure.
"""

from __future__ import annotations

import math

import numpy as np
from ursina import Entity, Mesh, color

from game.sim.mathx import clamp01
from game.view.hud.style import ACCENT, DIM, PANEL, WHITE, Label
from game.view.hud.ui_batch import StaticLayer, polar

SWEEP_DEG = 250.0  # the dial's arc, from 0 rpm at lower left clockwise to the top of the scale at lower right
START_DEG = 180.0 + (SWEEP_DEG - 180.0) / 2.0  # angle of 0 rpm, counter-clockwise from +x (215°)
RADIUS = 0.11  # UI units
RING_W = 0.012
NEEDLE_RATE = 25.0  # 1/s, visual smoothing of the needle toward the model's rpm
SHIFT_LIGHT_FRAC = 0.92  # the gear lights up from here of the way from idle to redline (the automatic's upshift point)
RED = color.hex("#ff4a3d")
RED_DIM = color.rgba(1.0, 0.29, 0.24, 0.55)
RING = color.rgba(1, 1, 1, 0.22)


def dial_max_rpm(redline_rpm: float) -> float:
    """Top of the scale: the next whole thousand at least 8% above the redline (room for the red zone)."""
    return 1000.0 * math.ceil(redline_rpm * 1.08 / 1000.0)


def rpm_angle(rpm: float, max_rpm: float) -> float:
    """Needle angle in degrees counter-clockwise from +x for this rpm (clamped to the scale)."""
    f = clamp01(rpm / max_rpm) if max_rpm > 0 else 0.0
    return START_DEG - SWEEP_DEG * f


def gear_text(gear: int | None) -> str:
    """R, N or the gear number; blank where the model has no gear."""
    return "" if gear is None else "R" if gear < 0 else "N" if gear == 0 else str(gear)


def _arc(r_in: float, r_out: float, a0_deg: float, a1_deg: float, rgba, n: int = 48) -> Mesh:
    """A flat ring segment between two angles (degrees counter-clockwise from +x), one colour."""
    verts, tris = [], []
    for i in range(n + 1):
        a = math.radians(a0_deg + (a1_deg - a0_deg) * i / n)
        c, s = math.cos(a), math.sin(a)
        verts += [(r_in * c, r_in * s, 0.0), (r_out * c, r_out * s, 0.0)]
        if i:
            b = 2 * i
            tris += [(b - 2, b - 1, b + 1), (b - 2, b + 1, b)]
    cols = np.array([tuple(rgba)] * len(verts), np.float32)
    return Mesh(vertices=np.array(verts, np.float32), triangles=tris, colors=cols, mode="triangle", static=True)


class Tacho:
    """The dial, its needle, the gear and the clutch bar under a parent UI entity."""

    def __init__(self, parent, position=(0.0, 0.0)) -> None:
        self.root = Entity(parent=parent, position=(position[0], position[1]), name="tacho")
        self.dial: StaticLayer | None = None  # the panel and the scale, one draw for shapes and one for numbers
        self.needle_root = Entity(parent=self.root, z=-0.01)
        Entity(parent=self.needle_root, model="quad", origin=(-0.5, 0), scale=(RADIUS * 0.92, 0.006), color=ACCENT)
        Entity(parent=self.root, model="circle", scale=0.02, z=-0.012, color=color.rgba(0.1, 0.1, 0.12, 1))
        self.gear = Label(self.root, (0.0, -0.026), 0.08, WHITE, "center")
        self.gear.np.set_z(-0.02)  # in front of the needle
        self.rpm_text = Label(self.root, (0.0, -0.062), 0.017, DIM, "center")
        # the clutch bar sits in the dial's open bottom: engagement, full = engaged, empty = pressed
        self.clutch_root = Entity(parent=self.root, position=(0.0, -0.088))
        Label(self.clutch_root, (0.0, -0.027), 0.015, DIM, "center", text="CLUTCH")
        self.clutch_x0, self.clutch_w = -0.055, 0.11
        Entity(parent=self.clutch_root, model="quad", origin=(-0.5, 0), position=(self.clutch_x0, 0, 0.005),
               scale=(self.clutch_w, 0.012), color=color.rgba(1, 1, 1, 0.18))
        self.clutch_fill = Entity(parent=self.clutch_root, model="quad", origin=(-0.5, 0), position=(self.clutch_x0, 0, 0),
                                  scale=(0.0001, 0.012), color=WHITE)
        self.max_rpm = 0.0
        self.redline_rpm = self.shift_rpm = 0.0
        self.needle_rpm = 0.0
        self._shown: dict[str, object] = {}
        self.set_gearbox(900.0, 7500.0)

    def set_gearbox(self, idle_rpm: float, redline_rpm: float) -> None:
        """Lay the scale out for this engine: ticks every 1000 rpm, red from the redline."""
        top = dial_max_rpm(redline_rpm)
        if (top, redline_rpm) == (self.max_rpm, self.redline_rpm):
            return
        self.max_rpm, self.redline_rpm = top, redline_rpm
        self.shift_rpm = idle_rpm + SHIFT_LIGHT_FRAC * (redline_rpm - idle_rpm)
        if self.dial is not None:
            self.dial.destroy()
        dial = self.dial = StaticLayer(self.root, "dial")
        dial.panel(2.0 * RADIUS + 0.04, 2.0 * RADIUS + 0.04, (0.0, 0.0), PANEL, radius=0.5)
        r_out, r_in = RADIUS, RADIUS - RING_W
        red = rpm_angle(redline_rpm, top)
        dial.mesh(_arc(r_in, r_out, START_DEG, red, RING))
        dial.mesh(_arc(r_in - 0.006, r_out, red, START_DEG - SWEEP_DEG, RED))
        for k in range(int(top // 1000) + 1):
            a = rpm_angle(k * 1000.0, top)
            lit = k * 1000.0 >= redline_rpm
            dial.quad(polar(r_in - 0.008, a), (0.016, 0.004), RED if lit else WHITE, rotation_z=-a)
            x, y = polar(r_in - 0.029, a)
            dial.label((x, y - 0.007), 0.02, RED if lit else DIM, "center", text=str(k))
        dial.bake()
        self._shown.clear()

    def update(self, gear: int | None, rpm: float | None, clutch: float | None, dt: float) -> None:
        """Move the needle toward the model's rpm and show its gear and clutch engagement."""
        shown = self._shown
        if rpm is None or rpm != rpm:
            rpm = 0.0
        self.needle_rpm += (rpm - self.needle_rpm) * (1.0 - math.exp(-NEEDLE_RATE * max(dt, 0.0)))
        self.needle_root.rotation_z = -rpm_angle(self.needle_rpm, self.max_rpm)  # ursina's rotation_z turns clockwise
        g = gear_text(gear)
        if shown.get("gear") != g:
            shown["gear"] = g
            self.gear.set(g)
        lit = "red" if rpm >= self.redline_rpm else "shift" if rpm >= self.shift_rpm and gear is not None and gear > 0 else ""
        if shown.get("lit") != lit:
            shown["lit"] = lit
            self.gear.color(RED if lit == "red" else ACCENT if lit == "shift" else WHITE)
        text = f"{int(round(rpm / 10.0)) * 10:,} rpm"
        if shown.get("rpm") != text:
            shown["rpm"] = text
            self.rpm_text.set(text)
        has_clutch = clutch is not None
        if shown.get("has_clutch") != has_clutch:
            shown["has_clutch"] = has_clutch
            self.clutch_root.enabled = has_clutch
        if has_clutch:
            c = round(clamp01(clutch), 3)
            if shown.get("clutch") != c:
                shown["clutch"] = c
                self.clutch_fill.scale_x = max(self.clutch_w * c, 0.0001)
                self.clutch_fill.color = WHITE if c > 0.98 else ACCENT if c > 0.02 else RED_DIM

    @property
    def enabled(self) -> bool:
        """Whether the dial is shown."""
        return self.root.enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self.root.enabled = bool(value)
