"""Shared by the tandem tests: a tandem DriftRun with the ace in car 1 and a drift driver (or a script) in car 0."""

from __future__ import annotations

import dataclasses
import math

from game.sim.ai.drift.pilot import pilot_for
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup


def tandem_run(catalog, world, rules, roster, car: str = "zenith_hyper", model: str = "arcade", runs: int = 1, seed: int = 3,
               opponent: str = "ace", **more) -> DriftRun:
    """A Tandem DriftRun on the world's first course."""
    return DriftRun(RunSetup(catalog, car, world, rules, mode="tandem", model=model, runs=runs, seed=seed, drift_drivers=roster,
                             opponent=opponent, track_id=world.track.id, **more))


def autopilot(run, roster, who: str = "ace"):
    """Car 0's drift driver, briefed by the run's mode (as the game's --autopilot)."""
    return pilot_for(roster, who, lambda: run.game_mode.drift_brief(0), run.setup.seed, 0)


def drive(run, controller=None, limit_s: float = 400.0, every=None) -> list:
    """Step the run to its end with car 0 driven by controller(run) -> Controls (its pilot by default); the StepResults."""
    outs = []
    step = controller or (lambda r, p=None: None)
    while not run.finished and run.session.t < limit_s:
        out = run.step(step(run))
        outs.append(out)
        if every is not None:
            every(run, out)
    return outs


def pilot_controls(pilot):
    """A step function for drive(): the pilot's controls for car 0."""
    return lambda run: pilot.controls(run.session, run.session.player)


def with_car(roster, driver_id: str, car: str):
    """The roster with one driver in another car (the same driver, for like-for-like runs)."""
    profiles = tuple(dataclasses.replace(p, car=car) if p.id == driver_id else p for p in roster.profiles)
    return dataclasses.replace(roster, profiles=profiles)


def heading_to(state, x: float, z: float) -> float:
    """The steering (-1..1) that turns the car's nose toward (x, z), at full lock past 30 deg off."""
    want = math.atan2(x - state.x, z - state.z)
    err = math.atan2(math.sin(want - state.heading), math.cos(want - state.heading))
    return max(-1.0, min(1.0, err / math.radians(30.0)))
