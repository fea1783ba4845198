"""Playback: the one way a recording drives a car (replays, --inputs files, ghosts, verify, a tandem lead)."""

from __future__ import annotations

from game.sim.controls import Controls


class ReplayController:
    """Plays a recorded run's inputs step by step from the step it joins, with its resets; neutral once it is over."""

    def __init__(self, replay) -> None:
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
