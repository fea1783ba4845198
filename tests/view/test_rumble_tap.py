"""The wheel-and-rumble tap on an engine-free drive: a fake wheel steers the car through the drive loop, a wall hit
rumbles the fake pad, a pause silences it, a plugged-out wheel hands back to the keys, closing stops the motors."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.content.settings import default_settings
from game.content.wheel_settings import WheelProfile, WheelSettings
from game.driving.drive_loop import DriveLoop
from game.driving.wheel_mapping import DeviceReading, WheelMapper
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup
from game.view.devices.input_devices import reading_of
from game.view.drive.rumble_tap import RumbleTap

WHEEL = "Fake Wheel"


class FakeDevices:
    """Stands in for InputDevices: one wheel (or none), its raw axes, and the rumble it was sent."""

    def __init__(self, settings):
        self.settings, self.axes, self.sent, self.resets, self.plugged = settings, {"wheel": 0.0, "accelerator": 0.0}, [], 0, True
        self.mapper = WheelMapper(WHEEL, settings.wheel.profile(WHEEL))

    def wheel_name(self):
        return WHEEL if self.plugged else None

    def wheel_input(self, max_wheel_angle_deg=35.0):
        if not self.plugged:
            return None
        self.mapper.max_wheel_angle_deg = max_wheel_angle_deg
        return self.mapper.read({WHEEL: DeviceReading(WHEEL, dict(self.axes))})

    def rumble(self, low, high):
        self.sent.append((low, high))

    def reset(self):
        self.resets += 1


def scene_for(catalog, park, spawn=None):
    settings = replace(default_settings(), wheel=WheelSettings(rumble_strength=1.0).with_profile(WHEEL, WheelProfile(rotation_deg=900)))
    run = DriftRun(RunSetup(catalog, "hatch", park, load_scoring_rules(), mode="free", hz=120.0, **({"spawn": spawn} if spawn else {})))
    loop = DriveLoop(run, settings)
    scene = SimpleNamespace(loop=loop, run=run, session=run.session, settings=settings, catalog=catalog)
    scene.controls = property(lambda s: s.loop.controls)
    return scene


def frame(scene, tap, paused=False):
    out = scene.loop.frame(1 / 60, {})
    scene.controls = scene.loop.controls
    tap(scene, out, paused)
    return out


def test_the_wheel_drives_through_the_loop_and_rumble_follows_the_drive(catalog, park):
    scene = scene_for(catalog, park)
    devices = FakeDevices(scene.settings)
    tap = RumbleTap(scene, devices)
    frame(scene, tap)  # the pedals at rest first, as when the wheel is plugged in
    devices.axes = {"wheel": 0.5, "accelerator": 1.0}  # 225 deg of a 900 deg wheel: half lock, foot down
    for _ in range(60):
        frame(scene, tap)
    assert scene.loop.controls.steer == pytest.approx(0.5) and scene.loop.controls.throttle == 1.0
    assert scene.session.state.speed > 3.0
    frame(scene, tap, paused=True)
    scene.loop.set_paused(True)
    frame(scene, tap, paused=True)
    assert devices.sent[-1] == (0.0, 0.0) and devices.resets == 1
    scene.loop.set_paused(False)
    devices.plugged = False  # the wheel unplugged: the keys and pad drive again, released
    frame(scene, tap)
    assert scene.loop.controls.steer == 0.0 and scene.loop.controls.throttle == 0.0
    tap.close()
    assert devices.sent[-1] == (0.0, 0.0) and scene.loop.wheel is None


def test_a_wall_hit_rumbles_the_pad(catalog, park):
    scene = scene_for(catalog, park, spawn=(185.0, 100.0, 90.0))  # facing east, 15 m from the outer wall at x = 200
    devices = FakeDevices(scene.settings)
    tap = RumbleTap(scene, devices)
    frame(scene, tap)  # the pedals at rest first
    devices.axes = {"wheel": 0.0, "accelerator": 1.0}
    for _ in range(150):
        frame(scene, tap)
    assert max(low for low, _ in devices.sent) > 0.5
    assert devices.sent[0][0] < 0.05  # next to nothing before the wall (the spawn settles the car onto the ground)


def test_reading_a_panda3d_device_names_axes_and_held_buttons():
    axis = lambda name, v: SimpleNamespace(axis=SimpleNamespace(name=name), value=v)  # noqa: E731
    button = lambda name, down: SimpleNamespace(handle=SimpleNamespace(name=name), pressed=down)  # noqa: E731
    dev = SimpleNamespace(name="G29", axes=[axis("wheel", -0.5), axis("accelerator", 1.0), axis("none", 0.2), axis("y", -1.0)],
                          buttons=[button("face_a", True), button("lshoulder", False), button("none", True)])
    r = reading_of(dev)
    assert r.axes == {"wheel": -0.5, "accelerator": 1.0, "axis2": 0.2, "y": -1.0}
    assert r.buttons == frozenset({"face_a", "button2"})


class FakePandaDevice:
    """Stands in for a panda3d InputDevice: class, axes, buttons, motors."""

    def __init__(self, name, kind, wheel=0.0):
        self.name, self.device_class = name, SimpleNamespace(name=kind)
        self.axes = [SimpleNamespace(axis=SimpleNamespace(name="wheel"), value=wheel)]
        self.buttons, self.vibration, self.polls = [], None, 0

    def poll(self):
        self.polls += 1

    def set_vibration(self, low, high):
        self.vibration = (low, high)


def test_devices_are_found_at_start_and_on_hot_plug():
    from direct.showbase.MessengerGlobal import messenger

    from game.view.devices.input_devices import InputDevices

    pad = FakePandaDevice("Xbox Controller", "gamepad")
    base = SimpleNamespace(devices=SimpleNamespace(get_devices=lambda: [pad, FakePandaDevice("Keyboard", "keyboard")]))
    lines = []
    settings = WheelSettings().with_profile("G29", WheelProfile(rotation_deg=540))
    devices = InputDevices(base, lambda: settings, lines.append)
    try:
        assert set(devices.devices) == {"Xbox Controller"} and devices.wheel_input() is None
        wheel = FakePandaDevice("G29", "steering_wheel", wheel=0.5)
        messenger.send("connect-device", [wheel])
        assert devices.wheel_name() == "G29" and lines == ["Wheel connected: G29"]
        assert devices.wheel_input().steer == pytest.approx(0.5) and wheel.polls == 1
        devices.rumble(0.4, 0.2)
        assert pad.vibration == (0.4, 0.2)
        messenger.send("disconnect-device", [wheel])
        assert devices.wheel_name() is None and lines[-1] == "Disconnected: G29"
    finally:
        devices.close()
    assert pad.vibration == (0.0, 0.0)
    messenger.send("connect-device", [FakePandaDevice("Late", "steering_wheel")])  # no longer listening
    assert "Late" not in devices.devices
