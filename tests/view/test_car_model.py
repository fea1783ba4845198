"""The six car models, built offscreen in a child process (ursina allows one app per process)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, math, sys, time
from game.view.boot.ursina_app import make_app
app = make_app(headless=True, size=(64, 48))
from game.content.catalog import load_catalog
from game.sim.car import CarState
from game.view.cars.car_model import CarModel

out = {}
for spec in load_catalog().cars.values():
    r = {"body": spec.body}
    t0 = time.perf_counter()
    m = CarModel(spec)
    r["build_ms"] = (time.perf_counter() - t0) * 1000
    r["tris"] = [len(e.model.vertices) // 9 for e in (m.paint_mesh, m.detail_mesh, m.spinners[0])]
    s = CarState(x=12.0, y=1.5, z=-7.0, heading=math.radians(30.0))
    s.ground_h = 1.5
    s.steer_wheel, s.forward = 0.8, 10.0
    m.update(s, 1.0 / 60.0)
    r["contacts"] = m.wheel_contacts()
    r["steer_y"] = [m.pivots[2].rotation_y, m.pivots[3].rotation_y]
    spin = m.spinners[3]
    before = m.get_relative_point(spin, (0, spec.wheel_radius_m, 0))
    m.update(s, 0.01)
    after = m.get_relative_point(spin, (0, spec.wheel_radius_m, 0))
    r["top_dz"] = after[2] - before[2]  # the top of a wheel moves forward when rolling forward
    s.pitch, s.roll = 0.1, 0.0
    m.update(s, 0.0)
    c = m.wheel_contacts()
    r["pitch_front_minus_rear"] = (c[2][1] + c[3][1]) - (c[0][1] + c[1][1])
    s.pitch, s.roll = 0.0, 0.1
    m.update(s, 0.0)
    c = m.wheel_contacts()
    r["roll_right_minus_left"] = (c[1][1] + c[3][1]) - (c[0][1] + c[2][1])
    s.roll, s.steer_wheel, s.forward, s.lateral = 0.0, 0.0, 0.0, 6.0
    for _ in range(120):
        m.update(s, 1.0 / 60.0)
    r["lean_roll_deg"] = m.body.rotation_z  # ursina rotation_z: + right side down
    s.lateral, s.airborne, s.y = 0.0, True, 4.5
    m.update(s, 1.0 / 60.0)
    r["shadow_y"] = m.shadow.world_y
    r["shadow_alpha"] = m.shadow.model.getColorScale()[3]
    still = CarState(x=20.0, y=0.0, z=20.0, heading=0.0)
    for _ in range(600):  # ten seconds standing: the lean settles and the model stops re-posing from the same values
        m.update(still, 1.0 / 60.0)
    r["still_lean"] = [m.body.rotation_x, m.body.rotation_z]
    moved = still.copy()
    moved.x = 25.0  # put back elsewhere (a reset), still standing
    m.update(moved, 1.0 / 60.0)
    r["still_moved_x"] = [m.world_x, m.shadow.world_x]
    m.update_static(heading_deg=90.0, steer=-1.0, position=(1.0, 0.0, 2.0))
    r["static_contacts"] = m.wheel_contacts()
    r["static_steer_y"] = [m.pivots[2].rotation_y, m.pivots[3].rotation_y]
    m.set_paint("#123456")
    r["paint"] = list(m.paint_mesh.model.getColorScale())[:3]
    s = CarState(x=3.0, y=0.0, z=4.0, heading=0.7)
    s.forward, s.lateral, s.yaw_rate, s.steer_wheel = 25.0, 3.0, 0.8, 0.4
    n = 2000
    t0 = time.perf_counter()
    for i in range(n):
        s.x += 0.01
        m.update(s, 1.0 / 120.0)
    r["update_us"] = (time.perf_counter() - t0) / n * 1e6
    from game.sim.looks import Stance
    m.update_static()
    def tops():  # the top and bottom of each wheel's outer face, in the car's frame: rear-left, rear-right, front-left, front-right
        r = spec.wheel_radius_m
        return [[list(m.get_relative_point(p, (0, r, 0))), list(m.get_relative_point(p, (0, -r, 0)))] for p in m.pivots]
    r["wheel_tb"] = tops()
    r["body_y"] = m.body.y
    m.set_stance(Stance(camber_front_deg=-8.0, camber_rear_deg=-4.0, track_mm=50.0, ride_mm=-80.0, rim="mesh", rim_colour="#ff0000"))
    r["wheel_tb_stance"] = tops()
    r["body_y_low"] = m.body.y
    r["ride_low_m"] = m.ride_m()
    r["arch_r"], r["floor_y"] = m._arch_r, m._floor_y
    r["mesh_rim_verts"] = len(m.spinners[0].model.vertices)
    s2 = CarState(x=0.0, y=0.0, z=0.0, heading=0.0)
    s2.lateral = 6.0
    for _ in range(120):
        m.update(s2, 1.0 / 60.0)
    r["lean_low_deg"] = m.body.rotation_z
    r["arch_gap_leant"] = min(m.get_relative_point(m.paint_mesh, (sx * (spec.track_m / 2 + 0.05), r["arch_r"] + spec.wheel_radius_m, sz))[1]
                              - 2 * spec.wheel_radius_m for sx in (-1, 1) for sz in (-spec.wheelbase_m / 2, spec.wheelbase_m / 2)) if r["arch_r"] < 99 else 1.0
    m.update_static()
    import numpy as np
    cols = np.asarray(m.spinners[0].model.colors, float).reshape(-1, 4)
    r["red_rim"] = bool(((cols[:, 0] > 0.9) & (cols[:, 1] < 0.1)).any())
    m.set_stance(Stance(ride_mm=40.0))
    r["body_y_high"] = m.body.y
    r["factory_rim_verts"] = len(m.spinners[0].model.vertices)
    r["factory_rim"] = m.rim_look()[0]
    CarModel.detail = "low"
    lo = CarModel(spec, shadow=False)
    CarModel.detail = "full"
    r["verts_full"] = sum(len(e.model.vertices) for e in (m.paint_mesh, m.detail_mesh, *m.spinners)) // 3
    r["verts_low"] = sum(len(e.model.vertices) for e in (lo.paint_mesh, lo.detail_mesh, *lo.spinners)) // 3
    r["calipers"] = [len(p.children) for p in m.pivots], [len(p.children) for p in lo.pivots]
    lo.destroy()
    shadow = m.shadow
    m.destroy()
    r["destroyed"] = m.isEmpty() and shadow.isEmpty()
    out[spec.id] = r
print("RESULT" + json.dumps(out))
"""


@pytest.fixture(scope="module")
def cars() -> dict:
    """Run the child once; its measurements for every car in the shipped catalog."""
    proc = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, cwd=ROOT)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    assert proc.returncode == 0 and lines, proc.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT"):])


@pytest.fixture(scope="module")
def specs() -> dict:
    """The shipped catalog's cars."""
    from game.content.catalog import load_catalog

    return load_catalog().cars


def _expected_contacts(spec, x: float, y: float, z: float, heading: float) -> list[tuple[float, float, float]]:
    """Contact patches at (+-track/2, +-wheelbase/2) in the car frame, turned by heading (clockwise from above)."""
    out = []
    for lz in (-0.5 * spec.wheelbase_m, 0.5 * spec.wheelbase_m):  # rear, then front
        for lx in (-0.5 * spec.track_m, 0.5 * spec.track_m):  # left, then right
            out.append((x + lx * math.cos(heading) + lz * math.sin(heading), y, z - lx * math.sin(heading) + lz * math.cos(heading)))
    return out


def test_all_six_body_styles_build(cars, specs):
    assert set(cars) == set(specs)
    assert {r["body"] for r in cars.values()} == {"kart", "hatch", "rally", "coupe", "muscle", "hyper"}
    for cid, r in cars.items():
        paint, detail, wheel = r["tris"]
        assert paint > 50 and detail > 20 and wheel > 50, cid


def test_wheel_contacts_follow_spec_and_heading(cars, specs):
    for cid, r in cars.items():
        want = _expected_contacts(specs[cid], 12.0, 1.5, -7.0, math.radians(30.0))
        for got, exp in zip(r["contacts"], want):
            assert got == pytest.approx(exp, abs=1e-4), cid
        want = _expected_contacts(specs[cid], 1.0, 0.0, 2.0, math.radians(90.0))
        for got, exp in zip(r["static_contacts"], want):
            assert got == pytest.approx(exp, abs=1e-4), cid


def test_front_wheels_steer_with_ackermann(cars):
    for cid, r in cars.items():
        left, right = r["steer_y"]
        assert 0.0 < left < right, cid  # right turn: both point right, the inner (right) wheel more
        left, right = r["static_steer_y"]
        assert left < right < 0.0, cid  # full lock left: the left (inner) wheel turns more


def test_wheels_roll_forward_and_body_follows_pitch_roll(cars):
    for cid, r in cars.items():
        assert r["top_dz"] > 0.0, cid
        assert r["pitch_front_minus_rear"] > 0.0, cid  # pitch + is nose up
        assert r["roll_right_minus_left"] < 0.0, cid  # roll + is right side down


def test_body_leans_toward_slide_a_few_degrees(cars):
    for cid, r in cars.items():
        assert 0.5 < r["lean_roll_deg"] <= 4.0 + 1e-6, cid


def test_shadow_stays_on_ground_and_fades_in_air(cars):
    for cid, r in cars.items():
        assert r["shadow_y"] == pytest.approx(1.525, abs=1e-3), cid
        assert 0.0 < r["shadow_alpha"] < 0.5, cid
        assert r["destroyed"], cid


def test_a_car_standing_still_settles_and_still_follows_a_state_put_elsewhere(cars):
    for cid, r in cars.items():
        assert r["still_lean"] == pytest.approx([0.0, 0.0], abs=1e-3), cid
        assert r["still_moved_x"] == pytest.approx([25.0, 25.0], abs=1e-4), cid


def test_paint_is_applied_and_the_update_cost_printed(cars):
    for cid, r in cars.items():
        assert r["paint"] == pytest.approx([0x12 / 255, 0x34 / 255, 0x56 / 255], abs=1e-3), cid
        print(f"{cid}: car model update {r['update_us']:.1f} us")  # a figure to read (tools/bench_frame.py), never a pass mark


def test_stance_tilts_the_wheels_top_in_and_moves_them_out(cars, specs):
    for cid, r in cars.items():
        for i, ((top0, bot0), (top1, bot1)) in enumerate(zip(r["wheel_tb"], r["wheel_tb_stance"])):
            side = 1 if i % 2 else -1
            assert top0[0] == pytest.approx(bot0[0], abs=1e-4), cid  # factory: upright
            lean_in = side * (bot1[0] - top1[0])  # top nearer the centre line than the bottom
            camber = 8.0 if i >= 2 else 4.0
            assert lean_in == pytest.approx(2 * specs[cid].wheel_radius_m * math.sin(math.radians(camber)), abs=1e-3), (cid, i)
            mid0, mid1 = 0.5 * (top0[0] + bot0[0]), 0.5 * (top1[0] + bot1[0])
            assert side * (mid1 - mid0) == pytest.approx(0.05, abs=1e-4), (cid, i)  # track +50 mm: 5 cm further out


def test_ride_height_moves_the_body_but_never_sinks_the_tyre_into_the_arch(cars, specs):
    for cid, r in cars.items():
        rad = specs[cid].wheel_radius_m
        assert r["body_y_high"] - r["body_y"] == pytest.approx(0.04, abs=1e-6), cid
        drop = r["body_y_low"] - r["body_y"]
        assert -0.08 <= drop < 0.0, cid  # lowered, but no further than asked
        assert drop == pytest.approx(r["ride_low_m"], abs=1e-5), cid
        assert r["arch_r"] - rad + drop > 0.0, cid  # the arch's crown stays above the tyre's top
        assert r["floor_y"] + drop > 0.0, cid  # the floor stays off the ground
        assert abs(r["lean_low_deg"]) < abs(r["lean_roll_deg"]) or cid == "kart", cid  # lowered: less travel, less lean
        assert r["arch_gap_leant"] > -0.005, cid  # leaning hard, the arch's crown comes down to the tyre but not through it


def test_the_stance_rim_and_colour_are_drawn(cars):
    for cid, r in cars.items():
        assert r["red_rim"], cid
        if r["factory_rim"] != "mesh":
            assert r["mesh_rim_verts"] != r["factory_rim_verts"], cid  # the mesh rim replaced the car's own


def test_low_detail_draws_fewer_vertices_and_no_calipers(cars):
    for cid, r in cars.items():
        assert r["verts_low"] < 0.75 * r["verts_full"], cid
        full, low = r["calipers"]
        assert full == [2, 2, 2, 2] and low == [1, 1, 1, 1], cid
        print(f"{cid}: {r['verts_full']} vertices at full detail, {r['verts_low']} at low")
