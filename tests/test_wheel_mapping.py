"""Wheel and pedals from fake devices: rotation range to steering lock, deadzone, curve, pedal calibration and
inversion, pedals on a separate device, H-pattern gears and paddles, and the wheel merged into the one Controls."""

from __future__ import annotations

import weakref
from dataclasses import replace
from types import MappingProxyType

import pytest

from game.content.settings import DEFAULT_BINDINGS
from game.content.wheel_settings import PedalCal, WheelProfile, WheelSettings, load_wheel
from game.driving.input import InputMapper
from game.driving.wheel_calibration import ButtonCapture, PedalCalibrator
from game.driving.wheel_mapping import DeviceReading, WheelMapper, full_lock_deg, steer_from_raw
from game.sim.controls import NEUTRAL_GEAR, REVERSE
from game.sim.gearbox_assist import GearboxAssist
from game.sim.models.gearbox_info import GearboxInfo

WHEEL = "Logitech G29 Driving Force Racing Wheel"
PEDALS = "Heusinkveld Sprint Pedals"


class FakeWheel:
    """Stands in for a wheel: an angle in degrees within its rotation range, pedal axes and held buttons."""

    def __init__(self, name=WHEEL, rotation_deg=900.0, pedals_rest=(0.0, 0.0, 0.0), pedals_full=(1.0, 1.0, 1.0)):
        self.name, self.rotation_deg = name, rotation_deg
        self.rest, self.full = pedals_rest, pedals_full
        self.angle_deg = 0.0
        self.press = [0.0, 0.0, 0.0]  # throttle, brake, clutch travel 0..1
        self.buttons: set[str] = set()

    def reading(self) -> DeviceReading:
        raw = [r + (f - r) * p for r, f, p in zip(self.rest, self.full, self.press)]
        axes = {"wheel": self.angle_deg / (self.rotation_deg / 2), "accelerator": raw[0], "brake": raw[1], "clutch": raw[2]}
        return DeviceReading(self.name, axes, frozenset(self.buttons))


    def at_rest(self) -> DeviceReading:
        r = self.reading()
        return DeviceReading(r.name, {**r.axes, "accelerator": self.rest[0], "brake": self.rest[1], "clutch": self.rest[2]})


_primed: weakref.WeakSet = weakref.WeakSet()


def read(mapper, *devices):
    """The mapper's input now; a new mapper first sees the pedals at rest (as when a wheel is plugged in)."""
    if mapper not in _primed:
        _primed.add(mapper)
        mapper.read({d.name: d.at_rest() for d in devices})
    return mapper.read({d.name: d.reading() for d in devices})


def test_a_900_degree_wheel_turned_450_is_full_lock_and_a_270_reaches_it_at_135():
    w = FakeWheel(rotation_deg=900)
    m = WheelMapper(WHEEL, WheelProfile(rotation_deg=900))
    for angle, steer in ((450, 1.0), (225, 0.5), (-450, -1.0), (90, 0.2)):
        w.angle_deg = angle
        assert read(m, w).steer == pytest.approx(steer)
    small = FakeWheel(rotation_deg=270)
    m = WheelMapper(WHEEL, WheelProfile(rotation_deg=270))
    small.angle_deg = 135
    assert read(m, small).steer == pytest.approx(1.0)
    small.angle_deg = -67.5
    assert read(m, small).steer == pytest.approx(-0.5)


def test_a_steering_ratio_reaches_the_cars_lock_sooner_never_past_the_end_stop():
    # 13:1 on a car whose front wheels turn 32 deg: full lock at 416 deg of wheel, inside a 1080's 540
    p = WheelProfile(rotation_deg=1080, steering_ratio=13)
    assert full_lock_deg(p, 32) == pytest.approx(416)
    assert steer_from_raw(416 / 540, p, 32) == pytest.approx(1.0)
    assert steer_from_raw(208 / 540, p, 32) == pytest.approx(0.5)
    assert steer_from_raw(1.0, p, 32) == 1.0  # past the lock: clamped
    # the same ratio on a 270: the end stop (135) comes first
    assert full_lock_deg(replace(p, rotation_deg=270), 32) == pytest.approx(135)


def test_deadzone_curve_and_inversion():
    p = WheelProfile(rotation_deg=900, deadzone=0.1)
    assert steer_from_raw(0.05, p, 35) == 0.0  # 22.5 deg of 450: inside the 10 % deadzone
    assert steer_from_raw(0.55, p, 35) == pytest.approx(0.5)  # rescaled past it
    assert steer_from_raw(1.0, p, 35) == 1.0
    curved = WheelProfile(rotation_deg=900, curve=2.0)
    assert steer_from_raw(0.5, curved, 35) == pytest.approx(0.25)  # finer near the centre
    assert steer_from_raw(-0.5, curved, 35) == pytest.approx(-0.25)
    assert steer_from_raw(1.0, curved, 35) == 1.0
    assert steer_from_raw(0.5, WheelProfile(invert_steer=True), 35) == pytest.approx(-0.5)


def test_pedals_calibrated_by_pressing_including_an_inverted_one():
    # a wheel whose brake reads +1 at rest and -1 pressed (inverted), throttle -1..1
    w = FakeWheel(pedals_rest=(-1.0, 1.0, 0.0), pedals_full=(1.0, -1.0, 1.0))
    cal = PedalCalibrator({w.name: w.reading()})
    for travel in (0.2, 0.6, 1.0, 0.5, 0.0):
        w.press[1] = travel
        cal.feed({w.name: w.reading()})
    brake = cal.result(WHEEL)
    assert brake == PedalCal("brake", 1.0, -1.0) and brake.inverted
    cal = PedalCalibrator({w.name: w.reading()}, axis="accelerator", device=WHEEL)
    for travel in (0.5, 1.0, 0.0):
        w.press[0] = travel
        cal.feed({w.name: w.reading()})
    throttle = cal.result(WHEEL)
    assert throttle == PedalCal("accelerator", -1.0, 1.0) and not throttle.inverted
    m = WheelMapper(WHEEL, WheelProfile(throttle=throttle, brake=brake, pedal_deadzone=0.0))
    w.press = [0.5, 0.25, 0.0]
    got = read(m, w)
    assert (got.throttle, got.brake) == (pytest.approx(0.5), pytest.approx(0.25))
    # the inversion toggle on a calibrated pedal turns it the other way round
    m = WheelMapper(WHEEL, WheelProfile(brake=brake.flipped(), pedal_deadzone=0.0))
    assert read(m, w).brake == pytest.approx(0.75)


def test_a_pedal_barely_moved_is_no_calibration_and_deadzone_covers_both_ends():
    w = FakeWheel()
    cal = PedalCalibrator({w.name: w.reading()}, axis="clutch", device=WHEEL)
    w.press[2] = 0.1
    cal.feed({w.name: w.reading()})
    assert cal.result(WHEEL) is None
    m = WheelMapper(WHEEL, WheelProfile(pedal_deadzone=0.05))
    w.press = [0.04, 0.97, 0.5]
    got = read(m, w)
    assert got.throttle == 0.0 and got.brake == 1.0 and got.clutch == pytest.approx(0.5)


def test_pedals_on_a_separate_device_are_combined_with_the_wheel():
    w = FakeWheel()
    pedals = FakeWheel(name=PEDALS)
    cal = PedalCalibrator({w.name: w.reading(), pedals.name: pedals.reading()})  # which axis moves? let it find out
    pedals.press[0] = 1.0
    cal.feed({w.name: w.reading(), pedals.name: pedals.reading()})
    throttle = cal.result(WHEEL)
    assert throttle == PedalCal("accelerator", 0.0, 1.0, device=PEDALS)
    m = WheelMapper(WHEEL, WheelProfile(throttle=throttle, pedal_deadzone=0.0))
    w.angle_deg, pedals.press[0], w.press[0] = -112.5, 0.75, 0.0
    got = read(m, w, pedals)
    assert got.steer == pytest.approx(-0.25) and got.throttle == pytest.approx(0.75)
    assert read(m, w).throttle == 0.0  # pedals unplugged: no throttle, the wheel still steers


def test_h_pattern_gears_neutral_between_and_paddles_press_once():
    gears = MappingProxyType({-1: "joystick8", 1: "joystick1", 2: "joystick2", 3: "joystick3"})
    buttons = MappingProxyType({"handbrake": "joystick20", "shift_up": "rshoulder", "shift_down": "lshoulder"})
    m = WheelMapper(WHEEL, WheelProfile(gears=gears, buttons=buttons))
    w = FakeWheel()
    assert read(m, w).gear == NEUTRAL_GEAR
    w.buttons = {"joystick2"}
    assert read(m, w).gear == 2
    w.buttons = {"joystick8", "joystick20"}
    got = read(m, w)
    assert got.gear == REVERSE and got.handbrake
    assert read(WheelMapper(WHEEL, WheelProfile()), w).gear is None  # no H-pattern: no gear request
    w.buttons = {"rshoulder"}
    assert read(m, w).shifts == (1,)
    assert read(m, w).shifts == ()  # still held: no second press
    w.buttons = {"lshoulder"}
    assert read(m, w).shifts == (-1,)
    m.reset()  # after a pause a paddle still held does not shift
    assert read(m, w).shifts == ()


def test_button_capture_names_a_shifter_on_another_device():
    w, box = FakeWheel(), FakeWheel(name="Fanatec ClubSport Shifter")
    box.buttons = {"joystick3"}
    cap = ButtonCapture({w.name: w.reading(), box.name: box.reading()})
    assert cap.feed({w.name: w.reading(), box.name: box.reading()}, WHEEL) is None  # held when it began: not a press
    box.buttons = {"joystick3", "joystick4"}
    name = cap.feed({w.name: w.reading(), box.name: box.reading()}, WHEEL)
    assert name == "Fanatec ClubSport Shifter:joystick4"
    m = WheelMapper(WHEEL, WheelProfile(gears=MappingProxyType({4: name})))
    assert read(m, w, box).gear == 4


def test_the_wheel_folds_into_the_one_controls_snapshot():
    mapper = InputMapper(DEFAULT_BINDINGS)
    w = FakeWheel()
    m = WheelMapper(WHEEL, WheelProfile(gears=MappingProxyType({1: "joystick1"}), pedal_deadzone=0.0))
    w.angle_deg, w.press, w.buttons = 225, [0.6, 0.0, 1.0], {"joystick1"}
    c = mapper.update({}, 1 / 60, read(m, w))
    assert (c.steer, c.throttle, c.clutch, c.gear) == (pytest.approx(0.5), pytest.approx(0.6), 1.0, 1)
    w.angle_deg, w.press = 0.0, [0.0, 0.0, 0.0]
    c = mapper.update({"space": 1, "gamepad left stick x": -1.0}, 1 / 60, read(m, w))
    assert c.steer == -1.0 and c.handbrake  # a wheel at centre leaves the pad's steering and the keys alone


def test_manual_assist_passes_the_h_pattern_gear_through():
    box = GearboxInfo(6, 900.0, 7000.0, takes_requests=True, has_reverse=True)
    assist = GearboxAssist("manual", box)
    mapper = InputMapper(DEFAULT_BINDINGS)
    w = FakeWheel()
    m = WheelMapper(WHEEL, WheelProfile(gears=MappingProxyType({3: "joystick3"})))
    w.buttons, w.press = {"joystick3"}, [0.0, 0.0, 1.0]
    sent = assist.step(mapper.update({}, 1 / 60, read(m, w)), 2, 3000.0, 15.0, 1 / 120)
    assert sent.gear == 3 and sent.clutch == 1.0
    auto = GearboxAssist("automatic", box)  # the automatic chooses its own gears
    assert auto.step(mapper.update({}, 1 / 60, read(m, w)), 2, 3000.0, 15.0, 1 / 120).gear is None


def test_saved_profiles_round_trip_and_bad_fields_fall_back_with_a_note():
    p = WheelProfile(rotation_deg=540, curve=1.5, brake=PedalCal("brake", 1.0, -1.0),
                     gears=MappingProxyType({-1: "joystick8", 1: "joystick1"}), buttons=MappingProxyType({"shift_up": "rshoulder"}))
    ws = WheelSettings(rumble_strength=0.5).with_profile(WHEEL, p)
    notes: list[str] = []
    again = load_wheel(ws.to_json(), notes)
    assert notes == [] and again.profile(WHEEL) == p and again.rumble_strength == 0.5
    raw = ws.to_json()
    raw["devices"][WHEEL]["rotation_deg"] = 5000
    raw["devices"][WHEEL]["throttle"] = {"axis": "y", "rest": 0.5, "full": 0.5}
    raw["rumble_strength"] = "loud"
    again = load_wheel(raw, notes)
    assert again.profile(WHEEL).rotation_deg == 900.0 and again.profile(WHEEL).curve == 1.5
    assert again.profile(WHEEL).throttle == PedalCal("y", 0.0, 1.0) and again.rumble_strength == 0.8
    assert any(f"wheel.devices[{WHEEL}].rotation_deg: must be 270..1080" in n for n in notes)
    assert any("throttle: rest and full must differ" in n for n in notes)
    assert again.profile("Some Other Wheel") == WheelProfile()


def test_settings_json_keeps_each_wheels_profile_and_a_bad_block_is_one_note(tmp_path):
    from game.content.settings import Settings, load_settings, save_settings

    p = WheelProfile(rotation_deg=1080, clutch=PedalCal("y", -1.0, 1.0, device=PEDALS))
    path = tmp_path / "settings.json"
    save_settings(path, Settings(wheel=WheelSettings(rumble_strength=0.3).with_profile(WHEEL, p)))
    got = load_settings(path)
    assert got.message is None and got.settings.wheel.profile(WHEEL) == p and got.settings.wheel.rumble_strength == 0.3
    path.write_text('{"wheel": {"rumble_strength": 2}}', encoding="utf-8")
    got = load_settings(path)
    assert got.settings.wheel.rumble_strength == 0.8 and "wheel.rumble_strength: must be 0..1" in got.message


def test_a_pedal_counts_once_it_has_moved_so_an_uncalibrated_inverted_brake_does_not_hold_the_car():
    w = FakeWheel(pedals_rest=(0.0, 1.0, 0.0), pedals_full=(1.0, -1.0, 1.0))  # the brake reads +1 at rest, uncalibrated
    m = WheelMapper(WHEEL, WheelProfile(pedal_deadzone=0.0))
    assert m.read({WHEEL: w.reading()}).brake == 0.0  # by the default calibration (0 -> 1) that is full brake: not yet
    w.press[1] = 0.5  # pressed: raw 0 now, it has moved, and reads through its (wrong) calibration until calibrated
    assert m.read({WHEEL: w.reading()}).brake == 0.0
    w.press[1] = 0.0
    assert m.read({WHEEL: w.reading()}).brake == 1.0
