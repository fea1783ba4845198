"""The pause screen: resume, restart, photo mode, back to the menu."""

from __future__ import annotations

from ursina import Entity, camera, color, destroy

from game.ui.widgets import MenuList, title

PAUSE_Z = -0.5  # the HUD draws at z 0 down to -0.05 (ursina's UI: smaller z is nearer)


class PauseMenu(Entity):
    """Shown over a frozen session."""

    def __init__(self, on_resume, on_restart, on_menu, on_finish=None, on_photo=None):
        super().__init__(parent=camera.ui, z=PAUSE_Z)  # in front of the HUD: a bank popup never prints over the title
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0, 0, 0, 0.45), z=0.05)  # dims the HUD
        self.title = title("PAUSED", y=0.22, scale=3.2, parent=self)
        self.title.shadow_entity.parent = self
        options = [("Resume", on_resume), ("Restart", on_restart)]
        if on_finish is not None:
            options.append(("Finish and see results", on_finish))
        if on_photo is not None:
            options.append(("Photo mode", on_photo))
        options.append(("Main menu", on_menu))
        self.menu = MenuList(options, on_back=on_resume, parent=self, y=0.06)

    def destroy(self) -> None:
        """Remove the pause screen."""
        destroy(self)
