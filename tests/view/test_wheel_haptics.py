"""SDL2 force feedback without hardware: a fake sdl2 module stands in; without PySDL2 Settings says it is not available."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest

from game.view.devices import wheel_haptics


class FakeSdl2:
    """The few SDL2 haptic calls WheelForce makes, recording what it asked for."""

    SDL_INIT_HAPTIC, SDL_HAPTIC_CONSTANT, SDL_HAPTIC_AUTOCENTER, SDL_HAPTIC_CARTESIAN, SDL_HAPTIC_INFINITY = 0x1000, 1, 2, 1, 0xFFFFFFFF

    def __init__(self, names=(b"Logitech G29 Driving Force Racing Wheel",)):
        self.names, self.calls, self.levels = list(names), [], []

    def SDL_WasInit(self, flags):
        return 0

    def SDL_InitSubSystem(self, flags):
        return 0

    def SDL_NumHaptics(self):
        return len(self.names)

    def SDL_HapticName(self, i):
        return self.names[i]

    def SDL_HapticOpen(self, i):
        self.calls.append(("open", i))
        return object()

    def SDL_HapticQuery(self, h):
        return self.SDL_HAPTIC_CONSTANT | self.SDL_HAPTIC_AUTOCENTER

    def SDL_HapticSetAutocenter(self, h, v):
        self.calls.append(("autocenter", v))

    def SDL_HapticEffect(self):
        direction = SimpleNamespace(type=0, dir=[0, 0, 0])
        return SimpleNamespace(type=0, constant=SimpleNamespace(type=0, direction=direction, length=0, level=0))

    def SDL_HapticNewEffect(self, h, ref):
        return 7

    def SDL_HapticRunEffect(self, h, eid, n):
        self.calls.append(("run", eid))

    def SDL_HapticUpdateEffect(self, h, eid, ref):
        self.levels.append(ref._obj.constant.level)
        return 0

    def SDL_HapticStopEffect(self, h, eid):
        self.calls.append(("stop", eid))

    def SDL_HapticDestroyEffect(self, h, eid):
        self.calls.append(("destroy", eid))

    def SDL_HapticClose(self, h):
        self.calls.append(("close",))


@pytest.fixture
def fake_byref(monkeypatch):
    monkeypatch.setattr(wheel_haptics.ctypes, "byref", lambda obj: SimpleNamespace(_obj=obj))


def test_without_pysdl2_settings_says_force_feedback_is_not_available(monkeypatch):
    monkeypatch.setitem(sys.modules, "sdl2", None)  # import sdl2 fails
    assert wheel_haptics.status_line() == "Force feedback: not available on this system (install the sdl2 extra)"
    assert not wheel_haptics.WheelForce("G29").ok


def test_a_haptic_wheel_gets_the_torque_as_a_constant_force(monkeypatch, fake_byref):
    sdl = FakeSdl2((b"Xbox pad", b"Logitech G29 Driving Force Racing Wheel"))
    monkeypatch.setitem(sys.modules, "sdl2", sdl)
    assert wheel_haptics.status_line() == "Force feedback: Xbox pad (SDL2 haptics)"
    assert wheel_haptics.status_line("Logitech G29 Driving Force Racing Wheel") == "Force feedback: Logitech G29 Driving Force Racing Wheel (SDL2 haptics)"
    force = wheel_haptics.WheelForce("Logitech G29 Driving Force Racing Wheel")
    assert force.ok and ("open", 1) in sdl.calls and ("autocenter", 0) in sdl.calls and ("run", 7) in sdl.calls
    for torque in (0.5, -1.0, 3.0):
        force.set(torque)
    assert sdl.levels == [16383, -32767, 32767]  # clamped to the Sint16 range
    force.close()
    assert sdl.calls[-3:] == [("stop", 7), ("destroy", 7), ("close",)] and not force.ok
    force.set(0.5)  # closed: nothing more is sent
    assert len(sdl.levels) == 3


def test_no_haptic_device_is_said_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "sdl2", FakeSdl2(()))
    assert wheel_haptics.status_line() == "Force feedback: SDL2 finds no force-feedback wheel"
    assert not wheel_haptics.WheelForce("G29").ok
