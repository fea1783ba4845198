"""The many-car session with AI traffic: determinism, replays, contacts after every step, ground, walls, surfaces."""

from __future__ import annotations

import math
import random

import pytest

from game.content.drivers import load_drivers
from game.content.scoring_rules import load_scoring_rules
from game.sim import step_events as ev
from game.sim.ai.traffic import Traffic
from game.sim.car_contacts import CarContacts, body_of
from game.sim.contacts import max_overlap
from game.sim.controls import Controls
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify
from game.sim.session import Session
from game.sim.world import FlatWorld

DRIVE = [Controls(throttle=1.0)] * 240 + [Controls(throttle=0.8, steer=0.7, handbrake=True)] * 120 + [Controls(throttle=0.6, steer=-0.3)] * 480


@pytest.fixture(scope="module")
def roster():
    return load_drivers()


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def poses(session):
    return [(c.state.x, c.state.y, c.state.z, c.state.heading, c.state.speed) for c in session.cars]


def ai_run(catalog, park, rules, roster, seed=4, ai=5):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free", seed=seed, ai_count=ai, drivers=roster))
    for i, c in enumerate(DRIVE):
        if i == 300:
            run.send_fleet(10.0, -5.0)
        run.step(c)
    return run


def test_same_seed_and_inputs_same_traffic_and_the_replay_reproduces_it(catalog, park, rules, roster):
    a, b = ai_run(catalog, park, rules, roster), ai_run(catalog, park, rules, roster)
    assert len(a.session.cars) == 6 and poses(a.session) == poses(b.session)
    other = ai_run(catalog, park, rules, roster, seed=5)
    assert poses(other.session)[1:] != poses(a.session)[1:]
    a.finish()
    replay = Replay.from_bytes(a.replay().to_bytes())
    assert (replay.ai_count, replay.seed, replay.fleet_orders) == (5, 4, ((300, 10.0, -5.0),))
    assert replay.drivers_digest == roster.digest
    state, score = verify(replay, catalog, park, rules, roster)
    assert replay.matches(state, score)


def test_ai_cars_are_the_catalog_cars_with_drivers_and_paint(catalog, park, rules, roster):
    run = DriftRun(RunSetup(catalog, "kart", park, rules, ai_count=7, drivers=roster))
    ai = run.traffic.cars
    assert [c.spec.id for c in ai] == [*list(catalog.cars)[:6], list(catalog.cars)[0]]
    assert [c.paint for c in ai[:6]] == [d.paint for d in roster.drivers]
    assert all(c.kind == "ai" and c.collides and c.model.id == "fleet" for c in ai)


def test_no_two_cars_overlap_after_a_step_even_in_a_pile(catalog, park, rules, roster):
    run = DriftRun(RunSetup(catalog, "bruiser_v8", park, rules, seed=2, ai_count=12, drivers=roster))
    s = run.session
    run.send_fleet(s.state.x, s.state.z)  # everybody to the player, who drives into the crowd
    worst = 0.0
    for i in range(120 * 8):
        run.step(Controls(throttle=1.0 if i < 240 else 0.0, steer=0.4 if i > 400 else 0.0))
        worst = max(worst, max_overlap([body_of(c) for c in s.cars if c.collides]))
    assert worst <= 0.03  # a few centimetres at most after any step
    assert any(c.state.telemetry.was_colliding for c in run.traffic.cars) or worst == 0.0


def test_contacts_do_not_depend_on_the_order_of_the_list(catalog, roster):
    def pile(order):
        s = Session(catalog, "hatch", FlatWorld("asphalt"), seed=1)
        Traffic(s, roster).add_cars(s, 6)
        rnd = random.Random(8)
        for c in s.cars:  # everybody within a few metres, facing anywhere
            c.state.x, c.state.z, c.state.heading = rnd.uniform(-3, 3), rnd.uniform(-3, 3), rnd.uniform(-3, 3)
            if c.kind == "ai":
                c.state.telemetry.heading_rad = c.state.heading
        s.cars = [s.cars[i] for i in order]
        events = next(h for h in s.hooks if isinstance(h, CarContacts)).after_step(s)
        by_index = sorted(s.cars, key=lambda c: c.index)
        return [(c.state.x, c.state.z, c.state.heading, c.state.vx, c.state.vz) for c in by_index], sorted((e.car, e.detail) for e in events)

    ref = pile(range(7))
    for order in ([6, 5, 4, 3, 2, 1, 0], [3, 0, 6, 1, 5, 2, 4]):
        got = pile(order)
        assert got[1] == ref[1]
        for a, b in zip(got[0], ref[0]):
            assert a == pytest.approx(b, abs=1e-9)


def test_player_hits_a_parked_ai_car(catalog, roster, rules):
    run = DriftRun(RunSetup(catalog, "bruiser_v8", FlatWorld("asphalt"), rules, ai_count=1, drivers=roster))
    s = run.session
    ai = run.traffic.cars[0]
    ai.state.x, ai.state.z, ai.state.heading = 0.0, 25.0, math.pi / 2  # parked across the player's path
    ai.state.telemetry.heading_rad = math.pi / 2
    run.traffic._wait[ai.index] = 1e9  # it stays put
    hits = []
    for _ in range(240):
        hits += [e for e in run.step(Controls(throttle=1.0)).events if e.kind == ev.CAR_HIT]
    assert {e.car for e in hits} == {0, 1} and hits[0].value > 5.0  # both cars report the hit, tagged by car
    assert ai.state.heading != pytest.approx(math.pi / 2)  # the side hit spun it
    assert ai.state.z > 25.0  # it was pushed along
    assert max_overlap([body_of(c) for c in s.cars]) <= 0.03


def test_ai_cars_ride_the_ground_and_stay_inside_the_walls(catalog, park, rules, roster):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, seed=9, ai_count=6, drivers=roster))
    run.send_fleet(0.0, 70.0)  # across the pad, over the ramp at z = 62
    run.send_fleet(0.0, 260.0)  # then out past the park's outer wall at 200 m
    for _ in range(120 * 12):
        run.step(Controls())
        for c in run.traffic.cars:
            assert not c.state.airborne and c.state.y == pytest.approx(park.ground(c.state.x, c.state.z)[0])
    assert all(abs(c.state.x) < 200 and abs(c.state.z) < 200 for c in run.traffic.cars)


def test_surface_grip_scales_the_ai_brakes(catalog, roster):
    for surface in ("asphalt", "ice"):
        s = Session(catalog, "hatch", FlatWorld(surface))
        t = Traffic(s, roster)
        t.add_cars(s, 1)
        car = t.cars[0]
        s.step()
        grip = roster.drivers[0].grip * catalog.surfaces[surface].grip_factor(car.spec.offroad)
        assert car.state.telemetry.grip == pytest.approx(min(1.0, grip))
    assert catalog.surfaces["ice"].grip_factor(0) < 1.0  # ice: less grip, so longer stops (0.3 + 0.7 grip) and earlier skids


def test_no_ai_car_runs_past_its_own_cars_top_speed(catalog, rules, roster):
    # the note's +-20% spread on a driver's speed comes before the car's cap: Dot (22 m/s, up to 26.4) in the kart (24)
    assert roster.drivers[0].max_speed_mps * 1.2 > catalog.cars["kart"].top_speed
    for seed in range(4):
        run = DriftRun(RunSetup(catalog, "hatch", FlatWorld("asphalt"), rules, seed=seed, ai_count=12, drivers=roster))
        assert all(c.controller.driver.max_speed <= c.spec.top_speed for c in run.traffic.cars)
    fastest = 0.0
    for seed in range(8):  # the first AI car alone (the kart, Dot driving): a long straight run, nobody to bump it
        run = DriftRun(RunSetup(catalog, "hatch", FlatWorld("asphalt"), rules, seed=seed, ai_count=1, drivers=roster))
        kart = run.traffic.cars[0]
        run.send_fleet(0.0, 600.0)
        for _ in range(120 * 8):
            run.step(Controls())
            assert kart.state.telemetry.speed_mps <= kart.spec.top_speed + 1e-9, seed
            fastest = max(fastest, kart.state.telemetry.speed_mps)
    assert fastest == pytest.approx(catalog.cars["kart"].top_speed)  # some draw would have taken it past: it holds the top


def test_ai_cars_join_and_leave_mid_drive_and_the_replay_does_it_too(catalog, park, rules, roster):
    # the note's addCar / removeCar, live: from none at the start, with a ghost racing along (its index moves up)
    ghost = ai_run(catalog, park, rules, roster, ai=0)
    ghost.finish()
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, mode="free", seed=7, ai_count=0, ghost=ghost.replay()))
    joined = []
    for i, c in enumerate(DRIVE):
        if i in (60, 120, 180):
            joined.append(run.change_fleet(+1, roster))
        if i == 400:
            assert run.change_fleet(-1) is joined[-1]  # the newest leaves
        if i == 500:
            run.send_fleet(5.0, 5.0)
        run.step(c)
    cars = run.session.cars
    assert [c.kind for c in cars] == ["player", "ghost", "ai", "ai"] and [c.index for c in cars] == [0, 1, 2, 3]
    assert [c.spec.id for c in run.traffic.cars] == list(catalog.cars)[:2]  # car i drives catalog car i, as at the start
    assert run.session.cars[1].state.x == pytest.approx(ghost.session.state.x)  # the ghost still replays exactly
    run.finish()
    replay = Replay.from_bytes(run.replay().to_bytes())
    assert replay.fleet_changes == ((60, 1), (120, 1), (180, 1), (400, -1)) and replay.ai_count == 0
    assert replay.drivers_digest == roster.digest
    state, score = verify(replay, catalog, park, rules, roster)
    assert replay.matches(state, score)


def test_removing_an_ai_car_keeps_the_others_going_where_they_were_sent(catalog, park, rules, roster):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, seed=2, ai_count=3, drivers=roster))
    run.send_fleet(30.0, 30.0)
    for _ in range(120):
        run.step(Controls())
    first = run.traffic.cars[0].controller.driver.target
    assert run.change_fleet(-1).kind == "ai" and len(run.traffic.cars) == 2 and len(run.session.cars) == 3
    for _ in range(600):
        run.step(Controls())
    assert run.traffic.cars[0].controller.driver.target in (first, None)
    assert run.change_fleet(-1) and run.change_fleet(-1) and run.change_fleet(-1) is None  # none left to remove
    assert len(run.session.cars) == 1 and run.session.step(Controls()) is not None
