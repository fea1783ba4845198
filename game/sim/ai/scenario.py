"""A `sideways fleet` scenario as typed data, and the fleet it builds (the note's own units)."""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.ai.note_car import FleetCar
from game.sim.ai.options import DriverOptions
from game.sim.ai.reference_fleet import Fleet
from game.sim.randomness import FixedRandom, GeneratorRandom, RandomSource

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class CarSetup:
    """One scenario car: where it starts, its options, and where it is sent."""

    x: float
    y: float
    heading: float | None
    options: DriverOptions
    max_speed: float | None = None
    target: Point | None = None
    path: tuple[Point, Point, Point, Point] | None = None


@dataclass(frozen=True, slots=True)
class FleetScenario:
    """A whole scenario: step length, frames, the random source, the cars and an optional fleet driveTo."""

    dt: float
    frames: int
    random_value: float | None  # every draw returns this, or None to use the seed
    seed: int
    cars: tuple[CarSetup, ...]
    drive_to: Point | None = None

    def random_source(self) -> RandomSource:
        return FixedRandom(self.random_value) if self.random_value is not None else GeneratorRandom.seeded(self.seed)


def build_fleet(sc: FleetScenario) -> Fleet:
    """Make every car (their construction draws, in list order), send each with a target or path, then the fleet."""
    fleet = Fleet(sc.random_source())
    for setup in sc.cars:
        car = fleet.add(FleetCar(setup.x, setup.y, setup.options, fleet.rng, heading=setup.heading))
        if setup.max_speed is not None:
            car.driver.max_speed = setup.max_speed
    for car, setup in zip(fleet.cars, sc.cars):
        if setup.path is not None:
            car.drive_to(*setup.path[3], fleet.rng, path=setup.path)
        elif setup.target is not None:
            car.drive_to(*setup.target, fleet.rng)
    if sc.drive_to is not None:
        fleet.drive_to(*sc.drive_to)
    return fleet
