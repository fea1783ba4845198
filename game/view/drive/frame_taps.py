"""Per-frame taps: things outside the drawing (telemetry out, rumble) that read the drive after each of its frames.

A tap factory takes the DriveScene and returns a tap (or None: nothing to do for this drive). A tap is called once per
rendered frame, after the drive loop's frame, as tap(scene, step_result, paused); it may have close(), called when the
scene is destroyed. A tap that raises is dropped for the rest of the drive with one line on stderr: the drive goes on.
Factories are listed in FACTORIES (dotted "module:function" names, imported when a scene starts) or added with register().
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

# H6 telemetry out, H7 rumble: "module:function" of a factory(scene) -> tap | None, imported lazily (no view import cycles)
FACTORIES: list[str] = [
    "game.view.drive.telemetry_tap:telemetry_tap",
    "game.view.drive.rumble_tap:rumble_tap",
]
_EXTRA: list[Callable] = []  # factories added at run time (tests)


def register(factory: Callable) -> Callable:
    """Add a factory for every scene started from now on (usable as a decorator); adding it twice is once."""
    if factory not in _EXTRA:
        _EXTRA.append(factory)
    return factory


def unregister(factory: Callable) -> None:
    """Remove a factory register() added (no error when it is not there)."""
    if factory in _EXTRA:
        _EXTRA.remove(factory)


def _factories() -> list[Callable]:
    out = []
    for name in FACTORIES:
        module, _, func = name.partition(":")
        try:
            out.append(getattr(importlib.import_module(module), func))
        except (ImportError, AttributeError) as e:
            sys.stderr.write(f"frame taps: {name}: {e}\n")
    return out + list(_EXTRA)


class FrameTaps:
    """The taps of one drive scene."""

    def __init__(self, scene) -> None:
        """Ask every factory for its tap for this scene."""
        self.taps: list = []
        for factory in _factories():
            try:
                tap = factory(scene)
            except Exception as e:  # a tap never stops a drive
                sys.stderr.write(f"frame taps: {getattr(factory, '__name__', factory)}: {e}\n")
                continue
            if tap is not None:
                self.taps.append(tap)

    def __call__(self, scene, out, paused: bool) -> None:
        """Call every tap with this frame's result; one that raises is dropped with one line."""
        for tap in list(self.taps):
            try:
                tap(scene, out, paused)
            except Exception as e:  # a tap never stops a drive
                sys.stderr.write(f"frame taps: dropped {type(tap).__name__}: {e}\n")
                self.taps.remove(tap)

    def close(self) -> None:
        """Close every tap that can be closed."""
        for tap in self.taps:
            close = getattr(tap, "close", None)
            if close is not None:
                try:
                    close()
                except Exception as e:
                    sys.stderr.write(f"frame taps: closing {type(tap).__name__}: {e}\n")
        self.taps = []
