"""Run inside a subprocess: switch the hatch to Simulation in the garage, then for each gearbox assist pick it in
Settings and drive (pull away, shift, drift, finish) with the keyboard or the gamepad; key events only. Prints JSON.

The drives are held keys and button events as ursina delivers them (gamepad axes as the gamepad module sets
them in held_keys); what the game did is read back from the session each frame.
"""

from __future__ import annotations

import json
from dataclasses import replace

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from ursina import held_keys  # noqa: E402

from game.content import profile as profiles  # noqa: E402
from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.sim.gearbox_assist import ASSISTS  # noqa: E402
from game.ui.garage import HANDLING  # noqa: E402
from tests.support.flow_keys import SparseDraw, pick, press, screen, step, view  # noqa: E402

FPS = 60
CAR = "hatch"
# (assist, device) drives; each one pulls away, shifts up, drifts and finishes
DRIVES = (("automatic", "keyboard"), ("sequential", "keyboard"), ("manual", "keyboard"), ("manual", "gamepad"))
PAD_AXES = ("gamepad right trigger", "gamepad left stick x", "gamepad right stick y")
DRAW_EVERY = 6  # while driving, Panda3D draws every 6th frame (~17 ms a draw here); input, sim and view run every frame


DRAW = SparseDraw(app)


class Driver:
    """Holds keys (or pad axes) and presses buttons at set times, recording what the car did each frame."""

    def __init__(self, game: Game, device: str) -> None:
        self.game, self.device = game, device
        self.frames: list[dict] = []

    def hold(self, name: str, value: float = 1.0) -> None:
        """Keyboard: a key event (held_keys follows it); gamepad: an axis value or a button event."""
        if name in PAD_AXES:
            held_keys[name] = value
        else:
            press(app, name if value else f"{name} up")

    def run(self, seconds: float) -> None:
        scene = self.game.scene
        DRAW.every = DRAW_EVERY
        for _ in range(int(round(seconds * FPS))):
            app.step()
            s = scene.session.state
            tel = s.telemetry
            self.frames.append({"t": round(s.t, 3), "gear": tel.gear, "rpm": round(tel.rpm or 0.0), "kmh": round(s.speed * 3.6, 1),
                                "engaged": round(tel.clutch if tel.clutch is not None else 1.0, 3), "drifting": s.drifting,
                                "sent_clutch": round(scene.controls.clutch, 3), "pending": scene.run.scorer.pending})
        DRAW.every = 1


def keys_for(device: str) -> dict[str, str]:
    if device == "keyboard":
        return {"throttle": "w", "steer": "d", "counter": "a", "handbrake": "space", "clutch": "left shift", "up": "e"}
    return {"throttle": "gamepad right trigger", "steer": "gamepad left stick x", "handbrake": "gamepad a",
            "clutch": "gamepad b", "up": "gamepad right shoulder"}


def shift_up(d: Driver, k: dict, assist: str) -> None:
    """What the player does to go up a gear in each assist (automatic: nothing)."""
    if assist == "manual":
        d.hold(k["clutch"])
        d.run(0.2)  # the clutch key ramps in (8 per second)
        press(app, k["up"])
        d.run(0.1)
        d.hold(k["clutch"], 0)
        d.run(0.3)
    elif assist == "sequential":
        press(app, k["up"])
        d.run(0.5)
    else:
        d.run(0.5)


def release_held() -> None:
    """Let go of every key the menus were walked with (flow_keys.press sends no release)."""
    for key in [k for k, v in held_keys.items() if v and k not in PAD_AXES]:
        press(app, f"{key} up")


def drive(game: Game, assist: str, device: str) -> dict:
    """Pull away, shift up to 2nd, flick into a drift and hold it with throttle and counter-steer."""
    release_held()
    d, k = Driver(game, device), keys_for(device)
    d.hold(k["throttle"])
    if assist == "automatic":
        d.run(4.0)  # it pulls away and shifts to 2nd on its own where 2nd pulls harder ...
        while game.scene.session.state.telemetry.gear < 2 and len(d.frames) < 10 * FPS:
            d.run(0.1)
        d.run(0.3)  # ... and the flick comes at about the others' speed (a spin at 80 km/h with the throttle pinned
        # through the catch now spins on its tyres, as it should: it used to be caught by the low-speed regime)
    else:
        d.run(3.0)  # first gear: the automatic clutch lets the car pull away
        shift_up(d, k, assist)
        d.run(1.5)
    d.hold(k["steer"])  # turn in, flick the handbrake ...
    d.hold(k["handbrake"])
    d.run(0.35)
    d.hold(k["handbrake"], 0)
    d.run(0.6)
    if device == "keyboard":  # ... and catch it: counter-steer with the throttle on
        d.hold(k["steer"], 0)
        d.hold(k["counter"])
        d.run(0.8)
        d.hold(k["counter"], 0)
    else:
        held_keys[k["steer"]] = -0.6
        d.run(0.8)
        held_keys[k["steer"]] = 0.0
    d.run(0.6)
    d.hold(k["throttle"], 0)
    f = d.frames
    gears = [g for i, g in enumerate(x["gear"] for x in f) if i == 0 or g != f[i - 1]["gear"]]
    shifts = [x for i, x in enumerate(f) if i and x["gear"] != f[i - 1]["gear"]]
    return {
        "model": game.scene.session.model.id,
        "assist_in_scene": game.scene.assist.mode,
        "gears": gears,
        "max_kmh": max(x["kmh"] for x in f),
        "kmh_at_1s": f[FPS - 1]["kmh"],
        "drift_frames": sum(x["drifting"] for x in f),
        "max_pending": max(x["pending"] for x in f),
        "clutch_at_shifts": [min(y["engaged"] for y in f[max(0, f.index(x) - 3): f.index(x) + 3]) for x in shifts],
        "sent_clutch_max": max(x["sent_clutch"] for x in f),
    }


def set_assist(game: Game, assist: str) -> str:
    """Main menu -> Settings -> Controls -> Gearbox assist -> the wanted one -> back to the main menu."""
    pick(app, game, "Settings")
    menu = view(game)
    while menu.page.name != "Controls":
        press(app, "down arrow")
    press(app, "enter")
    while getattr(menu.page.rows[menu.index], "field", None) != "gearbox_assist":
        press(app, "down arrow")
    for _ in ASSISTS:
        press(app, "left arrow")
    for _ in range(ASSISTS.index(assist)):
        press(app, "right arrow")
    shown = menu.row_views[menu.index].value.text
    press(app, "escape")
    press(app, "escape")
    return shown


def main() -> None:
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    catalog = load_catalog()
    start = profiles.equip(profiles.new_profile(list(catalog.starter_ids), 0), CAR)
    profiles.save_profile(profiles.profile_path(), start)
    game = Game(catalog, pacing=Pacing.headless(1 / FPS))
    step(app, 3)
    out: dict = {"start": screen(game)}

    pick(app, game, "Garage")
    garage = view(game)
    out["garage_car"] = garage.spec.id
    while garage.menu.index != HANDLING:  # Buy, Equip, Paint, Finish, Stance, Handling, Back
        press(app, "down arrow")
    out["handling_before"] = garage.menu.buttons[HANDLING].text
    press(app, "enter")
    out["handling_after"] = garage.menu.buttons[HANDLING].text
    out["garage_message"] = " ".join(garage.message.text.split())
    out["disk_handling"] = json.loads(profiles.profile_path().read_text()).get("handling")
    press(app, "escape")

    out["drives"] = []
    for assist, device in DRIVES:
        shown = set_assist(game, assist)
        pick(app, game, "Drive")
        pick(app, game, "Free Drift")
        press(app, "enter")  # the map picker: the map driven last
        rec = {"assist": assist, "device": device, "shown": shown, "screen": screen(game)}
        rec.update(drive(game, assist, device))
        press(app, "escape")
        pick(app, game, "Finish and see results")
        rec["score"] = (game.last_summary or {}).get("score")
        press(app, "escape")
        rec["back_at"] = screen(game)
        out["drives"].append(rec)
    print(json.dumps(out))


main()
