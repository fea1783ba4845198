"""A drive in progress: one car on one world, stepped at a fixed dt, emitting events."""

from __future__ import annotations

import math

from game.sim.car import CarState, step_car
from game.sim.controls import Controls
from game.sim.params import CarSpec, Catalog


class Session:
    """Owns the player car's state and steps it; the view and the CLI both drive it this way."""

    def __init__(self, catalog: Catalog, car_id: str, world, hz: float = 120.0, spawn: tuple[float, float, float] | None = None):
        self.catalog = catalog
        self.car: CarSpec = catalog.car(car_id)
        self.world = world
        self.dt = 1.0 / hz
        self.steps = 0
        self.state = self.spawn_state(spawn or world.spawn)
        self.prev = self.state.copy()

    def spawn_state(self, spawn: tuple[float, float, float]) -> CarState:
        """A car at rest on the ground at (x, z) facing heading_deg."""
        x, z, heading_deg = spawn
        gh, nx, ny, nz, surface = self.world.ground(x, z)
        s = CarState(x, gh, z, math.radians(heading_deg), surface)
        s.gnx, s.gny, s.gnz = nx, ny, nz
        return s

    @property
    def t(self) -> float:
        """Sim time (s) after the steps taken so far."""
        return self.steps * self.dt

    def step(self, controls: Controls) -> list:
        """One fixed step with these controls; returns its events."""
        self.prev = self.state.copy()
        self.steps += 1
        events = step_car(self.state, controls.clamped(), self.car, self.catalog.handling, self.catalog.surfaces, self.world, self.dt)
        self.state.t = self.steps * self.dt  # exact, no float drift from summing dt
        return events

    def set_car(self, car: CarSpec) -> None:
        """Swap the car's parameters (live retuning) without moving it."""
        self.car = car

    def reset_to(self, spawn: tuple[float, float, float]) -> None:
        """Put the car back at rest at a spawn point."""
        self.state = self.spawn_state(spawn)
        self.state.t = self.t
        self.prev = self.state.copy()
