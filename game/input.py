"""The one place devices become the sim's Controls: key pedals that ramp, analog sticks with a deadzone."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from game.sim.controls import Controls

# Pedal ramps for keys, from the manual-car reference note (units: pedal travel per second)
THROTTLE_UP, THROTTLE_DOWN = 2.0, 4.0
BRAKE_UP, BRAKE_DOWN = 3.0, 5.0
# Key steering eases in and out (rate of the exponential approach, 1/s)
KEY_STEER_IN, KEY_STEER_OUT = 6.0, 10.0
STICK_STEER_X = "gamepad left stick x"


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

    def update(self, held: Mapping[str, float], dt: float) -> Controls:
        """Controls for this frame from what is held now (held: key name -> 0..1, axes -1..1)."""
        key_throttle = self._held(held, "throttle", "keyboard")
        key_brake = self._held(held, "brake", "keyboard")
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
        return Controls(throttle, brake, max(-1.0, min(1.0, steer)), handbrake)

    def reset(self) -> None:
        """Release every pedal (after a pause or a reset)."""
        self.throttle = self.brake = self.key_steer = 0.0

    def action_for(self, key: str) -> str | None:
        """The action a pressed key or button triggers (camera, reset, pause, ...), if any."""
        for action, devices in self.bindings.items():
            for keys in devices.values():
                if key in keys:
                    return action
        return None

    def _held(self, held: Mapping[str, float], action: str, device: str) -> float:
        return 1.0 if any(held.get(k, 0) for k in self.bindings[action][device]) else 0.0

    def _analog(self, held: Mapping[str, float], action: str) -> float:
        """Analog trigger value for a pedal, through the deadzone."""
        v = max((float(held.get(k, 0.0)) for k in self.bindings[action]["gamepad"]), default=0.0)
        return max(0.0, deadzone(v, self.stick_deadzone * 0.5))
