"""The tachometer's scale: top of the dial, needle angles and the gear shown (pure parts)."""

from __future__ import annotations

import pytest

from game.view.hud.tacho import SWEEP_DEG, dial_max_rpm, gear_text, rpm_angle


def test_the_scale_ends_at_the_next_thousand_past_the_redline_with_room_for_red():
    assert dial_max_rpm(7000.0) == 8000.0  # 7000 x 1.08 = 7560 -> 8000
    assert dial_max_rpm(7500.0) == 9000.0  # 8100 -> 9000
    assert dial_max_rpm(6800.0) == 8000.0  # 7344 -> 8000


def test_needle_sweeps_250_degrees_clockwise_from_lower_left_and_stops_at_the_ends():
    assert rpm_angle(0.0, 8000.0) == pytest.approx(215.0)
    assert rpm_angle(4000.0, 8000.0) == pytest.approx(90.0)  # half the scale: straight up
    assert rpm_angle(8000.0, 8000.0) == pytest.approx(215.0 - SWEEP_DEG) == pytest.approx(-35.0)
    assert rpm_angle(12000.0, 8000.0) == rpm_angle(8000.0, 8000.0)
    assert rpm_angle(-50.0, 8000.0) == rpm_angle(0.0, 8000.0)


def test_gear_reads_r_n_or_the_number():
    assert [gear_text(g) for g in (-1, 0, 1, 5, None)] == ["R", "N", "1", "5", ""]
