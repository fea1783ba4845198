"""Ackermann front-wheel angles against hand-computed geometry (pure, no window)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.view.cars.ackermann import ackermann_angles, turn_radius, turning_centre_lines

MAX = math.radians(34.0)


def _axle_hit_x(angle: float, x_wheel: float, wheelbase: float) -> float:
    """Where the wheel's axle line (perpendicular to its heading) crosses the rear-axle line z = 0."""
    # wheel at (x_wheel, wheelbase) heading (sin a, cos a); its axle runs along (cos a, -sin a)
    return x_wheel + wheelbase / math.tan(angle)


def test_zero_steer_is_straight():
    assert ackermann_angles(0.0, MAX, 2.5, 1.5) == (0.0, 0.0)
    assert math.isinf(turn_radius(0.0, MAX, 2.5))


def test_hand_computed_ten_metre_turn():
    # L = 2.5 m, t = 1.5 m, mean angle chosen so R = 10 m: inner sees 9.25 m, outer 10.75 m
    steer = math.atan(2.5 / 10.0) / MAX
    assert turn_radius(steer, MAX, 2.5) == pytest.approx(10.0)
    left, right = ackermann_angles(steer, MAX, 2.5, 1.5)
    assert right == pytest.approx(math.atan(2.5 / 9.25))  # right turn: right wheel is inner
    assert left == pytest.approx(math.atan(2.5 / 10.75))
    assert math.degrees(right) == pytest.approx(15.12, abs=0.01)
    assert math.degrees(left) == pytest.approx(13.09, abs=0.01)


def test_left_turn_mirrors_right_turn():
    left, right = ackermann_angles(0.6, MAX, 2.7, 1.66)
    l2, r2 = ackermann_angles(-0.6, MAX, 2.7, 1.66)
    assert l2 == pytest.approx(-right)
    assert r2 == pytest.approx(-left)
    assert l2 < 0 and r2 < 0


def test_inner_turns_more_and_mean_between():
    for steer in (0.1, 0.5, 1.0):
        left, right = ackermann_angles(steer, MAX, 2.45, 1.5)
        assert right > left > 0.0
        assert left < steer * MAX < right


def test_full_lock_on_a_kart_stays_finite():
    # short wheelbase, wide track: the turning centre can fall close to the inner wheel
    left, right = ackermann_angles(1.0, math.radians(60), 1.15, 1.15)
    assert 0.0 < left < right < math.pi


@settings(max_examples=200, deadline=None)
@given(
    steer=st.floats(-1.0, 1.0).filter(lambda s: abs(s) > 1e-3),
    wheelbase=st.floats(1.0, 3.5),
    track=st.floats(0.8, 2.0),
    max_deg=st.floats(15.0, 45.0),
)
def test_both_wheels_point_at_one_centre_on_rear_axle(steer, wheelbase, track, max_deg):
    max_rad = math.radians(max_deg)
    left, right = ackermann_angles(steer, max_rad, wheelbase, track)
    xl = _axle_hit_x(left, -0.5 * track, wheelbase)
    xr = _axle_hit_x(right, 0.5 * track, wheelbase)
    assert xl == pytest.approx(xr, rel=1e-6, abs=1e-6)
    r = turn_radius(steer, max_rad, wheelbase)
    assert abs(xl) == pytest.approx(r, rel=1e-6)
    assert math.copysign(1.0, xl) == math.copysign(1.0, steer)  # centre on the side we turn to


def test_the_red_lines_meet_at_the_turning_centre_square_to_each_wheel():
    # docs/reference/000-manual-car.md: "each front wheel gets the angle that points at the same turning center, and the red lines show it"
    L, t = 2.45, 1.5
    for steer in (0.4, -0.7, 1.0):
        lines = turning_centre_lines(steer, MAX, L, t, max_radius_m=80.0)
        assert len(lines) == 3 and len({end for _, end in lines}) == 1
        cx, cz = lines[0][1]
        assert cz == pytest.approx(-L / 2) and cx == pytest.approx(math.copysign(turn_radius(steer, MAX, L), steer))
        left, right = ackermann_angles(steer, MAX, L, t)
        for (wx, wz), _ in lines[:2]:
            angle = left if wx < 0 else right
            # the line to the centre is the wheel's axle: square to the way the wheel points (sin a, cos a)
            assert (cx - wx) * math.sin(angle) + (cz - wz) * math.cos(angle) == pytest.approx(0.0, abs=1e-9)
        assert lines[2][0] == (0.0, -L / 2)  # and the rear axle's line runs straight to it
    assert turning_centre_lines(0.0, MAX, L, t, 80.0) == []
    assert turning_centre_lines(0.02, MAX, L, t, 80.0) == []  # nearly straight: the centre is off the screen
