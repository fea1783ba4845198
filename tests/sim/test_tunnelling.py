"""No tunnelling: at any accepted step rate and under frame spikes, no car passes through a wall, a barrier or a prop."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.sim import step_events as ev
from game.sim.clock import FixedClock
from game.sim.controls import Controls
from game.sim.models.model_registry import MODELS, models_for
from game.sim.session import Session
from game.sim.world import SWEEP_ABOVE_FRACTION
from tests.support.simdrive import set_velocity

HALF_MAP_M = 200.0  # sideways_park is 400 m across inside its outer wall
BARRIER_X_AT_Z0 = 170.0  # the east barrier passes (170, 0)


def _models(catalog, car_id: str) -> list[str]:
    return [m for m in MODELS if m in models_for(catalog.car(car_id))]


def _crossed(x0, z0, x1, z1, ax, az, bx, bz) -> bool:
    """Whether the move (x0, z0) -> (x1, z1) properly crosses the segment a-b."""

    def side(px, pz, qx, qz, rx, rz):
        return (qx - px) * (rz - pz) - (qz - pz) * (rx - px)

    return (side(ax, az, bx, bz, x0, z0) * side(ax, az, bx, bz, x1, z1) < 0
            and side(x0, z0, x1, z1, ax, az) * side(x0, z0, x1, z1, bx, bz) < 0)


# ---- the swept query, against hand-computed answers -------------------------------------------------


def test_a_long_move_through_the_outer_wall_stops_on_the_near_side(park):
    x, z = park.sweep(190.0, 0.0, 215.0, 0.0, 0.0, 1.0)
    assert x == pytest.approx(200.0 - 1e-3) and z == pytest.approx(0.0)
    x, z = park.sweep(190.0, 10.0, 210.0, 30.0, 0.0, 1.0)  # diagonally: stops where the path meets x = 200
    assert (x, z) == pytest.approx((200.0 - 1e-3, 20.0))


def test_a_long_move_through_a_tree_stops_where_it_first_touches(catalog, park):
    tree = next(p for p in park.track.props if p.kind == "tree" and p.solid)
    reach = tree.radius_m * tree.scale + 1.0
    x, z = park.sweep(tree.x, tree.z - 10.0, tree.x, tree.z + 10.0, park.terrain_height(tree.x, tree.z), 1.0)
    assert x == pytest.approx(tree.x) and z == pytest.approx(tree.z - reach + 1e-3)


def test_short_moves_and_moves_that_cross_nothing_are_unchanged(park):
    assert park.sweep(190.0, 0.0, 190.0 + SWEEP_ABOVE_FRACTION * 1.0, 0.0, 0.0, 1.0) == (190.5, 0.0)
    assert park.sweep(0.0, -20.0, 9.0, -20.0, 0.0, 1.0) == (9.0, -20.0)  # across the open drift pad


def test_a_car_in_the_air_above_a_barrier_passes_over_it(park):
    assert park.sweep(160.0, 0.0, 180.0, 0.0, 50.0, 1.0) == (180.0, 0.0)


# ---- driving into walls at any step rate ---------------------------------------------------------


@pytest.mark.parametrize("hz", [10, 15, 20, 30, 60, 120])
def test_a_fast_car_never_passes_the_barrier_or_the_outer_wall(catalog, park, hz):
    car = catalog.car("zenith_hyper")  # the fastest car
    crossings = []
    for model in _models(catalog, car.id):
        for k in range(12):  # different distances to the wall: every phase of the step against the wall line
            for x0, z0, line_x in ((140.0 + 0.61 * k, 0.0, BARRIER_X_AT_Z0), (172.0 + 0.61 * k, 100.0, HALF_MAP_M)):
                s = Session(catalog, car.id, park, hz=hz, spawn=(x0, z0, 90.0), model=model)
                set_velocity(s.state, 1.2 * car.top_speed, 0.0)  # faster than it can drive: downhill, a launch
                for _ in range(int(2.0 * hz)):
                    s.step(Controls(throttle=1.0))
                    if s.state.x > line_x - car.collision_radius_m + 1e-6:
                        crossings.append((model, x0, z0, s.state.x))
                        break
    assert crossings == []


def test_at_10_hz_the_wall_hit_is_reported_and_the_car_bounces_back(catalog, park):
    s = Session(catalog, "zenith_hyper", park, hz=10, spawn=(172.0, 100.0, 90.0))
    set_velocity(s.state, 70.0, 0.0)
    hits, speed_before = [], 0.0
    while not hits and s.steps < 20:
        speed_before = s.state.speed
        hits = [e for e in s.step(Controls()) if e.kind == ev.WALL_HIT]
    assert hits and hits[0].value == pytest.approx(speed_before, rel=0.15)  # the speed it carried into the wall
    assert s.state.vx < 0.0 and s.state.x <= HALF_MAP_M - catalog.car("zenith_hyper").collision_radius_m + 1e-6


@pytest.mark.parametrize("offset_m", [0.0, 0.6, 1.5])
def test_at_10_hz_a_car_never_goes_through_a_tree(catalog, park, offset_m):
    car = catalog.car("zenith_hyper")
    for tree in [p for p in park.track.props if p.kind == "tree" and p.solid][:5]:
        reach = tree.radius_m * tree.scale + car.collision_radius_m
        s = Session(catalog, car.id, park, hz=10, spawn=(tree.x + offset_m, tree.z - 30.0, 0.0))
        set_velocity(s.state, 60.0, 0.0)
        for _ in range(10):
            px, pz = s.state.x, s.state.z
            s.step(Controls())
            # never inside the tree's reach, and no step's path runs through its middle
            assert math.hypot(s.state.x - tree.x, s.state.z - tree.z) >= reach - 1e-6
            assert _closest(px, pz, s.state.x, s.state.z, tree.x, tree.z) >= 0.5 * reach, f"through the tree at {tree.x}, {tree.z}"


def _closest(x0, z0, x1, z1, cx, cz) -> float:
    """Closest distance from (cx, cz) to the move (x0, z0) -> (x1, z1)."""
    dx, dz = x1 - x0, z1 - z0
    dd = dx * dx + dz * dz
    t = 0.0 if dd == 0 else min(1.0, max(0.0, ((cx - x0) * dx + (cz - z0) * dz) / dd))
    return math.hypot(x0 + t * dx - cx, z0 + t * dz - cz)


def test_under_frame_spikes_at_60_hz_no_car_leaves_the_map(catalog, park):
    # the game's loop: real frame time into a fixed clock capped at 8 steps a frame; a frozen window gives 0.5 s spikes
    s = Session(catalog, "zenith_hyper", park, hz=60, spawn=(150.0, 100.0, 90.0))
    set_velocity(s.state, 1.2 * s.car.top_speed, 0.0)
    clock = FixedClock(60, max_steps=8)
    frames = ([1 / 60] * 5 + [0.5]) * 20
    r = s.car.collision_radius_m
    for i, frame_dt in enumerate(frames):
        steer = 1.0 if (i // 30) % 2 else -0.4
        for _ in range(clock.advance(frame_dt)):
            s.step(Controls(throttle=1.0, steer=steer, handbrake=i % 7 == 0))
            assert abs(s.state.x) <= HALF_MAP_M - r + 1e-6 and abs(s.state.z) <= HALF_MAP_M - r + 1e-6
    assert clock.dropped > 0  # the spikes did hit the cap


@pytest.mark.parametrize("hz", [10, 30])
@pytest.mark.parametrize("track", ["sideways_park", "mountain_pass", "frozen_lake", "parking_yard"])
def test_random_fast_drives_never_cross_a_wall_line(catalog, park, maps, hz, track):
    world = park if track == "sideways_park" else maps[track]
    walls = world._segments  # every collider line: outer wall, walls, barriers, rails, parked cars (x0, z0, x1, z1, top)
    half_x, half_z = world.track.size_m[0] / 2, world.track.size_m[1] / 2
    rng = np.random.default_rng(12)
    ids = list(catalog.cars)
    bad = []
    for run in range(12):
        car = catalog.car(ids[run % len(ids)])
        x0, z0 = rng.uniform(-0.95 * half_x, 0.95 * half_x), rng.uniform(-0.95 * half_z, 0.95 * half_z)
        s = Session(catalog, car.id, world, hz=hz, spawn=(float(x0), float(z0), float(rng.uniform(-180, 180))))
        set_velocity(s.state, float(rng.uniform(0.8, 1.3)) * car.top_speed, float(rng.uniform(-10, 10)))
        for i in range(int(4 * hz)):
            c = Controls(throttle=1.0, steer=float(math.sin(i * 0.3 + run)), handbrake=bool(i % 11 == 0))
            px, pz, py = s.state.x, s.state.z, s.state.y
            s.step(c)
            for ax, az, bx, bz, top in walls:
                if py <= top and _crossed(px, pz, s.state.x, s.state.z, ax, az, bx, bz):
                    bad.append((car.id, run, i, (ax, az, bx, bz)))
            if abs(s.state.x) > half_x or abs(s.state.z) > half_z:
                bad.append((car.id, run, i, "left the map"))
    assert bad == []


def test_swept_steps_stay_deterministic(catalog, park):
    def run():
        s = Session(catalog, "zenith_hyper", park, hz=10, spawn=(150.0, 60.0, 80.0))
        set_velocity(s.state, 80.0, 3.0)
        out = []
        for i in range(60):
            s.step(Controls(throttle=1.0, steer=math.sin(i * 0.2)))
            out.append(tuple(v for k, v in s.state.as_dict().items() if k != "telemetry"))
        return out

    assert run() == run()
