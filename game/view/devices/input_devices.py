"""Wheels, pedals and gamepads through Panda3D: found at start, picked up and dropped when plugged in or out, read
once a frame into DeviceReadings for the pure mapping (game/driving/wheel_mapping.py), and rumble sent back to them."""

from __future__ import annotations

import sys
from collections.abc import Callable

from game.content.wheel_settings import WheelSettings
from game.driving.wheel_mapping import DeviceReading, WheelInput, WheelMapper

READ_CLASSES = ("steering_wheel", "gamepad", "flight_stick", "unknown")  # pedal boxes and shifters often read as these


def reading_of(device) -> DeviceReading:
    """One Panda3D InputDevice's axes (by axis name; unnamed ones as axis0, axis1, ...) and held buttons, now."""
    axes, buttons = {}, set()
    for i, a in enumerate(device.axes):
        name = getattr(a.axis, "name", "none")
        axes[f"axis{i}" if name == "none" or name in axes else name] = float(a.value)
    for i, b in enumerate(device.buttons):
        if b.pressed:
            name = getattr(b.handle, "name", "") or f"button{i}"
            buttons.add(name if name != "none" else f"button{i}")
    return DeviceReading(device.name, axes, frozenset(buttons))


def _class_name(device) -> str:
    return getattr(device.device_class, "name", str(device.device_class))


class InputDevices:
    """The devices the game reads (wheels first), kept current through 'connect-device' / 'disconnect-device'."""

    def __init__(self, base, settings: Callable[[], WheelSettings], notify: Callable[[str], None] | None = None) -> None:
        """base: the ShowBase (its devices and messenger); settings(): the wheel settings now; notify(line): a HUD line."""
        from direct.showbase.DirectObject import DirectObject

        self.base, self.settings, self.notify = base, settings, notify
        self.devices: dict[str, object] = {}
        self._mapper: WheelMapper | None = None
        self._sent: tuple[float, float] | None = None  # the motors' last levels sent (a device is written only on a change)
        self._events = DirectObject()
        self._events.accept("connect-device", self._connected)
        self._events.accept("disconnect-device", self._disconnected)
        for d in base.devices.get_devices():
            self._connected(d, quiet=True)

    # ---- hot-plug ------------------------------------------------------------------------------

    def _connected(self, device, quiet: bool = False) -> None:
        if _class_name(device) not in READ_CLASSES:
            return
        self.devices[device.name] = device
        self._mapper, self._sent = None, None  # the wheel may have changed; the new device hears the motors' levels
        if not quiet:
            self._tell(f"{'Wheel' if _class_name(device) == 'steering_wheel' else 'Controller'} connected: {device.name}")

    def _disconnected(self, device) -> None:
        if self.devices.get(device.name) is device:
            del self.devices[device.name]
            self._mapper = None
            self._tell(f"Disconnected: {device.name}")

    def _tell(self, line: str) -> None:
        """A hot-plug notice on the drive's HUD (one that has gone since: stderr)."""
        try:
            if self.notify is not None:
                return self.notify(line)
        except Exception:
            pass
        sys.stderr.write(line + "\n")

    # ---- reading -------------------------------------------------------------------------------

    def wheel_name(self) -> str | None:
        """The first steering wheel connected (None: no wheel)."""
        return next((n for n, d in self.devices.items() if _class_name(d) == "steering_wheel"), None)

    def readings(self) -> dict[str, DeviceReading]:
        """Every read device's state now (polled first)."""
        out = {}
        for name, d in list(self.devices.items()):
            try:
                d.poll()
                out[name] = reading_of(d)
            except Exception as e:  # a device that fails is dropped with one line; the drive goes on
                sys.stderr.write(f"input devices: {name}: {e}\n")
                self.devices.pop(name, None)
        return out

    def wheel_input(self, max_wheel_angle_deg: float = 35.0) -> WheelInput | None:
        """The wheel's input this frame (None without a wheel); its profile is the settings' for its device name."""
        name = self.wheel_name()
        if name is None:
            return None
        profile = self.settings().profile(name)
        m = self._mapper
        if m is None or m.wheel_name != name or m.profile != profile or m.max_wheel_angle_deg != max_wheel_angle_deg:
            m = self._mapper = WheelMapper(name, profile, max_wheel_angle_deg)
        return m.read(self.readings())

    def reset(self) -> None:
        """After a pause: held paddles do not shift again."""
        if self._mapper is not None:
            self._mapper.reset()

    # ---- output --------------------------------------------------------------------------------

    def rumble(self, low: float, high: float) -> None:
        """Both motors of every device that has them (gamepads; wheels whose driver offers it), written only when the
        levels change (to the thousandth): most frames send the same, usually nothing."""
        levels = (round(low, 3), round(high, 3))
        if levels == self._sent:
            return
        self._sent = levels
        for d in self.devices.values():
            try:
                d.set_vibration(low, high)
            except Exception:  # no motors on this one
                pass

    def close(self) -> None:
        """Stop listening and stop the motors."""
        self._sent = None
        self.rumble(0.0, 0.0)
        self._events.ignoreAll()


_shared: InputDevices | None = None


def shared_devices(base, settings: Callable[[], WheelSettings], notify: Callable[[str], None] | None = None) -> InputDevices:
    """The one InputDevices of this process (hot-plug listeners are set up once)."""
    global _shared
    if _shared is None:
        _shared = InputDevices(base, settings, notify)
    _shared.settings = settings
    if notify is not None:  # the settings screen has no HUD: the drive's line stays
        _shared.notify = notify
    return _shared
