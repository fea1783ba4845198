"""What every handling model shares after moving the car in the plane: walls, ground, air and drift state.

A model eases the driver's inputs with `ease_inputs` (the steering wheel and handbrake the view
draws), turns controls into a new horizontal velocity, heading and position, then calls
`finish_step`, so ground following, ramps, take-off and landing, wall contacts and the drift
state (with its events) are one piece of code for every model.
"""

from __future__ import annotations

import math

from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.params import Handling


def ease_inputs(s: CarState, c: Controls, h: Handling, dt: float) -> None:
    """The steering wheel eases toward the input and the handbrake eases in and out (frame-rate independent)."""
    s.steer_wheel += (c.steer - s.steer_wheel) * (1.0 - math.exp(-h.steer_smooth_per_s * dt))
    if c.handbrake:
        s.handbrake = 1.0 if h.handbrake_engage_s <= 0 else min(1.0, s.handbrake + dt / h.handbrake_engage_s)
    else:
        s.handbrake = 0.0 if h.handbrake_release_s <= 0 else max(0.0, s.handbrake - dt / h.handbrake_release_s)


def finish_step(s: CarState, collision_radius_m: float, h: Handling, world, dt: float, out: list,
                start: tuple[float, float] | None = None) -> None:
    """Walls, then vertical motion and ground, then car-frame speeds and the drift state.

    `start` is where this step's move in the plane began (x, z); by default the point the new velocity came
    from (x - vx dt, z - vz dt), exact for a model that moves the car by its new velocity.
    """
    if start is None:
        start = (s.x - s.vx * dt, s.z - s.vz * dt)
    collide(s, collision_radius_m, h, world, out, start)
    vertical(s, h, world, dt, out)
    settle(s, h, dt, out)


def collide(s: CarState, radius_m: float, h: Handling, world, out: list, start: tuple[float, float]) -> None:
    """Stop the move from `start` at the first wall it would cross, push the car out of walls, remove the velocity into them."""
    s.x, s.z = world.sweep(start[0], start[1], s.x, s.z, s.y, radius_m)  # swept: no step, however long, tunnels
    hits = world.contacts(s.x, s.z, s.y, radius_m)
    s.in_contact = bool(hits)
    for nx, nz, depth in hits:
        s.x += nx * depth
        s.z += nz * depth
        vn = s.vx * nx + s.vz * nz
        if vn < 0.0:
            k = (1.0 + h.wall_restitution) * vn
            s.vx -= k * nx
            s.vz -= k * nz
            if -vn >= 1.0:
                out.append(ev.Event(ev.WALL_HIT, s.t, s.x, s.z, -vn))


def vertical(s: CarState, h: Handling, world, dt: float, out: list) -> None:
    """Gravity, ground following, take-off over lips and crests, landing."""
    gh, nx, ny, nz, surface = world.ground(s.x, s.z)
    s.vy -= h.gravity_mps2 * dt
    y = s.y + s.vy * dt
    if y <= gh:
        if s.airborne:
            out.append(ev.Event(ev.LANDED, s.t, s.x, s.z, -s.vy))
            s.landing_timer = h.landing_recovery_s
            s.airborne = False
            s.air_time = 0.0
        s.vy = (gh - s.ground_h) / dt  # the ground carries the car: up a ramp this is its climb rate
        y = gh
    elif y - gh > h.airborne_clearance_m and not s.airborne:
        s.airborne = True
        out.append(ev.Event(ev.LAUNCHED, s.t, s.x, s.z, s.vy))
    if s.airborne:
        s.air_time += dt
    s.y = y
    s.ground_h = gh
    s.gnx, s.gny, s.gnz = nx, ny, nz
    if surface != s.surface:
        s.surface = surface
        out.append(ev.Event(ev.SURFACE, s.t, s.x, s.z, 0.0, surface))
    if not s.airborne:
        tilt_to_ground(s, h, dt)


def tilt_to_ground(s: CarState, h: Handling, dt: float) -> None:
    """Pitch (nose up +) and roll (right side down +) follow the ground normal under the car."""
    nx, ny, nz = s.gnx, s.gny, s.gnz
    sh, ch = math.sin(s.heading), math.cos(s.heading)
    tp = math.atan2(-(nx * sh + nz * ch), ny)
    tr = math.atan2(-(nx * ch - nz * sh), ny)
    k = 1.0 - math.exp(-h.tilt_follow_rate_per_s * dt)
    s.pitch += (tp - s.pitch) * k
    s.roll += (tr - s.roll) * k


def follow_ground(s: CarState, h: Handling, world, dt: float, out: list) -> None:
    """A kinematic car that never leaves the ground: it rides heights and ramps (no take-off) and tilts with them."""
    gh, nx, ny, nz, surface = world.ground(s.x, s.z)
    s.vy = (gh - s.ground_h) / dt
    s.y = s.ground_h = gh
    s.gnx, s.gny, s.gnz = nx, ny, nz
    s.airborne = False
    if surface != s.surface:
        s.surface = surface
        out.append(ev.Event(ev.SURFACE, s.t, s.x, s.z, 0.0, surface))
    tilt_to_ground(s, h, dt)


def settle(s: CarState, h: Handling, dt: float, out: list) -> None:
    """Car-frame speeds for telemetry, and the drift state with separate start/end thresholds."""
    sh, ch = math.sin(s.heading), math.cos(s.heading)
    s.forward = s.vx * sh + s.vz * ch
    s.lateral = s.vx * ch - s.vz * sh
    if s.airborne:
        if s.drifting:
            s.drift_time += dt
        return
    side = abs(s.lateral)
    if s.drifting:
        s.drift_time += dt
        if side < h.drift_end_side_speed_mps:
            s.drifting = False
            out.append(ev.Event(ev.DRIFT_END, s.t, s.x, s.z, s.drift_time))
    elif side >= h.drift_side_speed_mps:
        s.drifting = True
        s.drift_time = 0.0
        out.append(ev.Event(ev.DRIFT_START, s.t, s.x, s.z, s.lateral))
