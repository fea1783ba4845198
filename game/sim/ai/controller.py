"""The AI driver as a Controller: the fleet driver decides its Controls from what it sees of its car and its neighbours."""

from __future__ import annotations

from game.sim.ai.fleet_driver import FleetDriver
from game.sim.controls import Controls
from game.sim.mathx import clamp


class AIController:
    """Runs the fleet driver's decision for one car; the surface under the car scales its grip and top speed."""

    def __init__(self, driver: FleetDriver, grip: float, traffic):
        self.driver = driver
        self.traffic = traffic  # game.sim.ai.traffic.Traffic: the neighbours every driver sees this step
        self.grip = grip  # the personality's grip on a surface of factor 1
        self.max_speed = driver.max_speed  # after the per-car random factor

    def controls(self, session, car) -> Controls:
        d, s = self.driver, car.state
        surface = session.catalog.surfaces[s.surface]
        grip = clamp(self.grip * surface.grip_factor(car.spec.offroad), 0.0, 1.0)  # skids sooner, stops longer on snow and ice
        d.max_speed = self.max_speed * surface.top_speed_factor(car.spec.offroad)
        return d.decide(s.x, s.z, s.telemetry, grip, session.dt, self.traffic.neighbours, self.traffic.seen_of(car))
