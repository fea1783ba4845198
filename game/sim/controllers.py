"""Controllers: what decides each car's controls for a step (the player's input, a script, a replay, an AI driver).

A controller is any object with `controls(session, car) -> Controls`, called once per car at the
start of every step, before any car moves (so every decision sees the same positions). AI drivers
are in game/sim/ai/controller.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.sim.controls import Controls

if TYPE_CHECKING:
    from game.sim.inputs import Timeline
    from game.sim.replay.format import Replay
    from game.sim.session import Session, SessionCar


class Controller(Protocol):
    """Decides one car's controls for the step being taken (`session.steps` counts it already)."""

    def controls(self, session: "Session", car: "SessionCar") -> Controls: ...


class HeldInput:
    """The player's input: whatever was last handed in (the live game's InputMapper, a DriftRun's recorder)."""

    def __init__(self) -> None:
        self.current = Controls()

    def set(self, controls: Controls) -> None:
        self.current = controls

    def controls(self, session, car) -> Controls:
        return self.current


class ScriptController:
    """Scripted inputs: a timeline of controls by sim time (the `sideways sim` JSON Lines format)."""

    def __init__(self, timeline: "Timeline") -> None:
        self.timeline = timeline

    def controls(self, session, car) -> Controls:
        return self.timeline.at((session.steps - 1) * session.dt)


class ReplayController:
    """Plays a recorded run's inputs step by step from the step it joins, with its resets; neutral once it is over."""

    def __init__(self, replay: "Replay") -> None:
        self.replay = replay
        self._resets = frozenset(replay.resets)
        self.start: int | None = None  # the session step its first recorded step was played in

    def played(self, session) -> int:
        """How many recorded steps have been played."""
        return 0 if self.start is None else session.steps - self.start

    def done(self, session) -> bool:
        """True once every recorded step has been played."""
        return self.played(session) >= self.replay.steps

    def controls(self, session, car) -> Controls:
        if self.start is None:
            self.start = session.steps - 1
        step = session.steps - 1 - self.start
        if step >= self.replay.steps:
            return Controls()
        if step in self._resets:
            session.reset_car_to_track(car)
        return self.replay.timeline_controls(step)
