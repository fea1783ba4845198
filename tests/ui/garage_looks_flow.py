"""Run inside a subprocess: in the garage, give the hatch a matte finish and a stance, reset it, and try a locked car;
key events only. Prints JSON of what the rows, the car on the turntable and the profile on disk showed."""

from __future__ import annotations

import json

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.content import profile as profiles  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.ui.garage import FINISH, HANDLING, STANCE  # noqa: E402
from tests.support.flow_keys import pick, press, step, view  # noqa: E402


def disk() -> dict:
    return json.loads(profiles.profile_path().read_text())


def to_row(garage, i: int) -> None:
    while garage.menu.index != i:
        press(app, "down arrow")


def page_rows(garage) -> list[str]:
    return [" ".join(b.text.split()) for b in garage.stance_page.buttons]


def main() -> None:
    catalog = load_catalog()
    profiles.save_profile(profiles.profile_path(), profiles.equip(profiles.new_profile(list(catalog.starter_ids), 0), "hatch"))
    game = Game(catalog, pacing=Pacing.headless(1 / 30))
    step(app, 3)
    pick(app, game, "Garage")
    g = view(game)
    out: dict = {"car": g.spec.id, "model_finish_at_open": g.car.finish, "labels": [b.text for b in g.menu.buttons]}
    out["handling_row"] = g.menu.buttons[HANDLING].text  # what tests/ui/sim_flow.py picks by this index
    to_row(g, FINISH)
    out["finish_rows"] = [g.menu.buttons[FINISH].text]
    press(app, "enter")
    press(app, "enter")  # gloss -> metallic -> matte
    out["finish_rows"].append(g.menu.buttons[FINISH].text)
    out["model_finish"], out["disk_finish"] = g.car.finish, disk().get("finish")
    out["finish_message"] = " ".join(g.message.text.split())

    to_row(g, STANCE)
    press(app, "enter")
    out["page_open"], out["side_shown"] = g.stance_page is not None, g.side.enabled
    out["page_note"], out["hint"] = " ".join(g.stance_page.note.text.split()), g.hint.text
    out["rows_factory"] = page_rows(g)
    for _ in range(3):
        press(app, "left arrow")  # camber front -3
    press(app, "down arrow")
    press(app, "down arrow")
    for _ in range(5):
        press(app, "left arrow")  # ride height -50 mm
    press(app, "down arrow")
    press(app, "down arrow")
    press(app, "right arrow")  # rims: the next style
    press(app, "down arrow")
    press(app, "right arrow")  # rim colour: the first of the palette
    out["rows_set"] = page_rows(g)
    out["model_stance"], out["disk_stance"] = g.car.stance.to_json(), disk().get("stance")
    press(app, "escape")
    out["after_close"] = {"page_open": g.stance_page is not None, "side_shown": g.side.enabled, "row": g.menu.index}
    press(app, "right arrow")
    press(app, "left arrow")  # away and back: the car is built again from the profile
    out["rebuilt_stance"], out["rebuilt_finish"] = g.car.stance.to_json(), g.car.finish

    to_row(g, STANCE)
    press(app, "enter")
    while g.stance_page.index != 6:  # Reset to factory
        press(app, "down arrow")
    press(app, "enter")
    out["reset_rows"], out["reset_model_rim"] = page_rows(g), g.car.stance.rim
    out["disk_after_reset"] = disk().get("stance")
    press(app, "escape")

    while g.car_state() != "LOCKED":
        press(app, "right arrow")
    out["locked_enabled"] = [g.menu.enabled_flags[FINISH], g.menu.enabled_flags[STANCE]]
    to_row(g, STANCE)
    press(app, "enter")
    out["locked_page"], out["locked_message"] = g.stance_page is not None, " ".join(g.message.text.split())
    out["locked_name"] = g.spec.name
    print(json.dumps(out))


main()
