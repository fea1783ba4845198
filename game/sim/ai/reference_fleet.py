"""The reference fleet (note 002's CarDriver): update every car, one sequential collision pass, skid decisions; fleet orders.

Note 002: docs/reference/002-ai-cars.md.
"""

from __future__ import annotations

import math

from game.sim.ai import note as N
from game.sim.ai.fleet_driver import FleetDriver
from game.sim.ai.note_car import FleetCar
from game.sim.ai.skids import SkidState
from game.sim.mathx import TAU
from game.sim.randomness import RandomSource


class Fleet:
    """A list of fleet cars sharing one random source; `step` is the note's frame, in its order."""

    def __init__(self, rng: RandomSource, unit: float = 1.0):
        self.rng = rng
        self.unit = unit
        self.cars: list[FleetCar] = []
        self.skids: list[SkidState] = []
        self.scatter_zone: tuple[float, float, float] | None = None  # (x, y, radius) of the last fleet driveTo, the note's plane

    def add(self, car: FleetCar) -> FleetCar:
        self.cars.append(car)
        self.skids.append(SkidState())
        return car

    def step(self, dt: float) -> None:
        """Every car updates, collisions are resolved once over all pairs, then each car's skid type is decided."""
        for car in self.cars:
            car.update(dt, self.cars, self.rng)
        resolve_collisions_sequential(self.cars, self.unit)
        self.skids = [s.decided(c.tel, c.driver.skidding, c.driver.target is not None, self.rng, self.unit) for c, s in zip(self.cars, self.skids)]

    def drive_to(self, x: float, y: float) -> None:
        """Send every car to a scattered target around the note's (x, y) through one shared midpoint."""
        radius = send_fleet([c.driver for c in self.cars], [(c.wx, c.wz) for c in self.cars], y, x, self.rng)
        if radius is not None:
            self.scatter_zone = (x, y, radius)


def send_fleet(drivers: list[FleetDriver], positions: list[tuple[float, float]], x: float, z: float, rng: RandomSource) -> float | None:
    """The note's fleet driveTo toward (x, z): scattered targets (farthest to the fastest), one shared midpoint; the scatter radius."""
    plan = plan_fleet_targets(drivers, positions, x, z, rng)
    if plan is None:
        return None
    targets, mid, radius, order = plan
    for i, target in zip(order, targets):
        drivers[i].drive_to(target[0], target[1], positions[i], rng, shared_mid=mid)
    return radius


def plan_fleet_targets(drivers: list[FleetDriver], positions: list[tuple[float, float]], x: float, z: float, rng: RandomSource):
    """Scattered targets (farthest first), the shared midpoint, the scatter radius and the drivers' indices fastest first.

    Draws, in order: the scatter (two per try), then the midpoint's sideways offset. None for no cars.
    """
    n = len(drivers)
    if n == 0:
        return None
    width = drivers[0].width
    separation = width * N.SCATTER_SEPARATION
    radius = max(width * (N.SCATTER_RADIUS_BASE + n * N.SCATTER_RADIUS_PER_CAR), separation * N.SCATTER_RADIUS_FLOOR)
    points = scatter_points(x, z, n, radius, separation, rng)
    points.sort(key=lambda p: -((p[1] - z) ** 2 + (p[0] - x) ** 2))
    cz = sum(p[1] for p in positions) / n
    cx = sum(p[0] for p in positions) / n
    dz, dx = z - cz, x - cx
    d = math.sqrt(dz * dz + dx * dx) or 1.0
    pz, px = -dx / d, dz / d
    side = (rng.random() - 0.5) * d * N.SHARED_MID_SIDE
    mid = (cx + dx * N.SHARED_MID_ALONG + px * side, cz + dz * N.SHARED_MID_ALONG + pz * side)
    order = sorted(range(n), key=lambda i: -drivers[i].max_speed)
    return points, mid, radius, order


def scatter_points(x: float, z: float, n: int, radius: float, separation: float, rng: RandomSource) -> list[tuple[float, float]]:
    """n random points (x, z) within `radius` of (x, z), each at least `separation` from the earlier ones when possible."""
    points: list[tuple[float, float]] = []
    for _ in range(n):
        for _try in range(N.SCATTER_TRIES):
            a = rng.random() * TAU
            r = rng.random() * radius
            p = (x + math.sin(a) * r, z + math.cos(a) * r)
            if all((p[1] - q[1]) ** 2 + (p[0] - q[0]) ** 2 >= separation * separation for q in points):
                points.append(p)
                break
        else:
            a = rng.random() * TAU
            r = rng.random() * radius
            points.append((x + math.sin(a) * r, z + math.cos(a) * r))
    return points


def resolve_collisions_sequential(cars: list[FleetCar], unit: float = 1.0) -> None:
    """The note's single pass over pairs in list order: push half the overlap each, spin by the cross product.

    Each heading turns by cross(push, forward) x overlap(px) x 0.015, a third of that for a car with a target.
    """
    for c in cars:
        c.tel.was_colliding = False
    for i in range(len(cars)):
        a = cars[i]
        for j in range(i + 1, len(cars)):
            b = cars[j]
            dz, dx = b.wz - a.wz, b.wx - a.wx
            d = math.sqrt(dz * dz + dx * dx)
            min_d = (a.width + b.width) / 2
            if 0 < d < min_d:
                overlap = min_d - d
                nz, nx = dz / d, dx / d
                a.wz -= nz * overlap / 2
                a.wx -= nx * overlap / 2
                b.wz += nz * overlap / 2
                b.wx += nx * overlap / 2
                spin = overlap / unit * N.COLLISION_SPIN
                ta, tb = a.tel, b.tel
                ta.heading_rad += (-nz * math.sin(ta.heading_rad) + nx * math.cos(ta.heading_rad)) * _spin_share(a.driver, spin)
                tb.heading_rad += (nz * math.sin(tb.heading_rad) - nx * math.cos(tb.heading_rad)) * _spin_share(b.driver, spin)
                ta.was_colliding = tb.was_colliding = True
            elif d == 0:
                a.wz -= N.COINCIDENT_PUSH_PX * unit
                b.wz += N.COINCIDENT_PUSH_PX * unit


def _spin_share(driver: FleetDriver, spin: float) -> float:
    return spin * N.COLLISION_SPIN_MOVING if driver.target is not None else spin
