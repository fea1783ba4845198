"""Photo mode's keys, buttons and axes: held keys and gamepad axes -> this frame's camera and focus inputs (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

STICK_DEADZONE = 0.15  # of a stick's or trigger's travel, ignored (a resting stick never drifts the camera)
MOUSE_ORBIT_DEG = 180.0  # orbit per unit of mouse travel (ursina's mouse units: the window's height is 1)

# one-shot presses: key or button -> what it does
PRESSES = {
    "enter": "shot", "f12": "shot", "gamepad a": "shot",
    "escape": "leave", "backspace": "leave", "gamepad b": "leave", "gamepad start": "leave",
    "h": "help", "gamepad back": "help",
    "tab": "size", "gamepad left stick": "size",
    "b": "mono", "gamepad x": "mono",
    "v": "vignette", "gamepad y": "vignette",
    "c": "dof", "gamepad right stick": "dof",
    "]": "brighter", "gamepad dpad right": "brighter",
    "[": "darker", "gamepad dpad left": "darker",
    "scroll up": "narrower", "scroll down": "wider",
}

HELP = ("W A S D / left stick: move    R F: up, down    Shift: faster    Arrows / mouse drag / right stick: orbit the car\n"
        "Q E / shoulders: roll    - = / wheel / triggers: field of view    Z X / d-pad up, down: focus    C / R3: depth of field\n"
        "[ ] / d-pad left, right: exposure    V / Y: vignette    B / X: black & white    Tab / L3: 1x or 2x\n"
        "Enter / F12 / A: take the shot    H / Back: hide this    Esc / B: back to the pause menu")


@dataclass(frozen=True)
class Held:
    """This frame's continuous inputs, each -1..1: fly forward/right/up, orbit (azimuth, elevation), roll, field of
    view (+ wider), focus (+ farther), and whether to fly fast."""

    forward: float = 0.0
    right: float = 0.0
    up: float = 0.0
    orbit_az: float = 0.0
    orbit_el: float = 0.0
    roll: float = 0.0
    fov: float = 0.0
    focus: float = 0.0
    fast: bool = False


def _axis(held: Mapping[str, float], name: str) -> float:
    v = float(held.get(name, 0.0) or 0.0)
    if abs(v) < STICK_DEADZONE:
        return 0.0
    return max(-1.0, min(1.0, v))


def _keys(held: Mapping[str, float], plus: str, minus: str) -> float:
    return (1.0 if held.get(plus) else 0.0) - (1.0 if held.get(minus) else 0.0)


def _sum(*values: float) -> float:
    return max(-1.0, min(1.0, sum(values)))


def read_held(held: Mapping[str, float]) -> Held:
    """The continuous inputs from ursina's held_keys (keys 0/1, sticks -1..1, triggers 0..1)."""
    return Held(
        forward=_sum(_keys(held, "w", "s"), _axis(held, "gamepad left stick y")),
        right=_sum(_keys(held, "d", "a"), _axis(held, "gamepad left stick x")),
        up=_keys(held, "r", "f"),
        orbit_az=_sum(_keys(held, "left arrow", "right arrow"), -_axis(held, "gamepad right stick x")),
        orbit_el=_sum(_keys(held, "up arrow", "down arrow"), -_axis(held, "gamepad right stick y")),
        roll=_sum(_keys(held, "e", "q"), _keys(held, "gamepad right shoulder", "gamepad left shoulder")),
        fov=_sum(_keys(held, "-", "="), _axis(held, "gamepad left trigger") - _axis(held, "gamepad right trigger")),
        focus=_sum(_keys(held, "x", "z"), _keys(held, "gamepad dpad up", "gamepad dpad down")),
        fast=bool(held.get("shift") or held.get("left shift") or held.get("right shift")),
    )
