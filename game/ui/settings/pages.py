"""The settings menu's pages as data: rows that read a Settings and return a changed copy (no ursina)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.content.online_settings import MAX_NAME_CHARS, MAX_URL_CHARS, name_problem, url_problem
from game.content.quality import TIER_LABELS, TIERS
from game.content.settings import ACTIONS, MAX_AI_CARS, Settings, rebind, reset_bindings, unbind
from game.sim.gearbox_assist import ASSIST_LABELS
from game.ui.settings import telemetry_choices as tele

RESOLUTIONS: tuple[tuple[int, int], ...] = (
    (960, 540), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160),
)
SKIDMARKS: tuple[tuple[int, str], ...] = (
    (1000, "Short"), (2000, "Medium"), (4000, "Long"), (8000, "Very long"), (16000, "Extreme"),
)
ACTION_LABELS: dict[str, str] = {
    "throttle": "Throttle", "brake": "Brake / reverse", "steer_left": "Steer left", "steer_right": "Steer right",
    "handbrake": "Handbrake", "camera": "Change camera", "reset": "Reset car", "pause": "Pause",
    "mute": "Mute sound", "debug": "Debug panel", "reload": "Reload car data", "call_ai": "Call the AI cars to you",
    "add_ai": "Add an AI car", "remove_ai": "Remove an AI car",
    "clutch": "Clutch", "shift_up": "Shift up", "shift_down": "Shift down",
}
_KEY_NAMES: dict[str, str] = {
    "up arrow": "Up", "down arrow": "Down", "left arrow": "Left", "right arrow": "Right", "escape": "Esc",
    "left shift": "L Shift", "right shift": "R Shift", "left control": "L Ctrl", "right control": "R Ctrl",
    "left alt": "L Alt", "right alt": "R Alt", "page up": "PgUp", "page down": "PgDn",
    "gamepad right trigger": "RT", "gamepad left trigger": "LT", "gamepad right shoulder": "RB",
    "gamepad left shoulder": "LB", "gamepad left stick": "L3", "gamepad right stick": "R3",
    "gamepad dpad up": "D-pad Up", "gamepad dpad down": "D-pad Down", "gamepad dpad left": "D-pad Left",
    "gamepad dpad right": "D-pad Right", "gamepad right stick y": "R stick Y", "gamepad left stick y": "L stick Y",
    "gamepad right stick x": "R stick X", "gamepad left stick x": "L stick X",
}


def key_label(key: str) -> str:
    """A short, readable name for an ursina key name ('left shift' -> 'L Shift', 'gamepad a' -> 'A')."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if key.startswith("gamepad "):
        key = key[len("gamepad "):]
    return key.upper() if len(key) <= 3 else key.title()


def _get(s: Settings, field: str) -> Any:
    """A settings value by 'name' or 'quality.name'."""
    obj: Any = s
    for part in field.split("."):
        obj = getattr(obj, part)
    return obj


def _set(s: Settings, field: str, value: Any) -> Settings:
    """A copy of s with 'name' or 'block.name' (quality, telemetry) replaced."""
    if field == "quality.tier":  # a tier is a preset: the player's particle / skidmark choices go back to it
        return replace(s, quality=replace(s.quality, tier=value, particles="tier", skidmark_length=0))
    if "." in field:  # a block's field: quality.shadows, telemetry.port
        block, name = field.split(".", 1)
        return replace(s, **{block: replace(getattr(s, block), **{name: value})})
    return replace(s, **{field: value})


@dataclass(frozen=True)
class Slider:
    """A number moved in fixed steps with left/right (or set from a fraction by the mouse)."""

    label: str
    field: str
    lo: float
    hi: float
    step: float
    fmt: Callable[[float], str]
    hint: str = ""
    selectable = True

    def value(self, s: Settings) -> float:
        """The current number."""
        return float(_get(s, self.field))

    def text(self, s: Settings) -> str:
        """The number as shown."""
        return self.fmt(self.value(s))

    def fraction(self, s: Settings) -> float:
        """Where the knob sits, 0..1."""
        return (self.value(s) - self.lo) / (self.hi - self.lo)

    def _snap(self, s: Settings, v: float) -> Settings:
        steps = round((min(self.hi, max(self.lo, v)) - self.lo) / self.step)
        return _set(s, self.field, round(min(self.hi, self.lo + steps * self.step), 4))

    def nudge(self, s: Settings, direction: int) -> Settings:
        """One step down (-1) or up (+1), clamped."""
        return self._snap(s, self.value(s) + direction * self.step)

    def at_fraction(self, s: Settings, f: float) -> Settings:
        """The value at fraction f of the range, snapped to the step grid."""
        return self._snap(s, self.lo + max(0.0, min(1.0, f)) * (self.hi - self.lo))

    def activate(self, s: Settings) -> Settings:
        """Enter does nothing on a slider (left/right move it)."""
        return s


@dataclass(frozen=True)
class Choice:
    """One of a few values; left/right step through them, Enter cycles forward."""

    label: str
    field: str
    options: tuple[tuple[Any, str], ...]
    hint: str = ""
    wrap: bool = True
    selectable = True

    def index(self, s: Settings) -> int:
        """Which option is current (0 if the value is not listed)."""
        v = _get(s, self.field)
        return next((i for i, (o, _) in enumerate(self.options) if o == v), 0)

    def text(self, s: Settings) -> str:
        """The current option's label."""
        return self.options[self.index(s)][1]

    def nudge(self, s: Settings, direction: int) -> Settings:
        """The previous (-1) or next (+1) option."""
        i, n = self.index(s) + direction, len(self.options)
        i = i % n if self.wrap else max(0, min(n - 1, i))
        return _set(s, self.field, self.options[i][0])

    def activate(self, s: Settings) -> Settings:
        """Enter: the next option, wrapping around."""
        return _set(s, self.field, self.options[(self.index(s) + 1) % len(self.options)][0])


@dataclass(frozen=True)
class Binding:
    """One action's keys on the keyboard and the gamepad; Enter listens for a new one."""

    action: str
    hint: str = "Enter: press a new key · Del / X: clear · Esc cancels listening"
    selectable = True

    @property
    def label(self) -> str:
        """The action's name for players."""
        return ACTION_LABELS.get(self.action, self.action.replace("_", " ").capitalize())

    def text(self, s: Settings, device: str) -> str:
        """The bound keys, primary first."""
        keys = s.bindings[self.action][device]
        return "  /  ".join(key_label(k) for k in keys) if keys else "—"

    def bind(self, s: Settings, device: str, key: str) -> Settings:
        """The key becomes the primary binding; ValueError (one line) if another action has it."""
        return rebind(s, self.action, device, key, slot=0)

    def clear(self, s: Settings, device: str) -> Settings:
        """Drop the primary key; ValueError if that would leave pause without any key on the keyboard."""
        out = unbind(s, self.action, device, 0)
        if self.action == "pause" and not out.bindings["pause"]["keyboard"]:
            raise ValueError("pause needs at least one keyboard key")
        return out


@dataclass(frozen=True)
class Header:
    """Column titles over the key bindings (not selectable)."""

    label: str
    columns: tuple[str, str] = ("Keyboard", "Gamepad")
    hint: str = ""
    selectable = False


@dataclass(frozen=True)
class Action:
    """A button row: Enter runs a settings transform (e.g. reset the bindings)."""

    label: str
    run: Callable[[Settings], Settings]
    hint: str = ""
    confirm: str = ""  # when set, the first Enter shows this and only a second Enter runs it
    selectable = True

    def activate(self, s: Settings) -> Settings:
        """Run it."""
        return self.run(s)


@dataclass(frozen=True)
class TextEntry:
    """A line of text typed in place: Enter starts typing, Enter again keeps it if `problem` finds nothing wrong with it
    (the text is stripped first), Esc leaves it as it was."""

    label: str
    field: str
    problem: Callable[[str], str | None]  # why a typed value cannot be kept (None: it can)
    most: int  # characters that can be typed
    hint: str = ""
    empty: str = "—"  # what shows for ""
    selectable = True

    def value(self, s: Settings) -> str:
        """The current text."""
        return str(_get(s, self.field))

    def text(self, s: Settings) -> str:
        """The text as shown (cut to fit the row)."""
        v = self.value(s)
        return self.empty if not v else v if len(v) <= 40 else v[:39] + "…"

    def accept(self, s: Settings, typed: str) -> Settings:
        """The settings with the typed text; ValueError (one line naming the row) if it cannot be kept."""
        value = typed.strip()
        why = self.problem(value)
        if why:
            raise ValueError(f"{self.label} {why}")
        return _set(s, self.field, value)


Row = Slider | Choice | Binding | Header | Action | TextEntry


@dataclass(frozen=True)
class Page:
    """A titled list of rows."""

    name: str
    rows: tuple[Row, ...]


def _pct(v: float) -> str:
    return f"{round(v * 100):d}%"


def _on_off(field: str, label: str, hint: str) -> Choice:
    return Choice(label, field, ((True, "On"), (False, "Off")), hint)


def _resolutions(s: Settings) -> tuple[tuple[Any, str], ...]:
    """The common sizes plus the current one when it is unusual, smallest first."""
    sizes = sorted(set(RESOLUTIONS) | {tuple(s.resolution)}, key=lambda r: (r[0] * r[1], r))
    return tuple((r, f"{r[0]} × {r[1]}") for r in sizes)


def _skidmarks(s: Settings) -> tuple[tuple[Any, str], ...]:
    opts = dict(SKIDMARKS)
    if s.quality.skidmark_length:
        opts.setdefault(s.quality.skidmark_length, "Custom")
    return ((0, "By quality"),) + tuple((n, f"{name}  ({n:,})") for n, name in sorted(opts.items()))


def build_pages(s: Settings) -> tuple[Page, ...]:
    """Audio, Display, Controls, Graphics, AI cars, Telemetry and Online, for settings s (which fixes the resolution list)."""
    audio = Page("Audio", (
        Slider("Master volume", "master_volume", 0.0, 1.0, 0.1, _pct, "Everything the game plays"),
        Slider("Engine volume", "engine_volume", 0.0, 1.0, 0.1, _pct, "Engine and gearbox"),
        Slider("Effects volume", "effects_volume", 0.0, 1.0, 0.1, _pct, "Tyres, gravel, impacts and menu clicks"),
    ))
    display = Page("Display", (
        _on_off("fullscreen", "Fullscreen", "Borderless, at the desktop's size"),
        Choice("Resolution", "resolution", _resolutions(s), "Window size when not fullscreen", wrap=False),
        Choice("Default camera", "camera", (("near", "Chase near"), ("far", "Chase far"), ("hood", "Hood"), ("top", "Top down")),
               "The view a drive starts in (C cycles while driving)"),
        Choice("Speed units", "units", (("kmh", "km/h"), ("mph", "mph")), "Speedometer units"),
        _on_off("minimap", "Minimap", "The map from above in the top-right corner while driving"),
    ))
    controls = Page("Controls", (
        Slider("Gamepad deadzone", "gamepad_deadzone", 0.0, 0.5, 0.05, _pct, "Stick travel ignored around the centre"),
        Slider("Steering sensitivity", "steer_sensitivity", 0.2, 2.0, 0.1, lambda v: f"{v:.1f}×", "Stick steering gain"),
        Choice("Gearbox assist", "gearbox_assist", tuple(ASSIST_LABELS.items()),
               "Simulation handling: who works the clutch and picks the gear", wrap=False),
        Header("Keys"),
        *(Binding(a) for a in ACTIONS),
        Action("Reset keys to defaults", reset_bindings, "Every key and button back to how the game shipped",
               confirm="Press Enter again to reset every key and button"),
    ))
    graphics = Page("Graphics", (
        Choice("Quality", "quality.tier", tuple((t, TIER_LABELS[t]) for t in TIERS),
               "Shadow detail, ground detail, draw distance, smoothing, particles, skidmarks (smoothing: next start)", wrap=False),
        _on_off("quality.shadows", "Shadows", "Sun shadows on the car and the park"),
        Choice("Particles", "quality.particles", (("tier", "By quality"), ("off", "Off"), ("low", "Low"), ("high", "High")),
               "Tyre smoke and dust (applies from the next drive)", wrap=False),
        Choice("Skidmark length", "quality.skidmark_length", _skidmarks(s),
               "How many skidmark segments stay on the ground (applies from the next drive)", wrap=False),
    ))
    gameplay = Page("AI cars", (
        Choice("AI cars in Free Drift", "ai_cars", tuple((n, "None" if n == 0 else str(n)) for n in range(MAX_AI_CARS + 1)),
               "Self-driving cars that roam the map (applies from the next drive)", wrap=False),
        _on_off("ai_in_timed_modes", "AI in Timed Run and Zones", "The same AI cars in the scored modes too"),
    ))
    telemetry = Page("Telemetry", (
        Choice("Telemetry out", "telemetry.enabled", ((False, "Off"), (True, "On")), tele.ON_HINT),
        Header("Send to", columns=("", "")),
        Choice("Address", "telemetry.host", tele.host_options(s), tele.HOST_HINT, wrap=False),
        Choice("Port", "telemetry.port", tele.port_options(s), tele.PORT_HINT, wrap=False),
    ))
    online = Page("Online", (
        TextEntry("Server", "online.server", url_problem, MAX_URL_CHARS,
                  "The board server for Submit and Leaderboards, e.g. http://127.0.0.1:8000 (empty: none)",
                  empty="None"),
        TextEntry("Your name", "online.name", name_problem, MAX_NAME_CHARS,
                  "Shown on the boards; your first submission to a server registers it there", empty="Not set"),
        _on_off("online.submit", "Offer Submit on results", "A Submit button on the results of runs a board ranks"),
    ))
    return (audio, display, controls, graphics, gameplay, telemetry, online)
