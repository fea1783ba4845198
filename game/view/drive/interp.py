"""Rendering between two fixed sim steps: an interpolated copy of the car state."""

from __future__ import annotations

from game.sim.car import CarState
from game.sim.mathx import angle_diff


def lerp_angle(a: float, b: float, t: float) -> float:
    """Interpolate angles (rad) the short way round."""
    return a + angle_diff(a, b) * t


def lerp_state(prev: CarState, cur: CarState, alpha: float) -> CarState:
    """The current state, with position and orientation blended from the previous step by alpha."""
    s = cur.copy()
    u = 1.0 - alpha
    s.x = prev.x * u + cur.x * alpha
    s.y = prev.y * u + cur.y * alpha
    s.z = prev.z * u + cur.z * alpha
    s.ground_h = prev.ground_h * u + cur.ground_h * alpha
    s.heading = lerp_angle(prev.heading, cur.heading, alpha)
    s.pitch = prev.pitch * u + cur.pitch * alpha
    s.roll = prev.roll * u + cur.roll * alpha
    return s
