"""Wheel, pedal and rumble settings: settings.json's "wheel" block, one profile per device name, loaded field by field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from game.content.setting_fields import boolean, number
from game.content.setting_fields import field as setting_field
from game.safe_json import shown

# Ranges (the 270-1080 deg wheels; a curve exponent from linear to strongly progressive)
ROTATION_DEG = (270.0, 1080.0)
RATIO = (0.0, 30.0)  # steering ratio: 0 = full lock at the wheel's end stop; else the car's lock x ratio (road cars 12-20)
STEER_DEADZONE = (0.0, 0.3)
PEDAL_DEADZONE = (0.0, 0.3)
CURVE = (0.5, 3.0)
STRENGTH = (0.0, 1.0)
PEDALS = ("throttle", "brake", "clutch")
BUTTON_ACTIONS = ("handbrake", "shift_up", "shift_down")
GEARS = (-1, 1, 2, 3, 4, 5, 6, 7)  # H-pattern slots: reverse and seven forward gears
MAX_DEVICES = 16
MAX_NAME = 120


@dataclass(frozen=True)
class PedalCal:
    """One pedal: which axis (on `device`, "" = the wheel itself), its raw value at rest and fully pressed."""

    axis: str
    rest: float = 0.0
    full: float = 1.0
    device: str = ""

    @property
    def inverted(self) -> bool:
        """The raw value falls as the pedal goes down."""
        return self.full < self.rest

    def flipped(self) -> PedalCal:
        """The same pedal with rest and full swapped (the inversion toggle)."""
        return replace(self, rest=self.full, full=self.rest)


@dataclass(frozen=True)
class WheelProfile:
    """How one wheel's axes and buttons drive the car (saved under the device's name)."""

    steer_axis: str = "wheel"
    rotation_deg: float = 900.0
    steering_ratio: float = 0.0
    deadzone: float = 0.0
    curve: float = 1.0
    invert_steer: bool = False
    throttle: PedalCal = field(default_factory=lambda: PedalCal("accelerator"))
    brake: PedalCal = field(default_factory=lambda: PedalCal("brake"))
    clutch: PedalCal = field(default_factory=lambda: PedalCal("clutch"))
    pedal_deadzone: float = 0.03
    buttons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # action -> button name
    gears: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))  # gear (-1 = R) -> button name

    def pedal(self, name: str) -> PedalCal:
        """The calibration of throttle, brake or clutch."""
        return getattr(self, name)

    def to_json(self) -> dict[str, Any]:
        """The on-disk form."""
        return {
            "steer_axis": self.steer_axis, "rotation_deg": self.rotation_deg, "steering_ratio": self.steering_ratio,
            "deadzone": self.deadzone, "curve": self.curve, "invert_steer": self.invert_steer,
            **{p: {"axis": c.axis, "rest": c.rest, "full": c.full, "device": c.device} for p in PEDALS for c in [self.pedal(p)]},
            "pedal_deadzone": self.pedal_deadzone,
            "buttons": dict(self.buttons), "gears": {("R" if g == -1 else str(g)): b for g, b in self.gears.items()},
        }


@dataclass(frozen=True)
class WheelSettings:
    """Rumble and force-feedback strengths, and the profile of every wheel seen so far (by device name)."""

    rumble_strength: float = 0.8
    force_strength: float = 0.6
    devices: Mapping[str, WheelProfile] = field(default_factory=lambda: MappingProxyType({}))

    def profile(self, device_name: str) -> WheelProfile:
        """The profile saved for this device, else the defaults."""
        return self.devices.get(device_name) or WheelProfile()

    def with_profile(self, device_name: str, profile: WheelProfile) -> WheelSettings:
        """A copy with this device's profile replaced."""
        return replace(self, devices=MappingProxyType({**self.devices, device_name: profile}))

    def to_json(self) -> dict[str, Any]:
        """The on-disk form (settings.json's "wheel" block)."""
        return {"rumble_strength": self.rumble_strength, "force_strength": self.force_strength,
                "devices": {n: p.to_json() for n, p in self.devices.items()}}


def _name(v: Any) -> str | None:
    return None if isinstance(v, str) and 0 < len(v) <= MAX_NAME else f"must be a name of 1..{MAX_NAME} characters"


def _get(raw: Mapping, key: str, check, default: Any, label: str, notes: list[str]) -> Any:
    """raw[key] if present and valid, else the default (a note names the field, label.key, when invalid)."""
    return setting_field(raw, key, check, default, f"{label}.{key}", notes)


def load_wheel(raw: Any, notes: list[str], label: str = "wheel") -> WheelSettings:
    """The "wheel" block of settings.json, field by field (a bad field: its default and one note naming it)."""
    d = WheelSettings()
    if raw is None:
        return d
    if not isinstance(raw, dict):
        notes.append(f"{label}: must be an object — using defaults")
        return d
    rumble = _get(raw, "rumble_strength", number(*STRENGTH), d.rumble_strength, label, notes)
    force = _get(raw, "force_strength", number(*STRENGTH), d.force_strength, label, notes)
    devices: dict[str, WheelProfile] = {}
    raw_devices = raw.get("devices", {})
    if not isinstance(raw_devices, dict):
        notes.append(f"{label}.devices: must be an object — no saved wheels")
        raw_devices = {}
    for name, entry in list(raw_devices.items())[:MAX_DEVICES]:
        if _name(name) is None:
            devices[name] = load_profile(entry, notes, f"{label}.devices[{shown(name, quote=False)}]")
    return WheelSettings(float(rumble), float(force), MappingProxyType(devices))


def load_profile(raw: Any, notes: list[str], label: str) -> WheelProfile:
    """One device's profile, field by field."""
    d = WheelProfile()
    if not isinstance(raw, dict):
        notes.append(f"{label}: must be an object — using defaults")
        return d
    v: dict[str, Any] = {
        "steer_axis": _get(raw, "steer_axis", _name, d.steer_axis, label, notes),
        "rotation_deg": float(_get(raw, "rotation_deg", number(*ROTATION_DEG), d.rotation_deg, label, notes)),
        "steering_ratio": float(_get(raw, "steering_ratio", number(*RATIO), d.steering_ratio, label, notes)),
        "deadzone": float(_get(raw, "deadzone", number(*STEER_DEADZONE), d.deadzone, label, notes)),
        "curve": float(_get(raw, "curve", number(*CURVE), d.curve, label, notes)),
        "invert_steer": _get(raw, "invert_steer", boolean,
                             d.invert_steer, label, notes),
        "pedal_deadzone": float(_get(raw, "pedal_deadzone", number(*PEDAL_DEADZONE), d.pedal_deadzone, label, notes)),
    }
    for p in PEDALS:
        v[p] = _pedal(raw.get(p), d.pedal(p), notes, f"{label}.{p}")
    buttons = raw.get("buttons", {})
    v["buttons"] = MappingProxyType({a: b for a, b in buttons.items() if a in BUTTON_ACTIONS and _name(b) is None}
                                    if isinstance(buttons, dict) else {})
    gears = raw.get("gears", {})
    parsed: dict[int, str] = {}
    for k, b in (gears.items() if isinstance(gears, dict) else ()):
        g = {"R": -1, **{str(n): n for n in GEARS if n > 0}}.get(k)
        if g in GEARS and _name(b) is None:
            parsed[g] = b
        else:
            notes.append(f"{label}.gears.{shown(k, 40, quote=False)}: must be R or 1..7 with a button name — dropped")
    v["gears"] = MappingProxyType(parsed)
    return WheelProfile(**v)


def _pedal(raw: Any, default: PedalCal, notes: list[str], label: str) -> PedalCal:
    """One pedal's axis and calibration; rest and full must differ (else the default)."""
    if raw is None:
        return default
    if not isinstance(raw, dict):
        notes.append(f"{label}: must be an object — using defaults")
        return default
    axis = _get(raw, "axis", _name, default.axis, label, notes)
    device = _get(raw, "device", lambda x: None if x == "" else _name(x), default.device, label, notes)
    rest = float(_get(raw, "rest", number(-1, 1), default.rest, label, notes))
    full = float(_get(raw, "full", number(-1, 1), default.full, label, notes))
    if abs(full - rest) < 0.05:
        notes.append(f"{label}: rest and full must differ by 0.05 or more, got {rest:g} and {full:g} — using {default.rest:g}..{default.full:g}")
        rest, full = default.rest, default.full
    return PedalCal(axis, rest, full, device)
