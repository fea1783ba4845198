"""The simulation model driven by scripted inputs: the note's figure, not the note's two faults, shifting,
the bicycle model, drifts that scoring sees, surfaces, reverse, and an exact replay."""

from __future__ import annotations

import math

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.controls import Controls
from game.sim.judges.scoring import DriftScorer
from game.sim.models import tyres
from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify
from game.sim.session import Session
from game.sim.world import FlatWorld

KMH_PER_MPS = 3.6  # km/h in one m/s
FLOOR = Controls(throttle=1.0)


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def sim(catalog, car="hatch", surface="asphalt", hz=120.0) -> Session:
    return Session(catalog, car, FlatWorld(surface), hz=hz, model="sim")


def hold(s: Session, c: Controls, seconds: float) -> list:
    out = []
    for _ in range(int(round(seconds / s.dt))):
        out += s.step(c)
    return out


def until(s: Session, c: Controls, done, limit_s: float) -> float:
    """Hold controls until done(state) or the limit; the time it took."""
    for _ in range(int(round(limit_s / s.dt))):
        s.step(c)
        if done(s.state):
            return s.t
    raise AssertionError(f"not reached in {limit_s} s")


def test_the_notes_first_gear_figure(catalog):
    # docs/reference/000-manual-car.md: "in about 6 seconds of 1st it reaches 67.8 km/h, at 6,800 rpm"
    s = sim(catalog)
    t = until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 67.8, 10.0)
    assert 5.5 <= t <= 6.5
    assert s.state.telemetry.gear == 1
    assert s.state.telemetry.rpm == pytest.approx(6800, abs=150)


def test_the_notes_second_and_third_gear_figures(catalog):
    # note 000: "In the screenshots the car goes past 134.6 km/h in 2nd and 155.9 km/h in 3rd"
    s = sim(catalog)
    until(s, FLOOR, lambda st: st.telemetry.rpm >= 7400, 10.0)  # 1st wound out
    for gear, kmh, limit_s in ((2, 134.6, 20.0), (3, 155.9, 10.0)):
        hold(s, Controls(clutch=1.0, gear=gear), 0.3)
        until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS > kmh, limit_s)
        assert s.state.telemetry.gear == gear
        assert s.state.telemetry.rpm < s.car.drivetrain.engine.redline_rpm


def test_coasting_with_the_clutch_pressed_keeps_rolling(catalog):
    # the note's first fault: at 11.1 km/h, three frames after pressing the clutch, the speed was zero
    s = sim(catalog)
    until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 11.1, 5.0)
    v0 = s.state.forward
    hold(s, Controls(clutch=1.0), 3 / 120)
    assert s.state.forward > v0 - 0.05
    hold(s, Controls(clutch=1.0), 1.0)
    # only rolling resistance (0.015 g) and a little air drag slow it: about 0.15 m/s^2
    assert s.state.forward == pytest.approx(v0 - 0.15 * (1.0 + 3 / 120), abs=0.05)
    hold(s, Controls(clutch=1.0), 30.0)
    assert s.state.forward == 0.0  # and it does come to rest


def test_full_lock_in_first_drives_a_tight_circle(catalog):
    # the note's second fault: full lock, 1st, throttle floored, and the car sat at 0.7 km/h
    s = sim(catalog)
    speeds, turned, far = [], 0.0, 0.0
    for _ in range(int(10.0 / s.dt)):
        before = s.state.heading
        s.step(Controls(throttle=1.0, steer=1.0))
        turned += (s.state.heading - before + math.pi) % (2 * math.pi) - math.pi
        speeds.append(s.state.speed)
        far = max(far, math.hypot(s.state.x, s.state.z))
    assert sum(speeds) / len(speeds) * KMH_PER_MPS > 15.0  # moving, not pinned at walking pace
    assert turned > 3 * math.pi  # round and round (1.8 turns in 10 s)
    assert far < 15.0  # on a tight circle


def test_the_bicycle_model_turns_on_its_radius_at_low_speed(catalog):
    car = catalog.cars["hatch"]
    rear = tyres.turn_radius_m(math.radians(car.max_wheel_angle_deg), car.wheelbase_m)  # 2.45 / tan 36 = 3.372 m
    b = car.wheelbase_m - car.drivetrain.chassis.cg_to_front_m
    cg_radius = math.hypot(rear, b)  # the centre of gravity circles outside the rear axle: 3.69 m
    s = sim(catalog)
    for step in range(int(10.0 / s.dt)):  # creep at full lock: below 3 m/s the yaw is pure geometry
        s.step(Controls(throttle=0.3 if s.state.speed < 2.0 else 0.0, steer=1.0))
        if step * s.dt > 3.0:
            assert s.state.speed < 3.0 and s.state.telemetry.bicycle
            assert s.state.speed / abs(s.state.yaw_rate) == pytest.approx(cg_radius, rel=0.02)
    assert s.state.speed > 1.0


def test_a_gear_request_is_taken_only_with_the_clutch_pressed(catalog):
    s = sim(catalog)
    assert s.state.telemetry.gear == 1
    hold(s, Controls(gear=0), 0.1)  # at rest at idle the automatic clutch is open: taken
    assert s.state.telemetry.gear == 0
    hold(s, Controls(gear=1), 0.1)
    until(s, FLOOR, lambda st: st.forward > 12.0, 6.0)
    hold(s, Controls(throttle=1.0, gear=2), 0.5)  # clutch engaged: ignored
    assert s.state.telemetry.gear == 1
    hold(s, Controls(clutch=1.0, gear=2), 0.05)
    assert s.state.telemetry.gear == 2
    hold(s, Controls(clutch=1.0, gear=7), 0.05)  # a gear the hatch does not have
    assert s.state.telemetry.gear == 2
    hold(s, Controls(clutch=1.0), 0.05)  # no request keeps the gear
    assert s.state.telemetry.gear == 2


def test_shifting_up_drops_the_rpm_by_the_ratio(catalog):
    s = sim(catalog)
    until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 60.0, 8.0)
    hold(s, Controls(clutch=1.0, gear=2), 0.2)
    hold(s, Controls(throttle=0.3), 0.5)
    tel = s.state.telemetry
    ground = s.state.forward / 0.33 * 2.0 * 3.4 * 60 / (2 * math.pi)
    assert tel.gear == 2 and tel.rpm == pytest.approx(ground, rel=0.06)  # locked to the wheels (plus tyre slip)


def test_lifting_brakes_with_the_engine(catalog):
    def decel(clutch: float) -> float:
        s = sim(catalog)
        until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 50.0, 8.0)
        v = s.state.forward
        hold(s, Controls(clutch=clutch), 1.0)
        return v - s.state.forward

    engine_braking, coasting = decel(0.0), decel(1.0)
    assert engine_braking > coasting + 0.5  # friction torque x ratio through the wheels


def test_reverse_needs_the_reverse_gear(catalog):
    s = sim(catalog)
    hold(s, Controls(brake=1.0), 1.0)
    assert s.state.speed == 0.0  # braking at rest does not reverse, unlike the arcade car
    hold(s, Controls(gear=-1), 0.1)
    hold(s, FLOOR, 2.0)
    assert s.state.telemetry.gear == -1 and s.state.forward < -1.0
    ice = sim(catalog, surface="ice")  # spinning wheels in reverse still push backwards
    hold(ice, Controls(gear=-1), 0.1)
    spun = 0
    for _ in range(int(3.0 / ice.dt)):
        ice.step(FLOOR)
        spun += ice.state.telemetry.wheelspin
        assert ice.state.forward <= 0.0
    assert spun > 0 and ice.state.forward < -2.0


def test_slick_surfaces_cut_traction(catalog):
    times = {}
    for surface in ("asphalt", "ice"):
        s = sim(catalog, surface=surface)
        times[surface] = until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 40.0, 30.0)
    assert times["ice"] > 2.5 * times["asphalt"]


def _up_to_second(s: Session) -> None:
    until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 60.0, 8.0)
    hold(s, Controls(clutch=1.0, gear=2), 0.3)
    until(s, FLOOR, lambda st: st.forward * KMH_PER_MPS >= 75.0, 4.0)


def drift_holder(s: Session, side: float, aim_deg: float = 35.0) -> Controls:
    """A driver holding a slide to one side (-1: the car slides to its left): front wheels pointed between
    the travel and the aimed slide angle (counter-steer), the yaw damped, throttle down."""
    st = s.state
    beta = math.atan2(st.lateral, max(abs(st.forward), 1.0))
    aim = side * math.radians(aim_deg)
    steer = (0.4 * beta + 0.6 * aim) / math.radians(s.car.max_wheel_angle_deg) - 0.4 * st.yaw_rate
    return Controls(throttle=1.0, steer=max(-1.0, min(1.0, steer)))


def test_a_handbrake_flick_starts_a_drift_that_throttle_and_counter_steer_hold(catalog, rules):
    s = sim(catalog)
    scorer = DriftScorer(rules)
    _up_to_second(s)
    flick = s.t
    hold(s, Controls(throttle=0.3, steer=0.8, handbrake=True), 0.3)
    longest, start, first = 0.0, s.t if s.state.drifting else None, s.t if s.state.drifting else None
    for _ in range(int(5.0 / s.dt)):
        events = s.step(drift_holder(s, side=-1.0))  # flicked to the right, the tail swings out: it slides left
        scorer.update(s.state, events, s.dt)
        for e in events:
            if e.kind == "drift_start":
                start = e.t
                first = e.t if first is None else first
            elif e.kind == "drift_end" and start is not None:
                longest, start = max(longest, e.t - start), None
    if start is not None:
        longest = max(longest, s.t - start)
    assert first is not None and first - flick < 0.6  # the flick starts it
    assert longest >= 2.5  # throttle and counter-steer hold it
    scorer.finish(s.state.t)
    assert scorer.banked > 0  # scoring sees it like any drift


def test_the_automatic_keeps_third_through_a_long_drift(catalog):
    from game.sim.gearbox_assist import AUTOMATIC, GearboxAssist

    s = sim(catalog)
    assist = GearboxAssist(AUTOMATIC, s.model.gearbox(s.car))

    def step(c: Controls) -> None:  # as the game drives: the assist between the driver and the car
        tel = s.state.telemetry
        s.step(assist.step(c, tel.gear, tel.rpm, s.state.forward, s.dt, sliding=s.state.drifting))

    for _ in range(int(12.0 / s.dt)):  # floored from rest: the automatic takes it up to 3rd, about 130 km/h
        step(FLOOR)
    assert s.state.telemetry.gear == 3
    for _ in range(int(0.3 / s.dt)):
        step(Controls(throttle=0.3, steer=0.8, handbrake=True))
    gears, sliding_s = set(), 0.0
    for _ in range(int(5.0 / s.dt)):  # the slide bleeds the speed to about 55 km/h, where 3rd's revs sag to 2,200
        step(drift_holder(s, side=-1.0))
        gears.add(s.state.telemetry.gear)
        sliding_s += s.dt * s.state.drifting
    assert sliding_s > 4.0 and gears == {3}  # it used to shift down twice and up again, each with a clutch dip
    for _ in range(int(3.0 / s.dt)):  # grip again, coasting: now it may shift down
        step(Controls(throttle=0.1))
    assert s.state.telemetry.gear < 3


def test_a_clutch_kick_spins_the_rear_wheels(catalog):
    def third_gear() -> Session:
        s = sim(catalog)
        _up_to_second(s)
        hold(s, Controls(clutch=1.0, gear=3), 0.3)
        hold(s, Controls(throttle=1.0), 1.0)
        return s

    plain = third_gear()
    spins = sum(plain.step(FLOOR) is not None and plain.state.telemetry.wheelspin for _ in range(60))
    assert spins == 0  # in 3rd, flooring it alone does not break the rear loose
    kicked = third_gear()
    hold(kicked, Controls(throttle=1.0, clutch=1.0), 0.25)  # clutch in, revs up ...
    spins = 0
    for k in range(1, 11):  # ... and let out over 0.1 s
        kicked.step(Controls(throttle=1.0, clutch=1.0 - k / 10))
        spins += kicked.state.telemetry.wheelspin
    for _ in range(60):
        kicked.step(FLOOR)
        spins += kicked.state.telemetry.wheelspin
    assert spins >= 2 and kicked.state.telemetry.rpm < 5000


def test_the_karts_centrifugal_clutch_has_no_pedal_so_it_cannot_be_kicked(catalog):
    # rolling at 40 km/h on the throttle: the revs keep its clutch engaged whatever the pedal and the handbrake say (a
    # car's pedal opens its clutch and its handbrake lets it out); with the clutch in it still pulls, so a kick has
    # nothing to drop, and the handbrake (the kart's rear brake) brakes the wheels against the engine
    def rolling() -> Session:
        s = sim(catalog, "kart")
        while s.state.speed < 40.0 / KMH_PER_MPS:
            s.step(FLOOR)
        return s

    floored, pedal = rolling(), rolling()
    hold(floored, FLOOR, 0.5)
    hold(pedal, Controls(throttle=1.0, clutch=1.0), 0.5)
    assert pedal.state.speed == floored.state.speed and pedal.state.telemetry.rpm == floored.state.telemetry.rpm
    assert pedal.state.telemetry.clutch > 0.5 and pedal.state.telemetry.clutch_torque_nm > 5.0
    lever = rolling()
    hold(lever, Controls(throttle=1.0, handbrake=True), 0.2)
    tel = lever.state.telemetry
    assert tel.clutch > 0.2 and tel.clutch_torque_nm > 5.0, (tel.clutch, tel.clutch_torque_nm)
    hatch = sim(catalog)
    _up_to_second(hatch)
    hold(hatch, Controls(throttle=1.0, clutch=1.0), 0.5)
    assert hatch.state.telemetry.clutch == 0.0 and hatch.state.telemetry.clutch_torque_nm == 0.0


def test_an_exact_replay_of_a_simulation_model_session(catalog, rules):
    run = DriftRun(RunSetup(catalog, "hatch", FlatWorld("asphalt"), rules, mode="free", model="sim"))
    plan = [(FLOOR, 5.0), (Controls(clutch=1.0, gear=2), 0.3), (FLOOR, 2.0), (Controls(throttle=0.4, steer=0.8, handbrake=True), 0.3)]
    plan += [(Controls(throttle=1.0, steer=-0.3 + 0.1 * k, clutch=0.1 * (k % 3)), 0.25) for k in range(8)]
    for c, seconds in plan:
        for _ in range(int(seconds * 120)):
            run.step(c)
    run.finish()
    replay = run.recorder.finish(run.session.state, run.score)
    back = Replay.from_bytes(replay.to_bytes())
    assert back.model == "sim" and any(c.gear == 2 for _, c in back.changes) and any(c.clutch > 0 for _, c in back.changes)
    state, score = verify(back, catalog, FlatWorld("asphalt"), rules)
    assert state.as_dict() == run.session.state.as_dict() and score == run.score > 0
    assert back.matches(state, score)
