"""What a drift driver is told before a run, and what a guide (a tandem chase's eye on the lead) tells it each step (pure).

A `DriftBrief` says which course to drive, in which role, beside which car; a mode hands one to every drift driver it
runs (`Mode.drift_brief`), and a new `run` number means the car was staged again at rest: the driver starts afresh.
A `Guide` is consulted by the driver every step of a run with the other car's observed state, and may move the
driver's line, its aimed angle and its speed, tell it to initiate now (a chase initiating with its lead) or, in a held
slide, to left-foot brake (the throttle kept in: shed speed and keep the slide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.sim.course import Course

SOLO, LEAD, CHASE = "solo", "lead", "chase"
ROLES = (SOLO, LEAD, CHASE)


@dataclass(frozen=True)
class DriftBrief:
    """One run as a drift driver is told it: the course, its role, the other car (session index) and the run's number."""

    course: Course
    role: str = SOLO  # SOLO (qualifying, a demo), LEAD or CHASE (tandem)
    other: int | None = None  # the other car's index in the session (the lead, for a chase; the chase, for a lead)
    run: int = 0  # a new number: the car was staged at rest for a new run, the driver starts afresh


@dataclass(frozen=True)
class GuideAdvice:
    """What a guide tells the driver this step (None / 0 / False: the driver's own plan)."""

    offset_m: float | None = None  # where the car's centre should be, metres right (+) of the judges' line
    aim_deg: float | None = None  # the drift angle to aim at instead of the sector's target
    speed_delta_mps: float = 0.0  # faster (+) or slower (-) than the driver's own speed plan
    initiate: bool = False  # flick now (the lead has initiated), even before the driver's own flick point
    brake: float = 0.0  # brake this hard now, off the throttle (0..1): the other car is about to be hit
    drag: float = 0.0  # in a slide, the foot brake this much on top of the throttle (0..1, left-foot braking: shed speed, keep the slide)


class Guide(Protocol):
    """Something that watches the other car and steers the driver's plan (a tandem chase)."""

    def advise(self, driver, state, other_state) -> GuideAdvice:
        """This step's advice, from the driver (its station `s`, `offset`, `side`, phase), its car's state and the other car's."""
