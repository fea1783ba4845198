"""The drive as a screen: built when it first comes on top, frozen under the pause menu and the results, and its session
keys (pause, camera, reset, mute, debug, the AI cars' overlay and orders) heard while it is on top."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import held_keys

from game.ui.screens import Screen


class DriveScreen(Screen):
    """A DriveScene on the stack; `build` makes it, `on_pause` opens the pause menu, `on_leave` runs before it goes."""

    name = "drive"

    def __init__(self, build: Callable[[], Any], on_pause: Callable[[], None], on_leave: Callable[[DriveScreen], None]) -> None:
        self.build, self.on_pause, self.on_leave = build, on_pause, on_leave
        self.scene: Any = None  # the DriveScene, from the first show on
        self.banked = False  # its credits, best and replay are banked (Finish, the clock, leaving early): never twice

    def show(self) -> None:
        """Build the drive the first time; after an overlay, carry on driving."""
        if self.scene is None:
            self.scene = self.build()
        else:
            self.scene.set_paused(False)

    def hide(self) -> None:
        """Freeze the drive: it stays drawn under the overlay."""
        self.scene.set_paused(True)

    def destroy(self) -> None:
        """Leave the drive (on_leave banks a run cut short), then remove everything drawn for it."""
        if self.scene is not None:
            self.on_leave(self)
            self.scene.destroy()

    def update(self, dt_s: float) -> None:
        """Advance the sim by this frame's time and sync what is drawn (frozen, it only keeps its view alive)."""
        self.scene.frame(dt_s, held_keys)

    def input(self, key: str) -> None:
        """Session keys while driving; the pause menu and the results take their own."""
        scene = self.scene
        if key == "space" and _held("control") and _held("shift"):
            scene.toggle_ai_overlay()  # Ctrl+Shift+Space, as in the AI-car note
            return
        if key == "left mouse down":
            scene.click_ground()  # send the AI cars where the pointer is on the ground
            return
        action = scene.mapper.action_for(key)
        if action == "pause":
            self.on_pause()
        elif action:
            scene.on_action(action)


def _held(modifier: str) -> bool:
    """Either key of a modifier held (ursina names them 'left control', 'right shift', ...)."""
    return bool(held_keys[modifier] or held_keys[f"left {modifier}"] or held_keys[f"right {modifier}"])
