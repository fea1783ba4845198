"""Settings -> Controls -> Wheel and pedals: the wheel's rows (game/ui/settings/wheel_rows.py), pedal calibration by
pressing, buttons and H-pattern gears captured by pressing them, and a live view of every axis and what it drives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ursina import Entity, Text, camera, color, destroy

from game.content.wheel_settings import GEARS
from game.driving.wheel_calibration import ButtonCapture, PedalCalibrator
from game.driving.wheel_mapping import WheelMapper
from game.ui.settings import wheel_rows as rows
from game.ui.settings.row_widgets import ACCENT, ROW_BG, ROW_SEL, SOFT, TEXT, put, rounded
from game.ui.widgets import BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, RIGHT_KEYS, UP_KEYS

LIST_X, LIST_W = -0.36, 1.0
ROW_H, ROW_STEP, TOP = 0.04, 0.0445, 0.275
LIVE_X, BAR_W = 0.5, 0.2
CLEAR_KEYS = {"delete", "gamepad x"}
HELP = "Up/Down: choose    Left/Right: change    Enter: calibrate / capture    Delete: clear    Esc: back"
MAX_AXES = 9


class _NoDevices:
    """No engine devices (a test, a tool): nothing connected."""

    def readings(self) -> dict:
        return {}

    def wheel_name(self) -> None:
        return None


def _devices(settings_fn):
    from game.view.drive.rumble_tap import _base

    base = _base()
    if base is None:
        return _NoDevices()
    from game.view.devices.input_devices import shared_devices

    return shared_devices(base, settings_fn)


class WheelSettingsScreen(Entity):
    """The wheel screen over the settings menu; commit(new) saves a change, close() goes back."""

    def __init__(self, settings, commit: Callable, close: Callable, devices=None) -> None:
        super().__init__(parent=camera.ui, z=-3)
        self.settings, self.commit, self.close = settings, commit, close
        self.devices = devices if devices is not None else _devices(lambda: self.settings.wheel)
        self.index = 0
        self.calibrating: tuple[str, PedalCalibrator] | None = None
        self.capturing: tuple[str, int, ButtonCapture] | None = None  # (action or "gears", gear index, capture)
        self.message = ""
        self._armed = False
        from game.view.devices.wheel_haptics import status_line

        self.ff_line = status_line(self.wheel)
        self._build()
        self._paint()

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        Entity(parent=self, model="quad", scale=(4, 2), z=1, color=color.rgba(0.035, 0.04, 0.055, 0.985))  # over the menu
        Text("WHEEL AND PEDALS", parent=self, x=-0.86, y=0.45, origin=(-0.5, 0), scale=2.2, color=color.white)
        self.wheel_text = Text("", parent=self, x=-0.86, y=0.39, origin=(-0.5, 0), scale=1.1, color=ACCENT)
        self.ff_text = Text("", parent=self, x=-0.86, y=0.35, origin=(-0.5, 0), scale=0.95, color=SOFT)
        self.row_bg, self.labels, self.values = [], [], []
        for i, row in enumerate(rows.ROWS):
            y = TOP - i * ROW_STEP
            bg = rounded(self, LIST_W, ROW_H, x=LIST_X, col=ROW_BG, collider="box")
            bg.y = y
            bg.on_click = self._clicker(i)
            self.row_bg.append(bg)
            self.labels.append(Text(row.label, parent=self, x=LIST_X - LIST_W / 2 + 0.02, y=y, origin=(-0.5, 0), scale=1.0, color=TEXT))
            self.values.append(Text("", parent=self, x=LIST_X - 0.1, y=y, origin=(-0.5, 0), scale=0.95, color=TEXT))
        Text("LIVE", parent=self, x=LIVE_X - 0.33, y=TOP + 0.03, origin=(-0.5, 0), scale=1.2, color=ACCENT)
        self.live_rows = [self._bar_row(TOP - 0.02 - i * 0.04) for i in range(MAX_AXES)]
        self.buttons_text = Text("", parent=self, x=LIVE_X - 0.33, y=TOP - 0.02 - MAX_AXES * 0.04, origin=(-0.5, 0), scale=0.85, color=SOFT)
        Text("WHAT THE CAR GETS", parent=self, x=LIVE_X - 0.33, y=-0.15, origin=(-0.5, 0), scale=1.0, color=ACCENT)
        self.out_rows = [self._bar_row(-0.2 - i * 0.04) for i in range(4)]
        self.gear_text = Text("", parent=self, x=LIVE_X - 0.33, y=-0.36, origin=(-0.5, 0), scale=1.0, color=TEXT)
        self.message_text = Text("", parent=self, x=-0.86, y=-0.44, origin=(-0.5, 0), scale=1.0, color=color.hex("#ffd166"))
        self.hint_text = Text("", parent=self, x=-0.86, y=0.315, origin=(-0.5, 0), scale=0.85, color=SOFT)
        self.help_text = Text(HELP, parent=self, origin=(0, 0), y=-0.485, scale=0.85, color=color.rgba(1, 1, 1, 0.45))

    def _bar_row(self, y: float):
        """A label, a centred bar track (-1..1 or 0..1 from the left) and its fill."""
        label = Text("", parent=self, x=LIVE_X - 0.33, y=y, origin=(-0.5, 0), scale=0.85, color=TEXT)
        track = Entity(parent=self, model="quad", x=LIVE_X + 0.2, y=y, scale=(BAR_W, 0.016), color=color.rgba(1, 1, 1, 0.1))
        fill = Entity(parent=self, model="quad", x=LIVE_X + 0.2, y=y, z=-0.01, scale=(0.001, 0.016), color=ACCENT)
        value = Text("", parent=self, x=LIVE_X + 0.31, y=y, origin=(-0.5, 0), scale=0.8, color=SOFT)
        return label, track, fill, value

    @staticmethod
    def _set_bar(bar, name: str, v: float, centred: bool) -> None:
        label, track, fill, value = bar
        for e in (track, fill):
            e.enabled = bool(name)
        put(label, name)
        put(value, f"{v:+.2f}" if name and centred else f"{v:.2f}" if name else "")
        v = max(-1.0, min(1.0, v))
        lo, hi = (min(0.0, v), max(0.0, v)) if centred else (-1.0, -1.0 + 2.0 * max(0.0, v))
        fill.scale_x = max(0.001, (hi - lo) / 2 * BAR_W)
        fill.x = track.x + (lo + hi) / 4 * BAR_W

    def _clicker(self, i: int):
        def click() -> None:
            self.index = i
            self._activate()
            self._paint()
        return click

    # ---- acting --------------------------------------------------------------------------------

    @property
    def wheel(self) -> str | None:
        return self.devices.wheel_name()

    def _commit(self, new) -> None:
        if new != self.settings:
            self.settings = new
            self.commit(new)

    def _say(self, text: str) -> None:
        self.message = text

    def _activate(self) -> None:
        """Enter (or a click) on the selected row."""
        row = rows.ROWS[self.index]
        if row.kind == "back":
            return self._leave()
        if row.needs_wheel and self.wheel is None:
            return self._say(rows.NO_WHEEL)
        readings = self.devices.readings()
        if row.kind == "pedal":
            if self.calibrating is None:
                self.calibrating = (row.key, PedalCalibrator(readings))
                return self._say(f"Press the {row.key} pedal all the way down, let it up, then press Enter")
            return self._finish_calibration()
        if row.kind == "button":
            self.capturing = (row.key, 0, ButtonCapture(readings))
            return self._say(f"Press the button for {row.label.lower().replace(' button', '')} (Esc: cancel)")
        if row.kind == "gears":
            if self.capturing is not None and self.capturing[0] == "gears":  # Enter skips this gear
                return self._next_gear(self.capturing[1] + 1)
            return self._next_gear(0)
        self._commit(rows.nudge(row, self.settings, self.wheel, 1))

    def _finish_calibration(self) -> None:
        pedal, cal = self.calibrating
        self.calibrating = None
        found = cal.result(self.wheel)
        if found is None:
            return self._say(f"The {pedal} pedal barely moved: nothing changed (press it all the way)")
        p = rows.profile_of(self.settings, self.wheel)
        self._commit(rows.with_profile(self.settings, self.wheel, replace(p, **{pedal: found})))
        self._say(f"{pedal.title()}: {found.axis} {found.rest:+.2f} to {found.full:+.2f}" + (" (inverted)" if found.inverted else ""))

    def _next_gear(self, i: int) -> None:
        if i >= len(GEARS):
            self.capturing = None
            return self._say("Shifter set: pick the Manual gearbox assist to drive with it")
        self.capturing = ("gears", i, ButtonCapture(self.devices.readings()))
        self._say(f"Put the shifter in {'reverse' if GEARS[i] == -1 else f'gear {GEARS[i]}'} (Enter: skip, Esc: done)")

    def _leave(self) -> None:
        self.close()
        destroy(self)

    # ---- ursina hooks --------------------------------------------------------------------------

    def update(self) -> None:
        """Feed a calibration or capture in progress, then redraw."""
        self._armed = True
        readings = self.devices.readings()
        if self.calibrating is not None:
            self.calibrating[1].feed(readings)
        if self.capturing is not None and self.wheel is not None:
            what, i, cap = self.capturing
            button = cap.feed(readings, self.wheel)
            if button is not None:
                if what == "gears":
                    self._commit(rows.bind_gear(self.settings, self.wheel, GEARS[i], button))
                    self._next_gear(i + 1)
                else:
                    self._commit(rows.bind_button(self.settings, self.wheel, what, button))
                    self.capturing = None
                    self._say(f"{what.replace('_', ' ').capitalize()}: {button}")
        self._paint(readings)

    def input(self, key: str) -> None:
        """Keyboard and gamepad: move, change, calibrate, capture, back."""
        if not self._armed or (key.endswith(" up") and key not in ("gamepad dpad up",)):
            return
        if (self.calibrating or self.capturing) and key in BACK_KEYS:
            self.calibrating = self.capturing = None
            self._say("Stopped")
        elif key in UP_KEYS or key in DOWN_KEYS:
            self.calibrating = self.capturing = None
            self.index = (self.index + (-1 if key in UP_KEYS else 1)) % len(rows.ROWS)
        elif key in LEFT_KEYS or key in RIGHT_KEYS:
            row = rows.ROWS[self.index]
            if row.needs_wheel and self.wheel is None:
                self._say(rows.NO_WHEEL)
            else:
                self._commit(rows.nudge(row, self.settings, self.wheel, -1 if key in LEFT_KEYS else 1))
        elif key in OK_KEYS:
            self._activate()
        elif key in CLEAR_KEYS:
            self._commit(rows.clear(rows.ROWS[self.index], self.settings, self.wheel))
        elif key in BACK_KEYS:
            return self._leave()
        self._paint()

    # ---- drawing -------------------------------------------------------------------------------

    def _paint(self, readings=None) -> None:
        readings = self.devices.readings() if readings is None else readings
        wheel = self.wheel
        others = [n for n in readings if n != wheel]
        put(self.wheel_text, f"Wheel: {wheel}" + (f"    Also: {', '.join(others)}" if others else "") if wheel else rows.NO_WHEEL)
        put(self.ff_text, self.ff_line)
        for i, row in enumerate(rows.ROWS):
            on = i == self.index
            self.row_bg[i].color = ROW_SEL if on else ROW_BG
            busy = (self.calibrating and self.calibrating[0] == row.key) or (self.capturing and self.capturing[0] in (row.key,))
            put(self.values[i], "… listening" if busy else rows.text(row, self.settings, wheel))
            self.labels[i].color = TEXT if (wheel or not row.needs_wheel) else SOFT
        put(self.hint_text, rows.ROWS[self.index].hint)
        put(self.message_text, self.message)
        self._paint_live(readings, wheel)

    def _paint_live(self, readings, wheel) -> None:
        axes = [(d, a, v) for d, r in readings.items() for a, v in r.axes.items()][:MAX_AXES]
        p = rows.profile_of(self.settings, wheel)
        uses = {(wheel, p.steer_axis): "steer", **{(p.pedal(k).device or wheel, p.pedal(k).axis): k for k in ("throttle", "brake", "clutch")}}
        for i, bar in enumerate(self.live_rows):
            d, a, v = axes[i] if i < len(axes) else ("", "", 0.0)
            name = "" if not a else a if d == wheel else f"{d.split()[0]}: {a}"
            drives = uses.get((d, a)) if wheel else None
            self._set_bar(bar, f"{name}  ({drives})" if drives else name, v, centred=True)
        held = sorted(b if d == wheel else f"{d.split()[0]}:{b}" for d, r in readings.items() for b in r.buttons)
        put(self.buttons_text, "Buttons held: " + (", ".join(held) if held else "none"))
        got = WheelMapper(wheel, p, arm=False).read(readings) if wheel else None
        for bar, (name, v, centred) in zip(self.out_rows, (("Steer", got.steer if got else 0.0, True), ("Throttle", got.throttle if got else 0.0, False),
                                                            ("Brake", got.brake if got else 0.0, False), ("Clutch", got.clutch if got else 0.0, False))):
            self._set_bar(bar, name, v, centred)
        gear = None if got is None else got.gear
        put(self.gear_text, "Gear: " + ("— (no H-pattern)" if gear is None else "N" if gear == 0 else rows.GEAR_LABELS.get(gear, str(gear))))
