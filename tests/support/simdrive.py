"""Small drivers for sim tests."""

from __future__ import annotations

import math

from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.session import Session
from game.sim.world import FlatWorld

# a drive that scores: full throttle, a handbrake flick into a slide, then a held drift (controls, steps)
DRIFT = [(Controls(throttle=1.0), 150), (Controls(throttle=0.7, steer=1.0, handbrake=True), 50), (Controls(throttle=0.6, steer=0.7), 300)]


def drive_plan(run, plan) -> None:
    """Step a DriftRun through a plan of (controls, steps)."""
    for c, n in plan:
        for _ in range(n):
            run.step(c)


def flat_session(catalog, car="hatch", surface="asphalt", hz=120.0) -> Session:
    """A car at rest on an endless pad."""
    return Session(catalog, car, FlatWorld(surface), hz=hz)


def drive(session: Session, controls: Controls, seconds: float) -> list:
    """Hold controls for a time; return all events."""
    out = []
    for _ in range(int(round(seconds / session.dt))):
        out += session.step(controls)
    return out


def set_velocity(state: CarState, forward: float, lateral: float) -> None:
    """Give the car a velocity in its own frame."""
    sh, ch = math.sin(state.heading), math.cos(state.heading)
    state.vx = forward * sh + lateral * ch
    state.vz = forward * ch - lateral * sh
