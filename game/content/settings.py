"""Player settings (audio, video, camera, controls, online) in settings.json beside the profile."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from game import paths
from game.content.atomic import set_aside, write_json_atomic
from game.content.online_settings import OnlineSettings, load_online
from game.content.quality import TIERS
from game.content.setting_fields import boolean as _boolean
from game.content.setting_fields import field as _field
from game.content.setting_fields import int_range as _int_range
from game.content.setting_fields import names as _names
from game.content.setting_fields import number as _number
from game.content.setting_fields import show as _show
from game.content.telemetry_settings import TelemetrySettings, load_telemetry
from game.content.wheel_settings import WheelSettings, load_wheel
from game.safe_json import DataError, FileMissing, read_json_file, shown
from game.sim.gearbox_assist import ASSISTS as GEARBOX_ASSISTS
from game.sim.run.modes.registry import mode_class

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 2  # 2: quality.tier; particles / skidmark_length became overrides of the tier
DEVICES = ("keyboard", "gamepad")
CAMERAS = ("near", "far", "hood", "top")
UNITS = ("kmh", "mph")
PARTICLES = ("tier", "off", "low", "high")  # 'tier': what the quality tier says
RES_W, RES_H = (640, 7680), (360, 4320)
MAX_SLOTS = 4
MAX_AI_CARS = 12
MAX_NOTES = 8  # notes the one line quotes; more are counted (a file of 100,000 bad values is still one short line)
# Key names are ursina's input names.
_DEFAULT_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "throttle": {"keyboard": ("w", "up arrow"), "gamepad": ("gamepad right trigger",)},
    "brake": {"keyboard": ("s", "down arrow"), "gamepad": ("gamepad left trigger",)},
    "steer_left": {"keyboard": ("a", "left arrow"), "gamepad": ("gamepad dpad left",)},
    "steer_right": {"keyboard": ("d", "right arrow"), "gamepad": ("gamepad dpad right",)},
    "handbrake": {"keyboard": ("space",), "gamepad": ("gamepad a",)},
    "clutch": {"keyboard": ("left shift",), "gamepad": ("gamepad b", "gamepad right stick y")},
    "shift_up": {"keyboard": ("e",), "gamepad": ("gamepad right shoulder",)},
    "shift_down": {"keyboard": ("q",), "gamepad": ("gamepad left shoulder",)},
    "camera": {"keyboard": ("c",), "gamepad": ("gamepad y",)},
    "reset": {"keyboard": ("r",), "gamepad": ("gamepad back",)},
    "pause": {"keyboard": ("escape",), "gamepad": ("gamepad start",)},
    "mute": {"keyboard": ("m",), "gamepad": ()},
    "debug": {"keyboard": ("f3",), "gamepad": ()},
    "reload": {"keyboard": ("f5",), "gamepad": ()},
    "call_ai": {"keyboard": ("g",), "gamepad": ("gamepad dpad up",)},
    "add_ai": {"keyboard": ("=",), "gamepad": ()},
    "remove_ai": {"keyboard": ("-",), "gamepad": ()},
}
ACTIONS = tuple(_DEFAULT_KEYS)

Bindings = Mapping[str, Mapping[str, tuple[str, ...]]]


def _freeze_bindings(b: Mapping[str, Mapping[str, Any]]) -> Bindings:
    """Read-only action -> device -> tuple of key names."""
    return MappingProxyType({a: MappingProxyType({d: tuple(b[a][d]) for d in DEVICES}) for a in b})


DEFAULT_BINDINGS: Bindings = _freeze_bindings(_DEFAULT_KEYS)  # read-only, so safe to share


@dataclass(frozen=True)
class Quality:
    """Graphics: the quality tier (None until the first start picks one), sun shadows on/off, and the
    player's own particle / skidmark choices over the tier's ('tier' / 0: the tier's own)."""

    tier: str | None = None
    shadows: bool = True
    particles: str = "tier"
    skidmark_length: int = 0


@dataclass(frozen=True)
class Settings:
    """Everything the settings menu edits; change it through replace(), rebind() and friends."""

    master_volume: float = 1.0
    engine_volume: float = 0.8
    effects_volume: float = 0.8
    fullscreen: bool = False
    resolution: tuple[int, int] = (1280, 720)
    camera: str = "near"
    units: str = "kmh"
    minimap: bool = True
    gamepad_deadzone: float = 0.15
    steer_sensitivity: float = 1.0
    gearbox_assist: str = "automatic"  # Simulation handling: manual, sequential or automatic
    ai_cars: int = 3  # AI cars in Free Drift
    ai_in_timed_modes: bool = False  # the same AI cars in Timed Run and Drift Zones too
    quality: Quality = field(default_factory=Quality)
    telemetry: TelemetrySettings = field(default_factory=TelemetrySettings)  # Forza Dash packets over UDP (off)
    wheel: WheelSettings = field(default_factory=WheelSettings)  # rumble, force feedback, each wheel's profile
    online: OnlineSettings = field(default_factory=OnlineSettings)  # the board server runs are submitted to (none)
    bindings: Bindings = field(default_factory=lambda: DEFAULT_BINDINGS)

    def to_json(self) -> dict[str, Any]:
        """The on-disk form."""
        return {
            "version": SETTINGS_VERSION,
            **{k: getattr(self, k) for k in _SCALARS},
            "resolution": list(self.resolution),
            "quality": {k: getattr(self.quality, k) for k in _QUALITY},
            "telemetry": self.telemetry.to_json(),
            "wheel": self.wheel.to_json(),
            "online": self.online.to_json(),
            "bindings": {a: {d: list(self.bindings[a][d]) for d in DEVICES} for a in self.bindings},
        }


@dataclass(frozen=True)
class LoadResult:
    """Usable settings plus at most one line to show the player once (None when all was well)."""

    settings: Settings
    message: str | None = None


def _choice(options: tuple[str, ...]) -> Callable[[Any], str | None]:
    """Validator for one of a few strings."""
    problem = f"must be one of {', '.join(options)}"
    return lambda v: None if isinstance(v, str) and v in options else problem


def _resolution(v: Any) -> str | None:
    """Validator for [width, height]."""
    ok = (isinstance(v, list) and len(v) == 2
          and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
          and RES_W[0] <= v[0] <= RES_W[1] and RES_H[0] <= v[1] <= RES_H[1])
    return None if ok else f"must be [width, height] within {RES_W[0]}x{RES_H[0]}..{RES_W[1]}x{RES_H[1]}"


_SCALARS: dict[str, Callable[[Any], str | None]] = {
    "master_volume": _number(0, 1),
    "engine_volume": _number(0, 1),
    "effects_volume": _number(0, 1),
    "fullscreen": _boolean,
    "camera": _choice(CAMERAS),
    "units": _choice(UNITS),
    "minimap": _boolean,
    "gamepad_deadzone": _number(0, 0.5),
    "steer_sensitivity": _number(0.2, 2.0),
    "gearbox_assist": _choice(GEARBOX_ASSISTS),
    "ai_cars": _int_range(0, MAX_AI_CARS),
    "ai_in_timed_modes": _boolean,
}


def _tier(v: Any) -> str | None:
    """Validator for a quality tier, or null (not chosen yet)."""
    return None if v is None or v in TIERS else f"must be one of {', '.join(TIERS)} (or null)"


def _skid_length(v: Any) -> str | None:
    """Validator for a skidmark length: 0 (the tier's) or 500..20000 segments."""
    if type(v) is int and (v == 0 or 500 <= v <= 20000):
        return None
    return "must be 0 (the tier's) or a whole number 500..20000"


_QUALITY: dict[str, Callable[[Any], str | None]] = {
    "tier": _tier,
    "shadows": _boolean,
    "particles": _choice(PARTICLES),
    "skidmark_length": _skid_length,
}
_V1_DEFAULTS = {"particles": "high", "skidmark_length": 4000}  # version 1 wrote these when the player chose nothing


def ai_cars_for(settings: Settings, mode: str, override: int | None = None) -> int:
    """How many AI cars a drive gets: --ai if given, else the settings' count in Free Drift (and in the scored modes only if asked)."""
    if override is not None:
        return override
    cls = mode_class(mode)
    if cls.solo:  # a judged solo run (Qualifying): AI cars only when asked for with --ai
        return 0
    return settings.ai_cars if cls.traffic_by_default or settings.ai_in_timed_modes else 0


def settings_path() -> Path:
    """Where the settings live: user_home()/settings.json."""
    return paths.user_home() / SETTINGS_FILE


def default_settings() -> Settings:
    """The settings a new player starts with."""
    return Settings()


def load_settings(path: Path | str, now: datetime | None = None) -> LoadResult:
    """Read settings; a bad value falls back to its default, an unreadable file is moved aside."""
    path = Path(path)
    try:
        raw, _ = read_json_file(path, salvage=True)
    except FileMissing:
        return LoadResult(Settings())
    except DataError:
        return LoadResult(Settings(), set_aside(path, "settings file", "was unreadable", now))
    if not isinstance(raw, dict):
        reason = f"was unreadable (expected an object, got {type(raw).__name__})"
        return LoadResult(Settings(), set_aside(path, "settings file", reason, now))
    notes: list[str] = []
    defaults = Settings()
    known = {"version", "resolution", "quality", "bindings", "telemetry", "wheel", "online", *_SCALARS}
    unknown = sorted(set(raw) - known)
    values: dict[str, Any] = {}
    for name, check in _SCALARS.items():
        values[name] = _field(raw, name, check, getattr(defaults, name), name, notes)
    values["resolution"] = tuple(_field(raw, "resolution", _resolution, list(defaults.resolution),
                                        "resolution", notes))
    values["quality"] = _load_quality(raw.get("quality"), notes, unknown, raw.get("version") == 1)
    values["bindings"] = _load_bindings(raw.get("bindings"), notes, unknown)
    values["telemetry"] = load_telemetry(raw.get("telemetry"), notes, unknown)
    values["wheel"] = load_wheel(raw.get("wheel"), notes)
    values["online"] = load_online(raw.get("online"), notes, unknown)
    if len(notes) > MAX_NOTES:
        notes[MAX_NOTES:] = [f"{len(notes) - MAX_NOTES} more bad values, each set back to its default"]
    if unknown:
        notes.append(f"ignored unknown setting(s) {_names(unknown)} (that is fine)")
    message = f"{SETTINGS_FILE}: " + "; ".join(notes) if notes else None
    return LoadResult(Settings(**values), message)


def _load_quality(raw: Any, notes: list[str], unknown: list[str], v1: bool = False) -> Quality:
    """The quality block, field by field; a version-1 file's untouched defaults become 'the tier's'."""
    default = Quality()
    if raw is None:
        return default
    if not isinstance(raw, dict):
        notes.append(f"quality: must be an object, got {_show(raw)} — using defaults")
        return default
    unknown.extend(f"quality.{k}" for k in sorted(set(raw) - set(_QUALITY)))
    if v1:
        raw = {k: (getattr(default, k) if k in _V1_DEFAULTS and v == _V1_DEFAULTS[k] else v) for k, v in raw.items()}
    return Quality(**{k: _field(raw, k, c, getattr(default, k), f"quality.{k}", notes)
                      for k, c in _QUALITY.items()})


def _load_bindings(raw: Any, notes: list[str], unknown: list[str]) -> Bindings:
    """The bindings block, action by action; a clash between actions resets all bindings. An action
    the file does not have yet (new in this version) gets its default keys, less any the player uses."""
    if raw is None:
        return DEFAULT_BINDINGS
    if not isinstance(raw, dict):
        notes.append(f"bindings: must be an object, got {_show(raw)} — using defaults")
        return DEFAULT_BINDINGS
    unknown.extend(f"bindings.{k}" for k in sorted(set(raw) - set(ACTIONS)))
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for action in (a for a in ACTIONS if a in raw):
        out[action] = {}
        entry = raw.get(action, {})
        for device in DEVICES:
            default = DEFAULT_BINDINGS[action][device]
            keys = entry.get(device, list(default)) if isinstance(entry, dict) else None
            if _valid_keys(keys):
                out[action][device] = tuple(keys)
            else:
                notes.append(f"bindings.{action}.{device}: must be a list of up to "
                             f"{MAX_SLOTS} key names, got {_show(keys if keys is not None else entry)}"
                             f" — using {_show(list(default))}")
                out[action][device] = default
    for action in (a for a in ACTIONS if a not in raw):  # new in this version: its default keys, unless taken
        out[action] = {d: tuple(k for k in DEFAULT_BINDINGS[action][d]
                                if not any(k in keys[d] for keys in out.values())) for d in DEVICES}
    out = {a: out[a] for a in ACTIONS}
    clash = _first_clash(out)
    if clash:
        notes.append(f"bindings: {clash} — using default bindings")
        return DEFAULT_BINDINGS
    return _freeze_bindings(out)


def _valid_keys(keys: Any) -> TypeGuard[list[str]]:
    """A list of distinct non-empty key-name strings, at most MAX_SLOTS long."""
    return (isinstance(keys, list) and len(keys) <= MAX_SLOTS
            and all(isinstance(k, str) and k.strip() for k in keys) and len(set(keys)) == len(keys))


def _first_clash(bindings: Mapping[str, Mapping[str, tuple[str, ...]]]) -> str | None:
    """Describe the first key bound to two actions on one device, if any."""
    for device in DEVICES:
        seen: dict[str, str] = {}
        for action, by_device in bindings.items():
            for key in by_device[device]:
                if key in seen:
                    return f"{shown(key)} is bound to both {seen[key]} and {action} ({device})"
                seen[key] = action
    return None


def save_settings(path: Path | str, settings: Settings) -> None:
    """Write settings atomically."""
    write_json_atomic(path, settings.to_json())


def rebind(settings: Settings, action: str, device: str, key: str, slot: int = 0) -> Settings:
    """Put key in a slot of action (past the end appends); ValueError if another action uses it."""
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}; expected one of {', '.join(ACTIONS)}")
    if device not in DEVICES:
        raise ValueError(f"unknown device {device!r}; expected keyboard or gamepad")
    if not isinstance(key, str) or not key.strip():
        raise ValueError(f"key name must be a non-empty string, got {key!r}")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < MAX_SLOTS:
        raise ValueError(f"slot must be 0..{MAX_SLOTS - 1}, got {slot!r}")
    for other in ACTIONS:
        if other != action and key in settings.bindings[other][device]:
            raise ValueError(f"'{key}' is already used by {other} on the {device}; "
                             "unbind it there first")
    keys = list(settings.bindings[action][device])
    if key in keys and slot < len(keys):  # already this action's: swap the two slots
        j = keys.index(key)
        keys[j], keys[slot] = keys[slot], key
    elif key not in keys:
        keys[slot:slot + 1] = [key]  # replace the slot, or append past the end
    return _with_keys(settings, action, device, tuple(keys))


def unbind(settings: Settings, action: str, device: str, slot: int) -> Settings:
    """Clear one slot of action on device (later slots move up); a missing slot is a no-op."""
    if action not in ACTIONS or device not in DEVICES:
        raise ValueError(f"unknown action/device {action!r}/{device!r}")
    keys = settings.bindings[action][device]
    if not 0 <= slot < len(keys):
        return settings
    return _with_keys(settings, action, device, keys[:slot] + keys[slot + 1:])


def reset_bindings(settings: Settings) -> Settings:
    """All bindings back to the defaults; other settings untouched."""
    return replace(settings, bindings=DEFAULT_BINDINGS)


def _with_keys(settings: Settings, action: str, device: str, keys: tuple[str, ...]) -> Settings:
    """A copy of settings with one action/device key list replaced."""
    b = {a: dict(d) for a, d in settings.bindings.items()}
    b[action][device] = keys
    return replace(settings, bindings=_freeze_bindings(b))
