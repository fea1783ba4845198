"""Particles and tyre marks as drawn: their shaders move and fade them from per-frame clocks (own subprocess, a real
headless app).

A smoke puff born at the origin with a sideways velocity, seen by a camera looking down +z: it drifts the way it was thrown,
rises (buoyant smoke, and a growing puff is kept off its floor), grows, fades out, and is gone at the end of its life.
A clock that does not advance (a paused drive) draws the same picture. A tyre mark laid on a light ground is dark, and
fades towards its floor as the marks' clock passes its fade time.
"""

from __future__ import annotations

import json

import pytest

from tests.support.e2e_helpers import render_result


def _child() -> None:
    import numpy as np

    from game.view.boot.ursina_app import make_app

    app = make_app(headless=True, size=(320, 180))
    from ursina import application, camera, color, window

    from game.view.effects.particles import Particles

    window.color = color.black
    camera.position, camera.rotation = (0, 0, -12), (0, 0, 0)
    parts = Particles(budget=8, auto_update=False)

    def picture() -> np.ndarray:  # a frame drawn now, top row first
        app.step()
        tex = application.base.win.getScreenshot()
        return np.frombuffer(bytes(tex.getRamImageAs("RGB")), np.uint8).reshape(tex.getYSize(), tex.getXSize(), 3)[::-1]

    def seen() -> dict:
        lum = picture().astype(np.float32).mean(axis=2)
        lit = lum > 2.0
        if not lit.any():
            return {"lit": 0}
        ys, xs = np.nonzero(lit)
        w = lum[lit]
        return {"lit": int(lit.sum()), "x": float((xs * w).sum() / w.sum()), "y": float((ys * w).sum() / w.sum()), "peak": float(lum.max())}

    out = {"before": seen()}
    parts.emit("smoke", (0.0, 0.0, 0.0), (2.0, 0.0, 0.0), 1)
    frames = {}
    for n in range(1, 271):  # 4.5 seconds at 60 fps: past the smoke's longest life (3.4 s x 1.2)
        parts.update(1 / 60)
        if n in (6, 24, 48, 270):
            frames[n] = seen()
        if n == 24:
            parts.update(0.0)  # a paused drive's frame
            out["paused"] = seen()
    out["frames"] = {str(k): v for k, v in frames.items()}
    out["live_end"] = parts.live_count
    for wind in (3.0, -3.0):  # a puff born still, in a breeze to +x and to -x: it goes with the breeze
        parts.clear()
        parts.set_look(wind=(wind, 0.0))
        parts.emit("smoke", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1)
        for _ in range(60):
            parts.update(1 / 60)
        out[f"wind{wind:+.0f}"] = seen()
    parts.destroy()

    from ursina import Entity

    from game.view.effects.skidmarks import Skidmarks

    window.color = color.white
    camera.position, camera.rotation = (0, 10, 0), (90, 0, 0)  # looking straight down at the ground
    Entity(model="plane", scale=40, color=color.white, unlit=True)
    skid = Skidmarks(max_segments=64, fade_s=10.0, fade_floor=0.3, auto_update=False)
    tid = skid.new_track_ids(1)[0]
    for i in range(9):
        skid.add(tid, (-4.0 + i, 0.0, 0.0), 0.6, 1.0, (0.0, 0.0, 0.0, 0.9))
    skid.update(0.0)

    def darkness() -> float:  # how much darker than the white ground the middle of the picture is
        img = picture()
        h, w = img.shape[:2]
        return float(255.0 - img[h // 2 - 2:h // 2 + 3, w // 4:3 * w // 4].mean())

    out["mark_new"] = darkness()
    skid.update(5.0)
    out["mark_half"] = darkness()
    skid.update(60.0)
    out["mark_old"] = darkness()
    print("RESULT " + json.dumps(out))


@pytest.fixture(scope="module")
def r() -> dict:
    return render_result(__name__, timeout=240)


def test_a_smoke_puff_drifts_rises_grows_fades_and_dies(r):
    f = r["frames"]
    early, mid, late = f["6"], f["24"], f["48"]
    assert r["before"]["lit"] == 0  # nothing emitted, nothing drawn
    assert early["lit"] > 0 and mid["lit"] > early["lit"]  # born where it was emitted, and growing
    assert mid["x"] > early["x"] + 5 and late["x"] > mid["x"]  # thrown to +x (screen right), slowed by drag but still going
    assert mid["y"] < early["y"] - 2 and late["y"] < mid["y"]  # rising (image rows run top to bottom)
    assert late["peak"] < mid["peak"]  # fading
    assert f["270"]["lit"] == 0 and r["live_end"] == 0  # its life is over: gone from the picture and the pool
    assert r["paused"] == mid  # a clock that does not move draws the very same picture


def test_smoke_drifts_with_the_breeze(r):
    middle = 160  # the picture's centre column, where the puff was born
    assert r["wind+3"]["x"] > middle + 10 and r["wind-3"]["x"] < middle - 10


def test_a_tyre_mark_is_dark_when_laid_and_fades_to_its_floor_with_the_clock(r):
    new, half, old = r["mark_new"], r["mark_half"], r["mark_old"]
    assert new > 60  # a dark stripe across the light ground
    assert old < half < new  # fading as its age nears the fade time ...
    assert old > 0.2 * new  # ... to its floor (30 %), never gone


if __name__ == "__main__":
    _child()
