"""Rumble and wheel force from scripted drives: a wall, a landing, rough ground, wheelspin, the limiter, a steady corner."""

from __future__ import annotations

import pytest

from game.content.feedback_tuning import load_feedback
from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.feedback import TUNING, FeedbackState, front_peak_slip_rad
from game.sim.session import Session
from game.sim.world import FlatWorld
from tests.support.simdrive import set_velocity

FRAME = 1 / 60


def feed(session, fb, controls, seconds, **kw):
    """Drive in 60 Hz frames of sim steps, feeding the feedback each frame; every frame's Feedback."""
    out = []
    per = round(FRAME / session.dt)
    for _ in range(round(seconds / FRAME)):
        events = []
        for _ in range(per):
            events += session.step(controls)
        out.append(fb.frame(events, session.state, controls, FRAME, **kw))
    return out


def sim_feedback(catalog, car, model="sim", surface="asphalt"):
    spec = catalog.car(car)
    s = Session(catalog, car, FlatWorld(surface), model=model)
    rough = [k for k, v in catalog.surfaces.items() if v.offroad]
    return s, FeedbackState(rough_surfaces=rough, redline_rpm=s.model.gearbox(spec).redline_rpm,
                            peak_slip_rad=front_peak_slip_rad(spec) if model == "sim" else None)


def test_the_shipped_tuning_file_is_the_default():
    assert load_feedback() == TUNING


@pytest.mark.parametrize("model", ["arcade", "sim"])
def test_driving_into_a_wall_thumps_by_the_impact_speed_then_fades(catalog, park, model):
    peaks = []
    for x0, speed, throttle in ((196.0, 3.0, 0.0), (185.0, 16.0, 1.0)):  # facing the outer wall at x = 200: a nudge, a crash
        s = Session(catalog, "hatch", park, spawn=(x0, 100.0, 90.0), model=model)
        set_velocity(s.state, speed, 0.0)
        fb, frames, impact = FeedbackState(), [], None
        per = round(FRAME / s.dt)
        for _ in range(120):
            events = [e for _ in range(per) for e in s.step(Controls(throttle=throttle))]
            impact = impact or next((e.value for e in events if e.kind == ev.WALL_HIT), None)
            frames.append(fb.frame(events, s.state, Controls(throttle=throttle), FRAME))
        hit = next(i for i, f in enumerate(frames) if f.low > 0.0)
        assert frames[hit].low == pytest.approx(min(1.0, impact / TUNING.wall_full_mps))
        assert frames[hit].high >= frames[hit].low * TUNING.impact_high_share - 1e-9  # (plus any wheelspin buzz)
        assert frames[hit + 20].low < 0.2 * frames[hit].low  # a thump: a third of a second later it is mostly gone
        peaks.append(frames[hit].low)
    assert peaks[0] < 0.9 and peaks[1] == 1.0


def test_a_landing_and_a_car_contact_rumble_the_low_motor():
    fb, state = FeedbackState(), CarState()
    f = fb.frame([ev.Event(ev.LANDED, 0.0, 0.0, 0.0, -2.5)], state, Controls(), FRAME)
    assert f.low == pytest.approx(2.5 / TUNING.land_full_mps) and f.high < f.low
    other = fb.frame([ev.Event(ev.WALL_HIT, 0.0, 0.0, 0.0, 20.0, car=1)], state, Controls(), FRAME)  # an AI car's hit
    assert other.low < f.low
    fb = FeedbackState()
    bump = fb.frame([ev.Event(ev.CAR_HIT, 0.0, 0.0, 0.0, 3.0, "1", car=0)], state, Controls(), FRAME)  # the player's bumper tap
    assert bump.low == pytest.approx(3.0 / TUNING.car_full_mps)


def test_rough_ground_buzzes_with_speed_and_asphalt_does_not(catalog):
    for surface, buzz in (("grass", True), ("asphalt", False)):
        s, fb = sim_feedback(catalog, "hatch", "arcade", surface)
        frames = feed(s, fb, Controls(throttle=1.0), 4.0)
        if buzz:
            assert 0.0 < frames[10].high < frames[-1].high <= TUNING.rough_high
        else:
            assert max(f.high for f in frames) == 0.0 and max(f.low for f in frames) == 0.0


def test_a_launch_with_wheelspin_buzzes_while_the_tyres_spin(catalog):
    s, fb = sim_feedback(catalog, "bruiser_v8")
    frames = feed(s, fb, Controls(throttle=1.0, clutch=1.0, gear=1), 0.1)
    frames += feed(s, fb, Controls(throttle=1.0), 0.5)
    spinning = [f.high for f in frames if f.high > 0]
    assert spinning and max(spinning) >= TUNING.wheelspin_high * 0.99
    easy = feed(s, fb, Controls(throttle=0.0), 1.0)
    assert easy[-1].high == 0.0  # off the throttle the tyres hook up: silent


def test_the_rev_limiter_buzzes_and_a_pause_silences_everything(catalog):
    s, fb = sim_feedback(catalog, "vortex_gt")
    frames = feed(s, fb, Controls(throttle=1.0, clutch=1.0), 2.0)  # clutch in, foot down: revs to the limiter
    assert s.state.telemetry.rpm >= 0.985 * fb.redline_rpm
    assert frames[-1].high == pytest.approx(TUNING.limiter_high)
    paused = feed(s, fb, Controls(throttle=1.0, clutch=1.0), 0.2, paused=True)
    assert all(f.low == 0.0 and f.high == 0.0 for f in paused)
    half = feed(s, fb, Controls(throttle=1.0, clutch=1.0), 0.1, rumble_strength=0.5)
    assert half[-1].high == pytest.approx(TUNING.limiter_high * 0.5)


@pytest.mark.parametrize("model", ["arcade", "sim"])
def test_a_steady_corner_pulls_the_wheel_back_against_the_steer(catalog, model):
    for steer in (0.1, -0.1):
        s, fb = sim_feedback(catalog, "vortex_gt", model)
        feed(s, fb, Controls(throttle=0.4), 4.0)
        f = feed(s, fb, Controls(throttle=0.2, steer=steer), 3.0)[-1]
        spring = -TUNING.spring * s.state.steer_wheel
        assert f.torque * steer < 0.0  # against the steer
        assert abs(f.torque) > 1.5 * abs(spring)  # and the tyres' aligning torque is most of it, not just the spring
        if model == "sim":
            tel = s.state.telemetry
            assert tel.lat_force_front_n * steer > 0  # the front pushes into the corner ...
            assert fb.aligning(s.state) * tel.lat_force_front_n < 0  # ... and its aligning torque turns the wheel back


def test_the_wheel_goes_light_as_the_front_washes_out(catalog):
    """Past the front tyres' peak slip only the caster's trail is left: less pull per unit of cornering force."""
    s, fb = sim_feedback(catalog, "vortex_gt")
    feed(s, fb, Controls(throttle=0.4), 4.0)
    ratios = []
    for steer in (0.1, 1.0):
        feed(s, fb, Controls(throttle=0.4, steer=steer), 1.5)
        tel = s.state.telemetry
        ratios.append((abs(tel.slip_angle_front_rad), abs(fb.aligning(s.state)) / abs(tel.lat_force_front_n / tel.load_front_n)))
    (slip_low, pull_low), (slip_high, pull_high) = ratios
    assert slip_low < fb.peak_slip_rad < slip_high
    assert pull_high == pytest.approx(TUNING.align * (1 - TUNING.pneumatic_share)) and pull_high < 0.5 * pull_low


def test_at_rest_or_paused_only_the_spring_centres_the_wheel(catalog):
    s, fb = sim_feedback(catalog, "vortex_gt")
    s.state.steer_wheel = 0.5
    f = fb.frame([], s.state, Controls(steer=0.5), FRAME, paused=True, force_strength=0.5)
    assert f.torque == pytest.approx(-TUNING.spring * 0.5 * 0.5)


def test_arcade_buzzes_for_a_slide_under_power_in_place_of_wheelspin(catalog):
    s, fb = sim_feedback(catalog, "hatch", "arcade")
    feed(s, fb, Controls(throttle=1.0), 1.5)
    grip = feed(s, fb, Controls(throttle=1.0), 0.2)
    assert not s.state.drifting and grip[-1].high == 0.0
    slide = feed(s, fb, Controls(throttle=1.0, steer=1.0, handbrake=True), 0.5)
    assert s.state.drifting and slide[-1].high == pytest.approx(TUNING.wheelspin_high)
