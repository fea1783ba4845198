"""Run inside a subprocess: photo mode in the real game (offscreen), driven by key events; one JSON line of facts.

A drive, paused, Photo mode picked from the pause menu; the camera flown, orbited, rolled and zoomed; looks changed; a
1x and a 2x shot (and colour / black-and-white / depth-of-field ones) saved; a write that fails; Esc back to the pause
menu and Resume. The facts (stack, camera, HUD, car state, the PNGs' sizes and pixels) are checked by test_photo_mode.
"""

from __future__ import annotations

import json
import os
import pickle
import traceback
from dataclasses import replace
from pathlib import Path

from game.view.boot.ursina_app import make_app

W, H = 320, 180
app = make_app(headless=True, size=(W, H))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402
from ursina import camera, held_keys  # noqa: E402

from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import DriveRequest, Opening  # noqa: E402
from tests.support.flow_keys import pick, press, screen, step  # noqa: E402


def cam() -> list:
    return [list(map(float, camera.position)), list(map(float, camera.rotation)), float(camera.fov)]


def hold(key: str, frames: int) -> None:
    held_keys[key] = 1
    step(app, frames)
    held_keys[key] = 0
    step(app, 1)


def read_rgb(path: Path) -> np.ndarray:
    """A PNG's pixels as (h, w, 3) uint8."""
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB"))


def png_facts(path: Path) -> dict:
    """Size by Pillow and by Panda3D's (two real PNG decoders), and the pixels' summary."""
    from panda3d.core import Filename, PNMImage

    img = PNMImage()
    ok = img.read(Filename.fromOsSpecific(str(path)))
    rgb = read_rgb(path)
    return {"name": path.name, "size": [rgb.shape[1], rgb.shape[0]], "panda_size": [img.getXSize(), img.getYSize()] if ok else None,
            "mean": float(rgb.mean()), "mono": bool((rgb[..., 0] == rgb[..., 1]).all() and (rgb[..., 1] == rgb[..., 2]).all())}


def main() -> dict:
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    game = Game(load_catalog(), Opening(DriveRequest(car="hatch", mode="free"), drive=True), Pacing.headless(1 / 30))
    step(app, 3)
    held_keys["w"], held_keys["d"] = 1, 1
    step(app, 30)
    held_keys["w"], held_keys["d"] = 0, 0
    step(app, 1)
    out: dict = {}
    scene = game.scene
    press(app, "escape")
    step(app, 2)
    out["pause_stack"] = game.stack.names
    frozen = pickle.dumps((scene.session.state, scene.session.prev, scene.session.steps, scene.session.t))
    before_cam, before_hud = cam(), [bool(p.enabled) for p in _hud(scene)]
    pick(app, game, "Photo mode")
    step(app, 3)
    out["stale_ignored"] = cam() == before_cam  # the arrow that chose it is still held (press() sends no release)
    for key in ("down arrow", "enter"):
        held_keys[key] = 0
    step(app, 2)
    out["photo_screen"], out["photo_stack"] = screen(game), game.stack.names
    photo = game.stack.top
    out["hud_hidden"] = not any(p.enabled for p in _hud(scene))
    out["start_cam_equal"] = cam() == before_cam
    out["post_live"] = photo.post is not None
    moves = {}
    for key, frames in (("w", 10), ("right arrow", 10), ("e", 10), ("r", 5)):
        c0 = cam()
        hold(key, frames)
        moves[key] = cam() != c0
    c0 = cam()
    held_keys["gamepad right stick x"] = 0.8  # an analog axis: held_keys carries its travel
    step(app, 5)
    held_keys["gamepad right stick x"] = 0.0
    moves["gamepad right stick"] = cam() != c0
    c0 = cam()
    press(app, "scroll down")
    moves["scroll down"] = cam()[2] > c0[2]
    out["moves"] = moves
    out["steps_frozen"] = pickle.dumps((scene.session.state, scene.session.prev, scene.session.steps, scene.session.t)) == frozen
    out["paused"] = scene.paused
    shots = {}
    press(app, "enter")  # 1x, colour
    shots["1x"] = photo.last_shot
    out["notice"] = photo.notice.text
    press(app, "tab")
    press(app, "f12")  # 2x, colour
    shots["2x"] = photo.last_shot
    press(app, "tab")
    press(app, "gamepad x")  # black and white, shot with the pad's A
    press(app, "gamepad a")
    shots["mono"] = photo.last_shot
    press(app, "b")
    press(app, "]")
    press(app, "]")
    press(app, "enter")
    shots["bright"] = photo.last_shot
    press(app, "[")
    press(app, "[")
    press(app, "c")
    press(app, "c")  # strong depth of field, focused on the car
    press(app, "enter")
    shots["dof"] = photo.last_shot
    press(app, "c")  # off again
    out["shots"] = {k: (png_facts(v) if v is not None else None) for k, v in shots.items()}
    one, two = read_rgb(shots["1x"]).astype(float), read_rgb(shots["2x"]).astype(float)
    half = two.reshape(H, 2, W, 2, 3).mean(axis=(1, 3))
    out["2x_vs_1x_mean_abs"] = float(np.abs(half - one).mean())
    dof = read_rgb(shots["dof"]).astype(float)
    out["detail_1x"] = float(np.abs(np.diff(one, axis=1)).mean())
    out["detail_dof"] = float(np.abs(np.diff(dof, axis=1)).mean())
    out["dof_vs_1x_mean_abs"] = float(np.abs(dof - one).mean())
    photos = shots["1x"].parent
    os.rename(photos, photos.with_name("photos_kept"))
    photos.write_text("not a folder")  # the next write fails: a notice, and photo mode goes on
    press(app, "enter")
    out["failed_notice"], out["failed_shot"] = photo.notice.text, photo.last_shot
    press(app, "h")
    out["help_hidden"] = not photo.help.enabled
    press(app, "escape")
    step(app, 2)
    out["back_stack"], out["back_screen"] = game.stack.names, screen(game)
    out["cam_restored"] = cam() == before_cam
    out["hud_restored"] = [bool(p.enabled) for p in _hud(scene)] == before_hud
    out["state_unchanged"] = pickle.dumps((scene.session.state, scene.session.prev, scene.session.steps, scene.session.t)) == frozen
    out["post_removed"] = photo.post is None
    steps = scene.session.steps
    pick(app, game, "Resume")
    step(app, 5)
    out["resumed_stack"], out["resumed_steps"] = game.stack.names, scene.session.steps - steps
    out["same_drive"] = game.scene is scene
    return out


def _hud(scene) -> list:
    from game.ui.photo_mode import hud_parts

    return hud_parts(scene)


try:
    result = main()
except Exception:
    result = {"error": traceback.format_exc()[-3000:]}
print(json.dumps(result, default=str), flush=True)
