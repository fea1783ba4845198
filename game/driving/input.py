"""The one place devices become the sim's Controls: key pedals that ramp, analog sticks with a deadzone, a wheel's input."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.sim.controls import Controls

if TYPE_CHECKING:
    from game.driving.wheel_mapping import WheelInput

# Pedal ramps for keys, from the manual-car note, docs/reference/000-manual-car.md (units: pedal travel per second)
THROTTLE_UP, THROTTLE_DOWN = 2.0, 4.0
BRAKE_UP, BRAKE_DOWN = 3.0, 5.0
# The clutch key goes down quickly (a kick) and comes up a little slower, so a tap still slips it
CLUTCH_UP, CLUTCH_DOWN = 8.0, 4.0
# Key steering eases in and out (rate of the exponential approach, 1/s)
KEY_STEER_IN, KEY_STEER_OUT = 6.0, 10.0
STICK_STEER_X = "gamepad left stick x"
# ursina's analog gamepad inputs: seen in held_keys as -1..1 or 0..1, never as key events
ANALOG_AXES = frozenset({"gamepad left trigger", "gamepad right trigger", "gamepad left stick x",
                         "gamepad left stick y", "gamepad right stick x", "gamepad right stick y"})
AXIS_HELD = 0.5  # an axis bound to an on/off action (handbrake on a trigger) counts as held past this travel


def ramp(value: float, target: float, up: float, down: float, dt: float) -> float:
    """Move a pedal linearly toward its target at `up` or `down` travel per second."""
    if target > value:
        return min(target, value + up * dt)
    return max(target, value - down * dt)


def deadzone(x: float, dz: float) -> float:
    """Zero inside the deadzone, rescaled so the output still reaches ±1 at full deflection."""
    a = abs(x)
    if a <= dz or dz >= 1.0:
        return 0.0
    return math.copysign(min(1.0, (a - dz) / (1.0 - dz)), x)


@dataclass
class InputMapper:
    """Turns held keys and gamepad axes into Controls, frame by frame."""

    bindings: Mapping[str, Mapping[str, tuple[str, ...]]]
    stick_deadzone: float = 0.15
    steer_sensitivity: float = 1.0
    throttle: float = 0.0
    brake: float = 0.0
    key_steer: float = 0.0
    clutch: float = 0.0

    def update(self, held: Mapping[str, float], dt: float, wheel: WheelInput | None = None) -> Controls:
        """Controls for this frame from what is held now (held: key name -> 0..1, axes -1..1) and a wheel's input
        (game/driving/wheel_mapping.py): its steer wins while off centre, pedals add to keys and pad, its H-pattern sets the gear."""
        key_throttle = self._held(held, "throttle", "keyboard")
        key_brake = self._held(held, "brake", "keyboard")
        key_clutch = self._held(held, "clutch", "keyboard") or self._held(held, "clutch", "gamepad", axes=False)
        self.clutch = ramp(self.clutch, 1.0 if key_clutch else 0.0, CLUTCH_UP, CLUTCH_DOWN, dt)
        self.throttle = ramp(self.throttle, 1.0 if key_throttle else 0.0, THROTTLE_UP, THROTTLE_DOWN, dt)
        self.brake = ramp(self.brake, 1.0 if key_brake else 0.0, BRAKE_UP, BRAKE_DOWN, dt)
        target = self._held(held, "steer_right", "keyboard") - self._held(held, "steer_left", "keyboard")
        target += self._held(held, "steer_right", "gamepad") - self._held(held, "steer_left", "gamepad")
        target = max(-1.0, min(1.0, target))
        rate = KEY_STEER_IN if target != 0.0 and (self.key_steer == 0.0 or math.copysign(1, target) == math.copysign(1, self.key_steer)) else KEY_STEER_OUT
        self.key_steer += (target - self.key_steer) * (1.0 - math.exp(-rate * dt))
        if abs(self.key_steer) < 1e-3 and target == 0.0:
            self.key_steer = 0.0
        stick = deadzone(float(held.get(STICK_STEER_X, 0.0)), self.stick_deadzone)
        steer = stick * self.steer_sensitivity if stick else self.key_steer
        throttle = max(self.throttle, self._analog(held, "throttle"))
        brake = max(self.brake, self._analog(held, "brake"))
        handbrake = bool(self._held(held, "handbrake", "keyboard") or self._held(held, "handbrake", "gamepad"))
        clutch = max(self.clutch, self._analog(held, "clutch", either_way=True))
        gear = None
        if wheel is not None:
            steer = wheel.steer or steer
            throttle, brake, clutch = max(throttle, wheel.throttle), max(brake, wheel.brake), max(clutch, wheel.clutch)
            handbrake, gear = handbrake or wheel.handbrake, wheel.gear
        return Controls(throttle, brake, max(-1.0, min(1.0, steer)), handbrake, clutch, gear)

    def reset(self) -> None:
        """Release every pedal (after a pause or a reset)."""
        self.throttle = self.brake = self.key_steer = self.clutch = 0.0

    def action_for(self, key: str) -> str | None:
        """The action a pressed key or button triggers (camera, reset, pause, ...), if any."""
        for action, devices in self.bindings.items():
            for keys in devices.values():
                if key in keys:
                    return action
        return None

    def _held(self, held: Mapping[str, float], action: str, device: str, axes: bool = True) -> float:
        """1 if a key or button of the action is down (an analog axis counts past AXIS_HELD travel,
        or not at all without `axes`)."""
        keys = self.bindings.get(action, {}).get(device, ())
        return 1.0 if any(abs(float(held.get(k, 0))) > AXIS_HELD if k in ANALOG_AXES else held.get(k, 0)
                          for k in keys if axes or k not in ANALOG_AXES) else 0.0

    def _analog(self, held: Mapping[str, float], action: str, either_way: bool = False) -> float:
        """Analog value 0..1 for a pedal from its gamepad axes, through the deadzone (a stick
        pushed either way counts when `either_way`)."""
        v = 0.0
        for k in self.bindings.get(action, {}).get("gamepad", ()):
            x = float(held.get(k, 0.0))
            v = max(v, abs(x) if either_way else x)
        return max(0.0, deadzone(v, self.stick_deadzone * 0.5))
