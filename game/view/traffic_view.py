"""The AI cars on screen: one car model each in its driver's paint, posed between the last two sim steps.

The body is turned by the rear slip angle about the front axle, as the AI-car note draws it (the
front stays planted, the tail steps out); the sim decides the slip angle, this only reads it.
"""

from __future__ import annotations

import math

from game.view.car_model import CarModel
from game.view.interp import lerp_state


def slip_pose(state, slip_angle: float, half_wheelbase_m: float) -> None:
    """Turn a (copied) state's body by -slip about its front axle: heading and centre move, the front axle stays."""
    h = state.heading
    fx, fz = state.x + math.sin(h) * half_wheelbase_m, state.z + math.cos(h) * half_wheelbase_m
    vh = h - slip_angle
    state.heading = vh
    state.x, state.z = fx - math.sin(vh) * half_wheelbase_m, fz - math.cos(vh) * half_wheelbase_m


class TrafficView:
    """Draws every AI car of a session (their shadows come with the car models)."""

    def __init__(self, cars: list):
        self.cars = list(cars)
        self.models = [CarModel(c.spec, c.paint) for c in self.cars]

    def poses(self, alpha: float) -> list:
        """Each AI car's drawn state now: interpolated, then turned by its slip angle about the front axle."""
        out = []
        for car in self.cars:
            s = lerp_state(car.prev, car.state, alpha)
            slip = car.prev.telemetry.slip_angle * (1.0 - alpha) + car.state.telemetry.slip_angle * alpha
            slip_pose(s, slip, car.spec.wheelbase_m / 2)
            out.append(s)
        return out

    def sync(self, alpha: float, dt: float) -> list:
        """Pose every AI car for this frame; returns the drawn states (for effects)."""
        drawn = self.poses(alpha)
        for model, s in zip(self.models, drawn):
            model.update(s, dt)
        return drawn

    def destroy(self) -> None:
        for m in self.models:
            m.destroy()
        self.models = []
