"""A drift driver at the wheel of a session car: the Controller that runs a DriftDriver through the runs a mode briefs (pure).

Each step the pilot asks its brief (a mode's `drift_brief(car_index)`): no brief, it stands on the brakes; a new run
number (the car was staged again at rest) or another course, it starts a fresh DriftDriver for the car, in the brief's
role, with a chase's eye on its lead (game/sim/ai/drift/chase.py ChaseGuide) when it chases, and a wander drawn from
`numpy.random.default_rng([seed, car index, run])`, so every run of a seeded session is driven the same way. The other
car's observed state is passed to the driver when the brief names one. Which initiation styles the car can do on its
model, and the order a driver's own style falls back in where it cannot, come from the roster (`InitiationRules`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import numpy as np

from game.sim.ai.drift.brief import CHASE, LEAD, DriftBrief, Guide
from game.sim.ai.drift.driver import DriftDriver, make_driver
from game.sim.ai.drift.skill import DriftProfile, DriftRoster, InitiationRules, driver_params, level_of, skill_noise
from game.sim.controls import Controls

if TYPE_CHECKING:
    from game.sim.course import Course

STOPPED = Controls(brake=1.0)


def pilot_seed(session_seed: int, car_index: int) -> int:
    """The pilot's seed for a car of a seeded session (a non-negative 63-bit int, any session seed)."""
    h = hashlib.sha256(f"drift-pilot|{int(session_seed)}|{int(car_index)}".encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


def _chase_guide():
    """A fresh ChaseGuide, or None while game/sim/ai/drift/chase.py is not there."""
    try:
        from game.sim.ai.drift.chase import ChaseGuide
    except ImportError:
        return None
    return ChaseGuide()


class Restarts(Protocol):
    """What hears that the driver's car was put back (the autopilot's briefs, game/sim/run/autopilot.py)."""

    def restart(self) -> None: ...


class DriftPilot:
    """Drives a session car as a drift driver, run after run, by what the brief says (see the module docstring)."""

    briefs: Restarts | None = None  # the autopilot's: they hear the drive loop's resets (no other pilot has them)

    def __init__(self, profile: DriftProfile, params: dict, brief: Callable[[], DriftBrief | None], seed: int,
                 skill_levels=None, guide_factory: Callable[[], Guide] | None = None,
                 lead_guide_factory: Callable[[], Guide] | None = None, initiations: InitiationRules | None = None) -> None:
        self.profile = profile
        self.params = dict(params)
        self.brief = brief
        self.seed = int(seed)
        self.skill_levels = skill_levels  # None: the profile's own level (as the loader sets it)
        self.guide_factory = guide_factory or _chase_guide  # a chase's guide, made afresh each run
        self.lead_guide_factory = lead_guide_factory  # a lead's (drift/lead.py LeadGuide: waits for a chase fallen behind), or None
        self.initiations = initiations or InitiationRules()  # which styles each car can do (the roster's), and the fallback
        self.driver: DriftDriver | None = None  # the driver of the run in progress
        self._run: int | None = None  # the run and course the driver was made for
        self._course: Course | None = None

    def _noise(self, car, run: int):
        try:
            level_of(self.profile, self.skill_levels)
        except ValueError:
            return None  # a profile without its level's numbers drives without wander
        return skill_noise(self.profile, np.random.default_rng([self.seed, car.index, int(run)]), self.skill_levels)

    def _start(self, session, car, brief: DriftBrief) -> DriftDriver:
        guide = self.guide_factory() if brief.role == CHASE else None
        if brief.role == LEAD and self.lead_guide_factory is not None:
            guide = self.lead_guide_factory()
        params = {**self.initiations.params(car.spec.id, car.model.id), **self.params}
        self.driver = make_driver(session, car, brief.course, role=brief.role, guide=guide, noise=self._noise(car, brief.run), **params)
        self._run, self._course = brief.run, brief.course
        return self.driver

    def controls(self, session, car) -> Controls:
        """This step's controls for the car (the brakes with no brief)."""
        brief = self.brief()
        if brief is None:
            return STOPPED
        driver = self.driver
        if driver is None or brief.run != self._run or brief.course is not self._course:
            driver = self._start(session, car, brief)
        other = None
        if brief.other is not None and 0 <= brief.other < len(session.cars) and brief.other != car.index:
            other = session.cars[brief.other].state
        return driver(car.state, other)


def pilot_for(roster: DriftRoster, id_or_skill: str, brief: Callable[[], DriftBrief | None], session_seed: int, car_index: int,
              **kwargs) -> DriftPilot:
    """A DriftPilot for a roster's driver (by id or skill level) in a session car; ValueError (one line) for an unknown one."""
    profile = roster.get(id_or_skill)
    levels = roster.skills or None
    kwargs.setdefault("initiations", roster.initiations)
    return DriftPilot(profile, driver_params(profile, levels), brief, pilot_seed(session_seed, car_index), skill_levels=levels, **kwargs)


__all__ = ["DriftPilot", "pilot_for", "pilot_seed"]
