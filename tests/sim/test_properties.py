"""Property tests: random driving never breaks the sim."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld

controls = st.builds(
    Controls,
    throttle=st.floats(0, 1),
    brake=st.floats(0, 1),
    steer=st.floats(-1, 1),
    handbrake=st.booleans(),
)
plan = st.lists(st.tuples(controls, st.integers(1, 90)), min_size=1, max_size=12)
cars = st.sampled_from(["kart", "hatch", "rally_lynx", "vortex_gt", "bruiser_v8", "zenith_hyper"])
surfaces = st.sampled_from(["asphalt", "grass", "snow", "dirt", "ice"])


@settings(max_examples=60, deadline=None)
@given(plan=plan, car=cars, surface=surfaces, hz=st.sampled_from([30.0, 60.0, 120.0, 240.0]))
def test_random_driving_stays_finite_and_under_top_speed(catalog, plan, car, surface, hz):
    s = Session(catalog, car, FlatWorld(surface), hz=hz)
    top = catalog.cars[car].top_speed
    for c, n in plan:
        for _ in range(n):
            s.step(c)
            st_ = s.state
            for v in (st_.x, st_.y, st_.z, st_.vx, st_.vy, st_.vz, st_.heading, st_.yaw_rate):
                assert math.isfinite(v)
            assert st_.speed <= top * 1.01


@settings(max_examples=40, deadline=None)
@given(plan=plan, height=st.floats(0.5, 80), car=cars)
def test_an_airborne_car_always_comes_down(catalog, plan, height, car):
    s = Session(catalog, car, FlatWorld("asphalt"))
    s.state.y = height
    s.state.vy = 5.0
    for c, n in plan:
        for _ in range(n):
            s.step(c)
    # free fall from height h with an upward kick lands within sqrt(2h/g) + 2*v0/g seconds
    for _ in range(int(120 * (math.sqrt(2 * height / 30) + 10 / 30 + 0.1))):
        s.step(Controls())
    assert not s.state.airborne and s.state.y == 0.0


@settings(max_examples=30, deadline=None)
@given(plan=plan)
def test_invalid_numbers_in_controls_are_neutralised(catalog, plan):
    s = Session(catalog, "hatch", FlatWorld("asphalt"))
    for c, n in plan:
        for _ in range(n):
            s.step(Controls(throttle=float("nan"), brake=c.brake * 5, steer=c.steer * 9, handbrake=c.handbrake))
    assert math.isfinite(s.state.x) and s.state.speed <= catalog.cars["hatch"].top_speed * 1.01
