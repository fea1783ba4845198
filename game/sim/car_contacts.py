"""Car-to-car contacts in a session: separate every colliding car at once, then the hits' velocities, spins and events.

Positions: game/sim/contacts.py (capsules, order-independent passes, shared by inverse mass).
Velocities: each contact of the first pass exchanges a normal impulse between the two cars
(restitution from data). A kinematic (fleet) car keeps only the speed along its nose
(game/sim/ai/fleet_model.py: push). An AI car spins per the AI-car note's rotational impulse: its
heading turns by cross(push, forward) x overlap (in note pixels) x 0.015 x its share (the traffic
says: a third while it drives somewhere, note 002's source facts, docs/reference/002-implementation-facts.md). Everything here acts on the cars'
states, never on their drivers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.sim import step_events as ev
from game.sim.ai import note as N
from game.sim.ai.fleet_model import FleetTelemetry, push, turn
from game.sim.contacts import Body, resolve


@dataclass(frozen=True, slots=True)
class ContactRules:
    """Tuning of car-to-car contacts (data/drivers.json `traffic`, and the note's pixel scale for the AI spin)."""

    passes: int
    tolerance_m: float
    restitution: float
    hit_event_min_mps: float
    metres_per_pixel: float


def body_of(car) -> Body:
    """A car's capsule: its centre line (length - width) swept by half its width."""
    spec, s = car.spec, car.state
    return Body(s.x, s.z, s.heading, max(0.0, spec.length_m - spec.width_m) / 2, spec.width_m / 2, 1.0 / spec.mass_kg)


def _kinematic(car) -> bool:
    return isinstance(car.state.telemetry, FleetTelemetry)


def _any_near(cars) -> bool:
    """Whether any two cars' circles around their capsules overlap: contacts.find_contacts's broad phase, the same floats."""
    near = [(c.state.x, c.state.z, max(0.0, c.spec.length_m - c.spec.width_m) / 2 + c.spec.width_m / 2) for c in cars]  # Body.reach
    for i, (xi, zi, ri) in enumerate(near):
        for xj, zj, rj in near[i + 1:]:
            dx, dz, r = xj - xi, zj - zi, ri + rj
            if dx * dx + dz * dz < r * r:
                return True
    return False


def _velocity(car) -> tuple[float, float]:
    return car.state.vx, car.state.vz


def _set_velocity(car, vx: float, vz: float) -> None:
    if _kinematic(car):
        push(car.state, vx, vz)
    else:
        car.state.vx, car.state.vz = vx, vz


def _spin(car, share: float | None, nx: float, nz: float, depth: float, rules: ContactRules, sign: float) -> float:
    """The note's rotational impulse on an AI car pushed along -sign x (nx, nz), from its own (unwrapped) heading."""
    if share is None:
        return 0.0
    heading = car.state.telemetry.heading_rad
    pz, px = -sign * nz, -sign * nx  # the push on this car
    fz, fx = math.cos(heading), math.sin(heading)
    return (pz * fx - px * fz) * depth / rules.metres_per_pixel * N.COLLISION_SPIN * share


class CarContacts:
    """The session's step hook that separates colliding cars after every car has moved."""

    def __init__(self, rules: ContactRules, spin_share: Callable):
        self.rules = rules
        self.spin_share = spin_share  # car -> its share of the note's spin, None for a car that takes none

    def before_decisions(self, session) -> None:
        pass

    def after_step(self, session) -> list:
        return resolve_car_contacts(session, self.rules, self.spin_share)


def resolve_car_contacts(session, rules: ContactRules, spin_share: Callable) -> list:
    """Separate the session's colliding cars; returns CAR_HIT events (one per car of each hard hit)."""
    cars = [c for c in session.cars if c.collides]
    out: list = []
    if len(cars) < 2:
        return out
    if not _any_near(cars):  # what resolve() would find, cheaply: no contact, nothing moves, no car is touched
        for car in cars:
            if _kinematic(car):
                car.state.telemetry.was_colliding = False
        return out
    bodies = [body_of(c) for c in cars]
    contacts = resolve(bodies, rules.passes, rules.tolerance_m)
    for car, b in zip(cars, bodies):
        s = car.state
        if b.x != s.x or b.z != s.z:
            s.x, s.z = b.x, b.z
    # velocities and spins: every contact computed from the same velocities and headings, applied together
    before = {c.index: _velocity(c) for c in cars}
    dv = {c.index: [0.0, 0.0, 0.0] for c in cars}  # dvx, dvz, heading turn
    share = {c.index: spin_share(c) for c in cars}
    for c in contacts:
        a, b = cars[c.i], cars[c.j]
        (avx, avz), (bvx, bvz) = before[a.index], before[b.index]
        closing = (avx - bvx) * c.nx + (avz - bvz) * c.nz  # > 0: a runs into b
        if closing > 0.0:
            ia, ib = 1.0 / a.spec.mass_kg, 1.0 / b.spec.mass_kg
            j = (1.0 + rules.restitution) * closing / (ia + ib)
            da, db = dv[a.index], dv[b.index]
            da[0] -= j * ia * c.nx
            da[1] -= j * ia * c.nz
            db[0] += j * ib * c.nx
            db[1] += j * ib * c.nz
            if closing >= rules.hit_event_min_mps:
                t = session.t
                out.append(ev.Event(ev.CAR_HIT, t, c.px, c.pz, closing, str(b.index), a.index))
                out.append(ev.Event(ev.CAR_HIT, t, c.px, c.pz, closing, str(a.index), b.index))
        dv[a.index][2] += _spin(a, share[a.index], c.nx, c.nz, c.depth, rules, 1.0)
        dv[b.index][2] += _spin(b, share[b.index], c.nx, c.nz, c.depth, rules, -1.0)
    touched = {cars[c.i].index for c in contacts} | {cars[c.j].index for c in contacts}
    for car in cars:
        dvx, dvz, turn_rad = dv[car.index]
        if turn_rad:
            turn(car.state, turn_rad)
        if dvx or dvz:
            vx, vz = before[car.index]
            _set_velocity(car, vx + dvx, vz + dvz)
        if _kinematic(car):
            car.state.telemetry.was_colliding = car.index in touched
    return out
