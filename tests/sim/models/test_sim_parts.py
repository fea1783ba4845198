"""The simulation model's parts against hand-computed answers (manual-car note 000's numbers, docs/reference/000-manual-car.md; the Sprite Hatch)."""

from __future__ import annotations

import math

import pytest

from game.sim.models import drivetrain as dtr
from game.sim.models import tyres
from game.sim.models.sim_params import Clutch

KMH = 3.6


@pytest.fixture(scope="module")
def hatch(catalog):
    return catalog.cars["hatch"]


def test_the_hatch_carries_the_notes_numbers(hatch):
    d = hatch.drivetrain
    assert (d.engine.peak_torque_nm, d.engine.peak_rpm, d.engine.torque_floor) == (350, 4500, 0.1)
    assert (d.engine.friction_idle_nm, d.engine.friction_redline_nm, d.engine.free_rev_fall_rpmps) == (15, 65, 3500)
    assert d.clutch.capacity_nm == 600 and (d.clutch.auto_below_mps, d.clutch.auto_engage_rpm, d.clutch.auto_engage_span_rpm) == (3, 1000, 1000)
    assert d.gearing.ratios == (3.5, 2.0, 1.4, 1.0, 0.8) and d.gearing.reverse_ratio == -3.0 and d.gearing.final_drive == 3.4
    assert hatch.wheel_radius_m == 0.33
    assert (d.tyres.traction_coef, d.tyres.spin_traction) == (1.1, 0.7)
    assert (d.tyres.pacejka_b, d.tyres.pacejka_c, d.tyres.pacejka_e) == (1.5, 1.9, 0.97)
    assert (d.chassis.cg_height_m, d.chassis.min_axle_share, d.chassis.low_speed_mps) == (0.55, 0.2, 3.0)
    # the note names no redline; its 134.6 km/h in 2nd is 7,360 rpm on its gearing before any wheel slip
    assert d.engine.redline_rpm == 7800


def test_engine_torque_at_several_rpm(hatch):
    e = hatch.drivetrain.engine  # bell exp(-((rpm - 4500) / 3000)^2), floor 10% of 350 Nm
    assert dtr.engine_torque_nm(e, 4500, 1.0) == pytest.approx(350.0)
    assert dtr.engine_torque_nm(e, 1000, 1.0) == pytest.approx(350 * math.exp(-(3500 / 3000) ** 2))  # 89.73 Nm
    assert dtr.engine_torque_nm(e, 1000, 1.0) == pytest.approx(89.73, abs=0.01)
    assert dtr.engine_torque_nm(e, 6000, 0.5) == pytest.approx(0.5 * 350 * math.exp(-0.25))  # 136.3 Nm at half throttle
    assert dtr.torque_curve_nm(e, 15000) == pytest.approx(35.0)  # never below 10% of the peak
    assert dtr.engine_torque_nm(e, 7000, 1.0) == pytest.approx(350 * math.exp(-(2500 / 3000) ** 2))  # 174.8 Nm
    assert dtr.engine_torque_nm(e, 7800, 1.0) == 0.0  # the limiter cuts at the redline
    assert dtr.engine_torque_nm(e, 4500, 0.0) == 0.0


def test_friction_grows_from_15_to_65_nm(hatch):
    e = hatch.drivetrain.engine
    assert dtr.friction_torque_nm(e, 1000) == 15.0
    assert dtr.friction_torque_nm(e, 4400) == pytest.approx(40.0)  # halfway from idle to the 7800 redline
    assert dtr.friction_torque_nm(e, 7800) == 65.0
    assert dtr.friction_torque_nm(e, 500) == 15.0


def test_clutch_capacity_is_600_nm_times_engagement(hatch):
    cl = hatch.drivetrain.clutch
    assert dtr.clutch_torque_nm(cl, 1.0, 350.0) == 350.0
    assert dtr.clutch_torque_nm(cl, 0.5, 350.0) == 300.0  # the rest slips
    assert dtr.clutch_torque_nm(cl, 0.5, -400.0) == -300.0  # engine braking through it too
    assert dtr.clutch_torque_nm(cl, 0.0, 350.0) == 0.0


def test_gear_ratios_to_wheel_force(hatch):
    g = hatch.drivetrain.gearing
    assert g.total(1) == pytest.approx(11.9) and g.total(5) == pytest.approx(2.72) and g.total(-1) == pytest.approx(-10.2)
    assert g.total(0) == 0.0
    # 100 Nm through the clutch in 1st: 100 x 3.5 x 3.4 = 1190 Nm at the axle, / 0.33 m = 3606 N
    assert 100.0 * g.total(1) / hatch.wheel_radius_m == pytest.approx(3606.06, abs=0.01)
    # the engine rpm the wheels impose: 10 m/s / 0.33 m = 30.3 rad/s x 11.9 = 360.6 rad/s = 3443.5 rpm
    assert dtr.drivetrain_rpm(10.0, 0.33, g.total(1)) == pytest.approx(3443.5, abs=0.1)
    # the limiter in 1st: 7800 rpm = 816.8 rad/s / 11.9 x 0.33 m = 22.65 m/s = 81.5 km/h
    assert dtr.gear_top_speed_mps(hatch.drivetrain, 1, 0.33) * KMH == pytest.approx(81.5, abs=0.1)


def test_traction_cap_and_wheelspin():
    assert dtr.traction(5000.0, 6000.0, 0.7) == (5000.0, False)
    assert dtr.traction(8000.0, 6000.0, 0.7) == (pytest.approx(4200.0), True)  # past the cap only 70% reaches the ground
    assert dtr.traction(-8000.0, 6000.0, 0.7) == (pytest.approx(-4200.0), True)
    assert dtr.traction(-8000.0, 6000.0, 0.7, slip_rpm=500.0) == (pytest.approx(4200.0), True)  # wheels faster than the ground push on


def test_rpm_blend_by_engagement_and_free_revving(hatch):
    e, ref = hatch.drivetrain.engine, 1 / 60
    assert dtr.blend_rpm(4000.0, 2000.0, 0.5, ref, ref) == pytest.approx(3000.0)  # Lerp(free, target, 0.5)
    assert dtr.blend_rpm(4000.0, 2000.0, 1.0, ref, ref) == 2000.0
    assert dtr.blend_rpm(4000.0, 2000.0, 0.0, ref, ref) == 4000.0
    half = dtr.blend_rpm(dtr.blend_rpm(4000.0, 2000.0, 0.5, ref / 2, ref), 2000.0, 0.5, ref / 2, ref)
    assert half == pytest.approx(3000.0)  # two half steps land where one whole step does
    assert dtr.free_rpm(e, 5000.0, 0.0, 0.1) == pytest.approx(4650.0)  # falls 3500 rpm/s off throttle
    assert dtr.free_rpm(e, 1100.0, 0.0, 1.0) == 1000.0  # never below idle
    assert dtr.free_rpm(e, 7790.0, 1.0, 1.0) == 7800.0  # nor past the limiter
    assert dtr.free_rpm(e, 1000.0, 0.5, 0.05) == pytest.approx(1200.0)  # half throttle: 8000 x 0.5 rpm/s ...
    assert dtr.free_rpm(e, 4300.0, 0.5, 1.0) == 4400.0  # ... up to halfway from idle to the redline


def test_automatic_clutch_below_3_mps(hatch):
    cl = hatch.drivetrain.clutch
    assert dtr.auto_engagement(cl, 1500.0) == pytest.approx(0.5)  # (1500 - 1000) / 1000
    assert dtr.auto_engagement(cl, 900.0) == 0.0 and dtr.auto_engagement(cl, 2500.0) == 1.0
    assert dtr.engagement(cl, 0.0, 1000.0, 0.0) == 0.0  # open at rest with the engine at idle
    assert dtr.engagement(cl, 0.0, 1500.0, 2.9) == pytest.approx(0.5)
    assert dtr.engagement(cl, 0.0, 1000.0, 3.1) == 1.0  # past 3 m/s it engages fully
    assert dtr.engagement(cl, 0.7, 5000.0, 20.0) == pytest.approx(0.3)  # the pedal
    kart = Clutch(45, 3.0, 2400, 1600, True, 0.2, 1 / 60)
    assert dtr.engagement(kart, 0.0, 3200.0, 20.0) == pytest.approx(0.5)  # centrifugal: at every speed
    assert dtr.engagement(kart, 1.0, 3200.0, 20.0) == pytest.approx(0.5)  # ... and it has no pedal


def test_pacejka_curve(hatch):
    t = hatch.drivetrain.tyres
    load = 5900.0

    def magic(a):  # D sin(C atan(B a - E (B a - atan(B a)))), by hand
        bx = 1.5 * a
        return load * math.sin(1.9 * math.atan(bx - 0.97 * (bx - math.atan(bx))))

    for deg in (1, 5, 10, 20, 40, 70, 90):
        assert tyres.pacejka_n(t, math.radians(deg), load) == pytest.approx(magic(math.radians(deg)))
    # the note's second fault: at 40 degrees of slip about 5,700 N of lateral force
    assert tyres.pacejka_n(t, math.radians(40), load) == pytest.approx(5688, abs=5)
    assert tyres.pacejka_n(t, -0.3, load) == -tyres.pacejka_n(t, 0.3, load) and tyres.pacejka_n(t, 0.0, load) == 0.0
    peak = max(tyres.pacejka_n(t, math.radians(d / 10), load) for d in range(0, 1200))
    assert peak == pytest.approx(load, rel=1e-3)  # D = pacejka_d (1.0) x load
    assert tyres.pacejka_n(t, math.radians(10), 2 * load) == pytest.approx(2 * tyres.pacejka_n(t, math.radians(10), load))


def test_load_transfer_sign_and_floor(hatch):
    m, L, a, h = hatch.mass_kg, hatch.wheelbase_m, hatch.drivetrain.chassis.cg_to_front_m, 0.55
    w = m * 9.80665
    front0, rear0 = tyres.axle_loads(w, m, a, L, h, 0.0, 0.2)
    assert front0 == pytest.approx(w * (L - a) / L) and rear0 == pytest.approx(w * a / L)
    front, rear = tyres.axle_loads(w, m, a, L, h, 3.0, 0.2)  # speeding up: m a h / L moves to the rear
    assert rear - rear0 == pytest.approx(m * 3.0 * h / L) and front + rear == pytest.approx(w)
    front, rear = tyres.axle_loads(w, m, a, L, h, -8.0, 0.2)  # braking: to the front
    assert front > front0 and rear < rear0
    front, rear = tyres.axle_loads(w, m, a, L, h, -60.0, 0.2)  # far past: each axle keeps 20%
    assert rear == pytest.approx(0.2 * w) and front == pytest.approx(0.8 * w)
    front, rear = tyres.axle_loads(w, m, a, L, h, 60.0, 0.2)
    assert front == pytest.approx(0.2 * w)


def test_bicycle_model_radius():
    # 2.45 m wheelbase at 36 degrees of lock: the rear axle circles on 2.45 / tan 36 = 3.372 m
    assert tyres.turn_radius_m(math.radians(36), 2.45) == pytest.approx(3.372, abs=1e-3)
    assert tyres.bicycle_yaw_rate(2.0, math.radians(36), 2.45) == pytest.approx(2.0 / 3.372, rel=1e-3)
