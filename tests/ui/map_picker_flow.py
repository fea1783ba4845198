"""Run inside a subprocess: Drive -> mode -> map picker -> drive, by key events only; print what happened as one JSON line."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(640, 360))

from ursina import destroy  # noqa: E402

from game import paths  # noqa: E402
from game.content import profile as profiles  # noqa: E402
from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game  # noqa: E402
from game.shell.request import DriveRequest, Opening  # noqa: E402
from game.sim.run.modes.registry import MODES  # noqa: E402


def press(*keys: str) -> None:
    """Send key presses through ursina's input path, one frame each (two for the screen to arm)."""
    for k in keys:
        app.input(k)
        app.step()
        app.step()


def main() -> None:
    out: dict = {}
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    catalog = load_catalog()
    game = Game(catalog, Opening(DriveRequest(car="hatch")))  # --car opens on the modes: start from the menu instead
    game.menus.main()
    game.use_profile(profiles.record_best(game.profile, "hatch|mountain_pass|timed", {"score": 4321}, lambda n, o: True))
    app.step()
    press("enter")  # Drive
    out["modes"] = [m for m in game.stack.top.view.modes]
    press("down arrow", "down arrow", "enter")  # past the Career and Free Drift: Timed Run
    picker = game.stack.top.view
    out["screen"] = type(picker).__name__
    out["stack"] = game.stack.names
    out["cards"] = [c.id for c in picker.cards]
    out["start_on"] = picker.selected
    press("up arrow", "up arrow")
    out["moved_to"] = picker.selected
    out["shown"] = [picker.name_text.text, picker.best_text.text, picker.surf_text.text.split(":")[0]]
    out["preview_size"] = list(picker.cards[picker.menu.index].image.size)
    press("escape")  # back to the modes
    out["back_to"] = type(game.stack.top.view).__name__
    out["stack_after_back"] = game.stack.names
    press("down arrow", "down arrow", "enter")  # Timed Run again
    press("up arrow", "up arrow", "enter")  # Mountain Pass
    scene = game.scene
    out["scene"] = [type(scene).__name__, scene.mode, scene.world.track.id, game.track_id]
    if "parking" in MODES:
        game.menus.main()
        app.step()
        press("enter")
        press(*["down arrow"] * game.stack.top.view.modes.index("parking"), "enter")
        out["parking_cards"] = [c.id for c in game.stack.top.view.cards]
    game.stack.clear()
    game.scenery.release()
    destroy(game)
    app.step()
    fixed = Game(catalog, Opening(DriveRequest(track="sideways_park")))  # --track: only the modes this map hosts, no picker
    app.step()
    press("enter")
    out["fixed_modes"] = list(fixed.stack.top.view.modes)
    press("enter")
    out["fixed_scene"] = [type(fixed.scene).__name__, fixed.scene.world.track.id]
    fixed.stack.clear()
    fixed.scenery.release()
    destroy(fixed)
    app.step()
    # a modder breaks a map's file while the picker lists it: picking it says what is wrong, nothing crashes
    tracks = Path(tempfile.mkdtemp()) / "tracks"
    shutil.copytree(paths.TRACKS_DIR, tracks)
    paths.TRACKS_DIR = tracks
    game = Game(catalog, Opening(DriveRequest(car="hatch")))
    game.menus.main()
    app.step()
    press("enter", "down arrow", "enter")  # Drive, Timed Run: the picker lists the maps
    (tracks / "mountain_pass.json").write_text('{"id": "mountain_pass", "name": 7}')
    picker = game.stack.top.view
    press(*["up arrow"] * (picker.menu.index - [c.id for c in picker.cards].index("mountain_pass")))
    out["broken_pick_on"] = picker.selected
    press("enter")
    out["broken_pick"] = [type(game.stack.top.view).__name__, game.scene is None, game.track_id]
    out["broken_stack"] = game.stack.names
    out["broken_notice"] = game.stack.top.view.notice.text if game.stack.top.view.notice is not None else None
    print(json.dumps(out))


main()
