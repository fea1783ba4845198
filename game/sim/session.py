"""A drive in progress: a list of cars on one world, stepped together at a fixed dt, emitting events.

Car 0 is the player. Each car is spec (from the catalog) + model (a registered VehicleModel, see
game/sim/models) + controller (anything with `controls(session, car)`: the player's HeldInput,
a recording's Playback in game/sim/run/playback.py, an AI driver) + state (the shared CarState
with the model's telemetry) + the previous step's state (for render interpolation).
One step: the step hooks look (`before_decisions`), every controller decides, every car's model
moves it, then each hook acts on the moved cars (`after_step`: car-to-car contacts, the AI
traffic's roaming) and may add events; the events of the step come back tagged with the car they
belong to. Every random draw in a session comes from one Generator seeded by the session seed,
so the same seed and the player's inputs reproduce the whole session.
"""

from __future__ import annotations

import dataclasses
import math
from collections import deque
from typing import Protocol

from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.looks import FACTORY, Stance
from game.sim.models.model_registry import DEFAULT_MODEL
from game.sim.models.model_registry import model as model_by_id
from game.sim.params import CarSpec, Catalog
from game.sim.randomness import GeneratorRandom

SAFE_EVERY_S = 0.5  # how often a place to reset to is remembered (sim seconds)
SAFE_AGE_S = 1.5  # a reset puts the car back where it drove cleanly at least this long ago
SAFE_MIN_SPEED_MPS = 2.0  # only places the car was really driving through count
PLAYER, AI, GHOST, RIVAL = "player", "ai", "ghost", "rival"  # RIVAL: a tandem opponent (collides, drives the course)


class Controller(Protocol):
    """Decides one car's controls for the step being taken (`session.steps` counts it already), before any car moves."""

    def controls(self, session: Session, car: SessionCar) -> Controls: ...


class StepHook(Protocol):
    """Something that acts on every step beside the cars' own models (car-to-car contacts, AI traffic)."""

    def before_decisions(self, session: Session) -> None:
        """Look at the cars before any controller decides."""

    def after_step(self, session: Session) -> list:
        """Act on the moved cars; the events that made (tagged by car)."""


class HeldInput:
    """The player's input: whatever was last handed in (the drive loop's input mapper, a DriftRun's recorder)."""

    def __init__(self) -> None:
        self.current = Controls()

    def set(self, controls: Controls) -> None:
        self.current = controls

    def controls(self, session, car) -> Controls:
        return self.current


class SessionCar:
    """One car of the session: spec + model + controller + state (+ prev), and whether it collides with cars."""

    __slots__ = ("index", "spec", "model", "controller", "state", "prev", "collides", "kind", "paint", "finish", "stance", "safe_points",
                 "next_safe", "controls")

    def __init__(self, index: int, spec: CarSpec, model, controller, state: CarState, collides: bool, kind: str, paint: str,
                 finish: str = "gloss", stance: Stance = FACTORY):
        self.index = index
        self.spec = spec
        self.model = model
        self.controller = controller
        self.state = state
        self.prev = state.copy()
        self.collides = collides
        self.kind = kind
        self.paint = paint
        self.finish, self.stance = finish, stance  # looks only (game/sim/looks.py): the sim never reads them
        self.safe_points: deque = deque(maxlen=16)
        self.next_safe = 0.0
        self.controls = Controls()  # what its controller decided on the last step


class Session:
    """Owns every car's state and steps them together; the view and the CLI both drive it this way."""

    def __init__(self, catalog: Catalog, car_id: str, world, hz: float = 120.0, spawn: tuple[float, float, float] | None = None,
                 model: str = DEFAULT_MODEL, seed: int = 0):
        self.catalog = catalog
        self.world = world
        self.dt = 1.0 / hz
        self.steps = 0
        self.seed = int(seed)
        self.rng = GeneratorRandom.seeded(self.seed)  # the session's only source of randomness
        self.cars: list[SessionCar] = []
        self.player_input = HeldInput()
        spec = catalog.car(car_id)
        self.add_car(spec, model_by_id(model, spec), self.player_input, spawn or world.spawn, kind=PLAYER)
        self.hooks: list[StepHook] = []  # in order: car-to-car contacts, then the AI traffic, once AI cars join

    def add_hook(self, hook: StepHook) -> None:
        """Act on every step from now on (once: a hook already there is not added again)."""
        if all(h is not hook for h in self.hooks):
            self.hooks.append(hook)

    # ---- the cars ------------------------------------------------------------------------------

    def add_car(self, spec: CarSpec, model, controller, spawn: tuple[float, float, float], *, kind: str = AI,
                collides: bool = True, paint: str | None = None, telemetry=None, finish: str = "gloss",
                stance: Stance = FACTORY) -> SessionCar:
        """Put a car at rest on the ground at spawn (x, z, heading_deg); returns it."""
        car = SessionCar(len(self.cars), spec, model, controller, self._rest_state(spec, model, spawn, telemetry), collides, kind,
                     paint or spec.color, finish, stance)
        self.cars.append(car)
        return car

    def remove_car(self, car: SessionCar) -> dict[int, int]:
        """Take a car other than the player's out of the session; the cars after it move up: {old index: new index}."""
        if car.index == 0 or self.cars[car.index] is not car:
            raise ValueError(f"car {car.index} is not a removable car of this session")
        del self.cars[car.index]
        moved = {}
        for i, c in enumerate(self.cars):
            if c.index != i:
                moved[c.index] = i
                c.index = i
        return moved

    def _rest_state(self, spec: CarSpec, model, spawn, telemetry=None) -> CarState:
        x, z, heading_deg = spawn
        gh, nx, ny, nz, surface = self.world.ground(x, z)
        s = CarState(x, gh, z, math.radians(heading_deg), surface, telemetry or model.new_telemetry(spec))
        s.gnx, s.gny, s.gnz = nx, ny, nz
        s.t = self.t
        return s

    @property
    def player(self) -> SessionCar:
        return self.cars[0]

    # the player's car, as one-car code reads it
    @property
    def car(self) -> CarSpec:
        return self.cars[0].spec

    @property
    def model(self):
        return self.cars[0].model

    @property
    def state(self) -> CarState:
        return self.cars[0].state

    @property
    def prev(self) -> CarState:
        return self.cars[0].prev

    @property
    def safe_points(self) -> deque:
        return self.cars[0].safe_points

    def spawn_state(self, spawn: tuple[float, float, float]) -> CarState:
        """The player's car at rest on the ground at (x, z) facing heading_deg."""
        return self._rest_state(self.car, self.model, spawn)

    @property
    def t(self) -> float:
        """Sim time (s) after the steps taken so far."""
        return self.steps * self.dt

    # ---- one step ------------------------------------------------------------------------------

    def step(self, controls: Controls | None = None) -> list:
        """One fixed step (with these player controls, if given); returns the events of every car, tagged by car."""
        if controls is not None:
            self.player_input.set(controls)
        self.steps += 1
        for hook in self.hooks:
            hook.before_decisions(self)
        for car in self.cars:
            car.controls = car.controller.controls(self, car).clamped()
        events: list = []
        t = self.t
        for car in self.cars:
            car.prev = car.state.copy()
            out = car.model.step(car.state, car.controls, car.spec, self.catalog, self.world, self.dt)
            car.state.t = t  # exact, no float drift from summing dt
            if car.index:
                out = [dataclasses.replace(e, car=car.index) for e in out]
            events += out
        for hook in self.hooks:
            events += hook.after_step(self)
        for car in self.cars:
            self._note_safe(car)
        return events

    def _note_safe(self, car: SessionCar) -> None:
        s = car.state
        if s.t >= car.next_safe and not s.airborne and not s.in_contact and s.speed > SAFE_MIN_SPEED_MPS:
            car.safe_points.append((s.t, s.x, s.z, math.degrees(s.heading)))
            car.next_safe = s.t + SAFE_EVERY_S

    # ---- the player's car ------------------------------------------------------------------------

    def set_car(self, car: CarSpec) -> None:
        """Swap the player car's parameters (live retuning) without moving it; the model stays (UnknownModel if it cannot drive it)."""
        model_by_id(self.model.id, car)
        self.cars[0].spec = car

    def reset_to(self, spawn: tuple[float, float, float], car: SessionCar | None = None) -> None:
        """Put a car (the player's by default) back at rest at a spawn point."""
        car = car or self.cars[0]
        car.state = self._rest_state(car.spec, car.model, spawn)
        car.prev = car.state.copy()

    def reset_to_track(self) -> None:
        """Put the player's car back where it last drove cleanly."""
        self.reset_car_to_track(self.cars[0])

    def reset_car_to_track(self, car: SessionCar) -> None:
        """Put a car back where it last drove cleanly (deterministic: it depends only on the sim's history)."""
        now = self.t
        spot = next((p for p in reversed(car.safe_points) if now - p[0] >= SAFE_AGE_S), None)
        self.reset_to(spot[1:] if spot else self.world.spawn, car)
        car.safe_points.clear()
        car.next_safe = now + SAFE_EVERY_S
