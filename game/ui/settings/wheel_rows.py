"""Settings -> Controls -> Wheel and pedals as data: rows that read and change the connected wheel's profile (no ursina)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.content.settings import Settings
from game.content.wheel_settings import GEARS, WheelProfile
from game.ui.settings.pages import Action, Choice, Page

ROTATIONS = (270, 360, 450, 540, 720, 900, 1080)
RATIOS = (0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20)  # 0: full lock at the wheel's end stop
PCT_STEP = 0.01
CURVE_STEP = 0.1
NO_WHEEL = "No wheel connected: plug one in, it is picked up at once"
GEAR_LABELS = {g: ("R" if g == -1 else str(g)) for g in GEARS}


@dataclass(frozen=True)
class WheelRow:
    """One row: `key` is the profile (or wheel block) field it edits; `kind` how Enter and Left/Right act on it."""

    key: str
    label: str
    hint: str
    kind: str = "step"  # step (Left/Right), toggle, pedal (Enter calibrates, Left/Right inverts), button, gears, back
    needs_wheel: bool = True


ROWS: tuple[WheelRow, ...] = (
    WheelRow("rotation_deg", "Rotation range", "Set it to your wheel driver's range: the wheel's end stop is half of it each way"),
    WheelRow("steering_ratio", "Steering ratio", "Off: full lock at the end stop. Else the car's front-wheel lock times this ratio, like a road car"),
    WheelRow("deadzone", "Steering deadzone", "Wheel travel ignored around the centre"),
    WheelRow("curve", "Steering curve", "1.0 is linear; higher is finer around the centre and quicker near full lock"),
    WheelRow("invert_steer", "Invert steering", "For a wheel that reads backwards", kind="toggle"),
    WheelRow("throttle", "Throttle pedal", "Enter: calibrate (press it all the way, let go, Enter)    Left/Right: invert", kind="pedal"),
    WheelRow("brake", "Brake pedal", "Enter: calibrate (press it all the way, let go, Enter)    Left/Right: invert", kind="pedal"),
    WheelRow("clutch", "Clutch pedal", "Enter: calibrate (press it all the way, let go, Enter)    Left/Right: invert", kind="pedal"),
    WheelRow("pedal_deadzone", "Pedal deadzone", "Travel ignored at each end of every pedal (a pedal at rest reads 0, pressed 1)"),
    WheelRow("gears", "H-pattern shifter", "Enter: put the shifter in each gear in turn (R, 1, 2, ...); Enter skips one, Esc stops. "
             "Simulation handling, Manual gearbox assist", kind="gears"),
    WheelRow("shift_up", "Shift up button", "Enter, then press the paddle or button (Delete clears it)", kind="button"),
    WheelRow("shift_down", "Shift down button", "Enter, then press the paddle or button (Delete clears it)", kind="button"),
    WheelRow("handbrake", "Handbrake button", "Enter, then press the button (Delete clears it)", kind="button"),
    WheelRow("rumble_strength", "Rumble strength", "Gamepad and wheel rumble: walls, cars, landings, rough ground, wheelspin, the limiter",
             needs_wheel=False),
    WheelRow("force_strength", "Force feedback strength", "The wheel's centring spring and the tyres' self-aligning torque", needs_wheel=False),
    WheelRow("back", "Back", "Back to the settings", kind="back", needs_wheel=False),
)


def profile_of(s: Settings, wheel: str | None) -> WheelProfile:
    """The profile being edited (the defaults without a wheel)."""
    return s.wheel.profile(wheel) if wheel else WheelProfile()


def with_profile(s: Settings, wheel: str, profile: WheelProfile) -> Settings:
    """Settings with this wheel's profile replaced."""
    return replace(s, wheel=s.wheel.with_profile(wheel, profile))


def _step_in(options: tuple, v: Any, direction: int) -> Any:
    """The next option up or down from v (v itself at either end; the nearest when v is not listed)."""
    i = min(range(len(options)), key=lambda k: abs(options[k] - v))
    return options[max(0, min(len(options) - 1, i + direction))]


def _stepped(v: float, step: float, lo: float, hi: float, direction: int) -> float:
    return round(min(hi, max(lo, v + direction * step)), 4)


def nudge(row: WheelRow, s: Settings, wheel: str | None, direction: int) -> Settings:
    """Left (-1) or Right (+1) on a row."""
    if row.key in ("rumble_strength", "force_strength"):
        v = _stepped(getattr(s.wheel, row.key), 0.05, 0.0, 1.0, direction)
        return replace(s, wheel=replace(s.wheel, **{row.key: v}))
    if wheel is None:
        return s
    p = profile_of(s, wheel)
    if row.key == "rotation_deg":
        return with_profile(s, wheel, replace(p, rotation_deg=float(_step_in(ROTATIONS, p.rotation_deg, direction))))
    if row.key == "steering_ratio":
        return with_profile(s, wheel, replace(p, steering_ratio=float(_step_in(RATIOS, p.steering_ratio, direction))))
    if row.key in ("deadzone", "pedal_deadzone"):
        return with_profile(s, wheel, replace(p, **{row.key: _stepped(getattr(p, row.key), PCT_STEP, 0.0, 0.3, direction)}))
    if row.key == "curve":
        return with_profile(s, wheel, replace(p, curve=_stepped(p.curve, CURVE_STEP, 0.5, 3.0, direction)))
    if row.kind == "toggle":
        return with_profile(s, wheel, replace(p, **{row.key: not getattr(p, row.key)}))
    if row.kind == "pedal":
        return with_profile(s, wheel, replace(p, **{row.key: p.pedal(row.key).flipped()}))
    return s


def clear(row: WheelRow, s: Settings, wheel: str | None) -> Settings:
    """Delete on a button or shifter row: unbind it."""
    if wheel is None:
        return s
    p = profile_of(s, wheel)
    if row.kind == "button":
        return with_profile(s, wheel, replace(p, buttons={k: v for k, v in p.buttons.items() if k != row.key}))
    if row.kind == "gears":
        return with_profile(s, wheel, replace(p, gears={}))
    return s


def bind_button(s: Settings, wheel: str, action: str, button: str) -> Settings:
    """A paddle or button for shift up / shift down / handbrake (taken off any other action or gear first)."""
    p = profile_of(s, wheel)
    buttons = {k: v for k, v in p.buttons.items() if v != button}
    buttons[action] = button
    return with_profile(s, wheel, replace(p, buttons=buttons, gears={g: b for g, b in p.gears.items() if b != button}))


def bind_gear(s: Settings, wheel: str, gear: int, button: str) -> Settings:
    """The shifter's button for a gear (taken off any other gear or action first)."""
    p = profile_of(s, wheel)
    gears = {g: b for g, b in p.gears.items() if b != button and g != gear}
    gears[gear] = button
    return with_profile(s, wheel, replace(p, gears=dict(sorted(gears.items())), buttons={k: v for k, v in p.buttons.items() if v != button}))


def text(row: WheelRow, s: Settings, wheel: str | None, max_wheel_angle_deg: float = 35.0) -> str:
    """The row's value as shown."""
    if row.key in ("rumble_strength", "force_strength"):
        return f"{round(getattr(s.wheel, row.key) * 100)}%"
    if row.kind == "back":
        return ""
    if wheel is None:
        return "—"
    p = profile_of(s, wheel)
    if row.key == "rotation_deg":
        return f"{p.rotation_deg:.0f}°  (end stop ±{p.rotation_deg / 2:.0f}°)"
    if row.key == "steering_ratio":
        if not p.steering_ratio:
            return "Off: full lock at the end stop"
        lock = min(p.rotation_deg / 2, p.steering_ratio * max_wheel_angle_deg)
        return f"{p.steering_ratio:.0f}:1  (full lock at {lock:.0f}° on a {max_wheel_angle_deg:.0f}° car)"
    if row.key in ("deadzone", "pedal_deadzone"):
        return f"{round(getattr(p, row.key) * 100)}%"
    if row.key == "curve":
        return f"{p.curve:.1f}" + ("  (linear)" if abs(p.curve - 1.0) < 1e-9 else "")
    if row.kind == "toggle":
        return "On" if getattr(p, row.key) else "Off"
    if row.kind == "pedal":
        c = p.pedal(row.key)
        where = f"{c.device}: " if c.device else ""
        return f"{where}{c.axis}  {c.rest:+.2f} to {c.full:+.2f}" + ("  (inverted)" if c.inverted else "")
    if row.kind == "button":
        return p.buttons.get(row.key, "—")
    if row.kind == "gears":
        return ("Gears " + " ".join(GEAR_LABELS[g] for g in GEARS if g in p.gears)) if p.gears else "Not set (paddles or keys shift)"
    return ""


@dataclass(frozen=True)
class OpenScreen(Action):
    """A settings row that opens a screen of its own over the menu (`opens(settings, commit, close)` builds it)."""

    opens: Any = None


def wheel_entry(opens) -> OpenScreen:
    """The Controls page's row into the wheel screen (opens: the screen's class, called as opens(settings, commit, close))."""
    return OpenScreen("Wheel and pedals", lambda s: s, "Rotation range, deadzone, curve, pedal calibration, H-pattern, rumble; "
                      "a live view of every axis", opens=opens)


def with_wheel_entry(pages: tuple[Page, ...], opens) -> tuple[Page, ...]:
    """The settings pages with the wheel row on Controls, after the gearbox assist (the menu's one way in)."""
    out = []
    for page in pages:
        if page.name == "Controls":
            i = next((k + 1 for k, r in enumerate(page.rows) if isinstance(r, Choice) and r.field == "gearbox_assist"), len(page.rows))
            page = Page(page.name, page.rows[:i] + (wheel_entry(opens),) + page.rows[i:])
        out.append(page)
    return tuple(out)
