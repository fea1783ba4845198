"""The reference fleet (note 002's CarDriver): update every car, one sequential collision pass, skid decisions."""

from __future__ import annotations

import math

from game.sim.ai import note as N
from game.sim.ai.driver import FleetCar
from game.sim.ai.geometry import TAU
from game.sim.randomness import RandomSource
from game.sim.ai.skids import SkidState


class Fleet:
    """A list of fleet cars sharing one random source; `step` is the note's frame, in its order."""

    def __init__(self, rng: RandomSource, unit: float = 1.0):
        self.rng = rng
        self.unit = unit
        self.cars: list[FleetCar] = []
        self.skids: list[SkidState] = []
        self.scatter_zone: tuple[float, float, float] | None = None  # (x, y, radius) of the last fleet driveTo

    def add(self, car: FleetCar) -> FleetCar:
        self.cars.append(car)
        self.skids.append(SkidState())
        return car

    def step(self, dt: float) -> None:
        """Every car updates, collisions are resolved once over all pairs, then each car's skid type is decided."""
        for car in self.cars:
            car.update(dt, self.cars, self.rng)
        resolve_collisions_sequential(self.cars, self.unit)
        for car, skid in zip(self.cars, self.skids):
            skid.decide(car, self.rng, self.unit)

    def drive_to(self, x: float, y: float) -> None:
        """Send every car to a scattered target around (x, y) through one shared midpoint."""
        radius = send_fleet(self.cars, x, y, self.rng)
        if radius is not None:
            self.scatter_zone = (x, y, radius)


def send_fleet(cars: list[FleetCar], x: float, y: float, rng: RandomSource) -> float | None:
    """The note's fleet driveTo: scattered targets (farthest to the fastest), one shared midpoint; returns the scatter radius."""
    plan = plan_fleet_targets(cars, x, y, rng)
    if plan is None:
        return None
    targets, mid, radius, order = plan
    for car, target in zip(order, targets):
        car.drive_to(target[0], target[1], rng, shared_mid=mid)
    return radius


def plan_fleet_targets(cars: list[FleetCar], x: float, y: float, rng: RandomSource):
    """Scattered targets (farthest first), the shared midpoint, the scatter radius and the cars fastest first.

    Draws, in order: the scatter (two per try), then the midpoint's sideways offset. None for no cars.
    """
    n = len(cars)
    if n == 0:
        return None
    width = cars[0].width
    separation = width * N.SCATTER_SEPARATION
    radius = max(width * (N.SCATTER_RADIUS_BASE + n * N.SCATTER_RADIUS_PER_CAR), separation * N.SCATTER_RADIUS_FLOOR)
    points = scatter_points(x, y, n, radius, separation, rng)
    points.sort(key=lambda p: -((p[0] - x) ** 2 + (p[1] - y) ** 2))
    cx = sum(c.x for c in cars) / n
    cy = sum(c.y for c in cars) / n
    dx, dy = x - cx, y - cy
    d = math.sqrt(dx * dx + dy * dy) or 1.0
    px, py = -dy / d, dx / d
    side = (rng.random() - 0.5) * d * N.SHARED_MID_SIDE
    mid = (cx + dx * N.SHARED_MID_ALONG + px * side, cy + dy * N.SHARED_MID_ALONG + py * side)
    order = sorted(cars, key=lambda c: -c.max_speed)
    return points, mid, radius, order


def scatter_points(x: float, y: float, n: int, radius: float, separation: float, rng: RandomSource) -> list[tuple[float, float]]:
    """n random points within `radius` of (x, y), each at least `separation` from the earlier ones when possible."""
    points: list[tuple[float, float]] = []
    for _ in range(n):
        for _try in range(N.SCATTER_TRIES):
            a = rng.random() * TAU
            r = rng.random() * radius
            p = (x + math.cos(a) * r, y + math.sin(a) * r)
            if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= separation * separation for q in points):
                points.append(p)
                break
        else:
            a = rng.random() * TAU
            r = rng.random() * radius
            points.append((x + math.cos(a) * r, y + math.sin(a) * r))
    return points


def resolve_collisions_sequential(cars: list[FleetCar], unit: float = 1.0) -> None:
    """The note's single pass over pairs in list order: push half the overlap each, spin by the cross product.

    Each heading turns by cross(push, forward) x overlap(px) x 0.015, a third of that for a car with a target.
    """
    for c in cars:
        c.was_colliding = False
    for i in range(len(cars)):
        a = cars[i]
        for j in range(i + 1, len(cars)):
            b = cars[j]
            dx, dy = b.x - a.x, b.y - a.y
            d = math.sqrt(dx * dx + dy * dy)
            min_d = (a.width + b.width) / 2
            if 0 < d < min_d:
                overlap = min_d - d
                nx, ny = dx / d, dy / d
                a.x -= nx * overlap / 2
                a.y -= ny * overlap / 2
                b.x += nx * overlap / 2
                b.y += ny * overlap / 2
                spin = overlap / unit * N.COLLISION_SPIN
                a.heading += (-nx * math.sin(a.heading) + ny * math.cos(a.heading)) * _spin_share(a, spin)
                b.heading += (nx * math.sin(b.heading) - ny * math.cos(b.heading)) * _spin_share(b, spin)
                a.was_colliding = b.was_colliding = True
            elif d == 0:
                a.x -= N.COINCIDENT_PUSH_PX * unit
                b.x += N.COINCIDENT_PUSH_PX * unit


def _spin_share(car: FleetCar, spin: float) -> float:
    return spin * N.COLLISION_SPIN_MOVING if car.target is not None else spin
