"""Settings -> Controls -> Wheel and pedals as data: each row changes the connected wheel's profile and says so."""

from __future__ import annotations

from game.content.settings import Settings
from game.content.wheel_settings import PedalCal
from game.ui.settings import wheel_rows as rows
from game.ui.settings.pages import build_pages

WHEEL = "Thrustmaster T300RS"
ROW = {r.key: r for r in rows.ROWS}


def test_the_controls_page_opens_the_wheel_screen():
    screen = object()
    controls = next(p for p in rows.with_wheel_entry(build_pages(Settings()), screen) if p.name == "Controls")
    i = next(k for k, r in enumerate(controls.rows) if getattr(r, "opens", None) is screen)
    assert controls.rows[i].label == "Wheel and pedals" and controls.rows[i].activate(Settings()) == Settings()
    assert controls.rows[i - 1].field == "gearbox_assist"  # right after the gearbox assist


def test_rotation_ratio_deadzone_and_curve_step_within_their_ranges():
    s = Settings()
    s = rows.nudge(ROW["rotation_deg"], s, WHEEL, 1)
    assert s.wheel.profile(WHEEL).rotation_deg == 1080 and rows.text(ROW["rotation_deg"], s, WHEEL) == "1080°  (end stop ±540°)"
    assert rows.nudge(ROW["rotation_deg"], s, WHEEL, 1).wheel.profile(WHEEL).rotation_deg == 1080  # the top end holds
    for _ in range(6):
        s = rows.nudge(ROW["rotation_deg"], s, WHEEL, -1)
    assert s.wheel.profile(WHEEL).rotation_deg == 270
    assert rows.text(ROW["steering_ratio"], s, WHEEL) == "Off: full lock at the end stop"
    s = rows.nudge(ROW["steering_ratio"], rows.nudge(ROW["rotation_deg"], s, WHEEL, 5), WHEEL, 1)  # 900 deg, 8:1
    assert rows.text(ROW["steering_ratio"], s, WHEEL, 32) == "8:1  (full lock at 256° on a 32° car)"
    s = rows.nudge(ROW["deadzone"], s, WHEEL, 1)
    s = rows.nudge(ROW["curve"], s, WHEEL, 1)
    p = s.wheel.profile(WHEEL)
    assert (p.deadzone, p.curve) == (0.01, 1.1) and rows.text(ROW["curve"], s, WHEEL) == "1.1"


def test_a_pedal_row_inverts_its_calibration_and_shows_it():
    s = rows.nudge(ROW["brake"], Settings(), WHEEL, 1)
    assert s.wheel.profile(WHEEL).brake == PedalCal("brake", 1.0, 0.0)
    assert rows.text(ROW["brake"], s, WHEEL) == "brake  +1.00 to +0.00  (inverted)"


def test_buttons_and_gears_are_bound_once_and_cleared():
    s = rows.bind_gear(Settings(), WHEEL, 1, "joystick1")
    s = rows.bind_gear(s, WHEEL, -1, "joystick8")
    s = rows.bind_button(s, WHEEL, "shift_up", "joystick8")  # taken off reverse
    p = s.wheel.profile(WHEEL)
    assert dict(p.gears) == {1: "joystick1"} and p.buttons["shift_up"] == "joystick8"
    assert rows.text(ROW["gears"], s, WHEEL) == "Gears 1"
    s = rows.clear(ROW["shift_up"], rows.clear(ROW["gears"], s, WHEEL), WHEEL)
    assert rows.text(ROW["gears"], s, WHEEL).startswith("Not set") and rows.text(ROW["shift_up"], s, WHEEL) == "—"


def test_without_a_wheel_only_the_strengths_change():
    s = Settings()
    assert rows.nudge(ROW["rotation_deg"], s, None, 1) == s and rows.text(ROW["rotation_deg"], s, None) == "—"
    s = rows.nudge(ROW["rumble_strength"], s, None, -1)
    assert s.wheel.rumble_strength == 0.75 and rows.text(ROW["rumble_strength"], s, None) == "75%"
