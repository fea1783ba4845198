"""Run inside a subprocess: Settings -> Controls -> Wheel and pedals with a fake wheel, key events only; then a drive
the fake wheel steers and rumbles. Prints what happened as one JSON line."""

from __future__ import annotations

import json

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.driving.wheel_mapping import DeviceReading, WheelMapper  # noqa: E402
from game.shell.app import Game  # noqa: E402
from game.ui.settings import wheel_rows as rows  # noqa: E402
from game.view.devices import input_devices  # noqa: E402

WHEEL = "Fake G29"


class FakeDevices:
    """Stands in for InputDevices (as shared_devices would return it): a wheel whose axes and buttons the script sets."""

    def __init__(self):
        self.axes = {"wheel": 0.0, "accelerator": 0.0, "brake": 1.0}  # this brake reads +1 at rest
        self.buttons: set[str] = set()
        self.settings = self.notify = None
        self.rumbles: list = []
        self.mapper = None

    def wheel_name(self):
        return WHEEL

    def readings(self):
        return {WHEEL: DeviceReading(WHEEL, dict(self.axes), frozenset(self.buttons))}

    def wheel_input(self, max_wheel_angle_deg=35.0):
        profile = self.settings().profile(WHEEL)
        if self.mapper is None or self.mapper.profile != profile:
            self.mapper = WheelMapper(WHEEL, profile, max_wheel_angle_deg)
        return self.mapper.read(self.readings())

    def rumble(self, low, high):
        self.rumbles.append((low, high))

    def reset(self):
        pass


fake = input_devices._shared = FakeDevices()


def press(*keys: str) -> None:
    for k in keys:
        app.input(k, is_raw=len(k) == 1)
        app.step()


def main() -> None:
    out: dict = {}
    game = Game(load_catalog())
    app.step()
    labels = [b.text for b in game.stack.top.view.menu.buttons]
    press(*["down arrow"] * labels.index("Settings"), "enter")
    menu = game.stack.top.view
    names = [t.text for t in menu.tabs]
    press(*["down arrow"] * names.index("Controls"), "enter")
    sel = [i for i, r in enumerate(menu.page.rows) if r.selectable]
    target = next(i for i in sel if getattr(menu.page.rows[i], "opens", None) is not None)
    press(*["down arrow"] * (sel.index(target) - sel.index(menu.index)), "enter")
    from game.ui.settings.wheel import WheelSettingsScreen

    screen = next((e for e in __import__("ursina").scene.entities if isinstance(e, WheelSettingsScreen)), None)
    out["opened"] = [type(screen).__name__, menu.enabled, screen.wheel_text.text]
    press("right arrow")  # rotation 900 -> 1080
    keys = [r.key for r in rows.ROWS]
    press(*["down arrow"] * keys.index("brake"), "enter")  # calibrate the brake: press it down and let it up
    out["calibrating"] = screen.message_text.text
    for v in (0.5, -0.2, -1.0, 0.0, 1.0):
        fake.axes["brake"] = v
        app.step()
    press("enter")
    out["brake_message"] = screen.message_text.text
    press(*["down arrow"] * (keys.index("shift_up") - keys.index("brake")), "enter")
    fake.buttons = {"rshoulder"}
    app.step()
    fake.buttons = set()
    out["shift_up_shown"] = screen.values[keys.index("shift_up")].text
    press("escape")
    out["back"] = [menu.enabled, menu.focus, menu.page.name, screen.enabled if not screen.is_empty() else None]
    p = sm.load_settings(sm.settings_path()).settings.wheel.profile(WHEEL)
    out["disk"] = {"rotation": p.rotation_deg, "brake": [p.brake.axis, p.brake.rest, p.brake.full], "shift_up": p.buttons.get("shift_up")}
    press("escape", "escape")

    labels = [b.text for b in game.stack.top.view.menu.buttons]
    press(*["down arrow"] * (labels.index("Drive") - game.stack.top.view.menu.index), "enter")
    for _ in range(3):  # Drive may ask for a mode first: take the first one offered
        if game.scene is not None:
            break
        press("enter")
    for _ in range(5):  # the pedals at rest first, as when a wheel is plugged in
        app.step()
    fake.axes.update(wheel=0.5, accelerator=1.0)  # 270 deg of a 1080: half lock, foot down
    for _ in range(30):
        app.step()
    c = game.scene.loop.controls
    out["drive"] = [round(c.steer, 3), round(c.throttle, 3), len(fake.rumbles) > 0]
    print(json.dumps(out))


main()
