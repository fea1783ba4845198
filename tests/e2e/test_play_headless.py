"""Boot the real game offscreen: the view must not change the physics, and the picture must show the car."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from PIL import Image

from tests.support.e2e_helpers import last_json, run_game, run_script

pytestmark = pytest.mark.e2e

DRIVE = [
    {"t": 0, "throttle": 1},
    {"t": 1.6, "throttle": 0.7, "steer": 1, "handbrake": True},
    {"t": 2.0, "throttle": 0.8, "steer": 0.5},
    {"t": 3.2, "throttle": 0.5, "steer": -0.4},
]


def test_headless_session_ends_where_the_sim_says_and_shows_the_car(tmp_path, home):
    inputs = tmp_path / "drive.jsonl"
    inputs.write_text("\n".join(json.dumps(x) for x in DRIVE) + "\n")
    # paint the car a colour nothing else in the park has, so we can find it in the picture
    (home / "profile.json").write_text(json.dumps({"version": 2, "credits": 0, "owned": ["hatch"], "equipped": "hatch",
                                                  "paint": {"hatch": "#ff00ff"}, "bests": {}, "stats": {}}))
    shot = tmp_path / "shot.png"
    p = run_game("play", "--headless", "--frames", "240", "--inputs", str(inputs), "--stats", "--screenshot", str(shot), "--size", "640x360", env_home=home)
    assert p.returncode == 0, p.stderr[-2000:]
    stats = last_json(p.stdout)
    assert stats["frames"] == 240
    for k in ("frame_ms", "update_ms"):
        assert set(stats[k]) == {"mean", "p50", "p95", "max"}
    assert stats["rss_mb"] > 0
    assert stats["dual_pass"] == 0 and 0 < stats["ui_draws"] < 60  # every piece drawn once; the HUD in few draws

    sim = run_game("sim", "--car", "hatch", "--inputs", str(inputs), "--seconds", "4")
    assert sim.returncode == 0
    final = list(csv.DictReader(io.StringIO(sim.stdout)))[-1]
    assert float(final["t"]) == pytest.approx(4.0)
    car = stats["car"]
    for axis in ("x", "y", "z"):
        assert car[axis] == pytest.approx(float(final[axis]), abs=0.01), axis
    assert car["speed_kmh"] == pytest.approx(float(final["speed_kmh"]), abs=0.05)

    img = np.asarray(Image.open(shot).convert("RGB")).astype(float) / 255.0
    assert img.shape == (360, 640, 3)
    assert img.std() > 0.05  # not blank
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    magenta = (r > 0.45) & (b > 0.45) & (g < 0.3) & (np.abs(r - b) < 0.35)
    centre = magenta[90:300, 160:480]
    assert centre.sum() > 300, f"only {centre.sum()} car-coloured pixels near the centre"


def test_ai_cars_in_free_drift_go_where_they_are_sent(tmp_path, home):
    inputs = tmp_path / "call.jsonl"
    inputs.write_text('{"t": 0}\n{"t": 0.5, "send_ai": {"x": 0, "z": 10}}\n')
    p = run_game("play", "--headless", "--frames", "150", "--frame-dt", "0.1", "--inputs", str(inputs), "--stats", "--size", "320x180",
                 env_home=home)
    assert p.returncode == 0, p.stderr[-2000:]
    stats = last_json(p.stdout)
    ai = stats["ai"]
    assert len(ai) == 3  # the settings' default in Free Drift
    assert stats["dual_pass"] == 0  # AI cars, their shadows and flames each drawn once a frame
    assert all(set(a) == {"x", "z", "heading_deg", "speed_kmh", "colliding"} for a in ai)
    near = [a for a in ai if abs(a["x"]) < 30 and abs(a["z"] - 10) < 30]
    # 15 s later they have parked around the point (a car that cannot reach it in two goes parks where it gave up)
    assert len(near) >= 2 and all(a["speed_kmh"] < 5 for a in ai)


def test_skidmarks_bounded_and_pause_freezes_the_sim(home):
    out = run_script("tests.e2e.scene_checks", env_home=home)
    assert out["skid_segments_after_slide"] > 50
    assert out["skid_vertices_after_minute"] <= out["skid_vertex_cap"]
    assert out["skid_vertices_after_minute"] == out["skid_vertices_after_two_minutes"]
    assert out["paused_moved_m"] == 0.0 and out["paused_t_delta"] == 0.0
    assert out["resumed_moved_m"] > 1.0


@pytest.mark.parametrize("args, message", [
    (["--frames", "0"], "--frames must be a whole number >= 1"),
    (["--size", "big"], "--size must look like 1280x720"),
    (["--car", "bus"], "unknown car 'bus'"),
    (["--track", "moon"], "unknown track 'moon'"),
    (["--ai", "13"], "--ai must be 0..12"),
])
def test_bad_arguments_exit_2_with_one_line(args, message):
    p = run_game("play", "--headless", *args)
    assert p.returncode == 2 and message in p.stderr and p.stderr.count("\n") == 1


def test_headless_play_drives_each_car_on_the_profiles_handling_unless_model_says(home):
    (home / "profile.json").write_text(json.dumps({"version": 2, "credits": 0, "owned": ["kart", "hatch"], "equipped": "hatch",
                                                  "paint": {}, "bests": {}, "stats": {}, "handling": {"hatch": "sim"}}))
    picked = run_game("play", "--headless", "--frames", "2", "--stats", "--size", "320x180", env_home=home)
    assert picked.returncode == 0, picked.stderr[-2000:]
    assert last_json(picked.stdout)["model"] == "sim"  # the hatch: Simulation, as picked in the garage
    kart = run_game("play", "--headless", "--frames", "2", "--stats", "--size", "320x180", "--car", "kart", env_home=home)
    assert last_json(kart.stdout)["model"] == "arcade"  # the kart was never switched
    forced = run_game("play", "--headless", "--frames", "2", "--stats", "--size", "320x180", "--model", "arcade", env_home=home)
    assert last_json(forced.stdout)["model"] == "arcade"  # --model wins over the profile
