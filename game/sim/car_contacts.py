"""Car-to-car contacts in a session: separate every colliding car at once, then the hits' velocities, spins and events.

Positions: game/sim/contacts.py (capsules, order-independent passes, shared by inverse mass).
Velocities: each contact of the first pass exchanges a normal impulse between the two cars
(restitution from data). An AI car keeps only the speed along its nose (it is kinematic) and
spins per the AI-car note's rotational impulse: its heading turns by cross(push, forward) x
overlap (in note pixels) x 0.015, a third of that while it has a target (note 002 source facts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim import events as ev
from game.sim.ai import note as N
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


def _driver(car):
    return getattr(car.state.telemetry, "driver", None)


def _velocity(car) -> tuple[float, float]:
    return car.state.vx, car.state.vz


def _set_velocity(car, vx: float, vz: float) -> None:
    s = car.state
    d = _driver(car)
    if d is None:
        s.vx, s.vz = vx, vz
        return
    sh, ch = math.sin(s.heading), math.cos(s.heading)
    d.speed = max(0.0, vx * sh + vz * ch)  # kinematic: only the speed along the nose survives
    s.vx, s.vz = d.speed * sh, d.speed * ch


def _spin(car, nx: float, nz: float, depth: float, rules: ContactRules, sign: float) -> float:
    """The note's rotational impulse on an AI car pushed along -sign x (nx, nz); in its plane x = z and y = x."""
    d = _driver(car)
    if d is None:
        return 0.0
    px, py = -sign * nz, -sign * nx  # the push on this car, in the driver's plane
    fx, fy = math.cos(d.heading), math.sin(d.heading)
    turn = (px * fy - py * fx) * depth / rules.metres_per_pixel * N.COLLISION_SPIN
    return turn * N.COLLISION_SPIN_MOVING if d.target is not None else turn


class CarContacts:
    """The session's step hook that separates colliding cars after every car has moved."""

    def __init__(self, rules: ContactRules):
        self.rules = rules

    def before_decisions(self, session) -> None:
        pass

    def after_step(self, session) -> list:
        return resolve_car_contacts(session, self.rules)


def resolve_car_contacts(session, rules: ContactRules) -> list:
    """Separate the session's colliding cars; returns CAR_HIT events (one per car of each hard hit)."""
    cars = [c for c in session.cars if c.collides]
    out: list = []
    if len(cars) < 2:
        return out
    bodies = [body_of(c) for c in cars]
    contacts = resolve(bodies, rules.passes, rules.tolerance_m)
    for car, b in zip(cars, bodies):
        s = car.state
        if b.x != s.x or b.z != s.z:
            s.x, s.z = b.x, b.z
            d = _driver(car)
            if d is not None:
                d.x, d.y = b.z, b.x
    # velocities and spins: every contact computed from the same velocities and headings, applied together
    before = {c.index: _velocity(c) for c in cars}
    dv = {c.index: [0.0, 0.0, 0.0] for c in cars}  # dvx, dvz, heading turn
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
        dv[a.index][2] += _spin(a, c.nx, c.nz, c.depth, rules, 1.0)
        dv[b.index][2] += _spin(b, c.nx, c.nz, c.depth, rules, -1.0)
    touched = {cars[c.i].index for c in contacts} | {cars[c.j].index for c in contacts}
    for car in cars:
        dvx, dvz, turn = dv[car.index]
        d = _driver(car)
        if turn:
            car.state.heading += turn
            d.heading += turn
        if dvx or dvz:
            vx, vz = before[car.index]
            _set_velocity(car, vx + dvx, vz + dvz)
        if d is not None:
            d.was_colliding = car.index in touched
    return out
