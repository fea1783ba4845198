"""What the screens stand on: the park as drawn (shared by the menus and every drive on the map) and the menus' backdrop
(the equipped car parked at the spawn, the camera orbiting it). The Game owns one; each screen says what it needs."""

from __future__ import annotations

from typing import Any

from game.ui.main_menu import OrbitBackdrop


class Scenery:
    """The shared world view and the menu backdrop, built when a screen asks and let go when one no longer wants them."""

    def __init__(self) -> None:
        self.world_view: Any = None  # a WorldView; rebuilt only after a screen let it go (garage, settings, a new map)
        self.backdrop: OrbitBackdrop | None = None
        self.parked: Any = None  # the CarModel parked at the spawn under the backdrop

    def world(self, world, catalog, tier, shadows: bool):
        """The park as drawn: built once and kept until released."""
        from game.view.world.world_view import WorldView

        if self.world_view is None:
            self.world_view = WorldView(world, catalog, tier, shadows=shadows)
        return self.world_view

    def park(self, world, spec, paint: str | None) -> None:
        """A fresh backdrop: this car parked at the spawn with the camera starting its orbit (needs world() first)."""
        from game.view.cars.car_model import CarModel

        self.drop_backdrop()
        x, z, hd = world.spawn
        y = world.ground(x, z)[0]
        self.parked = CarModel(spec, paint)
        self.parked.update_static(hd, 0.0, (x, y, z))
        self.world_view.follow(x, z)
        self.backdrop = OrbitBackdrop(x, y, z, radius=9.0, height=2.6)

    def drop_backdrop(self) -> None:
        """Remove the parked car and stop the orbit; the park stays drawn."""
        if self.parked is not None:
            self.parked.destroy()
        self.parked = self.backdrop = None

    def release(self) -> None:
        """Remove the backdrop and the park's drawing."""
        self.drop_backdrop()
        if self.world_view is not None:
            self.world_view.destroy()
            self.world_view = None

    def update(self, dt_s: float) -> None:
        """Move the orbiting camera while the backdrop shows."""
        if self.backdrop is not None:
            self.backdrop.update(dt_s)
