"""Property tests: random driving never breaks the sim (finite values and top speed for every model: test_model_conformance)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld
from tests.sim.models.test_model_conformance import CARS, plan

cars = st.sampled_from(CARS)


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
