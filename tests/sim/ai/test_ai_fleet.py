"""The reference fleet: its step order, fleet driveTo (scatter, fastest-farthest, shared midpoint) and skid types."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.sim.ai.note_car import FleetCar
from game.sim.ai.reference_fleet import Fleet, plan_fleet_targets, scatter_points
from game.sim.ai.skids import SkidState, skid_type
from game.sim.randomness import FixedRandom, GeneratorRandom
from tests.support.ai_helpers import Scripted, opts


def fleet_of(n: int, seed: int = 3) -> Fleet:
    f = Fleet(GeneratorRandom.seeded(seed))
    for i in range(n):
        f.add(FleetCar(100 + 120 * i, 100, opts(), f.rng, heading=0.0))
    return f


def test_scatter_keeps_the_separation_inside_the_radius():
    pts = scatter_points(500, 500, 5, 300.0, 120.0, GeneratorRandom.seeded(1))
    assert len(pts) == 5
    assert all(math.hypot(x - 500, y - 500) <= 300 for x, y in pts)
    assert min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1 :]) >= 120


def test_scatter_falls_back_after_200_tries():
    rng = Scripted(rest=0.5)  # every try lands on the same spot: the second point gives up after 200 tries
    pts = scatter_points(0, 0, 2, 100.0, 50.0, rng)
    assert rng.taken == 2 + 200 * 2 + 2 and pts[0] == pts[1]


def test_fleet_drive_to_sends_the_fastest_car_farthest_through_one_midpoint():
    f = fleet_of(4)
    for c, v in zip(f.cars, (300.0, 350.0, 250.0, 330.0)):
        c.max_speed = v
    # in world axes: the note's (x, y) is (z, x)
    plan = plan_fleet_targets([c.driver for c in f.cars], [(c.wx, c.wz) for c in f.cars], 700, 800, GeneratorRandom.seeded(9))
    targets, mid, radius, order = plan
    assert [f.cars[i].max_speed for i in order] == [350, 330, 300, 250]
    dists = [math.hypot(z - 800, x - 700) for x, z in targets]
    assert dists == sorted(dists, reverse=True)
    assert radius == pytest.approx(max(48 * (0.66 + 4 * 0.33), 0.9 * 2.5 * 48))
    cx, cy = sum(c.x for c in f.cars) / 4, sum(c.y for c in f.cars) / 4
    d = math.hypot(800 - cx, 700 - cy)
    along = ((mid[1] - cx) * (800 - cx) + (mid[0] - cy) * (700 - cy)) / d
    assert along == pytest.approx(0.45 * d)  # 45 % of the way, offset only sideways
    f.drive_to(800, 700)
    assert all(c.target is not None and c.path is not None for c in f.cars)
    assert f.scatter_zone == (800, 700, radius)
    mids = [c.path[1] for c in f.cars]
    centre = (sum(p[0] for p in mids) / 4, sum(p[1] for p in mids) / 4)
    assert max(math.dist(p, centre) for p in mids) < 0.12 * max(math.hypot(800 - c.x, 700 - c.y) for c in f.cars)


def test_fleet_arrives_and_parks_apart():
    f = fleet_of(5, seed=11)
    f.drive_to(900, 600)
    for _ in range(60 * 20):
        f.step(1 / 60)
    assert all(c.target is None and c.speed == 0 for c in f.cars)
    gaps = [math.dist((a.x, a.y), (b.x, b.y)) for i, a in enumerate(f.cars) for b in f.cars[i + 1 :]]
    assert min(gaps) >= 48 - 1e-6  # parked without overlapping bodies
    assert all(math.hypot(c.x - 900, c.y - 600) < 48 * (0.66 + 5 * 0.33) + 144 for c in f.cars)


def test_same_seed_same_fleet():
    def run(seed):
        f = fleet_of(4, seed)
        f.drive_to(700, 900)
        for _ in range(300):
            f.step(1 / 60)
        return [(c.x, c.y, c.heading, c.speed) for c in f.cars]

    assert run(5) == run(5) and run(5) != run(6)


class _Car:
    """What the skid rules read: the driver's skidding and target, the car's contact, slip and speed."""

    def __init__(self, **kw):
        self.skidding, self.was_colliding, self.slip_angle, self.speed_mps, self.target = False, False, 0.0, 0.0, (0, 0)
        self.__dict__.update(kw)


def decided(s: SkidState, c: _Car, rng) -> SkidState:
    return s.decided(c, c.skidding, c.target is not None, rng)


@pytest.mark.parametrize(
    "state, gaining, kind",
    [
        (dict(skidding=True, was_colliding=True, slip_angle=0.2, speed_mps=200), True, "stop"),
        (dict(was_colliding=True, slip_angle=0.2, speed_mps=200), True, "bump"),
        (dict(slip_angle=-0.06, speed_mps=61), False, "turn"),
        (dict(slip_angle=0.06, speed_mps=60), False, None),
        (dict(speed_mps=50), True, "accel"),
        (dict(speed_mps=50), False, None),
        (dict(speed_mps=100), True, None),
        (dict(speed_mps=50, target=None), True, None),
    ],
)
def test_skid_type_priority_and_triggers(state, gaining, kind):
    c = _Car(**state)
    assert skid_type(c, c.skidding, c.target is not None, gaining) == kind


def test_each_new_skid_event_draws_marks_or_not_and_a_lock_bias_for_stops():
    s = SkidState()
    c = _Car(skidding=True, speed_mps=200)
    s = decided(s, c, Scripted([0.6, 0.6]))  # marks (r >= 0.5); lock bias r in [0.5, 0.75): front-heavy
    assert s.marking == "stop" and (s.front_alpha, s.rear_alpha) == (1.0, 0.25)
    rng = Scripted([0.1])
    s = decided(s, c, rng)  # same type: no draw
    assert rng.taken == 0
    c.skidding = False
    c.was_colliding = True
    s = decided(s, c, rng)  # a new event that drew r < 0.5: no marks at all
    assert rng.taken == 1 and s.kind == "bump" and s.marking is None


def test_fleet_step_order_update_then_collisions_then_skids():
    f = Fleet(FixedRandom(0.5))
    a = f.add(FleetCar(0, 0, opts(), f.rng, heading=0.0))
    b = f.add(FleetCar(30, 0, opts(), f.rng, heading=math.pi))
    f.step(1 / 60)
    assert math.dist((a.x, a.y), (b.x, b.y)) == pytest.approx(48)  # pushed apart in the same step
    assert f.skids[0].kind == "bump" and f.skids[1].kind == "bump"


def marks_close(got: list, want: list) -> bool:
    """(wheel, alpha, late) marks: the same wheels and lateness in order, alphas equal to rounding."""
    return [(w, late) for w, _, late in got] == [(w, late) for w, _, late in want] and all(
        a == pytest.approx(b) for (_, a, _), (_, b, _) in zip(got, want))


def test_marks_per_skid_type_follow_the_note_table():
    from game.sim.ai.skids import FL, FR, RL, RR, mark_wheels, rear_offset

    car = FleetCar(0, 0, opts(drive_bias=0.6, slip_scale=1.0), FixedRandom(0.5), heading=0.0).tel
    s = SkidState(kind="stop", enabled=True, front_alpha=1.0, rear_alpha=0.25)
    assert mark_wheels(s, car) == [(FL, 1.0, False), (FR, 1.0, False), (RL, 0.25, False), (RR, 0.25, False)]
    s, car.speed_mps = dataclasses.replace(s, kind="accel"), 55.0  # halfway through 10..100 px/s: half strength, split 0.6 rear / 0.4 front
    assert marks_close(mark_wheels(s, car), [(RL, 0.3, False), (RR, 0.3, False), (FL, 0.2, False), (FR, 0.2, False)])
    s, car.slip_angle = dataclasses.replace(s, kind="turn"), 0.1  # half of full lock (0.2 rad): outer rear 0.25, inner rear 0.1, laid late
    assert marks_close(mark_wheels(s, car), [(RR, 0.25, False), (RL, 0.1, True)])
    assert rear_offset(car) == pytest.approx(math.sin(0.1) * 24 * 1.5)
    s = dataclasses.replace(s, kind="bump")
    assert mark_wheels(s, car) == [(w, 0.5, False) for w in (FL, FR, RL, RR)]
    s = dataclasses.replace(s, enabled=False)  # the event drew "no marks"
    assert mark_wheels(s, car) == []
