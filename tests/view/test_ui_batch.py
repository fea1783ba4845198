"""The HUD's static layers (game/view/hud/ui_batch.py) in a real headless ursina app (own subprocess): pieces merge into
two draws, and what the HUD draws live in front of a layer still shows over it."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _child() -> None:
    """Runs in the subprocess: build layers and a tachometer, render, print one JSON line of findings."""
    from game.view.boot.ursina_app import make_app, save_screenshot

    app = make_app(headless=True, size=(400, 400))
    import numpy as np
    from PIL import Image
    from ursina import camera, color

    from game.view.hud.style import Label
    from game.view.hud.tacho import Tacho
    from game.view.hud.ui_batch import StaticLayer

    out: dict = {}
    layer = StaticLayer(camera.ui, "probe")
    layer.panel(0.9, 0.4, (0.0, 0.25), color.rgba(0.0, 0.0, 0.0, 1.0))  # an opaque black panel: covers what it is over
    for i in range(10):
        layer.quad((-0.4 + i * 0.09, 0.35), (0.02, 0.06), color.rgba(0.2, 0.2, 0.2, 1.0), rotation_z=15.0 * i)
        layer.label((-0.4 + i * 0.09, 0.12), 0.04, color.rgba(0.3, 0.3, 0.3, 1.0), "center", text=str(i))
    out["draws_before"] = layer.draws()
    layer.bake()
    out["draws_after"] = layer.draws()
    try:
        layer.quad((0, 0), (0.1, 0.1), color.white)
        out["add_after_bake"] = "accepted"
    except RuntimeError:
        out["add_after_bake"] = "refused"
    live = Label(camera.ui, (0.0, 0.2), 0.12, color.rgba(0.0, 1.0, 0.0, 1.0), "center", text="88")  # drawn live, z 0
    tacho = Tacho(camera.ui, (0.0, -0.22))
    out["dial_draws"] = [tacho.dial.draws()]
    tacho.set_gearbox(800.0, 11500.0)  # another engine: the scale is laid out again, still two draws
    out["dial_draws"].append(tacho.dial.draws())
    out["dial_layers"] = len(tacho.root.find_all_matches("**/dial"))
    for _ in range(3):
        app.step()
    shot = ROOT / "build" / "test_ui_batch.png"
    shot.parent.mkdir(exist_ok=True)
    save_screenshot(shot)
    img = np.asarray(Image.open(shot).convert("RGB")).astype(int)
    top = img[: img.shape[0] // 2]
    out["green_over_panel"] = int(((top[..., 1] > 200) & (top[..., 0] < 80)).sum())
    live.np.remove_node()
    out["ok"] = True
    print(json.dumps(out))


def test_static_layers_merge_and_sort_behind_live_values(child_findings):
    r = child_findings(__name__, timeout=240)
    assert r["draws_before"] == 21 and r["draws_after"] == 2  # 11 shapes into one draw, 10 labels into another
    assert r["add_after_bake"] == "refused"
    assert r["dial_draws"] == [2, 2] and r["dial_layers"] == 1  # a new gearbox replaces the dial, it does not stack
    assert r["green_over_panel"] > 200  # the live value shows over the layer's opaque panel


if __name__ == "__main__":
    _child()
