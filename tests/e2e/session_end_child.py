"""Run the real `sideways` command in this process and say, on stdout, when its Free Drift has earned credits.

    python -m tests.e2e.session_end_child headless ARGS...   `sideways play --headless ARGS...` (scripted inputs, offscreen)
    python -m tests.e2e.session_end_child window [close]     `sideways play --mode free --car hatch`: the windowed path
                                                             (launch._open_window, app.run()) on an offscreen buffer, driven
                                                             by held keys; with `close`, the window's close button is
                                                             pressed once the drive has earned credits

The line {"driving": {"credits": N, "t": S}} is printed (and flushed) once the drive in progress has earned N >= 10
credits, so the test can signal this process mid-drive. Nothing here changes what the game does on a signal or a close.
"""

from __future__ import annotations

import json
import sys

import game.shell.launch_checks
import game.view.boot.ursina_app as boot
from game.cli import main

READY_CREDITS = 10
how = sys.argv[1]
window = how == "window"
close = window and sys.argv[2:] == ["close"]
make_app = boot.make_app


def close_the_window(base) -> None:
    """What Panda3D does when the player clicks the close button: a 'window-event' whose window is no longer open."""
    from direct.showbase.MessengerGlobal import messenger
    from panda3d.core import WindowProperties

    closed = WindowProperties()
    closed.setOpen(False)

    class ClosedWindow:  # an offscreen buffer cannot be closed: this stands in for the main window after the click
        def getProperties(self):  # noqa: N802 (Panda3D's name)
            return closed

    real, base.win = base.win, ClosedWindow()
    try:
        messenger.send("window-event", [base.win])
    finally:
        base.win = real


def offscreen_app(*args, **kwargs):
    """The game's own app, offscreen (no display here), with a task that drives and reports."""
    kwargs["headless"] = True
    app = make_app(*args, **kwargs)
    from ursina import held_keys
    from ursina import scene as entities

    state = {"frame": 0, "told": False, "game": None}

    def watch(task):
        state["frame"] += 1
        if state["game"] is None:  # the game.shell.app.Game the command made, found as any entity is
            state["game"] = next((e for e in entities.entities if type(e).__name__ == "Game"), None)
        scene = state["game"].scene if state["game"] is not None else None
        if window and scene is not None:  # throttle, full lock, and the handbrake half of each second: donuts
            held_keys["w"], held_keys["d"] = 1, 1
            held_keys["space"] = 1 if (state["frame"] // 15) % 2 else 0
        if scene is not None and not state["told"] and scene.run.credits() >= READY_CREDITS:
            state["told"] = True
            print(json.dumps({"driving": {"credits": scene.run.credits(), "t": round(scene.session.t, 2)}}), flush=True)
            if close:
                close_the_window(app)
        return task.cont

    app.taskMgr.add(watch, "test-drive-watch")
    return app


boot.make_app = offscreen_app
if window:
    game.shell.launch_checks.display_problem = lambda *a, **k: None  # there is no display here; the buffer stands in for the window
    # no AI cars: windowed sessions take their seed from the clock, and an AI car parked in the donut's way now and then
    # cost every chain (a test run that never earned credits)
    raise SystemExit(main(["play", "--mode", "free", "--car", "hatch", "--size", "640x360", "--ai", "0"]))
raise SystemExit(main(["play", "--headless", *sys.argv[2:]]))
