"""`sideways report`'s simulation-model figures: torque and power, 1st-gear top speed, shift points, a measured 0-100."""

from __future__ import annotations

import math

import pytest

from game.cli import main
from game.report.drivetrain_figures import format_drivetrain_table, measure_drivetrain, shift_points, wheel_force_n


@pytest.fixture(scope="module")
def hatch_report(catalog):
    return measure_drivetrain(catalog, "hatch")


def test_first_gear_top_speed_is_the_limiter_over_the_gearing(hatch_report):
    # 7800 rpm = 816.8 rad/s / (3.5 x 3.4) x 0.33 m = 22.65 m/s = 81.5 km/h
    assert hatch_report.first_gear_top_kmh == pytest.approx(7800 * 2 * math.pi / 60 / 11.9 * 0.33 * 3.6)
    assert hatch_report.first_gear_top_kmh == pytest.approx(81.5, abs=0.05)


def test_torque_and_power_peaks_are_the_curve_net_of_friction(hatch_report):
    # the net curve 350 exp(-((rpm - 4500) / 3000)^2) - (15 + 50 (rpm - 1000) / 6800) peaks a little below 4500 rpm
    best = max((350 * math.exp(-(((r - 4500) / 3000) ** 2)) - (15 + 50 * (r - 1000) / 6800), r) for r in range(1000, 7800))
    assert hatch_report.peak_torque_nm == pytest.approx(best[0], abs=0.5)
    assert hatch_report.peak_torque_rpm == pytest.approx(best[1], abs=60)
    i = hatch_report.curve_power_kw.index(hatch_report.peak_power_kw)
    rpm = hatch_report.curve_rpm[i]
    assert hatch_report.peak_power_kw == pytest.approx(hatch_report.curve_torque_nm[i] * rpm * 2 * math.pi / 60 / 1000)
    assert hatch_report.peak_power_rpm > hatch_report.peak_torque_rpm


def test_shift_points_are_where_the_next_gear_pulls_harder(catalog):
    car = catalog.cars["hatch"]
    rpms, kmhs = shift_points(car)
    assert len(rpms) == 4  # 5 gears, 4 upshifts
    for gear, (rpm, kmh) in enumerate(zip(rpms, kmhs), start=1):
        v = kmh / 3.6
        assert rpm <= 7800.0
        assert wheel_force_n(car, gear + 1, v + 0.3) >= wheel_force_n(car, gear, v + 0.3) or rpm >= 7790.0
        assert wheel_force_n(car, gear, v - 0.5) > wheel_force_n(car, gear + 1, v - 0.5)
    assert list(kmhs) == sorted(kmhs)


def test_the_measured_sim_zero_to_100_and_cars_that_never_get_there(catalog, hatch_report):
    assert 6.0 < hatch_report.sim_zero_to_100_s < 12.0
    kart = measure_drivetrain(catalog, "kart")
    assert kart.sim_zero_to_100_s is None and kart.shift_rpm == ()  # one gear, 87 km/h at the limiter
    table = format_drivetrain_table([hatch_report, kart], dash="-")
    assert "81.5" in table
    assert table.splitlines()[-1].split()[-1] == "-"


def test_the_report_command_prints_the_drivetrain_table(capsys, sim_measured_once):
    assert main(["report", "--car", "hatch"]) == 0
    out = capsys.readouterr().out
    assert "Simulation model" in out and "1st top (km/h)" in out and "Shift at (rpm / km/h)" in out
    assert "81.5" in out
