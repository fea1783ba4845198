"""F3 debug panel: every number the sim computes for the player car, refreshed about ten times a second.

Two boxes: the shared car state, controls and events top left; top right, whatever the car's
handling model put in its telemetry (read generically, so any model's figures show). In the world, the
player's car shows the note's red Ackermann lines to its turning centre (game/view/cars/turn_lines.py).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

from ursina import Entity, camera, color, window

from game.sim.car import CarState
from game.sim.models.model_telemetry import COLUMNS
from game.view.cars.turn_lines import TurnLines
from game.view.hud.style import ACCENT, Label, font

UNITS = {c.name: c.unit for c in COLUMNS} | {"grip_eff": "1/s", "grip_car": "1/s"}
LINE = 0.0195  # text size (ui units): ~14 px a line at 720p
PAD = 0.012
MODEL_LINE = 0.0175  # the model's box is a little denser: a simulation model's ~20 figures end above the tachometer
BG = color.rgba(0.02, 0.03, 0.05, 0.78)


def _onoff(flag: bool) -> str:
    """YES / no, same width."""
    return "YES" if flag else "no "


def format_lines(state: CarState, controls, events: Sequence, catalog: str, loaded: str,
                 fps: float, update_ms: float) -> str:
    """The panel's text for one car (pure: no ursina)."""
    s = state
    c = controls
    kmh = s.speed * 3.6
    lines = [
        f"pos     x {s.x:8.2f}  y {s.y:6.2f}  z {s.z:8.2f}",
        f"vel    vx {s.vx:7.2f} vy {s.vy:6.2f} vz {s.vz:7.2f}",
        f"car   fwd {s.forward:7.2f}   lat {s.lateral:+7.2f} m/s",
        f"speed     {s.speed:6.2f} m/s {kmh:6.1f} km/h",
        f"top eff   {s.top_speed_eff:6.2f} m/s",
        f"heading   {math.degrees(s.heading):7.1f} deg",
        f"yaw rate  {math.degrees(s.yaw_rate):+7.1f} deg/s",
        f"drift     {math.degrees(s.drift_angle):+7.1f} deg",
        "",
    ]
    if c is not None:
        lines += [
            f"steer  in {c.steer:+5.2f}   wheel {s.steer_wheel:+5.2f}",
            f"throttle  {c.throttle:4.2f}  brake {c.brake:4.2f}",
            f"handbrake {_onoff(c.handbrake)}  blend {s.handbrake:4.2f}",
            f"clutch    {c.clutch:4.2f}  gear req {gear_name(c.gear) if c.gear is not None else '-'}",
        ]
    else:
        lines += [f"steer wheel {s.steer_wheel:+5.2f}", f"handbrake blend {s.handbrake:4.2f}", "", ""]
    lines += [
        f"surface   {s.surface or '-':<10} contact {_onoff(s.in_contact)}",
        f"airborne  {_onoff(s.airborne)}  {s.air_time:5.2f} s",
        f"drifting  {_onoff(s.drifting)}  {s.drift_time:5.2f} s",
        "",
        "events (newest first)",
    ]
    for e in reversed(events):
        extra = f" {e.detail}" if e.detail else ""
        lines.append(f"  {e.t:8.2f}  {e.kind:<11} {e.value:+7.2f}{extra}")
    lines += ["  -"] * (6 - len(events))
    lines += [
        "",
        f"catalog   {_short(catalog, 30)}",
        f"loaded    {loaded}",
        f"fps {fps:5.1f}    update {update_ms:5.2f} ms",
    ]
    return "\n".join(lines)


def gear_name(gear: int) -> str:
    """R, N or the gear number."""
    return {-1: "R", 0: "N"}.get(gear, str(gear))


def telemetry_lines(tel) -> list[str]:
    """What the car's handling model computed: every quantity it has, one line each, name, value and unit."""
    lines, hidden = [], type(tel).hidden
    for name in tel.as_dict():
        v = tel.value(name)
        if v is None or name in hidden:
            continue
        unit = UNITS.get(name, "")
        if isinstance(v, bool):
            text = _onoff(v)
        elif isinstance(v, int):
            text = gear_name(v) if name == "gear" else str(v)
        else:
            text = f"{v:9.3f}"
        lines.append(f"{name:<22}{text:>9} {unit}".rstrip())
    return lines


def _short(text: str, n: int) -> str:
    """Keep the end of a long path."""
    return text if len(text) <= n else "..." + text[-(n - 3):]


class DebugPanel:
    """Top-left overlay of live sim numbers; the game toggles it with F3."""

    def __init__(self, parent=None, refresh_hz: float = 10.0, visible: bool = False, max_events: int = 6, car_model=None):
        aspect = window.aspect_ratio or 16 / 9
        mono = font("VeraMono.ttf", False)
        self.root = Entity(parent=parent or camera.ui, name="debug_panel")
        left = Entity(parent=self.root, position=(-0.5 * aspect + 0.02, 0.48))
        self.bg = Entity(parent=left, model="quad", origin=(-0.5, 0.5), scale=(0.6, 0.6), z=0.01, color=BG)
        self.title = Label(left, (PAD, -PAD - 0.022), 0.024, ACCENT, "left", mono, "DEBUG  (F3)")
        self.body = Label(left, (PAD, -PAD - 0.058), LINE, color.rgba(0.9, 0.92, 0.95, 1), "left", mono)
        # the model's telemetry: its own box in the top-right corner, clear of the score panels at the top centre
        right = self.model_box = Entity(parent=self.root, position=(0.5 * aspect - 0.02, 0.48))
        self.model_bg = Entity(parent=right, model="quad", origin=(0.5, 0.5), scale=(0.4, 0.3), z=0.01, color=BG)
        self.model_title = Label(right, (-0.4, -PAD - 0.022), 0.024, ACCENT, "left", mono)
        self.model = Label(right, (-0.4, -PAD - 0.058), MODEL_LINE, color.rgba(0.85, 0.93, 1.0, 1), "left", mono)
        self.events: deque = deque(maxlen=max_events)
        self.period = 1.0 / refresh_hz
        self._since = self.period
        self.catalog, self.loaded = "-", "-"
        self.fps, self.update_ms = 0.0, 0.0
        self.refreshes = 0
        self.root.enabled = visible
        self.turn_lines = TurnLines(car_model) if car_model is not None else None  # the panel's world overlay

    @property
    def visible(self) -> bool:
        """Whether the panel is shown."""
        return self.root.enabled

    @visible.setter
    def visible(self, value: bool) -> None:
        self.root.enabled = bool(value)
        self._since = self.period  # refresh on the next update

    def toggle(self) -> bool:
        """Show/hide; returns the new state."""
        self.visible = not self.visible
        return self.visible

    def set_catalog_info(self, path: str, loaded_at: str) -> None:
        """Which catalog file is in use and when it was loaded."""
        self.catalog, self.loaded = str(path), str(loaded_at)

    def set_perf(self, fps: float, update_ms: float) -> None:
        """Frame rate and the game's per-frame update time."""
        self.fps, self.update_ms = fps, update_ms

    def update(self, state: CarState, controls, events: Sequence, dt: float, model_name: str = "") -> None:
        """Remember events always; re-lay the text at most `refresh_hz` times a second while visible."""
        if events:
            self.events.extend(events)
        if self.turn_lines is not None:
            self.turn_lines.sync(state.steer_wheel, self.root.enabled)
        self._since += dt
        if not self.root.enabled or self._since < self.period:
            return
        self._since = 0.0
        text = format_lines(state, controls, self.events, self.catalog, self.loaded, self.fps, self.update_ms)
        if self.body.set(text):
            self.refreshes += 1
            node = self.body.node
            self.bg.scale = (node.get_width() * LINE + 2 * PAD, node.get_height() * LINE + 0.058 + 2 * PAD)
        self.model_title.set(f"MODEL  {model_name}" if model_name else "MODEL")
        if self.model.set("\n".join(telemetry_lines(state.telemetry))):
            node = self.model.node
            w = max(node.get_width() * MODEL_LINE, self.model_title.width)
            self.model_bg.scale = (w + 2 * PAD, node.get_height() * MODEL_LINE + 0.058 + 2 * PAD)
            self.model.np.set_x(-w - PAD)
            self.model_title.np.set_x(-w - PAD)

    def destroy(self) -> None:
        """Remove the panel and its text."""
        from ursina import destroy

        if self.turn_lines is not None:
            self.turn_lines.sync(0.0, False)
        destroy(self.root)
