"""Keys become pedals that ramp; sticks get a deadzone; bindings map keys to actions."""

from __future__ import annotations

import pytest

from game.content.settings import DEFAULT_BINDINGS, default_settings, rebind
from game.driving.input import InputMapper, deadzone


def frames(mapper, held, seconds, dt=1 / 60):
    c = None
    for _ in range(int(round(seconds / dt))):
        c = mapper.update(held, dt)
    return c


def test_throttle_key_ramps_up_at_2_per_second_and_down_at_4():
    m = InputMapper(DEFAULT_BINDINGS)
    c = frames(m, {"w": 1}, 0.25)
    assert c.throttle == pytest.approx(0.5)  # half a second of key = a full pedal; a quarter = half
    c = frames(m, {"w": 1}, 0.5)
    assert c.throttle == 1.0
    c = frames(m, {}, 0.1)
    assert c.throttle == pytest.approx(0.6)


def test_brake_key_ramps_up_at_3_and_down_at_5():
    m = InputMapper(DEFAULT_BINDINGS)
    assert frames(m, {"down arrow": 1}, 0.2).brake == pytest.approx(0.6)
    assert frames(m, {}, 0.1).brake == pytest.approx(0.1)


def test_key_steering_eases_in_and_out():
    m = InputMapper(DEFAULT_BINDINGS)
    c = frames(m, {"d": 1}, 0.05)
    assert 0.1 < c.steer < 0.5
    c = frames(m, {"d": 1}, 1.0)
    assert c.steer > 0.99
    c = frames(m, {}, 0.05)
    assert 0.2 < c.steer < 0.9
    assert frames(m, {"a": 1}, 1.5).steer < -0.99


def test_stick_deadzone_and_full_range():
    assert deadzone(0.1, 0.15) == 0.0
    assert deadzone(-1.0, 0.15) == -1.0
    assert deadzone(0.575, 0.15) == pytest.approx(0.5)
    m = InputMapper(DEFAULT_BINDINGS, stick_deadzone=0.2)
    assert m.update({"gamepad left stick x": 0.15}, 1 / 60).steer == 0.0
    assert m.update({"gamepad left stick x": 0.6}, 1 / 60).steer == pytest.approx(0.5)


def test_triggers_are_analog_and_handbrake_buttons():
    m = InputMapper(DEFAULT_BINDINGS)
    c = m.update({"gamepad right trigger": 0.7, "gamepad a": 1}, 1 / 60)
    assert c.throttle == pytest.approx(0.7, abs=0.05) and c.handbrake
    assert m.update({"space": 1}, 1 / 60).handbrake


def test_actions_follow_the_bindings():
    m = InputMapper(DEFAULT_BINDINGS)
    assert m.action_for("c") == "camera" and m.action_for("gamepad start") == "pause"
    assert m.action_for("f3") == "debug" and m.action_for("x") is None
    assert m.action_for("e") == "shift_up" and m.action_for("gamepad left shoulder") == "shift_down"


def test_clutch_key_goes_down_at_8_per_second_and_up_at_4():
    m = InputMapper(DEFAULT_BINDINGS)
    assert frames(m, {"left shift": 1}, 0.0625, dt=1 / 64).clutch == pytest.approx(0.5)  # a kick: half way in 1/16 s
    assert frames(m, {"left shift": 1}, 0.1).clutch == 1.0
    assert frames(m, {}, 0.125, dt=1 / 64).clutch == pytest.approx(0.5)  # let out over a quarter second
    assert frames(m, {"gamepad b": 1}, 0.125).clutch == 1.0  # the pad's clutch button ramps the same way
    m.reset()
    assert m.update({}, 1 / 60).clutch == 0.0


def test_clutch_on_the_right_stick_is_analog_either_way_through_half_the_deadzone():
    m = InputMapper(DEFAULT_BINDINGS, stick_deadzone=0.2)  # triggers and the clutch stick use half of it: 0.1
    assert m.update({"gamepad right stick y": 0.05}, 1 / 60).clutch == 0.0
    assert m.update({"gamepad right stick y": -0.55}, 1 / 60).clutch == pytest.approx(0.5)  # (0.55 - 0.1) / 0.9
    assert m.update({"gamepad right stick y": 1.0}, 1 / 60).clutch == 1.0
    assert m.clutch == 0.0  # the stick is not a button: no ramp left behind when it is released
    assert m.update({}, 1 / 60).clutch == 0.0


def test_an_axis_bound_to_an_on_off_action_counts_past_half_travel():
    b = rebind(default_settings(), "handbrake", "gamepad", "gamepad left stick y").bindings
    m = InputMapper(b)
    assert not m.update({"gamepad left stick y": 0.4}, 1 / 60).handbrake
    assert m.update({"gamepad left stick y": -0.6}, 1 / 60).handbrake
