"""Fleet-driver test helpers: the note's default options and a random source that plays back scripted draws."""

from __future__ import annotations

from game.sim.ai.options import DriverOptions

NOTE_DEFAULTS = dict(
    wheelbase=32.0, width=48.0, height=24.0, max_speed=320.0, acceleration=220.0, brake_decel=480.0,
    max_steering_deg=35.0, steering_rate_dps=120.0, twitchiness=0.4, arrival_radius=144.0, skid_threshold=150.0,
    grip=1.0, slip_stiffness=34.0, slip_damping=3.0, slip_scale=1.0, drive_bias=1.0, aggression=0.3,
)


def opts(**kw) -> DriverOptions:
    """The note's default car, with some options changed."""
    return DriverOptions(**{**NOTE_DEFAULTS, **kw})


class Scripted:
    """Returns the given draws in order (then `rest`), and counts how many were taken."""

    def __init__(self, draws=(), rest: float = 0.5):
        self.draws = list(draws)
        self.rest = rest
        self.taken = 0

    def random(self) -> float:
        self.taken += 1
        return self.draws.pop(0) if self.draws else self.rest
