"""The fleet driver (note 002, its source facts) against hand-computed answers, in the note's units.

Note 002: docs/reference/002-ai-cars.md; its source facts: docs/reference/002-implementation-facts.md.
"""

from __future__ import annotations

import math

import pytest

from game.sim.ai.fleet_model import plane_step
from game.sim.ai.note_car import FleetCar
from game.sim.ai.reference_fleet import resolve_collisions_sequential
from game.sim.controls import Controls
from game.sim.randomness import FixedRandom, GeneratorRandom
from tests.support.ai_helpers import Scripted, opts

R = FixedRandom(0.5)


def car(x=0.0, y=0.0, heading=0.0, max_speed=320.0, **kw) -> FleetCar:
    c = FleetCar(x, y, opts(**kw), R, heading=heading)
    c.max_speed = max_speed  # exact, without the 0.8 + 0.4 r factor
    return c


def test_construction_draws_heading_max_speed_and_exhaust_timer_in_that_order():
    rng = Scripted([0.25, 0.75, 0.5])
    c = FleetCar(0, 0, opts(), rng)
    assert rng.taken == 3
    assert c.heading == pytest.approx(0.25 * 2 * math.pi)
    assert c.max_speed == pytest.approx(320 * (0.8 + 0.4 * 0.75))
    assert c.tel.exhaust_timer_s == pytest.approx(0.9 * 1.5)
    rng = Scripted([0.0, 0.5])
    c = FleetCar(0, 0, opts(), rng, heading=1.0)  # no heading draw when one is given
    assert rng.taken == 2 and c.heading == 1.0 and c.max_speed == pytest.approx(320 * 0.8)


def test_drive_to_draws_and_control_points():
    c = car()
    rng = Scripted([0.5, 1.0, 0.9, 0.0])  # avoidance factor, p1 offset, wild test (no), p2 offset
    c.drive_to(300, 0, rng)
    assert rng.taken == 4
    p0, p1, p2, p3 = c.path
    assert p1 == pytest.approx((0.33 * 300, 0.5 * 0.65 * 300))  # f = +x, p = f turned +90 deg = +y
    assert p2 == pytest.approx((0.67 * 300, -0.5 * 0.55 * 300))
    assert p3 == (300, 0) and c.driver.avoid_speed_factor == pytest.approx(1.0)
    rng = Scripted([0.5, 0.5, 0.1, 0.25, 0.0])  # wild approach: angle 90 deg, distance 0.2 d from p3
    c.drive_to(300, 0, rng)
    assert rng.taken == 5 and c.path[2] == pytest.approx((300, 60))
    rng = Scripted([0.5, 1.0, 0.0, 0.9, 0.5])  # shared midpoint: two jitter draws
    c.drive_to(300, 0, rng, shared_mid=(100, 50))
    assert rng.taken == 5 and c.path[1] == pytest.approx((100 + 0.5 * 36, 50 - 0.5 * 36))
    c.drive_to(0.5, 0, R)  # closer than 1 px: no path
    assert c.path is None and c.target == (0.5, 0)


def test_braking_distance_with_grip():
    c = car(brake_decel=480.0)
    c.speed = 300.0
    assert c.braking_distance() == pytest.approx(300**2 / (2 * 480))  # 93.75 px
    c.grip = 0.5
    assert c.braking_distance() == pytest.approx(300**2 / (2 * 480 * 0.65))  # 0.3 + 0.7 x 0.5


def test_alignment_factor_floor_and_collision_floor():
    d = car().driver
    assert d.align_factor(math.pi / 3, False) == pytest.approx(0.6 + 0.4 * 0.5)  # 0.8
    assert d.align_factor(math.pi, False) == pytest.approx(0.6)  # clamped at the floor
    assert d.align_factor(math.pi / 3, True) == pytest.approx(0.7 + 0.3 * 0.5)  # 0.85 after a collision


def test_steering_rate_limit_with_twitchiness_and_aggression():
    c = car(twitchiness=0.4, aggression=0.3)
    c.speed = 160.0  # half of top speed
    c.drive_to(0, 1000, R)  # straight path (offsets 0 with r = 0.5), 90 deg to the left of the nose
    dt = 0.01
    c.update(dt, [c], R)
    rate_dps = 120 * (1 - 0.5 * (1 - 0.4)) * (1 + 0.3 * 0.6)  # 99.12 deg/s
    assert c.steering == pytest.approx(math.radians(rate_dps) * dt)
    assert c.driver.desired_heading == pytest.approx(math.pi / 2)
    still = car(twitchiness=0.0, aggression=0.0)
    still.speed = 320.0  # at top speed a twitchiness-0 wheel cannot move
    still.drive_to(0, 1000, R)
    still.update(dt, [still], R)
    assert still.steering == 0.0


def test_look_ahead_grows_with_speed():
    # B(t) = 3(1-t)t^2 p2 + t^3 p3 with p0 = p1 = 0, p2 = (0, 1000), p3 = (1000, 1000). The car waits behind p0,
    # farther from the target than the path is long, so its progress stays at t = 0.
    path = ((0, 0), (0, 0), (0, 1000), (1000, 1000))
    dt = 1e-9  # no progress from travel either
    slow = car(-1000, -1000)
    slow.drive_to(1000, 1000, R, path=path)
    slow.update(dt, [slow], R)
    assert slow.path_t == 0.0
    b = (1000 * 0.06**3, 3000 * 0.94 * 0.06**2 + 1000 * 0.06**3)  # t = 0.06 at rest
    assert slow.driver.desired_heading == pytest.approx(math.atan2(b[1] + 1000, b[0] + 1000))
    fast = car(-1000, -1000)
    fast.speed = 320.0
    fast.drive_to(1000, 1000, R, path=path)
    fast.update(dt, [fast], R)
    b = (8.0, 3000 * 0.8 * 0.04 + 8.0)  # t = 0.06 + 0.14 at top speed
    assert fast.driver.desired_heading == pytest.approx(math.atan2(b[1] + 1000, b[0] + 1000))


def test_proximity_boost_goes_to_the_lead_car_only():
    lead, trail = car(0, 0), car(36, 0)  # 36 px apart = half of 1.5 x 48
    lead.target, trail.target = (0, -100), (0, -500)

    def boost(c, others, dist, colliding=False):
        return c.driver._proximity_boost(c.wx, c.wz, [o.seen for o in others], c.seen, dist, colliding)

    assert boost(lead, [lead, trail], 100.0) == pytest.approx(0.5 * 0.3)
    assert boost(trail, [lead, trail], math.hypot(36, 500)) == 0.0
    assert boost(lead, [lead, trail], 100.0, colliding=True) == pytest.approx(0.5 * 0.7)
    far = car(100, 0)
    assert boost(lead, [lead, far], 100.0) == 0.0


def move(c: FleetCar, dt: float) -> None:
    """One plane step at the car's speed and wheel (no pedal but a touch of brake at rest, so the car is not parked)."""
    hold = Controls(brake=0.0 if c.speed else 1e-300, steer=c.steering / c.tel.steer_lock_rad)
    c.wx, c.wz = plane_step(c.tel, c.wx, c.wz, hold, dt)


def test_slip_oscillator_one_step_and_settling():
    c = car()
    c.slip_angle, dt = 0.1, 0.01
    move(c, dt)  # at rest: no yaw forcing
    assert c.slip_vel == pytest.approx(-34 * 0.1 * dt)
    assert c.slip_angle == pytest.approx(0.1 - 34 * 0.1 * dt * dt)
    m = car()
    m.speed, m.steering = 100.0, 0.1
    move(m, dt)
    omega = 100 / 32 * math.tan(0.1)
    assert m.heading == pytest.approx(omega * dt)
    assert (m.x, m.y) == pytest.approx((math.cos(omega * dt) * 100 * dt, math.sin(omega * dt) * 100 * dt))
    assert m.slip_vel == pytest.approx(omega * dt)
    # underdamped (zeta = 3 / (2 sqrt 34) = 0.26): released, it swings through zero and settles
    c.slip_angle, c.slip_vel, signs = 0.1, 0.0, set()
    for _ in range(600):
        move(c, dt)
        signs.add(c.slip_angle > 0)
    assert signs == {True, False} and abs(c.slip_angle) < 0.005


def test_collision_push_half_each_and_spin_by_cross_product():
    side, head_on = car(0, 0, heading=math.pi / 2), car(40, 0, heading=0.0)  # 48-px bodies overlap by 8
    resolve_collisions_sequential([side, head_on])
    assert (side.x, side.y, head_on.x, head_on.y) == pytest.approx((-4, 0, 44, 0))
    assert side.heading == pytest.approx(math.pi / 2 - 8 * 0.015)  # hit on its side: spins
    assert head_on.heading == pytest.approx(0.0)  # hit along its axis: no spin
    assert side.was_colliding and head_on.was_colliding
    a, b = car(0, 0, heading=math.pi / 2), car(40, 0)
    a.target = (0, 1000)  # a car with a target takes a third of the spin
    resolve_collisions_sequential([a, b])
    assert a.heading == pytest.approx(math.pi / 2 - 8 * 0.015 * 0.33)
    c, d = car(0, 0), car(0, 0)
    resolve_collisions_sequential([c, d])  # on the same spot: 1 px apart along x
    assert (c.x, d.x) == (-1, 1)


def run_to_rest(c: FleetCar, seconds: float = 30.0, dt: float = 1 / 60):
    orbited = False
    for _ in range(int(seconds / dt)):
        c.update(dt, [c], R)
        orbited |= c.orbiting
        if c.target is None and c.speed == 0:
            break
    return orbited


@pytest.mark.parametrize("angle_deg", [0, 45, 90, 135, 180, 225, 270, 315])
@pytest.mark.parametrize("distance", [300.0, 800.0])
def test_arrives_without_orbiting(angle_deg, distance):
    a = math.radians(angle_deg)
    goal = (distance * math.cos(a), distance * math.sin(a))
    c = car()
    c.drive_to(*goal, GeneratorRandom.seeded(angle_deg + int(distance)))
    orbited = run_to_rest(c)
    assert not orbited
    assert c.target is None and c.speed == 0
    assert math.hypot(c.x - goal[0], c.y - goal[1]) < 144  # parked inside the arrival radius


def test_orbit_detected_for_a_target_inside_the_turning_circle():
    # the tightest circle is 32 / tan(35 deg x 1.12) = 39 px; a target 30 px to the side cannot be reached
    c = car(arrival_radius=5.0)
    c.speed = 200.0
    c.drive_to(0, 30, R)
    orbited = run_to_rest(c)
    assert orbited
    assert c.target is None and c.speed == 0
    assert math.hypot(c.x, c.y - 30) > 5  # it gave up, it did not arrive
