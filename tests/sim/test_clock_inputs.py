"""The fixed-step clock and the JSON Lines inputs format."""

from __future__ import annotations

import pytest

from game.sim.clock import FixedClock
from game.sim.controls import Controls
from game.sim.inputs import InputError, dump_inputs, parse_inputs


def test_clock_hands_out_whole_steps_and_keeps_the_remainder():
    c = FixedClock(hz=100)
    assert c.advance(0.025) == 2
    assert c.alpha == pytest.approx(0.5)
    assert c.advance(0.006) == 1
    assert c.alpha == pytest.approx(0.1)
    total = sum(c.advance(1 / 60) for _ in range(600))
    assert total == pytest.approx(1000, abs=1)


def test_clock_caps_steps_per_frame_after_a_hitch():
    c = FixedClock(hz=120, max_steps=8)
    assert c.advance(2.0) == 8
    assert c.dropped > 1.9
    assert c.advance(0.0) == 0


def test_inputs_hold_until_the_next_line_and_missing_keys_are_neutral():
    tl = parse_inputs('{"t": 0, "throttle": 1}\n\n{"t": 1.5, "steer": -0.5, "handbrake": true}\n')
    assert tl.at(0.0) == Controls(throttle=1.0)
    assert tl.at(1.49) == Controls(throttle=1.0)
    assert tl.at(1.5) == Controls(steer=-0.5, handbrake=True)
    assert tl.at(99) == Controls(steer=-0.5, handbrake=True)
    assert parse_inputs(dump_inputs(tl)) == tl


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"t": 0, "throttle": 2}', "f.jsonl:1: throttle: must be 0..1, got 2"),
        ('{"t": 0}\n{"t": 1, "steer": "left"}', 'f.jsonl:2: steer: must be a number, got "left"'),
        ('{"t": 0, "gas": 1}', "f.jsonl:1: unknown key 'gas'"),
        ('{"throttle": 1}', "f.jsonl:1: missing 't'"),
        ('{"t": 2}\n{"t": 1}', "f.jsonl:2: t: must not go back in time"),
        ('{"t": 0, "handbrake": 1}', "f.jsonl:1: handbrake: must be true or false, got 1"),
        ('{"t": 0,', "f.jsonl:1: broken JSON at column 9"),
        ("[1, 2]", "f.jsonl:1: expected a JSON object"),
    ],
)
def test_bad_inputs_name_the_line_and_field(text, message):
    with pytest.raises(InputError) as e:
        parse_inputs(text, "f.jsonl")
    assert str(e.value).startswith(message)
    assert "\n" not in str(e.value)


def test_inputs_can_send_the_ai_cars():
    tl = parse_inputs('{"t": 0, "throttle": 1}\n{"t": 2.5, "throttle": 1, "send_ai": {"x": -12, "z": 40.5}}\n', "f.jsonl")
    assert tl.orders == ((2.5, -12.0, 40.5),) and tl.orders_by_step(120) == {300: [(-12.0, 40.5)]}
    assert parse_inputs(dump_inputs(tl)) == tl
    with pytest.raises(InputError, match=r'f.jsonl:1: send_ai: must be \{"x": metres, "z": metres\}'):
        parse_inputs('{"t": 0, "send_ai": [1, 2]}', "f.jsonl")
    with pytest.raises(InputError, match="f.jsonl:1: send_ai.z: must be"):
        parse_inputs('{"t": 0, "send_ai": {"x": 1, "z": 9000}}', "f.jsonl")
