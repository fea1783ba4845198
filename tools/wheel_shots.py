"""A made-up wheel for the screenshots: a G29 mid-corner with its clutch on a separate pedal box, an inverted brake and an
H-pattern shifter in 3rd, shown on Settings -> Controls -> Wheel and pedals (no hardware needed)."""

from __future__ import annotations

from dataclasses import replace

from game.content.wheel_settings import PedalCal, WheelProfile
from game.driving.wheel_mapping import DeviceReading

WHEEL = "Logitech G29 Driving Force Racing Wheel"
PEDALS = "Heusinkveld Sprint Pedals"
PROFILE = WheelProfile(
    rotation_deg=900, steering_ratio=13, deadzone=0.02, curve=1.2,
    throttle=PedalCal("accelerator", 0.0, 1.0), brake=PedalCal("brake", 1.0, -1.0), clutch=PedalCal("y", -1.0, 1.0, device=PEDALS),
    buttons={"shift_up": "rshoulder", "shift_down": "lshoulder", "handbrake": "face_x"},
    gears={-1: "joystick8", 1: "joystick1", 2: "joystick2", 3: "joystick3", 4: "joystick4", 5: "joystick5", 6: "joystick6"},
)


class ShotDevices:
    """Stands in for InputDevices: the wheel turned 120 deg right, throttle half down, the brake brushed, 3rd gear."""

    def wheel_name(self) -> str:
        return WHEEL

    def readings(self) -> dict[str, DeviceReading]:
        wheel = DeviceReading(WHEEL, {"wheel": 120 / 450, "accelerator": 0.55, "brake": 0.8, "rx": 0.0}, frozenset({"joystick3"}))
        pedals = DeviceReading(PEDALS, {"x": 0.0, "y": -1.0, "z": -0.95})
        return {WHEEL: wheel, PEDALS: pedals}


def build(game, name: str):
    """The wheel screen for the shot `name` (only "wheel_settings")."""
    from game.ui.settings.wheel import WheelSettingsScreen

    settings = replace(game.settings, wheel=replace(game.settings.wheel, rumble_strength=0.7).with_profile(WHEEL, PROFILE))
    screen = WheelSettingsScreen(settings, lambda s: None, lambda: None, devices=ShotDevices())
    screen.index = 6  # the brake row: its hint, and the calibration it has
    screen.message = "Brake: brake +1.00 to -1.00 (inverted)"
    screen._paint()
    return screen
