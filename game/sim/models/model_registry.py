"""The VehicleModel protocol and the registry of handling models, keyed by model id.

The catalog says what each car can drive with: every car supports the arcade model; a car
supports a model that needs more data (the simulation model's drivetrain block) only when its
catalog entry has that data. `models_for(car)` lists them for the garage and the CLI.
"""

from __future__ import annotations

from typing import Protocol

from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.models.arcade import ArcadeModel
from game.sim.models.gearbox_info import GearboxInfo
from game.sim.models.model_telemetry import Telemetry
from game.sim.models.sim_car import SimModel
from game.sim.params import CarSpec, Catalog

DEFAULT_MODEL = "arcade"


class VehicleModel(Protocol):
    """One way to turn controls into car motion (see the package docstring)."""

    id: str
    name: str

    def supports(self, car: CarSpec) -> bool:
        """Whether this car's catalog entry has what the model needs."""
        ...

    def gearbox(self, car: CarSpec) -> GearboxInfo:
        """This car's gearbox as this model sees it (gears, idle, redline, whether it takes gear requests)."""
        ...

    def top_speed_mps(self, car: CarSpec) -> float:
        """The fastest this car goes under its own power on flat, dry tarmac."""
        ...

    def new_telemetry(self, car: CarSpec) -> Telemetry:
        """Telemetry (and the model's own state) of this car at rest."""
        ...

    def step(self, s: CarState, c: Controls, car: CarSpec, catalog: Catalog, world, dt: float) -> list:
        """Advance the car by dt seconds in place; return the events of this step."""
        ...


MODELS: dict[str, VehicleModel] = {m.id: m for m in (ArcadeModel(), SimModel())}


class UnknownModel(KeyError):
    """A model id that is not registered, or that a car cannot drive with; str() is one line."""

    def __str__(self) -> str:
        return str(self.args[0])


def model(model_id: str, car: CarSpec | None = None) -> VehicleModel:
    """The registered model with this id (UnknownModel if none, or if `car` lacks what it needs)."""
    m = MODELS.get(model_id)
    if m is None:
        raise UnknownModel(f"unknown handling model {model_id!r} (choose from {', '.join(MODELS)})")
    if car is not None and not m.supports(car):
        raise UnknownModel(f"car {car.id!r} has no data for the {m.name} model")
    return m


def models_for(car: CarSpec) -> list[str]:
    """Ids of the models this car can drive with, in registry order."""
    return [mid for mid, m in MODELS.items() if m.supports(car)]
