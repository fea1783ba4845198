"""Playback: the one way a recording drives a car (replays, --inputs files, ghosts, verify, a tandem lead).

A Playback gives the controls of each step of a recording and, before a step, carries out what the driver did
there besides driving (a reset, AI cars joining or leaving, the AI cars sent somewhere) through `Cues`: a DriftRun's
own (verify, a replay on screen, --inputs) or just the one car's (a ghost, which resets itself and has no fleet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.sim.controls import Controls
from game.sim.inputs import Timeline
from game.sim.models.model_registry import model as model_by_id
from game.sim.replay.format import Replay
from game.sim.session import GHOST

ControlsAt = Callable[[int, float], Controls]  # (step index, sim time since the recording began) -> controls


class Cues(Protocol):
    """What carries out a recording's cues before a step."""

    def reset(self) -> None:
        """Put the car back on the track."""

    def stage(self) -> None:
        """Put the car back at the recording's spawn (Qualifying's next run)."""

    def change_fleet(self, delta: int) -> None:
        """An AI car joins (+1) or the newest one leaves (-1)."""

    def send_fleet(self, x: float, z: float) -> None:
        """Send the AI cars to (x, z)."""


class Playback:
    """A recording: the controls of each step and the cues before some steps; `drive` plays one step."""

    def __init__(self, controls_at: ControlsAt, steps: int | None = None, *, resets: frozenset[int] = frozenset(),
                 fleet_orders: dict[int, list[tuple[float, float]]] | None = None,
                 fleet_changes: dict[int, list[int]] | None = None, stages: frozenset[int] = frozenset()) -> None:
        self._controls_at = controls_at
        self.steps = steps  # recorded steps (None: an inputs timeline, which holds its last controls for good)
        self.resets = resets  # steps before which the driver reset the car
        self.stages = stages  # steps before which the mode staged the car at its spawn (a Qualifying run's start)
        self.fleet_orders = fleet_orders or {}  # step -> places the AI cars were sent before it
        self.fleet_changes = fleet_changes or {}  # step -> AI cars that joined (+1) or left (-1) before it

    @classmethod
    def of_replay(cls, replay: Replay, part: tuple[int, int] | None = None) -> Playback:
        """A Replay's recorded steps, resets, fleet orders and fleet changes; neutral controls once it is over.

        part (first, end): only those recorded steps, played from step 0 (a ghost of one Qualifying run, which began
        at rest at the spawn, exactly as it was staged)."""
        first, end = part or (0, replay.steps)
        inside = lambda steps: frozenset(s - first for s in steps if first <= s < end)  # noqa: E731
        orders: dict[int, list[tuple[float, float]]] = {}
        for step, x, z in replay.fleet_orders:
            if first <= step < end:
                orders.setdefault(step - first, []).append((x, z))
        changes: dict[int, list[int]] = {}
        for step, delta in replay.fleet_changes:
            if first <= step < end:
                changes.setdefault(step - first, []).append(delta)
        return cls(lambda step, t: replay.timeline_controls(step + first), end - first, resets=inside(replay.resets),
                   fleet_orders=orders, fleet_changes=changes, stages=inside(replay.stages) - {0})

    @classmethod
    def of_timeline(cls, timeline: Timeline, hz: float = 120.0) -> Playback:
        """An inputs Timeline (--inputs JSON Lines): controls by sim time, AI orders before step round(t x hz)."""
        return cls(lambda step, t: timeline.at(t), fleet_orders=timeline.orders_by_step(hz))

    def done(self, step: int) -> bool:
        """True once step `step` lies past the recording."""
        return self.steps is not None and step >= self.steps

    def drive(self, step: int, t: float, cues: Cues) -> Controls:
        """Step `step` (0-based, at sim time t): its cues first (staging, a reset, fleet changes, then orders), then its controls."""
        if self.done(step):
            return Controls()
        if step in self.stages:
            cues.stage()
        if step in self.resets:
            cues.reset()
        for delta in self.fleet_changes.get(step, ()):
            cues.change_fleet(delta)
        for x, z in self.fleet_orders.get(step, ()):
            cues.send_fleet(x, z)
        return self._controls_at(step, t)


class RunCues:
    """A recording's cues carried out on a DriftRun, which records them again as the live drive did."""

    def __init__(self, run, drivers=None, change_fleet: Callable[[int], object] | None = None) -> None:
        self.run = run
        self._change_fleet = change_fleet or (lambda delta: run.change_fleet(delta, drivers))  # drivers: the roster

    def reset(self) -> None:
        self.run.reset()

    def stage(self) -> None:
        pass  # the run's mode stages the car itself, as it did live

    def change_fleet(self, delta: int) -> None:
        self._change_fleet(delta)

    def send_fleet(self, x: float, z: float) -> None:
        self.run.send_fleet(x, z)


class _CarCues:
    """A car driven by a recording on its own (a ghost): it resets itself; the recording's AI cars are not there."""

    def __init__(self, session, car, spawn) -> None:
        self.session, self.car, self.spawn = session, car, spawn

    def reset(self) -> None:
        self.session.reset_car_to_track(self.car)

    def stage(self) -> None:
        self.session.reset_to(self.spawn, self.car)

    def change_fleet(self, delta: int) -> None:
        pass

    def send_fleet(self, x: float, z: float) -> None:
        pass


class PlaybackController:
    """A session car's controller playing a recording from the step it joins (a ghost, a tandem lead car)."""

    def __init__(self, playback: Playback, spawn: tuple[float, float, float] | None = None) -> None:
        self.playback = playback
        self.spawn = spawn  # where the recording started (None: the world's spawn): a staged run starts there again
        self._joined: tuple[int, _CarCues] | None = None  # the session step its first recorded step was played in, its car's cues

    @property
    def start(self) -> int | None:
        """The session step its first recorded step was played in (None: not yet)."""
        return None if self._joined is None else self._joined[0]

    def restart(self) -> None:
        """Play the recording again from its first step, from the next session step on (the car staged meanwhile)."""
        self._joined = None

    def played(self, session) -> int:
        """How many recorded steps have been played."""
        return 0 if self._joined is None else session.steps - self._joined[0]

    def done(self, session) -> bool:
        """True once every recorded step has been played."""
        return self.playback.done(self.played(session))

    def controls(self, session, car) -> Controls:
        joined = self._joined
        if joined is None:
            joined = self._joined = (session.steps - 1, _CarCues(session, car, self.spawn or session.world.spawn))
        start, cues = joined
        step = session.steps - 1 - start
        return self.playback.drive(step, step * session.dt, cues)


def add_ghost(session, replay: Replay, part: tuple[int, int] | None = None):
    """The replay's car joins the session as a ghost: it collides with nothing and the sim steps it with the recorded inputs
    (part: only those recorded steps, as Playback.of_replay takes them).

    It replays exactly when the recorded run touched no AI car (its own AI cars are not simulated)."""
    spec = replay.car_spec(session.catalog)  # the car as it was driven
    model = model_by_id(replay.model, spec)
    controller = PlaybackController(Playback.of_replay(replay, part), replay.spawn)
    return session.add_car(spec, model, controller, replay.spawn or session.world.spawn, kind=GHOST, collides=False,
                           paint=replay.paint, finish=replay.finish, stance=replay.stance)
