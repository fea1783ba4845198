"""Before a window opens: is there a display to open it on? One line instead of Panda3D's traceback or a hang."""

from __future__ import annotations

import os
import subprocess
import sys

DISPLAY_ANSWER_S = 5.0  # a display that accepts the connection but has not answered by then is treated as gone (a stale ssh -X)

# Run in a child process so that a display which never answers cannot hang the game: libX11's XOpenDisplay (what
# Panda3D's window calls) connects, authenticates and waits for the server's reply; the child is killed at the deadline.
# Exit 0: the display answered; 1: it refused or is not there (libX11's reason, if any, on stderr); 3: no libX11 here.
_PROBE = """
import ctypes, sys
try:
    x11 = ctypes.CDLL("libX11.so.6")
except OSError:
    try:
        x11 = ctypes.CDLL("libX11.so")
    except OSError:
        sys.exit(3)
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
d = x11.XOpenDisplay(None)
if not d:
    sys.exit(1)
x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
x11.XCloseDisplay(d)
"""


def uses_x11() -> bool:
    """Panda3D opens its windows through X11 on Linux and the BSDs (Windows and macOS have their own window systems)."""
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly"))


def display_problem(timeout_s: float = DISPLAY_ANSWER_S) -> str | None:
    """Why a window cannot be opened here, as a phrase ("cannot open a window on DISPLAY=:99 (...)"); None if it can,
    or if this cannot be told before trying (no libX11 to ask: Panda3D then reports for itself)."""
    if not uses_x11():
        return None
    display = os.environ.get("DISPLAY", "")
    if not display:
        return "cannot open a window: DISPLAY is not set (no X display to open it on)"
    display = display if display.isprintable() else ascii(display)  # the message stays one line
    if getattr(sys, "frozen", False):
        return None  # a bundled game's sys.executable is the game itself, not a Python to run the probe with
    try:
        p = subprocess.run([sys.executable, "-I", "-S", "-c", _PROBE], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return f"cannot open a window on DISPLAY={display} (it accepted the connection but did not answer within {timeout_s:g} s)"
    except OSError:
        return None  # could not start the probe: let the window try
    if p.returncode == 1:
        said = " ".join(p.stderr.decode("utf-8", "replace").split())[:160]  # e.g. libX11's "Authorization required, ..."
        return f"cannot open a window on DISPLAY={display} ({said or 'no X server answers there'})"
    return None


def window_refused(prog: str, retry: str) -> str:
    """The one line for a window Panda3D could not open although the display answered (no usable OpenGL, say)."""
    display = os.environ.get("DISPLAY", "")
    where = f" on DISPLAY={display if display.isprintable() else ascii(display)}" if display and uses_x11() else ""
    return f"{prog}: cannot open a window{where} (Panda3D could not open it; see the lines above); try `{retry}`"
