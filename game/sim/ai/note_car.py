"""One car of note 002's fleet seen in the note's own plane (x right, y down, heading 0 along +x), for `sideways fleet`.

Note 002: docs/reference/002-ai-cars.md.

The driver and its kinematic car work in world axes; the note's x is their z and its y their x
(the heading is the same number), so this is a renaming, exact in every bit.
"""

from __future__ import annotations

from game.sim.ai.exhaust import update_exhaust
from game.sim.ai.fleet_driver import new_fleet_car
from game.sim.ai.fleet_model import plane_step
from game.sim.ai.options import DriverOptions
from game.sim.randomness import RandomSource


class _Seen:
    """The car as other drivers see it, live: world position, body length and target."""

    __slots__ = ("car",)

    def __init__(self, car: FleetCar):
        self.car = car

    @property
    def x(self) -> float:
        return self.car.wx

    @property
    def z(self) -> float:
        return self.car.wz

    @property
    def width(self) -> float:
        return self.car.driver.width

    @property
    def target(self):
        return self.car.driver.target


class FleetCar:
    """A fleet driver and its car, moved by the driver's Controls through the fleet model's plane step."""

    def __init__(self, x: float, y: float, opts: DriverOptions, rng: RandomSource, heading: float | None = None, unit: float = 1.0):
        self.wx, self.wz = float(y), float(x)  # world axes
        self.driver, self.tel = new_fleet_car(opts, rng, heading, unit)
        self.seen = _Seen(self)

    def update(self, dt: float, others: list, rng: RandomSource) -> None:
        """One step of dt seconds among `others` (fleet cars; this one is skipped): afterfire, decide, move, park."""
        update_exhaust(self.tel, self.tel.speed_mps, dt, rng)
        c = self.driver.decide(self.wx, self.wz, self.tel, self.tel.grip, dt, [o.seen for o in others], self.seen).clamped()
        self.wx, self.wz = plane_step(self.tel, self.wx, self.wz, c, dt)
        if self.driver.after_move():
            self.tel.speed_mps = self.tel.steering_rad = 0.0

    def drive_to(self, x: float, y: float, rng: RandomSource, shared_mid=None, path=None) -> None:
        """Head for the note's (x, y), along a fresh random Bezier, through a shared midpoint or along a given path."""
        mid = (shared_mid[1], shared_mid[0]) if shared_mid is not None else None
        world_path = tuple((p[1], p[0]) for p in path) if path is not None else None
        self.driver.drive_to(y, x, (self.wx, self.wz), rng, mid, world_path)

    # -- the note's names, in its plane -------------------------------------------------------
    x = property(lambda self: self.wz, lambda self, v: setattr(self, "wz", v))
    y = property(lambda self: self.wx, lambda self, v: setattr(self, "wx", v))
    heading = property(lambda self: self.tel.heading_rad)
    speed = property(lambda self: self.tel.speed_mps, lambda self, v: setattr(self.tel, "speed_mps", v))
    steering = property(lambda self: self.tel.steering_rad, lambda self, v: setattr(self.tel, "steering_rad", v))
    slip_angle = property(lambda self: self.tel.slip_angle, lambda self, v: setattr(self.tel, "slip_angle", v))
    slip_vel = property(lambda self: self.tel.slip_vel, lambda self, v: setattr(self.tel, "slip_vel", v))
    grip = property(lambda self: self.tel.grip, lambda self, v: setattr(self.tel, "grip", v))
    was_colliding = property(lambda self: self.tel.was_colliding, lambda self, v: setattr(self.tel, "was_colliding", v))
    max_speed = property(lambda self: self.driver.max_speed, lambda self, v: setattr(self.driver, "max_speed", v))
    width = property(lambda self: self.driver.width)
    path_t = property(lambda self: self.driver.path_t)
    skidding = property(lambda self: self.driver.skidding)
    orbiting = property(lambda self: self.driver.orbiting)

    @property
    def target(self):
        t = self.driver.target
        return (t[1], t[0]) if t is not None else None

    @target.setter
    def target(self, xy) -> None:
        self.driver.target = (xy[1], xy[0]) if xy is not None else None

    @property
    def path(self):
        p = self.driver.path
        return tuple((q[1], q[0]) for q in p) if p is not None else None

    def braking_distance(self) -> float:
        """v^2 / (2 effBrake): how far the car needs to stop from its speed on its grip."""
        return self.tel.speed_mps * self.tel.speed_mps / (2.0 * self.tel.effective_brake)
