"""The tandem opponent on screen: a full car like the player's (body, turning and steering wheels, lean, shadow) with
its own tyre marks and smoke in the shared rings, posed between its last two sim steps.

The opponent is a real sim car (its own model and telemetry), so the player's CarEffects serve it unchanged; its
marks take four tracks of the same Skidmarks ring and its smoke the same particle pool, so the budget is shared.
"""

from __future__ import annotations

from game.view.cars.car_model import CarModel
from game.view.drive.interp import lerp_state


class RivalView:
    """Draws one session car (kind rival) and its tyre effects; `sync(alpha, dt, events)` once a frame."""

    def __init__(self, car, skidmarks, particles, catalog, particle_rate: float = 1.0) -> None:
        from game.view.effects.tyre_effects import CarEffects

        self.car = car
        self.model = CarModel(car.spec, car.paint)
        self.effects = CarEffects(skidmarks, particles, catalog, particle_rate=particle_rate)
        self.skidmarks = skidmarks
        self.state = None  # the drawn (interpolated) state of this frame

    def sync(self, alpha: float, dt: float, events=()) -> None:
        """Pose the car; lay its marks and emit its smoke when the sim moved (events: this frame's events of this car)."""
        car = self.car
        s = self.state = lerp_state(car.prev, car.state, alpha)
        self.model.update(s, dt)
        if dt > 0.0:
            self.effects.update(s, self.model.wheel_contacts(), events, dt, controls=car.controls)

    def jumped(self) -> None:
        """The car was staged somewhere else (the next run): its marks must not join the old ones across the map."""
        for t in self.effects.tracks:
            self.skidmarks.end(t)
        self.effects._marking = [False] * 4

    def destroy(self) -> None:
        """Remove the car (its marks stay on the ground until the ring reuses them)."""
        self.jumped()
        self.model.destroy()
