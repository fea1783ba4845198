"""wheel_slip / slip_amount: pure rules for how hard each tyre slides."""

from __future__ import annotations

import math

import pytest

from game.sim.car import CarState
from game.view.effects.slip import FL, FR, RL, RR, slip_amount, wheel_slip


def _car(forward: float = 0.0, lateral: float = 0.0, heading: float = 0.3, handbrake: float = 0.0,
         airborne: bool = False) -> CarState:
    """A car moving with the given car-frame speeds (world velocity consistent with the heading)."""
    s = CarState(heading=heading, surface="asphalt")
    sh, ch = math.sin(heading), math.cos(heading)
    s.vx = forward * sh + lateral * ch
    s.vz = forward * ch - lateral * sh
    s.forward, s.lateral = forward, lateral
    s.handbrake = handbrake
    s.airborne = airborne
    return s


def test_no_slip_driving_straight():
    for v in (0.0, 5.0, 25.0, 60.0):
        assert wheel_slip(_car(forward=v)) == (0.0, 0.0, 0.0, 0.0)
    assert slip_amount(_car(forward=30.0)) == 0.0


def test_handbrake_slides_the_rears_only():
    w = wheel_slip(_car(forward=20.0, handbrake=1.0))
    assert w[RL] == pytest.approx(1.0) and w[RR] == pytest.approx(1.0)
    assert w[FL] == 0.0 and w[FR] == 0.0


def test_handbrake_at_standstill_leaves_nothing():
    assert wheel_slip(_car(forward=0.0, handbrake=1.0)) == (0.0, 0.0, 0.0, 0.0)


def test_all_four_slide_when_sideways():
    w = wheel_slip(_car(forward=15.0, lateral=10.0))
    assert all(x > 0.5 for x in w)
    assert min(w[RL], w[RR]) >= w[FL]  # oversteer: the rears slide hardest


def test_outside_rear_works_hardest():
    right = wheel_slip(_car(forward=15.0, lateral=5.0))
    left = wheel_slip(_car(forward=15.0, lateral=-5.0))
    assert right[RR] > right[RL] and left[RL] > left[RR]


def test_zero_in_the_air():
    s = _car(forward=20.0, lateral=10.0, handbrake=1.0, airborne=True)
    assert wheel_slip(s, throttle=1.0, brake=1.0) == (0.0, 0.0, 0.0, 0.0)
    assert slip_amount(s) == 0.0


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_monotonic_in_lateral_speed(sign):
    prev = (0.0,) * 4
    for i in range(0, 161):
        w = wheel_slip(_car(forward=12.0, lateral=sign * i * 0.1))
        assert all(0.0 <= x <= 1.0 for x in w)
        assert all(a >= b - 1e-12 for a, b in zip(w, prev)), (i, w, prev)
        prev = w
    assert min(prev) > 0.6


def test_heavy_braking_locks_all_four_and_launch_spins_the_rears():
    w = wheel_slip(_car(forward=20.0), brake=1.0)
    assert all(x > 0.5 for x in w)
    assert wheel_slip(_car(forward=20.0), brake=0.5) == (0.0, 0.0, 0.0, 0.0)
    spin = wheel_slip(_car(forward=1.0), throttle=1.0)
    assert spin[RL] > 0.5 and spin[RR] > 0.5 and spin[FL] == 0.0
    assert wheel_slip(_car(forward=30.0), throttle=1.0) == (0.0, 0.0, 0.0, 0.0)
