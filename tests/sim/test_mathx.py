"""The shared clamp and angle helpers: hand-checked answers at and around their edges."""

from __future__ import annotations

import math

from game.sim.mathx import TAU, angle_diff, clamp, clamp01, wrap_deg, wrap_pi


def test_clamp_keeps_inside_values_and_limits_outside_ones():
    assert clamp(0.5, 0.0, 1.0) == 0.5
    assert clamp(-2.0, -1.0, 1.0) == -1.0
    assert clamp(7, 1, 5) == 5  # gears are ints and stay ints
    assert clamp01(1.5) == 1.0 and clamp01(-0.1) == 0.0 and clamp01(0.25) == 0.25
    assert math.isnan(clamp(math.nan, 0.0, 1.0))  # a NaN is the caller's to handle (Controls reads it as 0)


def test_wrap_pi_lands_in_the_half_open_turn():
    assert wrap_pi(math.pi) == math.pi
    assert wrap_pi(-math.pi) == math.pi  # (-pi, pi]: minus pi is the same direction as pi
    assert wrap_pi(math.pi + 0.25) == math.pi + 0.25 - TAU  # one turn off, exactly as a single subtraction gives it
    assert wrap_pi(0.1 + 3 * TAU) == wrap_pi(wrap_pi(0.1 + 3 * TAU))
    assert abs(wrap_pi(0.1 + 3 * TAU) - 0.1) < 1e-12
    assert -math.pi < wrap_pi(1e12) <= math.pi  # a huge angle comes back in range without turning a million times
    assert math.isinf(wrap_pi(math.inf)) and math.isnan(wrap_pi(math.nan))


def test_angle_diff_is_the_short_way_round():
    assert angle_diff(0.0, 0.5) == 0.5
    assert math.isclose(angle_diff(3.0, -3.0), TAU - 6.0)  # across the back, not the long way
    assert math.isclose(angle_diff(-3.0, 3.0), 6.0 - TAU)


def test_wrap_deg_covers_any_number_of_turns():
    assert wrap_deg(190.0) == -170.0
    assert wrap_deg(180.0) == -180.0  # [-180, 180)
    assert wrap_deg(-720.0 + 5.0) == 5.0
