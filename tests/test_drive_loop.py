"""The engine-free drive loop: held keys or a recording drive the run frame by frame, as the drive scene has them do."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.content.settings import DEFAULT_BINDINGS, default_settings
from game.driving.drive_loop import DriveLoop
from game.sim.inputs import parse_inputs
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup
from game.sim.run.verify import verify

HZ = 120.0
THROTTLE = DEFAULT_BINDINGS["throttle"]["keyboard"][0]
RIGHT = DEFAULT_BINDINGS["steer_right"]["keyboard"][0]


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def new_loop(catalog, park, rules, playback=None, mode="free", car="hatch") -> DriveLoop:
    return DriveLoop(DriftRun(RunSetup(catalog, car, park, rules, mode=mode, hz=HZ)), default_settings(), playback=playback)


def test_held_throttle_drives_the_car_forward_in_whole_steps(catalog, park, rules):
    loop = new_loop(catalog, park, rules)
    s = loop.session
    x0, z0, heading = s.state.x, s.state.z, s.state.heading
    for _ in range(90):  # 1.5 s of 60 fps frames
        loop.frame(1 / 60, {THROTTLE: 1})
    moved = (s.state.x - x0) * math.sin(heading) + (s.state.z - z0) * math.cos(heading)  # along the way it faced
    assert s.steps == 180 and loop.controls.throttle == 1.0  # the key pedal ramped all the way down
    assert moved > 3.0 and s.state.speed > 5.0


def test_pausing_freezes_sim_time_and_releases_the_pedals(catalog, park, rules):
    loop = new_loop(catalog, park, rules)
    for _ in range(30):
        loop.frame(1 / 60, {THROTTLE: 1})
    t, pos = loop.session.t, (loop.session.state.x, loop.session.state.z)
    loop.set_paused(True)
    for _ in range(60):
        assert loop.frame(1 / 60, {THROTTLE: 1}).events == []
    assert loop.session.t == t and (loop.session.state.x, loop.session.state.z) == pos
    loop.set_paused(False)
    assert loop.mapper.throttle == 0.0  # held keys ramp up again from released
    loop.frame(1 / 60, {THROTTLE: 1})
    assert loop.session.t == pytest.approx(t + 2 / HZ)


def test_a_recorded_drive_played_through_the_loop_reaches_its_recorded_end(catalog, park, rules):
    live = new_loop(catalog, park, rules)
    held = {THROTTLE: 1}
    for frame in range(240):  # a reset and a turn on the way: the replay must do both
        if frame == 120:
            live.reset_car()
        held[RIGHT] = 1 if 150 <= frame < 200 else 0
        live.frame(1 / 60, held)
    live.run.finish()
    replay = live.run.replay()
    assert replay.resets == (240,) and replay.steps == 480
    loop = new_loop(catalog, park, rules, Playback.of_replay(replay))
    while not loop.playback.done(loop.session.steps):
        loop.frame(1 / HZ, {})  # one step a frame: no key it is handed counts
    assert loop.session.steps == replay.steps and replay.matches(loop.session.state, loop.run.score)
    assert loop.session.state.as_dict() == live.session.state.as_dict()
    assert replay.matches(*verify(replay, catalog, park, rules))  # verify plays it the same way


def test_a_timeline_drives_by_sim_time_and_sends_the_ai_cars(catalog, park, rules):
    from game.content.drivers import load_drivers

    timeline = parse_inputs('{"t": 0, "throttle": 1}\n{"t": 0.5, "steer": -1, "send_ai": {"x": 10, "z": 20}}\n')
    setup = RunSetup(catalog, "hatch", park, rules, hz=HZ, ai_count=1, drivers=load_drivers())
    loop = DriveLoop(DriftRun(setup), default_settings(), playback=Playback.of_timeline(timeline, HZ))
    for _ in range(20):
        loop.frame(1 / 20, {THROTTLE: 1, RIGHT: 1})  # held keys do not steer a scripted drive
    assert loop.controls.steer == -1.0 and loop.controls.throttle == 0.0
    assert loop.run.replay().fleet_orders == ((60, 10.0, 20.0),)  # recorded again, before the step at t = 0.5 s
    assert not loop.send_fleet(0.0, 0.0)  # the player cannot order a recording's AI cars about


def test_a_timed_run_stops_stepping_at_its_end(catalog, park, rules):
    loop = new_loop(catalog, park, rules, mode="timed")
    while not loop.run.finished:
        loop.frame(0.05, {THROTTLE: 1})
    steps = loop.session.steps
    loop.frame(0.05, {THROTTLE: 1})
    assert loop.session.steps == steps == round(rules.timed_run_s * HZ)


def test_retuning_swaps_the_cars_values_without_moving_it(catalog, park, rules):
    loop = new_loop(catalog, park, rules)
    for _ in range(30):
        loop.frame(1 / 60, {THROTTLE: 1})
    state = loop.session.state.as_dict()
    hatch = catalog.car("hatch")
    grippy = dataclasses.replace(catalog, cars={**catalog.cars, "hatch": dataclasses.replace(hatch, grip=hatch.grip * 1.5)})
    assert loop.retune(grippy) is None and loop.retuned
    assert loop.session.car.grip == hatch.grip * 1.5 and loop.session.catalog is grippy
    assert loop.session.state.as_dict() == state
    gone = dataclasses.replace(catalog, cars={k: v for k, v in catalog.cars.items() if k != "hatch"})
    assert loop.retune(gone) == "has no car 'hatch' any more" and loop.session.catalog is grippy


def test_a_qualifying_session_through_the_loop_hands_out_its_call_outs_and_replays_its_judging(catalog, park, rules):
    live = new_loop(catalog, park, rules, mode="qualifying")
    kinds, staged_frames = [], []
    frame = 0
    while not live.run.finished and frame < 60 * 60:
        out = live.frame(1 / 60, {THROTTLE: 1})  # two steps a frame: the frame gathers both steps' call-outs
        kinds += [e.kind for e in out.judge_events]
        if out.staged:
            staged_frames.append(frame)
        frame += 1
    assert kinds.count("ended") == 2 and kinds.count("started") == 2 and len(staged_frames) == 1
    replay = live.run.replay()
    loop = new_loop(catalog, park, rules, Playback.of_replay(replay), mode="qualifying")
    while not loop.playback.done(loop.session.steps):
        loop.frame(1 / HZ, {})
    assert replay.matches(loop.session.state, loop.run.score)
    assert [r.as_dict() for r in loop.run.results().judged] == [r.as_dict() for r in live.run.results().judged]
