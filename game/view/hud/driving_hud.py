"""The driving HUD: speed, tachometer (game/view/hud/tacho.py), drift angle, surface, air time and one-line notices."""

from __future__ import annotations

import math
from collections.abc import Mapping

from ursina import Entity, camera, color, window

from game.sim.car import CarState
from game.sim.mathx import clamp
from game.view.hud.style import ACCENT, DIM, PANEL, TRACK, UNIT_FACTOR, UNIT_LABEL, WHITE, Label, panel
from game.view.hud.tacho import Tacho
from game.view.hud.ui_batch import StaticLayer

DRIFT_FLASH_S = 0.9
MAX_GAUGE_DEG = 60.0
MSG_PANEL_H = 0.055  # the notice panel for one line of text
MSG_WRAP_EM = 36.0  # a longer notice wraps at this many text units (about 1.1 screen heights at its size)


def speed_value(speed_mps: float, units: str) -> int:
    """Displayed speed: whole km/h or mph."""
    return int(round(speed_mps * UNIT_FACTOR.get(units, 3.6)))


FLASH_Y = 0.06  # the DRIFT! flash: under the bank popups, above the car


class Hud:
    """Everything drawn over the road while driving; `update(state, dt)` once a frame."""

    def __init__(self, units: str = "kmh", surfaces: Mapping | None = None, parent=None):
        self.units = units if units in UNIT_FACTOR else "kmh"
        self.surfaces = dict(surfaces or {})
        self.root = Entity(parent=parent or camera.ui, name="hud")
        aspect = window.aspect_ratio or 16 / 9
        right, left, bottom, top = 0.5 * aspect, -0.5 * aspect, -0.5, 0.5
        self.score_anchor = Entity(parent=self.root, position=(0.0, top - 0.06), name="score_anchor")
        self._shown: dict[str, object] = {}
        self._build_speed(right - 0.2, bottom + 0.1)
        self._build_tacho(right - 0.2, bottom + 0.325)  # above the speed box: the right-hand instrument cluster
        self._build_drift(0.0, bottom + 0.075)
        self._build_surface(left + 0.155, bottom + 0.055)
        # top centre: score, chain row, then bank popups (score_hud); below the car: air time, then messages
        self._build_air(0.0, bottom + 0.255)
        self._build_message(0.0, bottom + 0.18)
        self._flash_t = DRIFT_FLASH_S
        self.drift_flash = True  # DRIFT! on each new drift (Qualifying turns it off: its call-outs speak instead)
        self._was_drifting = False
        self._msg_left = 0.0

    # ---- construction -----------------------------------------------------------------------------
    def _build_speed(self, x: float, y: float) -> None:
        r = self.speed_box = Entity(parent=self.root, position=(x, y))
        layer = StaticLayer(r)
        layer.panel(0.36, 0.17, (0, 0), PANEL)
        layer.quad((-0.16, -0.062), (0.32, 0.012), TRACK, origin=(-0.5, 0))
        layer.bake()
        self.speed_text = Label(r, (0.085, -0.045), 0.105, WHITE, "right")
        self.unit_text = Label(r, (0.095, -0.045), 0.03, DIM, "left", text=UNIT_LABEL[self.units])
        self.speed_bar = Entity(parent=r, model="quad", origin=(-0.5, 0), scale=(0.0001, 0.012), position=(-0.16, -0.062, 0), color=WHITE)

    def _build_tacho(self, x: float, y: float) -> None:
        self.tacho = Tacho(self.root, (x, y))
        self.engine = (None, None, None)  # the model's gear, rpm and clutch engagement
        self.tacho.enabled = False

    def _build_drift(self, x: float, y: float) -> None:
        r = self.drift_box = Entity(parent=self.root, position=(x, y))
        self.drift_panel = panel(r, 0.42, 0.11, (0, 0))
        self.drift_title = Label(r, (-0.19, 0.01), 0.032, DIM, "left", text="DRIFT")
        self.drift_angle = Label(r, (0.19, -0.001), 0.064, DIM, "right", text="0°")
        self.drift_time = Label(r, (-0.055, 0.01), 0.032, WHITE, "left")
        layer = StaticLayer(r, z=0.005)  # in front of the panel, which lights up while drifting
        layer.quad((0, -0.04), (0.38, 0.008), TRACK)
        layer.quad((0, -0.04), (0.003, 0.02), color.rgba(1, 1, 1, 0.5))
        layer.bake()
        self.drift_marker = Entity(parent=r, model="quad", scale=(0.012, 0.024), position=(0, -0.04, 0), color=DIM)
        self.flash = Label(self.root, (0.0, FLASH_Y), 0.11, ACCENT, "center", text="DRIFT!")
        self.flash.np.hide()

    def _build_surface(self, x: float, y: float) -> None:
        r = self.surface_box = Entity(parent=self.root, position=(x, y))
        layer = StaticLayer(r)
        layer.panel(0.29, 0.06, (0, 0), PANEL)
        layer.quad((-0.112, 0), (0.042, 0.042), color.rgba(1, 1, 1, 0.75))  # the chip's frame
        layer.bake()
        self.surface_chip = Entity(parent=r, model="quad", scale=(0.034, 0.034), position=(-0.112, 0, 0), color=DIM)
        self.surface_text = Label(r, (-0.077, -0.012), 0.034, WHITE, "left")

    def _build_air(self, x: float, y: float) -> None:
        r = self.air_box = Entity(parent=self.root, position=(x, y))
        panel(r, 0.32, 0.065, (0, 0), col=color.rgba(0.05, 0.15, 0.3, 0.7))
        self.air_text = Label(r, (0.0, -0.013), 0.038, WHITE, "center")
        r.enabled = False

    def _build_message(self, x: float, y: float) -> None:
        r = self.msg_box = Entity(parent=self.root, position=(x, y))
        self.msg_panel = panel(r, 0.4, MSG_PANEL_H, (0, 0), col=color.rgba(0.25, 0.05, 0.05, 0.8), radius=0.3)
        self.msg_text = Label(r, (0.0, -0.011), 0.03, WHITE, "center")
        self.msg_text.node.set_wordwrap(MSG_WRAP_EM)
        r.enabled = False

    # ---- public -----------------------------------------------------------------------------------
    def set_units(self, units: str) -> None:
        """Switch km/h / mph."""
        self.units = units if units in UNIT_FACTOR else "kmh"
        self.unit_text.set(UNIT_LABEL[self.units])
        self._shown.pop("speed", None)

    def set_surfaces(self, surfaces: Mapping) -> None:
        """Surface id -> object with a `.color` hex (the catalog's surfaces), for the chip."""
        self.surfaces = dict(surfaces)
        self._shown.pop("surface", None)

    def set_gearbox(self, idle_rpm: float, redline_rpm: float) -> None:
        """The engine the tachometer's scale is drawn for (the model's idle and redline)."""
        self.tacho.set_gearbox(idle_rpm, redline_rpm)

    def set_engine(self, gear: int | None, rpm: float | None, clutch: float | None = None) -> None:
        """The model's gear, rpm and clutch engagement for the tachometer; it hides where there is no rpm."""
        self.engine = (gear, rpm, clutch)

    def show_message(self, text: str, seconds: float = 3.0) -> None:
        """A one-line notice under the score area for `seconds`."""
        self.msg_text.set(text)
        self.msg_panel.scale_x = max(0.3, self.msg_text.width + 0.06)
        extra = (self.msg_text.node.get_num_rows() - 1) * self.msg_text.np.get_scale()[2] * self.msg_text.node.get_line_height()
        self.msg_panel.scale_y, self.msg_panel.y = MSG_PANEL_H + extra, -extra / 2  # a wrapped notice grows downward
        self.msg_box.enabled = True
        self._msg_left = seconds

    def destroy(self) -> None:
        """Remove the whole HUD."""
        from ursina import destroy

        destroy(self.root)

    def set_visible(self, visible: bool) -> None:
        """Hide/show the whole HUD (menus, photo mode)."""
        self.root.enabled = visible

    def update(self, state: CarState, dt: float) -> None:
        """Refresh from the car's state: only values whose shown form changed touch the text."""
        shown = self._shown
        speed = speed_value(state.speed, self.units)
        if shown.get("speed") != speed:
            shown["speed"] = speed
            self.speed_text.set(str(speed))
        top = state.top_speed_eff if state.top_speed_eff > 1.0 else 60.0
        frac = round(min(state.speed / top, 1.0), 3)
        if shown.get("bar") != frac:
            shown["bar"] = frac
            self.speed_bar.scale_x = max(frac * 0.32, 0.0001)
            self.speed_bar.color = ACCENT if frac > 0.95 else WHITE
        self._update_drift(state, dt)
        gear, rpm, clutch = self.engine
        if self.tacho.enabled != (rpm is not None):
            self.tacho.enabled = rpm is not None
        if rpm is not None:
            self.tacho.update(gear, rpm, clutch, dt)
        if shown.get("surface") != state.surface:
            shown["surface"] = state.surface
            surf = self.surfaces.get(state.surface)
            self.surface_text.set((state.surface or "-").upper())
            self.surface_chip.color = color.hex(surf.color) if surf is not None else DIM
        air = state.airborne and state.air_time > 0.1
        if air != shown.get("air"):
            shown["air"] = air
            self.air_box.enabled = air
        if air:
            self.air_text.set(f"AIRBORNE  {state.air_time:.1f} s")
        if self._msg_left > 0.0:
            self._msg_left -= dt
            if self._msg_left <= 0.0:
                self.msg_box.enabled = False

    def _update_drift(self, state: CarState, dt: float) -> None:
        """Drift gauge, lit panel while drifting, and the DRIFT! flash on a new drift."""
        shown = self._shown
        drifting = state.drifting and not state.airborne
        deg = int(round(math.degrees(state.drift_angle)))
        if shown.get("angle") != deg:
            shown["angle"] = deg
            self.drift_angle.set(f"{abs(deg)}°")
            self.drift_marker.x = 0.19 * clamp(deg / MAX_GAUGE_DEG, -1.0, 1.0)
        if shown.get("drifting") != drifting:
            shown["drifting"] = drifting
            lit = ACCENT if drifting else DIM
            self.drift_panel.color = color.rgba(0.22, 0.11, 0.02, 0.78) if drifting else PANEL
            self.drift_title.color(lit)
            self.drift_angle.color(WHITE if drifting else DIM)
            self.drift_marker.color = lit
        dtime = f"{state.drift_time:.1f} s" if drifting else ""
        if shown.get("dtime") != dtime:
            shown["dtime"] = dtime
            self.drift_time.set(dtime)
        if state.drifting and not self._was_drifting and self.drift_flash:
            self._flash_t = 0.0
            self.flash.np.show()
        self._was_drifting = state.drifting
        if self._flash_t < DRIFT_FLASH_S:
            self._flash_t += dt
            u = min(self._flash_t / DRIFT_FLASH_S, 1.0)
            self.flash.np.set_scale(0.11 * (1.0 + 0.35 * (1.0 - u) ** 3))
            self.flash.np.set_alpha_scale(1.0 - u * u)
            if u >= 1.0:
                self.flash.np.hide()
