"""What the screens stand on: the park as drawn (shared by the menus and every drive on the map) and the menus' backdrop
(the equipped car drifting the map's first course under a drift driver, the camera following it; on a map without a
course, or if that cannot be set up, the car parked at the spawn with the camera orbiting it). The Game owns one; each
screen says what it needs."""

from __future__ import annotations

from typing import Any

from game.ui.main_menu import OrbitBackdrop


class Scenery:
    """The shared world view and the menu backdrop, built when a screen asks and let go when one no longer wants them."""

    def __init__(self) -> None:
        self.world_view: Any = None  # a WorldView; rebuilt only after a screen let it go (garage, settings, a new map)
        self.backdrop: OrbitBackdrop | None = None
        self.parked: Any = None  # the CarModel parked at the spawn under the backdrop
        self.drifting: Any = None  # or the DriftBackdrop: a car drifting the map's course
        self.fallback: tuple = (None, None, {})  # the car (spec, paint, looks) to park should the drifting backdrop fail

    def world(self, world, catalog, tier, shadows: bool):
        """The park as drawn: built once and kept until released."""
        from game.view.world.world_view import WorldView

        if self.world_view is None:
            self.world_view = WorldView(world, catalog, tier, shadows=shadows)
        return self.world_view

    def park(self, world, spec, paint: str | None, catalog=None, **looks) -> None:
        """A fresh backdrop (needs world() first): given the catalog, a drift driver drifting the map's first course in
        its own car; else (or if that cannot be set up) this car parked at the spawn in its looks (finish=, stance=; the
        factory's if not given), with the camera starting its orbit."""
        from game.view.cars.car_model import CarModel

        self.drop_backdrop()
        self.fallback = (spec, paint, looks)  # parked if the drifting backdrop gives way
        if catalog is not None and getattr(getattr(world, "track", None), "courses", ()):
            if self._drift(world, catalog):
                return
        x, z, hd = world.spawn
        y = world.ground(x, z)[0]
        self.parked = CarModel(spec, paint, **looks)
        self.parked.update_static(hd, 0.0, (x, y, z))
        self.world_view.follow(x, z)
        self.backdrop = OrbitBackdrop(x, y, z, radius=9.0, height=2.6)

    def _drift(self, world, catalog) -> bool:
        """The drifting backdrop; False (nothing left behind, nothing said) when its data is broken: the car parks instead."""
        from game.ui.drift_backdrop import DriftBackdrop

        try:
            self.drifting = DriftBackdrop(world, catalog)
        except Exception:  # noqa: BLE001 (a backdrop never takes the menu down: a broken drivers file or car parks the car)
            self.drifting = None
            return False
        self.world_view.follow(*self.drifting.position)
        return True

    def drop_backdrop(self) -> None:
        """Remove the backdrop's car and stop its camera; the park stays drawn."""
        if self.parked is not None:
            self.parked.destroy()
        if self.drifting is not None:
            self.drifting.destroy()
        self.parked = self.backdrop = self.drifting = None

    def release(self) -> None:
        """Remove the backdrop and the park's drawing."""
        self.drop_backdrop()
        if self.world_view is not None:
            self.world_view.destroy()
            self.world_view = None

    def update(self, dt_s: float) -> None:
        """Move the backdrop's car and camera while it shows."""
        if self.drifting is not None:
            try:
                self.drifting.update(dt_s)
            except Exception:  # noqa: BLE001 (the same: a backdrop that fails mid-lap gives way to the parked car)
                self._fall_back()
                return
            if self.world_view is not None:
                self.world_view.follow(*self.drifting.position)
        if self.backdrop is not None:
            self.backdrop.update(dt_s)

    def _fall_back(self) -> None:
        """The drifting backdrop failed: the player's car parked at the spawn, the orbit from there."""
        d, self.drifting = self.drifting, None
        d.destroy()
        spec, paint, looks = self.fallback
        self.park(d.session.world, spec, paint, **looks)
