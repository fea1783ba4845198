"""The AI cars on screen: one car model each in its driver's paint, posed between the last two sim steps.

The body is turned by the rear slip angle about the front axle, as the AI-car note draws it (the
front stays planted, the tail steps out); the sim decides the slip angle, this only reads it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from game.view.cars.car_model import CarModel
from game.view.cars.exhaust_view import ExhaustView
from game.view.drive.interp import lerp_state
from game.view.effects.ai_marks import AiMarks


class GroundPose(NamedTuple):
    """Where a car's wheels touch the ground this frame (marks are laid from this, before the slip turn)."""

    x: float
    z: float
    heading: float
    ground_h: float
    surface: str


def slip_pose(state, slip_angle: float, half_wheelbase_m: float) -> None:
    """Turn a (copied) state's body by the slip angle about its front axle: the front stays planted, the tail steps out.

    The tail swings to the outside of the turn, the way the rear marks fan out (note 002, docs/reference/002-ai-cars.md, offsets them by
    -sin(slip) to the car's right); the note's source turns the body the other way, which tucks the tail in.
    """
    h = state.heading
    fx, fz = state.x + math.sin(h) * half_wheelbase_m, state.z + math.cos(h) * half_wheelbase_m
    vh = h + slip_angle
    state.heading = vh
    state.x, state.z = fx - math.sin(vh) * half_wheelbase_m, fz - math.cos(vh) * half_wheelbase_m


class TrafficView:
    """Draws every AI car of a session (their shadows come with the car models), their skidmarks and exhaust pops."""

    def __init__(self, cars: list, skidmarks=None, catalog=None, roster=None, on_pop=None):
        self.cars = list(cars)
        self.models = [CarModel(c.spec, c.paint, finish=c.finish, stance=c.stance) for c in self.cars]
        self.marks = AiMarks(skidmarks, catalog, roster, self.cars) if skidmarks is not None else None
        self.exhaust = ExhaustView(self.cars, roster.common.exhaust_radius_m, on_pop) if roster is not None else None
        self.drawn: list = []  # this frame's drawn states (slip-turned), for the overlay
        self.look = None
        if roster is not None:
            self.set_look(roster.look)

    def set_look(self, look) -> None:
        """The AI cars' shadows and marks as data/drivers.json's `look` block says (at the start, and on a live reload)."""
        self.look = look
        for m in self.models:
            m.set_shadow_look(look.shadow_opacity, look.shadow_blur_m, look.shadow_offset_x_m, look.shadow_offset_z_m)
        if self.marks is not None:
            self.marks.set_opacity(look.skid_opacity)

    def poses(self, alpha: float) -> tuple[list, list]:
        """Each AI car's ground pose now, interpolated (x, z, heading, ground_h, surface); and its drawn state, slip-turned."""
        plain, drawn = [], []
        for car in self.cars:
            s = lerp_state(car.prev, car.state, alpha)
            plain.append(GroundPose(s.x, s.z, s.heading, s.ground_h, s.surface))
            slip = car.prev.telemetry.slip_angle * (1.0 - alpha) + car.state.telemetry.slip_angle * alpha
            slip_pose(s, slip, car.spec.wheelbase_m / 2)
            drawn.append(s)
        return plain, drawn

    def sync(self, alpha: float, dt: float, stepped: bool = True) -> None:
        """Pose every AI car for this frame; lay their marks (when the sim moved) and show their exhaust pops."""
        plain, self.drawn = self.poses(alpha)
        for model, s in zip(self.models, self.drawn):
            model.update(s, dt)
        if self.marks is not None and stepped:
            self.marks.update(plain)
        if self.exhaust is not None:
            self.exhaust.sync(self.drawn)

    def destroy(self) -> None:
        for m in self.models:
            m.destroy()
        self.models = []
        if self.exhaust is not None:
            self.exhaust.destroy()
