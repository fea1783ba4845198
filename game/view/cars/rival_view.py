"""The tandem opponent on screen: a full car like the player's (body, turning and steering wheels, lean, shadow) with
its own tyre marks and smoke in the shared rings, posed between its last two sim steps.

The opponent is a real sim car (its own model and telemetry), so the player's CarEffects serve it unchanged; its
marks take four tracks of the same Skidmarks ring and its smoke the same particle pool, so the budget is shared.
"""

from __future__ import annotations

from game.sim.mathx import angle_diff
from game.view.cars.car_model import CarModel

EFFECTS_EVERY = 2  # its marks and smoke are laid every this many frames (over the frames' time): half the cost, the same marks


class DrawnPose:
    """The opponent's drawn state without a copy a frame: the pose blended between its last two steps, every other
    field read from the current step (what lerp_state gives, for the fields the car model and its effects read)."""

    __slots__ = ("cur", "x", "y", "z", "ground_h", "heading", "pitch", "roll")

    def __init__(self, cur) -> None:
        self.set(cur, cur, 1.0)

    def set(self, prev, cur, alpha: float) -> DrawnPose:
        """Blend prev -> cur by alpha (0..1); returns itself."""
        u = 1.0 - alpha
        self.cur = cur
        self.x, self.y, self.z = prev.x * u + cur.x * alpha, prev.y * u + cur.y * alpha, prev.z * u + cur.z * alpha
        self.ground_h = prev.ground_h * u + cur.ground_h * alpha
        self.heading = prev.heading + angle_diff(prev.heading, cur.heading) * alpha
        self.pitch, self.roll = prev.pitch * u + cur.pitch * alpha, prev.roll * u + cur.roll * alpha
        return self

    def __getattr__(self, name: str):
        return getattr(self.cur, name)


class RivalView:
    """Draws one session car (kind rival) and its tyre effects; `sync(alpha, dt, events)` once a frame."""

    def __init__(self, car, skidmarks, particles, catalog, particle_rate: float = 1.0) -> None:
        from game.view.effects.tyre_effects import CarEffects

        self.car = car
        self.model = CarModel(car.spec, car.paint, finish=car.finish, stance=car.stance)
        self.effects = CarEffects(skidmarks, particles, catalog, particle_rate=particle_rate, spec=car.spec)
        self.skidmarks = skidmarks
        self.state = DrawnPose(car.state)  # the drawn (interpolated) state of this frame
        self._frames, self._dt, self._events = 0, 0.0, []

    def sync(self, alpha: float, dt: float, events=()) -> None:
        """Pose the car; lay its marks and emit its smoke when the sim moved (events: this frame's events of this car)."""
        car = self.car
        s = self.state.set(car.prev, car.state, alpha)
        self.model.update(s, dt)
        if dt <= 0.0:
            return
        self._frames += 1
        self._dt += dt
        if events:
            self._events.extend(events)
        if self._frames >= EFFECTS_EVERY or self._events:  # a landing puffs at once
            self.effects.update(s, self.model.wheel_contacts(), self._events, self._dt, controls=car.controls)
            self._frames, self._dt, self._events = 0, 0.0, []

    def jumped(self) -> None:
        """The car was staged somewhere else (the next run): its marks must not join the old ones across the map."""
        self.skidmarks.end_all(self.effects.tracks)
        self.effects._marking = [False] * 4
        self._frames, self._dt, self._events = 0, 0.0, []

    def destroy(self) -> None:
        """Remove the car (its marks stay on the ground until the ring reuses them)."""
        self.jumped()
        self.model.destroy()
