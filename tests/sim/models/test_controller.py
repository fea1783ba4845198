"""The arcade controller against hand-computed answers from the drift-physics note (docs/reference/001-drift-physics.md)."""

from __future__ import annotations

import math

import pytest

from game.sim import step_events as ev
from game.sim.controls import Controls
from tests.support.simdrive import drive, flat_session, set_velocity

NEUTRAL = Controls()


@pytest.mark.parametrize("hz", [60.0, 120.0, 240.0, 333.0])
def test_lateral_decay_is_exponential_in_grip_whatever_the_step_rate(catalog, hz):
    s = flat_session(catalog, "hatch", hz=hz)
    set_velocity(s.state, 0.0, 5.0)
    drive(s, NEUTRAL, 1.0)
    grip = catalog.cars["hatch"].grip  # asphalt: slickness 1, not off-road
    assert s.state.lateral == pytest.approx(5.0 * math.exp(-grip), rel=1e-9)


def test_snow_grip_combines_slickness_and_offroad_factor(catalog):
    s = flat_session(catalog, "hatch", surface="snow")
    set_velocity(s.state, 0.0, 5.0)
    drive(s, NEUTRAL, 0.5)
    car, snow = catalog.cars["hatch"], catalog.surfaces["snow"]
    assert snow.slickness == 0.82
    grip_eff = car.grip * 0.82 * (snow.offroad_grip + (1 - snow.offroad_grip) * car.offroad)
    assert s.state.telemetry.grip_eff == pytest.approx(grip_eff)
    assert s.state.lateral == pytest.approx(5.0 * math.exp(-grip_eff * 0.5), rel=1e-9)


def test_full_handbrake_multiplies_grip_by_handbrake_grip(catalog):
    s = flat_session(catalog, "hatch")
    drive(s, Controls(handbrake=True), 0.5)  # longer than handbrake_engage_s: fully on
    assert s.state.handbrake == 1.0
    set_velocity(s.state, 0.0, 5.0)
    drive(s, Controls(handbrake=True), 1.0)
    grip_eff = catalog.cars["hatch"].grip * catalog.handling.handbrake_grip
    assert catalog.handling.handbrake_grip == 0.22
    assert s.state.lateral == pytest.approx(5.0 * math.exp(-grip_eff), rel=1e-9)


def test_handbrake_eases_in_and_out_instead_of_switching(catalog):
    h = catalog.handling
    s = flat_session(catalog)
    s.step(Controls(handbrake=True))
    assert 0.0 < s.state.handbrake < 1.0
    drive(s, Controls(handbrake=True), h.handbrake_engage_s)
    assert s.state.handbrake == 1.0
    drive(s, NEUTRAL, h.handbrake_release_s / 2)
    assert s.state.handbrake == pytest.approx(0.5, abs=0.02)
    drive(s, NEUTRAL, h.handbrake_release_s)
    assert s.state.handbrake == 0.0


def test_airborne_grip_is_six_percent(catalog):
    s = flat_session(catalog)
    s.state.y = 50.0  # dropped from high: airborne for a while
    s.step(NEUTRAL)
    assert s.state.airborne
    set_velocity(s.state, 0.0, 5.0)
    drive(s, NEUTRAL, 1.0)
    assert s.state.airborne
    assert s.state.lateral == pytest.approx(5.0 * math.exp(-catalog.cars["hatch"].grip * 0.06), rel=1e-9)


def test_free_fall_follows_gravity_and_lands_with_an_event(catalog):
    s = flat_session(catalog)
    s.state.y = 15.0
    events = drive(s, NEUTRAL, 0.5)
    assert s.state.y == pytest.approx(15.0 - 0.5 * 30.0 * 0.5**2, abs=0.15)
    events = drive(s, NEUTRAL, 1.0)
    landed = [e for e in events if e.kind == ev.LANDED]
    assert len(landed) == 1 and landed[0].value == pytest.approx(math.sqrt(2 * 30 * 15), rel=0.03)
    assert not s.state.airborne and s.state.y == 0.0


def test_yaw_rate_matches_the_reference_formula(catalog):
    h, car = catalog.handling, catalog.cars["hatch"]
    for v in (3.0, 20.0, 38.0):
        s = flat_session(catalog)
        set_velocity(s.state, v, 0.0)
        s.state.steer_wheel = 1.0
        s.step(Controls(steer=1.0))
        f = s.state.forward
        expect = 1.0 * h.steer_rate_radps * car.steer * min(abs(f) / h.steer_ref_speed_mps, 1) * (1 - h.high_speed_tame * min(abs(f) / car.top_speed, 1))
        assert s.state.yaw_rate == pytest.approx(expect, rel=2e-3)
    # the handbrake multiplies it by handbrake_yaw
    s = flat_session(catalog)
    drive(s, Controls(handbrake=True), 0.3)
    set_velocity(s.state, 20.0, 0.0)
    s.state.steer_wheel = 1.0
    s.step(Controls(steer=1.0, handbrake=True))
    f = s.state.forward
    base = h.steer_rate_radps * car.steer * min(f / h.steer_ref_speed_mps, 1) * (1 - h.high_speed_tame * f / car.top_speed)
    assert s.state.yaw_rate == pytest.approx(base * h.handbrake_yaw, rel=2e-3)


def test_no_steering_authority_at_rest(catalog):
    s = flat_session(catalog)
    drive(s, Controls(steer=1.0), 1.0)
    assert s.state.heading == 0.0


@pytest.mark.parametrize("hz", [60.0, 240.0])
def test_steering_wheel_eases_toward_input_frame_rate_independently(catalog, hz):
    s = flat_session(catalog, hz=hz)
    drive(s, Controls(steer=1.0), 0.25)
    assert s.state.steer_wheel == pytest.approx(1 - math.exp(-catalog.handling.steer_smooth_per_s * 0.25), rel=1e-9)


def test_steer_right_turns_clockwise_seen_from_above(catalog):
    s = flat_session(catalog)
    drive(s, Controls(throttle=1.0), 1.0)
    drive(s, Controls(throttle=0.5, steer=1.0), 0.5)
    assert s.state.heading > 0.1  # heading grows clockwise: toward +x
    assert s.state.x > 0.0


def test_reverse_brake_to_a_stop_then_back_up_and_steering_swaps(catalog):
    s = flat_session(catalog)
    drive(s, Controls(throttle=1.0), 1.0)
    assert s.state.forward > 10
    drive(s, Controls(brake=1.0), 0.2)
    assert s.state.forward > 0  # still braking, not yet reversing
    drive(s, Controls(brake=1.0), 3.0)
    assert -catalog.handling.reverse_top_speed_mps - 0.01 <= s.state.forward < -3.0
    h0 = s.state.heading
    drive(s, Controls(brake=1.0, steer=1.0), 0.5)
    assert s.state.heading < h0  # wheel right while reversing: the nose swings left


def test_braking_deceleration_is_brake_power_plus_drag(catalog):
    h = catalog.handling
    s = flat_session(catalog)
    set_velocity(s.state, 30.0, 0.0)
    s.step(Controls(brake=1.0))
    decel = (30.0 - s.state.forward) / s.dt
    assert decel == pytest.approx(h.brake_decel_mps2 + h.drag(30.0), rel=1e-3)


def test_top_speed_reached_and_not_exceeded_on_asphalt(catalog):
    for cid, car in catalog.cars.items():
        s = flat_session(catalog, cid)
        drive(s, Controls(throttle=1.0), 15.0)
        assert car.top_speed * 0.97 <= s.state.speed <= car.top_speed * 1.001, cid


def test_low_offroad_bogs_down_to_about_55_percent_on_grass(catalog):
    grass = catalog.surfaces["grass"]
    assert grass.offroad_top_speed == 0.55
    vortex = catalog.cars["vortex_gt"]
    s = flat_session(catalog, "vortex_gt", surface="grass")
    drive(s, Controls(throttle=1.0), 15.0)
    assert s.state.speed / vortex.top_speed == pytest.approx(0.55 + 0.45 * vortex.offroad, abs=0.01)
    assert s.state.speed / vortex.top_speed < 0.58
    # a car arriving fast on grass bogs down over a moment, not in one step
    s = flat_session(catalog, "vortex_gt", surface="grass")
    set_velocity(s.state, vortex.top_speed, 0.0)
    s.step(Controls(throttle=1.0))
    assert s.state.speed > 0.95 * vortex.top_speed
    drive(s, Controls(throttle=1.0), 4.0)
    assert s.state.speed < 0.6 * vortex.top_speed


def test_drift_state_starts_and_ends_at_separate_thresholds(catalog):
    h = catalog.handling
    s = flat_session(catalog)
    set_velocity(s.state, 20.0, h.drift_side_speed_mps + 0.5)
    events = s.step(Controls(throttle=1.0))
    assert s.state.drifting and [e.kind for e in events] == [ev.DRIFT_START]
    set_velocity(s.state, 20.0, (h.drift_side_speed_mps + h.drift_end_side_speed_mps) / 2)
    assert not s.step(Controls(throttle=1.0)) and s.state.drifting  # between thresholds: still drifting
    set_velocity(s.state, 20.0, h.drift_end_side_speed_mps - 0.5)
    events = s.step(Controls(throttle=1.0))
    assert not s.state.drifting and [e.kind for e in events] == [ev.DRIFT_END]


def test_handbrake_turn_kicks_the_tail_out(catalog):
    s = flat_session(catalog)
    drive(s, Controls(throttle=1.0), 2.5)
    events = drive(s, Controls(throttle=0.6, steer=1.0, handbrake=True), 0.6)
    assert any(e.kind == ev.DRIFT_START for e in events)
    assert abs(math.degrees(s.state.drift_angle)) > 15


def test_landing_grip_is_reduced_then_recovers(catalog):
    h = catalog.handling
    s = flat_session(catalog)
    s.state.y = 2.0
    drive(s, NEUTRAL, 0.6)
    assert not s.state.airborne and s.state.telemetry.grip_landing < 1.0
    drive(s, NEUTRAL, h.landing_recovery_s + 0.05)
    set_velocity(s.state, 10.0, 0.0)
    s.step(NEUTRAL)
    assert s.state.telemetry.grip_landing == 1.0


def test_session_time_is_exact_step_count_times_dt(catalog):
    s = flat_session(catalog, hz=120.0)
    drive(s, Controls(throttle=1.0), 10.0)
    assert s.t == 1200 / 120.0 and s.state.t == s.t
