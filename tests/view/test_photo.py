"""Photo mode's pure parts: the free camera's moves, the looks, the inputs read from held keys, and the PNG files."""

from __future__ import annotations

import io
import math
from datetime import datetime

import numpy as np
import pytest
from PIL import Image

from game.content.photos import encode_png, photo_name, save_photo
from game.view.photo import free_camera as fc
from game.view.photo import looks as lk
from game.view.photo.camera_keys import read_held

POSE = fc.Pose(0.0, 2.0, -6.0, 0.0, 0.0, 0.0, 60.0)  # 6 m south of the origin, looking north


def test_move_flies_along_the_heading_level_and_sideways():
    ahead = fc.move(POSE, 1.0, 0.0, 0.0, 1.0)
    assert (ahead.x, ahead.y, ahead.z) == pytest.approx((0.0, 2.0, -6.0 + fc.MOVE_MPS))
    east = fc.move(fc.Pose(0, 2, 0, 30.0, 90.0, 0, 60), 1.0, 0.0, 0.0, 1.0)  # facing east, looking down: still level
    assert (east.x, east.y, east.z) == pytest.approx((fc.MOVE_MPS, 2.0, 0.0))
    right = fc.move(POSE, 0.0, 1.0, 0.5, 1.0, fast=True)
    assert (right.x, right.y) == pytest.approx((fc.MOVE_MPS * fc.FAST_FACTOR, 2.0 + 0.5 * fc.MOVE_MPS * fc.FAST_FACTOR))


def test_orbit_keeps_the_distance_and_faces_the_car():
    car = (0.0, 0.6, 0.0)
    d0 = fc.distance(POSE, car)
    p = fc.orbit(POSE, car, 90.0, 20.0)
    assert fc.distance(p, car) == pytest.approx(d0)
    f = p.forward()
    to_car = [(c - q) / d0 for c, q in zip(car, p.position)]
    assert f == pytest.approx(to_car, abs=1e-9)
    assert p.y > POSE.y  # raised 20 degrees
    high = fc.orbit(POSE, car, 0.0, 500.0)
    assert math.degrees(math.asin((high.y - car[1]) / d0)) == pytest.approx(fc.PITCH_LIMIT_DEG)


def test_roll_and_fov_stay_in_their_limits_and_the_camera_near_the_car_above_ground():
    p = fc.turn(POSE, d_roll_deg=200.0, d_fov_deg=-500.0)
    assert (p.roll, p.fov) == (fc.ROLL_LIMIT_DEG, fc.FOV_RANGE_DEG[0])
    far = fc.keep_near(fc.Pose(500.0, 2.0, 0.0, 0, 0, 0, 60), (0.0, 2.0, 0.0), floor=lambda x, z: 5.0)
    assert far.x == pytest.approx(fc.MAX_RANGE_M) and far.y == pytest.approx(5.0 + fc.CLEARANCE_M)


def test_looks_step_cycle_and_become_shader_inputs():
    L = lk.Looks()
    assert lk.exposure(L, 100).exposure_ev == lk.EXPOSURE_RANGE_EV[1] and lk.exposure(L, -1).exposure_ev == -lk.EXPOSURE_STEP_EV
    seen = [L.vignette]
    for _ in range(len(lk.VIGNETTE_STEPS)):
        L = lk.cycle_vignette(L)
        seen.append(L.vignette)
    assert seen == [*lk.VIGNETTE_STEPS, 0.0]
    assert lk.cycle_dof(lk.cycle_dof(lk.Looks())).dof == 1.0 and lk.toggle_mono(lk.Looks()).mono
    assert lk.refocus(lk.Looks(focus_m=8.0), 1.0, 1.0).focus_m > 8.0 > lk.refocus(lk.Looks(focus_m=8.0), -1.0, 1.0).focus_m
    u = lk.uniforms(lk.Looks(exposure_ev=1.0, vignette=0.35, mono=True, focus_m=5.0, dof=1.0), 0.1, 1000.0, 1440)
    assert u["look"] == (2.0, 0.35, 1.0, 0.0) and u["focus"] == (5.0, lk.DOF_MAX_PX * 2, 0.1, 1000.0)  # 2x: twice the blur px
    assert "Black & white" in lk.Looks(mono=True).label() and "Depth of field off" in lk.Looks().label()


def test_held_keys_and_gamepad_axes_become_camera_inputs():
    h = read_held({"w": 1, "a": 1, "q": 1, "gamepad right stick x": 0.1, "gamepad right trigger": 1.0, "left shift": 1, "x": 1})
    assert (h.forward, h.right, h.roll, h.orbit_az, h.fov, h.focus, h.fast) == (1.0, -1.0, -1.0, 0.0, -1.0, 1.0, True)
    pad = read_held({"gamepad left stick y": -0.5, "gamepad right stick y": 0.8, "gamepad right shoulder": 1, "gamepad dpad down": 1})
    assert (pad.forward, pad.orbit_el, pad.roll, pad.focus) == (-0.5, -0.8, 1.0, -1.0)
    assert read_held({"w": 1, "gamepad left stick y": 1.0}).forward == 1.0  # clipped, not doubled


def read_png(data: bytes) -> np.ndarray:
    """Pixels of PNG bytes by Pillow, an 8-bit RGB picture or nothing."""
    with Image.open(io.BytesIO(data)) as im:
        assert (im.format, im.mode) == ("PNG", "RGB")
        return np.asarray(im)


def test_png_round_trip_and_names(tmp_path):
    rgb = np.random.default_rng(3).integers(0, 256, size=(7, 11, 3), dtype=np.uint8)
    data = encode_png(rgb)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == 11 and int.from_bytes(data[20:24], "big") == 7
    assert (read_png(data) == rgb).all()
    with pytest.raises(ValueError):
        encode_png(rgb.astype(np.float32))
    now = datetime(2026, 12, 1, 23, 5, 9)
    assert photo_name("frozen_lake", now) == "20261201-230509-frozen_lake.png" and photo_name("../x y", now) == "20261201-230509-_x_y.png"
    first = save_photo(rgb, "frozen_lake", now, folder=tmp_path / "photos")
    second = save_photo(rgb, "frozen_lake", now, folder=tmp_path / "photos")
    assert (first.name, second.name) == ("20261201-230509-frozen_lake.png", "20261201-230509-frozen_lake-1.png")
    assert (read_png(second.read_bytes()) == rgb).all() and second.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in (tmp_path / "photos").iterdir()] != [] and not list((tmp_path / "photos").glob(".*"))  # no temp left
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError, match="photos folder is a file"):
        save_photo(rgb, "frozen_lake", now, folder=tmp_path / "file")
