"""A drive in progress: one car on one world, stepped at a fixed dt through its handling model, emitting events.

The car is spec (`car`, from the catalog) + model (`model`, a registered VehicleModel, see
game/sim/models) + state (`state`, the shared CarState with the model's telemetry) + the
previous step's state (`prev`, for render interpolation). Each step hands the clamped controls
to `model.step`.
"""

from __future__ import annotations

import math
from collections import deque

from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.models.registry import DEFAULT_MODEL, model as model_by_id
from game.sim.params import CarSpec, Catalog

SAFE_EVERY_S = 0.5  # how often a place to reset to is remembered (sim seconds)
SAFE_AGE_S = 1.5  # a reset puts the car back where it drove cleanly at least this long ago
SAFE_MIN_SPEED_MPS = 2.0  # only places the car was really driving through count


class Session:
    """Owns the player car's state and steps it; the view and the CLI both drive it this way."""

    def __init__(self, catalog: Catalog, car_id: str, world, hz: float = 120.0, spawn: tuple[float, float, float] | None = None,
                 model: str = DEFAULT_MODEL):  # fmt: skip
        self.catalog = catalog
        self.car: CarSpec = catalog.car(car_id)
        self.model = model_by_id(model, self.car)  # UnknownModel if the id is unknown or the car lacks its data
        self.world = world
        self.dt = 1.0 / hz
        self.steps = 0
        self.state = self.spawn_state(spawn or world.spawn)
        self.prev = self.state.copy()
        self.safe_points: deque = deque(maxlen=16)
        self._next_safe = 0.0

    def spawn_state(self, spawn: tuple[float, float, float]) -> CarState:
        """A car at rest on the ground at (x, z) facing heading_deg."""
        x, z, heading_deg = spawn
        gh, nx, ny, nz, surface = self.world.ground(x, z)
        s = CarState(x, gh, z, math.radians(heading_deg), surface, self.model.new_telemetry(self.car))
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
        events = self.model.step(self.state, controls.clamped(), self.car, self.catalog, self.world, self.dt)
        s = self.state
        s.t = self.steps * self.dt  # exact, no float drift from summing dt
        if s.t >= self._next_safe and not s.airborne and not s.in_contact and s.speed > SAFE_MIN_SPEED_MPS:
            self.safe_points.append((s.t, s.x, s.z, math.degrees(s.heading)))
            self._next_safe = s.t + SAFE_EVERY_S
        return events

    def set_car(self, car: CarSpec) -> None:
        """Swap the car's parameters (live retuning) without moving it; the model stays (UnknownModel if it cannot drive it)."""
        model_by_id(self.model.id, car)
        self.car = car

    def reset_to(self, spawn: tuple[float, float, float]) -> None:
        """Put the car back at rest at a spawn point."""
        self.state = self.spawn_state(spawn)
        self.state.t = self.t
        self.prev = self.state.copy()

    def reset_to_track(self) -> None:
        """Put the car back where it last drove cleanly (deterministic: it depends only on the sim's history)."""
        now = self.t
        spot = next((p for p in reversed(self.safe_points) if now - p[0] >= SAFE_AGE_S), None)
        self.reset_to(spot[1:] if spot else self.world.spawn)
        self.safe_points.clear()
        self._next_safe = now + SAFE_EVERY_S
