"""AI cars honour the controls -> model contract: their driver decides Controls, the fleet model moves the car, states are snapshots, world axes."""

from __future__ import annotations

import math

import pytest

from game.content.drivers import load_drivers
from game.sim.ai.fleet_model import pedal_speed
from game.sim.ai.traffic import Traffic
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld


@pytest.fixture(scope="module")
def roster():
    return load_drivers()


def one_ai_car(catalog, roster, at=(0.0, 60.0), heading_rad: float | None = None):
    s = Session(catalog, "hatch", FlatWorld("asphalt"), seed=3)
    traffic = Traffic(s, roster)
    traffic.add_cars(s, 1)
    car = traffic.cars[0]
    car.state.x, car.state.z = at  # well away from the player at the origin
    if heading_rad is not None:
        car.state.heading = car.state.telemetry.heading_rad = heading_rad
    return s, car


def test_a_copy_of_an_ai_cars_state_is_a_snapshot_that_stepping_leaves_alone(catalog, roster):
    s, car = one_ai_car(catalog, roster)
    car.controller.driver.drive_to(car.state.x + 40.0, car.state.z + 30.0, (car.state.x, car.state.z), s.rng)
    for _ in range(30):
        s.step()
    taken = car.state.copy()
    before = taken.as_dict()
    s.step()
    assert car.prev.as_dict() == before  # prev is the state the step started from
    for _ in range(60):
        s.step()
    assert taken.as_dict() == before and car.prev.as_dict() != before  # the copy did not move with the car
    assert car.state.telemetry.speed_mps > 0.0 and taken.telemetry is not car.state.telemetry


def test_the_driver_decides_in_range_controls_without_touching_the_car_and_the_car_moves_by_them(catalog, roster):
    s, car = one_ai_car(catalog, roster)
    car.controller.driver.drive_to(car.state.x, car.state.z + 80.0, (car.state.x, car.state.z), s.rng)
    accelerating = braking = 0
    for _ in range(120 * 10):
        looked = car.state.as_dict()
        c = car.controller.controls(s, car)
        assert car.state.as_dict() == looked  # deciding writes nothing of the car
        assert 0.0 <= c.throttle <= 1.0 and 0.0 <= c.brake <= 1.0 and -1.0 <= c.steer <= 1.0
        s.step()
        tel, prev = car.state.telemetry, car.prev.telemetry
        if car.controls.handbrake or (prev.speed_mps == 0.0 and not (car.controls.throttle or car.controls.brake)):
            continue
        if tel.speed_mps == 0.0 and car.controller.driver.target is None:
            break  # arrived and parked
        assert tel.speed_mps == pedal_speed(prev.speed_mps, car.controls.throttle, car.controls.brake, tel.opts.acceleration,
                                            tel.effective_brake, s.dt)
        assert tel.steering_rad == car.controls.steer * tel.steer_lock_rad
        accelerating += car.controls.throttle > 0.0
        braking += car.controls.brake > 0.0
    assert accelerating > 100 and braking > 10  # it drove there and stopped on its pedals
    assert car.controller.driver.target is None and car.state.telemetry.speed_mps == 0.0


@pytest.mark.parametrize("east_m, north_m", [(60.0, 0.0), (-60.0, 0.0), (0.0, 60.0), (0.0, -60.0)])
def test_ai_cars_drive_in_world_axes(catalog, roster, east_m, north_m):
    s, car = one_ai_car(catalog, roster, at=(0.0, 80.0), heading_rad=math.atan2(east_m, north_m) + 0.6)  # 34 deg off its way
    x0, z0 = car.state.x, car.state.z
    car.controller.driver.drive_to(x0 + east_m, z0 + north_m, (x0, z0), s.rng)
    for _ in range(120 * 12):
        s.step()
    dx, dz = car.state.x - x0, car.state.z - z0
    assert math.hypot(dx - east_m, dz - north_m) < roster.common.arrival_radius_m + 2.0  # got there (parked within the radius)
    assert dx * east_m + dz * north_m > 0.8 * math.hypot(east_m, north_m) * math.hypot(dx, dz)  # along the way it was sent
    h = car.state.heading  # 0 faces +z, 90 deg faces +x: the car points roughly the way it went
    assert math.sin(h) * east_m + math.cos(h) * north_m > 0.0


def test_a_parked_ai_car_stands_still_with_no_pedal(catalog, roster):
    s, car = one_ai_car(catalog, roster)
    s.step()
    assert car.controls == Controls(steer=0.0) and car.state.telemetry.speed_mps == 0.0
    before = car.state.copy().as_dict()
    s.step()
    after = car.state.as_dict()
    assert {k: v for k, v in after.items() if k != "t"} == {k: v for k, v in before.items() if k != "t"}
