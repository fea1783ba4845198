"""Run inside a subprocess: play main menu -> Garage -> buy, equip, paint -> Drive with key events only; print JSON."""

from __future__ import annotations

import json

from game.content.catalog import load_catalog
from game.shell.app import Game
from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(640, 360))


def press(key: str, frames: int = 2) -> None:
    """One key event as ursina dispatches it, then a few frames."""
    app.input(key)
    for _ in range(frames):
        app.step()


def garage_facts(game: Game) -> dict:
    """What the garage shows right now, and what profile.json holds at this moment."""
    g = game.stack.top.view
    disk = json.loads(game.profile_path.read_text()) if game.profile_path.exists() else None
    return {"screen": type(g).__name__, "car": g.spec.id, "state": g.car_state(), "credits_shown": g.credits.text,
            "message": " ".join(g.message.text.split()), "painting": g.painting, "focus": g.menu.index, "disk": disk}


def main() -> None:
    game = Game(load_catalog())
    for _ in range(3):
        app.step()
    out: dict = {"start_screen": type(game.stack.top.view).__name__}
    press("down arrow")
    press("enter")  # main menu: Drive, Garage, ...
    out["opened"] = garage_facts(game)
    press("left arrow")
    press("left arrow")  # wraps around to the last car: too dear
    out["dear"] = garage_facts(game)
    press("enter")
    out["refused"] = garage_facts(game)
    for _ in range(3):
        press("right arrow")
    out["next"] = garage_facts(game)
    press("enter")  # Buy (focused on a locked car)
    out["bought"] = garage_facts(game)
    press("enter")  # Equip (focused after buying)
    out["equipped"] = garage_facts(game)
    press("enter")  # Paint (focused after equipping): enter paint mode
    out["painting"] = garage_facts(game)
    press("right arrow")
    press("right arrow")
    out["preview_rgb"] = list(game.stack.top.view.car.paint_mesh.color)[:3]
    press("enter")  # apply
    out["painted"] = garage_facts(game)
    press("escape")
    out["back_screen"] = type(game.stack.top.view).__name__
    press("enter", frames=5)  # main menu: Drive
    out["mode_screen"] = type(game.stack.top.view).__name__
    press("down arrow")  # mode select: past the Career
    press("enter", frames=5)  # ... Free Drift
    out["map_screen"] = type(game.stack.top.view).__name__
    press("enter", frames=5)  # map picker: the map driven last
    out["drive_car"] = game.scene.session.car.id if game.scene else None
    out["drive_paint_rgb"] = list(game.scene.car_model.paint_mesh.color)[:3] if game.scene else None
    out["game_profile"] = game.profile.to_json()
    print(json.dumps(out))


main()
