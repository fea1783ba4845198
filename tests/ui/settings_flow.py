"""Run inside a subprocess: play the settings screen with key events only and print what happened as one JSON line."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from ursina import destroy  # noqa: E402

from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game  # noqa: E402
from game.ui.apply_settings import apply_settings  # noqa: E402
from game.ui.settings.pages import Action, Binding, Choice  # noqa: E402

KEYBOARD_LETTERS = "1234567890qwertyuiopasdfghjklzxcvbnm"  # ursina delivers these as raw events


def press(*keys: str) -> None:
    """Send key presses through ursina's own input path, one frame each."""
    for k in keys:
        app.input(k, is_raw=k in KEYBOARD_LETTERS)
        app.step()


def menu_to(game: Game, label: str) -> None:
    """Walk the main menu to an option and pick it."""
    labels = [b.text for b in game.stack.top.view.menu.buttons]
    press(*["down arrow"] * (labels.index(label) - game.stack.top.view.menu.index), "enter")


def tab_to(menu, name: str) -> None:
    """In the settings section list, move to a section (without opening it)."""
    names = [t.text for t in menu.tabs]
    d = names.index(name) - menu.section
    press(*(["down arrow"] * d if d > 0 else ["up arrow"] * -d))


def row_to(menu, pick) -> None:
    """On a settings page, move to the first row for which pick(row) is true."""
    sel = [i for i, r in enumerate(menu.page.rows) if r.selectable]
    target = next(i for i in sel if pick(menu.page.rows[i]))
    d = sel.index(target) - sel.index(menu.index)
    press(*(["down arrow"] * d if d > 0 else ["up arrow"] * -d))


def binding(action: str) -> Callable[[object], bool]:
    """A row picker for the key row of an action."""
    return lambda r: isinstance(r, Binding) and r.action == action


def main() -> None:
    out: dict = {}
    # a player who turned shadows off earlier (also spares the software renderer a shadow pass)
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    catalog = load_catalog()
    game = Game(catalog)
    app.step()
    path = game.settings_path
    menu_to(game, "Settings")
    menu = game.stack.top.view
    out["opened"] = type(menu).__name__
    out["opened_on"] = [menu.focus, menu.page.name]
    tab_to(menu, "Controls")
    press("enter")
    out["controls_page"] = [menu.focus, menu.page.name]

    row_to(menu, binding("camera"))
    press("enter", "v")  # camera -> V ...
    out["camera_after_rebind"] = list(game.settings.bindings["camera"]["keyboard"])
    row_to(menu, lambda r: isinstance(r, Action) and r.label.startswith("Reset keys"))
    press("enter")  # ... Reset keys to defaults asks first ...
    out["reset_asks"] = [menu.message_text.text, list(game.settings.bindings["camera"]["keyboard"])]
    press("enter")  # ... and the second Enter puts C back
    out["camera_after_reset"] = list(game.settings.bindings["camera"]["keyboard"])

    row_to(menu, binding("throttle"))
    press("enter", "space")  # space still belongs to the handbrake: refused with the reason on screen
    out["conflict_message"] = menu.message_text.text
    out["throttle_after_conflict"] = list(game.settings.bindings["throttle"]["keyboard"])

    row_to(menu, binding("handbrake"))
    press("enter")
    out["listening"] = list(menu.listening or ())
    press("left control")
    out["handbrake_keyboard"] = list(game.settings.bindings["handbrake"]["keyboard"])
    press("enter", "escape")  # listen again, then cancel: nothing changes, still on the page
    out["after_cancel"] = [menu.listening, menu.focus, list(game.settings.bindings["handbrake"]["keyboard"])]
    press("right arrow", "enter", "gamepad x")
    out["handbrake_gamepad"] = list(game.settings.bindings["handbrake"]["gamepad"])
    row_to(menu, lambda r: isinstance(r, Choice) and r.field == "gearbox_assist")
    out["assist_shown"] = menu.row_views[menu.index].value.text
    press("left arrow")  # automatic -> sequential
    out["assist"] = [game.settings.gearbox_assist, menu.row_views[menu.index].value.text]

    press("escape")
    tab_to(menu, "Audio")
    press("enter", "left arrow", "left arrow", "left arrow")
    out["master_in_memory"] = game.settings.master_volume
    press("escape", "escape")
    out["back_at"] = type(game.stack.top.view).__name__

    disk = json.loads(Path(path).read_text())
    out["disk"] = {"handbrake": disk["bindings"]["handbrake"], "throttle": disk["bindings"]["throttle"]["keyboard"],
                   "master_volume": disk["master_volume"], "shadows": disk["quality"]["shadows"],
                   "gearbox_assist": disk["gearbox_assist"]}
    out["loaded_equals_game"] = sm.load_settings(path).settings == game.settings

    # "restart": a fresh Game in the same SIDEWAYS_HOME reads the same file
    game.stack.clear()
    game.scenery.release()
    destroy(game)
    app.step()
    game2 = Game(catalog)
    app.step()
    out["restart_handbrake"] = list(game2.settings.bindings["handbrake"]["keyboard"])
    out["restart_master"] = game2.settings.master_volume
    menu_to(game2, "Drive")
    for _ in range(3):  # Drive may ask for a mode first: take the first one offered
        if game2.scene is not None:
            break
        press("enter")
    scene = game2.scene
    out["scene"] = type(scene).__name__
    out["scene_master"] = scene.audio.volumes.master
    out["handbrake_left_control"] = scene.mapper.update({"left control": 1}, 1 / 60).handbrake
    out["handbrake_space"] = scene.mapper.update({"space": 1}, 1 / 60).handbrake
    out["handbrake_pad_x"] = scene.mapper.update({"gamepad x": 1}, 1 / 60).handbrake

    out["minimap_shown"] = scene.minimap.enabled
    live = replace(game2.settings, units="mph", camera="top", master_volume=0.3, gamepad_deadzone=0.25, minimap=False,
                   quality=replace(game2.settings.quality, shadows=True))
    out["applied"] = apply_settings(live, scene)
    out["live"] = {"units": scene.hud.units, "camera": scene.rig.mode, "master": scene.audio.volumes.master,
                   "deadzone": scene.mapper.stick_deadzone, "shadows": bool(scene.world_view.sun.shadows),
                   "minimap": scene.minimap.enabled}
    out["window_untouched_offscreen"] = apply_settings(replace(live, fullscreen=True, resolution=(1920, 1080))) == []
    print(json.dumps(out))


main()
