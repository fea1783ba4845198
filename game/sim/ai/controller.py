"""The AI driver as a Controller: the fleet driver decides its wheel and speed from what it sees this step."""

from __future__ import annotations

from game.sim.ai.driver import FleetCar
from game.sim.ai.geometry import clamp
from game.sim.controls import Controls


class AIController:
    """Runs the fleet driver's decision for one car; the surface under the car scales its grip and top speed.

    The Controls it returns describe what the driver does (pedals and wheel) for telemetry and the
    view; the fleet model moves the car from the driver's own speed and wheel angle.
    """

    def __init__(self, driver: FleetCar, grip: float, traffic):
        self.driver = driver
        self.traffic = traffic  # game.sim.ai.traffic.Traffic: the neighbours every driver sees this step
        self.grip = grip  # the personality's grip on a surface of factor 1
        self.max_speed = driver.max_speed  # after the per-car random factor

    def controls(self, session, car) -> Controls:
        d = self.driver
        surface = session.catalog.surfaces[car.state.surface]
        d.grip = clamp(self.grip * surface.grip_factor(car.spec.offroad), 0.0, 1.0)  # skids sooner, stops longer on snow and ice
        d.max_speed = self.max_speed * surface.top_speed_factor(car.spec.offroad)
        before = d.speed
        d.decide(session.dt, self.traffic.neighbours, session.rng)
        return Controls(
            throttle=1.0 if d.speed > before else 0.0,
            brake=1.0 if d.braking else 0.0,
            steer=clamp(d.steering / d.max_steering, -1.0, 1.0),
        )
