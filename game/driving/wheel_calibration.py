"""Pedal calibration by pressing, and capturing a button for an H-pattern gear (pure: fed with readings)."""

from __future__ import annotations

from collections.abc import Mapping

from game.content.wheel_settings import PedalCal
from game.driving.wheel_mapping import DeviceReading, button_name

MIN_TRAVEL = 0.25  # raw travel (of the -1..1 axis) a press must cover to count as a calibration
MOVED = 0.15  # raw change from rest that picks which axis (on which device) is the pedal being pressed


class PedalCalibrator:
    """Press a pedal all the way and let it go: records the rest value and the far end, finds the axis if asked."""

    def __init__(self, readings: Mapping[str, DeviceReading], axis: str | None = None, device: str | None = None) -> None:
        """Start from this frame's readings (the pedal at rest); axis/device None: the first axis that moves is the pedal."""
        self.rest = {(d.name, a): float(v) for d in readings.values() for a, v in d.axes.items()}
        self.axis, self.device = axis, device
        self.lo: float | None = None
        self.hi: float | None = None

    def feed(self, readings: Mapping[str, DeviceReading]) -> None:
        """One more frame of the press."""
        if self.axis is None:
            moved = [(abs(float(v) - self.rest.get((d.name, a), float(v))), d.name, a)
                     for d in readings.values() for a, v in d.axes.items()]
            best = max(moved, default=(0.0, "", ""))
            if best[0] < MOVED:
                return
            self.device, self.axis = best[1], best[2]
        dev = readings.get(self.device or "")
        if dev is None or self.axis not in dev.axes:
            return
        v = float(dev.axes[self.axis])
        self.lo = v if self.lo is None else min(self.lo, v)
        self.hi = v if self.hi is None else max(self.hi, v)

    def result(self, wheel_name: str) -> PedalCal | None:
        """The calibration (rest where it started, full at the end farthest from it); None if the pedal barely moved."""
        if self.axis is None or self.lo is None or self.hi is None:
            return None
        rest = self.rest.get((self.device, self.axis), self.lo)
        full = self.lo if abs(self.lo - rest) > abs(self.hi - rest) else self.hi
        if abs(full - rest) < MIN_TRAVEL:
            return None
        return PedalCal(self.axis, round(rest, 4), round(full, 4), "" if self.device == wheel_name else (self.device or ""))


class ButtonCapture:
    """Waits for a button to go down (a gear on the shifter, a paddle); what the profile will call it."""

    def __init__(self, readings: Mapping[str, DeviceReading]) -> None:
        self.held = {(d.name, b) for d in readings.values() for b in d.buttons}

    def feed(self, readings: Mapping[str, DeviceReading], wheel_name: str) -> str | None:
        """The first button pressed since the capture began, named for the profile; None yet."""
        now = {(d.name, b) for d in readings.values() for b in d.buttons}
        new = sorted(now - self.held)
        self.held &= now  # a button let go and pressed again counts
        return button_name(new[0][0], new[0][1], wheel_name) if new else None
