"""Raw wheel and pedal axes and buttons -> the driver's wheel input (pure: no engine, fake devices in tests).

A reading is what each connected device shows this frame: axes by Panda3D's axis names ("wheel", "accelerator",
"brake", "clutch", "x", "y", ...) with raw values in -1..1, and the names of the buttons held. The wheel's profile
(game/content/wheel_settings.py) says which axis is which, how far the wheel turns and each pedal's calibration.
game/driving/input.py folds the result into the one Controls snapshot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.content.wheel_settings import PEDALS, PedalCal, WheelProfile
from game.sim.controls import NEUTRAL_GEAR


@dataclass(frozen=True)
class DeviceReading:
    """One device this frame: raw axis values (-1..1) by axis name and the buttons held."""

    name: str
    axes: Mapping[str, float] = field(default_factory=dict)
    buttons: frozenset[str] = frozenset()


@dataclass(frozen=True)
class WheelInput:
    """What the wheel and pedals ask for this frame (game/driving/input.py merges it with keys and pad)."""

    steer: float = 0.0
    throttle: float = 0.0
    brake: float = 0.0
    clutch: float = 0.0
    handbrake: bool = False
    gear: int | None = None  # an H-pattern's gear (0 = no gear button held); None without an H-pattern
    shifts: tuple[int, ...] = ()  # paddle presses this frame: +1 up, -1 down


def full_lock_deg(profile: WheelProfile, max_wheel_angle_deg: float) -> float:
    """Wheel angle (deg from centre) that gives full steering lock: half the rotation range, or sooner with a
    steering ratio (the car's road-wheel lock x ratio, never past the wheel's end stop)."""
    half = profile.rotation_deg / 2.0
    if profile.steering_ratio <= 0.0:
        return half
    return min(half, profile.steering_ratio * max_wheel_angle_deg)


def shape(x: float, deadzone: float, curve: float) -> float:
    """-1..1 through a centre deadzone (rescaled to still reach ±1) and a power curve (>1: finer near the centre)."""
    a = abs(x)
    if a <= deadzone or deadzone >= 1.0 or x != x:
        return 0.0
    a = min(1.0, (a - deadzone) / (1.0 - deadzone))
    return math.copysign(a ** curve, x)


def steer_from_raw(raw: float, profile: WheelProfile, max_wheel_angle_deg: float) -> float:
    """Steer -1..1 from the wheel axis: raw ±1 is the end stop at ±rotation/2; full lock at full_lock_deg."""
    angle = (-raw if profile.invert_steer else raw) * profile.rotation_deg / 2.0
    s = max(-1.0, min(1.0, angle / full_lock_deg(profile, max_wheel_angle_deg)))
    return shape(s, profile.deadzone, profile.curve)


def pedal_from_raw(raw: float, cal: PedalCal, deadzone: float) -> float:
    """Pedal travel 0..1 from its raw axis through its calibration (rest -> 0, full -> 1, either direction), with a
    deadzone at both ends (so a worn pedal rests at 0 and still reaches 1)."""
    span = cal.full - cal.rest
    if raw != raw or abs(span) < 1e-6:
        return 0.0
    t = (raw - cal.rest) / span
    if t <= deadzone:
        return 0.0
    if t >= 1.0 - deadzone:
        return 1.0
    return (t - deadzone) / (1.0 - 2.0 * deadzone)


ARM_TRAVEL = 0.1  # raw change a pedal must show once before it counts (an uncalibrated brake resting at full travel holds no one)


class WheelMapper:
    """One wheel's mapping, frame by frame (it remembers the buttons held, for paddle presses, and each pedal's first
    reading: a pedal counts once it has moved, so one that rests where its calibration says "pressed" does not hold the car)."""

    def __init__(self, wheel_name: str, profile: WheelProfile, max_wheel_angle_deg: float = 35.0, arm: bool = True) -> None:
        """arm=False: pedals count from the first reading (the settings screen shows what a calibration gives)."""
        self.wheel_name, self.profile, self.max_wheel_angle_deg = wheel_name, profile, max_wheel_angle_deg
        self._first: dict[str, float | None] = {} if arm else dict.fromkeys(PEDALS)  # pedal -> first raw reading, None once moved
        self._held: frozenset[tuple[str, str]] | None = None  # None: the next reading's buttons count as held already

    def read(self, readings: Mapping[str, DeviceReading]) -> WheelInput:
        """The wheel input from this frame's readings (devices by name; pedals may be on another device)."""
        p = self.profile
        wheel = readings.get(self.wheel_name)
        steer = 0.0
        if wheel is not None and p.steer_axis in wheel.axes:
            steer = steer_from_raw(float(wheel.axes[p.steer_axis]), p, self.max_wheel_angle_deg)
        pedals = {}
        for name in PEDALS:
            cal = p.pedal(name)
            dev = readings.get(cal.device or self.wheel_name)
            pedals[name] = self._pedal(name, float(dev.axes[cal.axis]), cal) if dev and cal.axis in dev.axes else 0.0
        held = frozenset((r.name, b) for r in readings.values() for b in r.buttons)
        before = held if self._held is None else self._held
        on_wheel = frozenset(b for d, b in held if d == self.wheel_name) | frozenset(f"{d}:{b}" for d, b in held)
        pressed = {b for d, b in held - before if d == self.wheel_name} | {f"{d}:{b}" for d, b in held - before}
        self._held = held
        shifts = tuple(d for a, d in (("shift_up", 1), ("shift_down", -1)) if p.buttons.get(a) in pressed)
        gear = None
        if p.gears:
            gear = next((g for g, b in sorted(p.gears.items()) if b in on_wheel), NEUTRAL_GEAR)
        return WheelInput(steer, pedals["throttle"], pedals["brake"], pedals["clutch"],
                          p.buttons.get("handbrake") in on_wheel, gear, shifts)

    def _pedal(self, name: str, raw: float, cal: PedalCal) -> float:
        first = self._first.setdefault(name, raw)
        if first is not None:
            if abs(raw - first) < ARM_TRAVEL:
                return 0.0
            self._first[name] = None
        return pedal_from_raw(raw, cal, self.profile.pedal_deadzone)

    def reset(self) -> None:
        """After a pause: buttons held now count as held before, so a paddle kept down does not shift again."""
        self._held = None


def button_name(device: str, button: str, wheel_name: str) -> str:
    """How a profile names a button: plain on the wheel itself, "device:button" on another device (a shifter box)."""
    return button if device == wheel_name else f"{device}:{button}"
