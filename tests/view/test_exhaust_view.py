"""AI exhaust flames in a real headless ursina app (own subprocess): a pop shows at the exhaust, drawn once, and casts
no sun shadow (a cached shadow map would otherwise keep a flame's shadow after the flame is gone); each pop is heard
once, as loud as its size and distance allow."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]


def _child() -> None:
    from game.view.boot.ursina_app import make_app

    app = make_app(headless=True, size=(320, 180))
    from panda3d.core import TransparencyAttrib

    from game.view.cars.car_model import SHADOW_CAMERA_MASK
    from game.view.cars.exhaust_view import ExhaustView

    tel = SimpleNamespace(opts=SimpleNamespace(exhaust_position="bothSides", exhaust_offset=0.2), exhaust_shape=(1.0, 0.0, 1.0), exhaust_frame=-1)
    car = SimpleNamespace(spec=SimpleNamespace(length_m=4.0, width_m=1.8), state=SimpleNamespace(telemetry=tel))
    pops: list = []
    view = ExhaustView([car], radius_m=0.06, on_pop=lambda i, x, z, size: pops.append((i, round(x, 2), round(size, 3))))
    pose = SimpleNamespace(x=10.0, y=0.0, z=-5.0, heading=0.0)
    out = {}
    view.sync([pose])
    out["idle_showing"] = view.showing
    tel.exhaust_frame = 1  # a pop at full opacity
    view.sync([pose])
    app.step()
    flames = view.flames[0]
    out["pop_showing"] = view.showing
    out["seen"] = [not f.model.isHidden() for f in flames]
    out["in_shadow_pass"] = [not f.model.isHidden(SHADOW_CAMERA_MASK) for f in flames]
    out["x"] = sorted(round(f.getX(), 2) for f in flames)
    out["blend"] = [f.model.getNetState().getAttrib(TransparencyAttrib).getMode() == TransparencyAttrib.M_alpha for f in flames]
    tel.exhaust_frame = -1
    view.sync([pose])
    out["after_showing"] = view.showing
    out["after_seen"] = [not f.model.isHidden() for f in flames]
    # frames as a 60 fps view sees a 120 Hz sim: a pop, the next of its chain (back to frame 0/1), an end, a new pop
    tel.exhaust_shape = (1.2, 0.0, 1.0)
    for f in (0, 2, 4, 1, 3, -1, -1, 1):
        tel.exhaust_frame = f
        view.sync([pose])
    out["pops"] = pops

    from game.view.audio.car_audio import CarAudio
    from game.view.audio.engine_note import Volumes

    audio = CarAudio(Volumes(1.0, 1.0, 1.0))
    out["levels"] = [round(audio.on_exhaust_pop(d, 1.0), 3) for d in (3.0, 12.0, 80.0)]
    audio.toggle_mute()
    out["muted_level"] = audio.on_exhaust_pop(3.0, 1.0)
    audio.destroy()
    print(json.dumps(out))


def test_a_pop_shows_at_both_exhausts_and_casts_no_sun_shadow(child_findings):
    r = child_findings(__name__, timeout=120)
    assert r["idle_showing"] == 0 and r["pop_showing"] == 2 and r["seen"] == [True, True]
    assert r["x"] == [9.1, 10.9]  # half the car's width either side of its centre
    assert r["in_shadow_pass"] == [False, False]
    assert r["blend"] == [True, True]
    assert r["after_showing"] == 0 and r["after_seen"] == [False, False]
    # the pop at frame 1 of the first test, then: 0 (new), 1 (the chain's next), 1 (after the end): each heard once
    assert r["pops"] == [[0, 10.0, 0.833], [0, 10.0, 1.0], [0, 10.0, 1.0], [0, 10.0, 1.0]]
    assert r["levels"] == [1.0, 0.5, 0.0]  # full within 6 m, half at 12 m (1 / (1 + 6² / 6²)), silent past 60 m
    assert r["muted_level"] == 0.0


if __name__ == "__main__":
    _child()
