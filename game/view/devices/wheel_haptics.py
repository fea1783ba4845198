"""A wheel's force feedback through SDL2 haptics (PySDL2, the optional "sdl2" extra): one constant-force effect whose
level follows game/sim/feedback.py's torque. Without PySDL2, or without a haptic device of the wheel's name, there is
none, and Settings says so rather than pretending."""

from __future__ import annotations

import ctypes
import sys

from game.sim.mathx import clamp

UNAVAILABLE = "Force feedback: not available on this system (install the sdl2 extra)"
NO_DEVICE = "Force feedback: SDL2 finds no force-feedback wheel"
MAX_LEVEL = 32767  # SDL_HapticConstant.level is a Sint16


def _sdl2():
    """The sdl2 module, initialised for haptics, or None."""
    try:
        import sdl2
    except Exception:  # ImportError, or its SDL2 library missing (OSError, RuntimeError)
        return None
    if sdl2.SDL_WasInit(sdl2.SDL_INIT_HAPTIC) == 0 and sdl2.SDL_InitSubSystem(sdl2.SDL_INIT_HAPTIC) != 0:
        return None
    return sdl2


def haptic_names() -> list[str]:
    """The names SDL2 gives the haptic devices now ([] without PySDL2)."""
    sdl2 = _sdl2()
    if sdl2 is None:
        return []
    return [(sdl2.SDL_HapticName(i) or b"").decode("utf-8", "replace") for i in range(sdl2.SDL_NumHaptics())]


def _match(names: list[str], name: str | None) -> int:
    """The index of the haptic device named like the wheel (SDL and Panda3D may word it apart), else 0."""
    return next((i for i, n in enumerate(names) if name and (n in name or name in n)), 0)


def status_line(wheel_name: str | None = None) -> str:
    """One line for Settings: which device (the wheel's, where SDL2 has it) has force feedback, or why none does."""
    if _sdl2() is None:
        return UNAVAILABLE
    names = haptic_names()
    return f"Force feedback: {names[_match(names, wheel_name)]} (SDL2 haptics)" if names else NO_DEVICE


class WheelForce:
    """One haptic device's constant force; set(torque) once a frame, close() at the end of the drive."""

    def __init__(self, name: str | None = None) -> None:
        """Open the haptic device whose name matches `name` (else the first one); `ok` says whether it worked."""
        self.ok, self._sdl2, self._h, self._id = False, _sdl2(), None, -1
        sdl2 = self._sdl2
        if sdl2 is None:
            return
        names = haptic_names()
        if not names:
            return
        h = sdl2.SDL_HapticOpen(_match(names, name))
        if not h or not sdl2.SDL_HapticQuery(h) & sdl2.SDL_HAPTIC_CONSTANT:
            if h:
                sdl2.SDL_HapticClose(h)
            return
        if sdl2.SDL_HapticQuery(h) & sdl2.SDL_HAPTIC_AUTOCENTER:
            sdl2.SDL_HapticSetAutocenter(h, 0)  # our spring centres the wheel, not the driver's
        effect = sdl2.SDL_HapticEffect()
        effect.type = sdl2.SDL_HAPTIC_CONSTANT
        effect.constant.type = sdl2.SDL_HAPTIC_CONSTANT
        effect.constant.direction.type = sdl2.SDL_HAPTIC_CARTESIAN
        effect.constant.direction.dir[0] = 1  # + pushes the rim to the right
        effect.constant.length = sdl2.SDL_HAPTIC_INFINITY
        self._effect = effect
        eid = sdl2.SDL_HapticNewEffect(h, ctypes.byref(effect))
        if eid < 0:
            sdl2.SDL_HapticClose(h)
            return
        self._h, self._id, self.ok = h, eid, True
        sdl2.SDL_HapticRunEffect(h, eid, 1)

    def set(self, torque: float) -> None:
        """The force now, -1..1 (+ to the right)."""
        if not self.ok:
            return
        level = int(clamp(torque, -1.0, 1.0) * MAX_LEVEL)
        if level == self._effect.constant.level:
            return  # unchanged: no USB transfer this frame
        self._effect.constant.level = level
        if self._sdl2.SDL_HapticUpdateEffect(self._h, self._id, ctypes.byref(self._effect)) < 0:
            sys.stderr.write(f"wheel force: {self._sdl2.SDL_GetError().decode('utf-8', 'replace')} (force feedback off)\n")
            self.close()

    def close(self) -> None:
        """Stop the force and let the device go."""
        if self.ok:
            self._sdl2.SDL_HapticStopEffect(self._h, self._id)
            self._sdl2.SDL_HapticDestroyEffect(self._h, self._id)
            self._sdl2.SDL_HapticClose(self._h)
        self.ok = False
