"""Press a window's close button as a window manager does: a WM_DELETE_WINDOW client message (libX11 through ctypes).

Xvfb runs no window manager, and `xdotool windowclose` destroys the window under the program instead of asking it
to close, which no player's desktop does.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

CLIENT_MESSAGE = 33
NO_EVENT_MASK = 0


class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]


def close(window: int) -> None:
    x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(XEvent)]
    x.XFlush.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    dpy = x.XOpenDisplay(None)
    if not dpy:
        raise SystemExit("no display")
    ev = XEvent()
    ev.xclient.type, ev.xclient.window, ev.xclient.format = CLIENT_MESSAGE, window, 32
    ev.xclient.message_type = x.XInternAtom(dpy, b"WM_PROTOCOLS", False)
    ev.xclient.data[0] = x.XInternAtom(dpy, b"WM_DELETE_WINDOW", False)
    x.XSendEvent(dpy, window, False, NO_EVENT_MASK, ctypes.byref(ev))
    x.XFlush(dpy)
    x.XCloseDisplay(dpy)


if __name__ == "__main__":
    close(int(sys.argv[1]))
