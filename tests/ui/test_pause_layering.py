"""The pause screen sits in front of the driving HUD (own subprocess, real headless render): a score popup that was on
screen when the player paused is dimmed with the rest of the HUD and never prints over the PAUSED title."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _child() -> None:
    from game.view.boot.ursina_app import make_app, save_screenshot

    app = make_app(headless=True, size=(640, 360))
    import numpy as np
    from PIL import Image
    from ursina import camera, color

    from game.ui.pause_menu import PauseMenu
    from game.view.hud.style import Label

    # a HUD popup in pure green, where the pause title goes, at the popups' depth (score_hud: z -0.05)
    popup = Label(camera.ui, (0.0, 0.2), 0.2, color.rgba(0.0, 1.0, 0.0, 1.0), "center", text="+888 CHAIN")
    popup.np.set_z(-0.05)
    shot = ROOT / "build" / "test_pause_layering.png"
    shot.parent.mkdir(exist_ok=True)

    def greens() -> int:
        app.step()
        app.step()
        save_screenshot(shot)
        img = np.asarray(Image.open(shot).convert("RGB")).astype(int)
        band = img[: img.shape[0] // 2]
        return int(((band[..., 1] > 200) & (band[..., 0] < 90) & (band[..., 2] < 90)).sum())

    out = {"before": greens()}
    menu = PauseMenu(lambda: None, lambda: None, lambda: None)
    out["paused"] = greens()
    menu.destroy()
    print(json.dumps(out))


def test_pause_screen_covers_the_hud_popups(child_findings):
    r = child_findings(__name__, timeout=120)
    assert r["before"] > 500  # the popup shows bright green on its own
    assert r["paused"] < r["before"] * 0.05  # under the shade and the title: no bright green left


if __name__ == "__main__":
    _child()
