"""The main menu: Drive, Garage, Settings, Quit over a slowly orbiting view of the park."""

from __future__ import annotations

import math

from ursina import Entity, Text, camera, color, destroy

from game.ui.widgets import MenuList, title


class MainMenu(Entity):
    """The first screen; `actions` maps option names to callables."""

    def __init__(self, actions: dict, message: str | None = None, subtitle: str = ""):
        super().__init__(parent=camera.ui)
        self.title = title("SIDEWAYS", y=0.3, scale=5.0, parent=self)
        self.title.shadow_entity.parent = self
        Text("an arcade drift game", parent=self, origin=(0, 0), y=0.215, scale=1.3, color=color.rgba(1, 1, 1, 0.8))
        options = [(name, fn) for name, fn in actions.items()]
        self.menu = MenuList(options, parent=self, y=0.06, x=-0.52, width=0.36)  # left, so the parked car shows
        for i, (_, fn) in enumerate(options):
            if fn is None:
                self.menu.set_enabled(i, False)
        Text(subtitle, parent=self, origin=(0, 0), y=-0.42, scale=0.9, color=color.rgba(1, 1, 1, 0.7))
        self.notice = None
        if message:
            self.notice = Text(message, parent=self, origin=(0, 0), y=-0.3, scale=0.9, color=color.hex("#ffd166"),
                               wordwrap=90, background=True)

    def destroy(self) -> None:
        """Remove the menu."""
        destroy(self)


class OrbitBackdrop:
    """Moves the camera slowly around a point: the menu's living background."""

    def __init__(self, x: float, y: float, z: float, radius: float = 14.0, height: float = 5.0, speed: float = 0.12):
        self.center = (x, y, z)
        self.radius, self.height, self.speed = radius, height, speed
        self.angle = 0.6

    def update(self, dt: float) -> None:
        """Advance the orbit and aim the camera."""
        from ursina import Vec3

        self.angle += self.speed * dt
        cx, cy, cz = self.center
        camera.position = Vec3(cx + math.sin(self.angle) * self.radius, cy + self.height, cz + math.cos(self.angle) * self.radius)
        camera.look_at(Vec3(cx, cy + 0.8, cz), up=Vec3(0, 1, 0))
        camera.fov = 60
