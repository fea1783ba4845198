"""AI traffic in a session: the AI cars (catalog cars with driver personalities), their roaming and fleet orders.

AI car i drives catalog car i and has driver i (both cycling), in the driver's paint. Cars start
at the map's AI targets, roam between them (a random target after a random pause once parked),
give up on a target they make no progress toward, and go where the player sends the fleet
(the note's fleet driveTo: scattered targets, one shared midpoint). Every random draw comes from
the session's Generator, in a fixed order, so the session seed and the player's inputs
(including the fleet orders) reproduce all of it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from game.sim.ai import note as N
from game.sim.ai.controller import AIController
from game.sim.ai.exhaust import update_exhaust
from game.sim.ai.fleet_driver import new_fleet_car
from game.sim.ai.fleet_model import FLEET_MODEL, park
from game.sim.ai.reference_fleet import send_fleet
from game.sim.ai.skids import SkidState
from game.sim.car_contacts import CarContacts, ContactRules
from game.sim.mathx import TAU
from game.sim.session import AI

if TYPE_CHECKING:
    from game.sim.ai.personality import DriverRoster
    from game.sim.session import Session
    from game.sim.track import AiTarget

SPAWN_RING_M = 14.0  # with no AI targets on the map, cars start on rings around the player (m)
SPAWN_RING_STEP_M = 8.0
SPAWN_CLEAR_M = 15.0  # no AI car starts at a target closer than this to the player


class _Seen:
    """A colliding car as the drivers see it this step: where it is, its body length, where it is heading for."""

    __slots__ = ("x", "z", "width", "target")

    def __init__(self, x: float, z: float, width: float, target):
        self.x, self.z, self.width, self.target = x, z, width, target


class _Arrivals:
    """The step hook right after the cars moved: each driver learns what its move did; a car that arrived parks."""

    def __init__(self, traffic: Traffic):
        self.traffic = traffic

    def before_decisions(self, session) -> None:
        pass

    def after_step(self, session) -> list:
        for car in self.traffic.cars:
            if car.controller.driver.after_move():
                park(car.state)
        return []


V = TypeVar("V")


def _renumber(book: dict[int, V], gone: int, moved: dict[int, int]) -> None:
    """A per-car book after car `gone` left the session and the cars after it moved up ({old index: new index})."""
    book.pop(gone, None)
    for k in sorted(k for k in book if k in moved):
        book[moved[k]] = book.pop(k)


class Traffic:
    """The AI cars of one session and what moves them beyond their own driving."""

    def __init__(self, session: Session, roster: DriverRoster, targets: Iterable[AiTarget] = ()) -> None:
        self.roster = roster
        self.rules = roster.traffic
        self.targets = tuple(targets)
        self.cars: list = []  # the AI SimCars
        self.neighbours: list = []  # what every driver avoids this step: drivers and stand-ins, colliding cars only
        self.neighbour_index: list[int] = []  # the session car index of each neighbour
        self._seen: dict[int, _Seen] = {}  # this step's neighbour of each session car index
        self._wait: dict[int, float] = {}
        self._stuck: dict[int, float] = {}  # seconds without getting closer to the target
        self._best: dict[int, float] = {}  # closest the car has been to its current target
        self._retry: dict[int, tuple[float, float]] = {}  # a target to try again once the car has stopped
        self._tried: set[int] = set()  # cars that already had their second go at the current target
        self.scatter_zone: tuple[float, float, float] | None = None  # (x, z, radius) of the last fleet order
        session.add_hook(_Arrivals(self))  # before the contacts: they spin a car still driving somewhere less
        session.add_hook(CarContacts(ContactRules(self.rules.contact_passes, self.rules.contact_tolerance_m, self.rules.car_restitution,
                                                  self.rules.hit_event_min_mps, roster.metres_per_pixel), self.spin_share))
        session.add_hook(self)  # after the contacts: skids and roaming see the cars where the contacts left them

    def add_cars(self, session, count: int) -> None:
        """Add `count` AI cars (at most traffic.max_cars in all)."""
        specs = list(session.catalog.cars.values())
        count = max(0, min(count, self.rules.max_cars - len(self.cars)))
        for _ in range(count):
            i = len(self.cars)
            spec, person = specs[i % len(specs)], self.roster.drivers[i % len(self.roster.drivers)]
            x, z = (float(v) for v in self._start(session, i))
            driver, tel = new_fleet_car(self.roster.options(person, spec), session.rng, unit=self.roster.metres_per_pixel)
            tel.skid = SkidState()
            car = session.add_car(spec, FLEET_MODEL, AIController(driver, person.grip, self), (x, z, math.degrees(tel.heading_rad)),
                                  kind=AI, paint=person.paint, telemetry=tel)
            self.cars.append(car)
            self._wait[car.index] = self._pause(session)

    def remove_car(self, session):
        """Take the newest AI car out of the session (the note's removeCar); returns it, or None when there is none."""
        if not self.cars:
            return None
        car = self.cars.pop()
        old = car.index
        moved = session.remove_car(car)
        for book in (self._wait, self._stuck, self._best):
            _renumber(book, old, moved)
        _renumber(self._retry, old, moved)
        self._tried = {moved.get(i, i) for i in self._tried if i != old}
        return car

    def _start(self, session, i: int) -> tuple[float, float]:
        """Where AI car i starts: the map's AI targets nearest the player first (not on top of it), else rings around it."""
        p = session.state
        clear = [t for t in self.targets if math.hypot(t.x - p.x, t.z - p.z) >= SPAWN_CLEAR_M]
        if clear:
            ordered = sorted(clear, key=lambda t: math.hypot(t.x - p.x, t.z - p.z))
            t = ordered[i % len(ordered)]
            lap = i // len(ordered)
            return t.x + lap * SPAWN_RING_STEP_M, t.z
        ring = SPAWN_RING_M + SPAWN_RING_STEP_M * (i // 6)
        a = TAU * (i % 6) / 6
        return p.x + ring * math.sin(a), p.z + ring * math.cos(a)

    def _pause(self, session) -> float:
        r = self.rules
        return r.roam_pause_min_s + session.rng.random() * (r.roam_pause_max_s - r.roam_pause_min_s)

    # ---- orders --------------------------------------------------------------------------------

    def send(self, session, x: float, z: float) -> None:
        """Send every AI car to a scattered target around (x, z) (the note's fleet driveTo)."""
        drivers = [c.controller.driver for c in self.cars]
        radius = send_fleet(drivers, [(c.state.x, c.state.z) for c in self.cars], x, z, session.rng)
        if radius is not None:
            self.scatter_zone = (x, z, radius)
            for c in self.cars:
                self._stuck[c.index] = 0.0
                self._best.pop(c.index, None)
                self._retry.pop(c.index, None)
                self._tried.discard(c.index)
                self._wait[c.index] = self.rules.hold_after_order_s  # once there, they stay a while

    def _roam(self, session, car) -> None:
        """Drive one parked car to a random AI target, somewhere within its radius."""
        rng = session.rng
        t = self.targets[min(int(rng.random() * len(self.targets)), len(self.targets) - 1)]
        a, r = rng.random() * TAU, rng.random() * t.radius_m
        car.controller.driver.drive_to(t.x + r * math.sin(a), t.z + r * math.cos(a), (car.state.x, car.state.z), rng)
        self._stuck[car.index] = 0.0
        self._best.pop(car.index, None)
        self._tried.discard(car.index)

    # ---- each step -----------------------------------------------------------------------------

    def before_decisions(self, session) -> None:
        """Every driver sees the colliding cars where they are now."""
        self.neighbours, self.neighbour_index, self._seen = [], [], {}
        for car in session.cars:
            if not car.collides:
                continue
            s = car.state
            target = car.controller.driver.target if car.kind == AI else None
            seen = self._seen[car.index] = _Seen(s.x, s.z, car.spec.length_m, target)
            self.neighbours.append(seen)
            self.neighbour_index.append(car.index)

    def seen_of(self, car) -> _Seen | None:
        """This car as its neighbours see it this step (None for a car that does not collide)."""
        return self._seen.get(car.index)

    def spin_share(self, car) -> float | None:
        """How much of the note's contact spin this car takes: a third while it drives somewhere; None if not an AI car."""
        if car.kind != AI:
            return None
        return N.COLLISION_SPIN_MOVING if car.controller.driver.target is not None else 1.0

    def after_step(self, session) -> list:
        """Afterfire and skid types (after the contacts), then roaming and giving up on targets out of reach (no events of its own)."""
        self._after_step(session)
        return []

    def _after_step(self, session) -> None:
        rng, dt, unit = session.rng, session.dt, self.roster.metres_per_pixel
        for car in self.cars:  # the afterfire runs on the speed each car had when the step began
            update_exhaust(car.state.telemetry, car.prev.telemetry.speed_mps, dt, rng)
        for car in self.cars:
            tel, d = car.state.telemetry, car.controller.driver
            tel.skid = tel.skid.decided(tel, d.skidding, d.target is not None, rng, unit)
        for car in self.cars:
            s, d = car.state, car.controller.driver
            i = car.index
            if d.target is None:
                retry = self._retry.pop(i, None) if s.telemetry.speed_mps == 0.0 else None
                if retry is not None:  # stopped after giving up: one more go from a standstill, on a fresh path
                    d.drive_to(retry[0], retry[1], (s.x, s.z), rng)
                    continue
                if s.telemetry.speed_mps == 0.0 and self.targets:
                    self._wait[i] -= dt
                    if self._wait[i] <= 0.0:
                        self._roam(session, car)
                        self._wait[i] = self._pause(session)
                continue
            dist = d.distance_to_target(s.x, s.z)
            best = self._best.get(i)
            if best is None or dist < best - self.rules.progress_m:
                self._best[i], self._stuck[i] = dist, 0.0
            else:
                self._stuck[i] = self._stuck.get(i, 0.0) + dt
            if self._stuck[i] >= self.rules.stuck_s:
                if i not in self._tried:  # circling it or boxed in: stop, then try once more from a standstill
                    self._retry[i] = d.target
                    self._tried.add(i)
                d.clear_target()  # else give up: park here, roam elsewhere after a pause
                self._stuck[i] = 0.0
                self._best.pop(i, None)
                self._wait[i] = max(self._wait[i], self._pause(session))
