"""The arcade model: the drift controller, a kinematic car whose velocity the sim sets directly.

Implements the drift-physics note (docs/reference/001-drift-physics.md): lateral speed decays
as `lateral *= exp(-grip_eff * dt)`, the handbrake cuts grip and adds yaw, steering authority
grows with speed and is tamed near top speed, surfaces scale grip and top speed, and in the air
grip almost vanishes. Our additions (handbrake easing, landing grip, drift hysteresis, slopes,
reverse) are named constants in Handling. Where we depart from the note's formulas:
- in reverse the yaw sign flips (the note's `yaw = steer * STEER_RATE * ...` keeps it, so a reversing car
  would turn the wrong way: we follow the physics of a real car backing up);
- the throttle carries the drag terms (the note's drag always slows the car, so its top speed falls short of
  the catalog's; ours reaches the surface's top speed and drag is felt when lifting, as engine braking).
`step_car` is the controller itself; `ArcadeModel` wraps it as a VehicleModel and adds the cosmetic gearbox
(game/sim/models/cosmetic_gearbox.py). It ignores `clutch` and `gear`.
"""

from __future__ import annotations

import math

from game.sim.body import ease_inputs, finish_step
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.mathx import wrap_pi
from game.sim.models import cosmetic_gearbox
from game.sim.models.gearbox_info import GearboxInfo
from game.sim.models.model_telemetry import Telemetry
from game.sim.params import CarSpec, Catalog, Handling, Surface


class ArcadeTelemetry(Telemetry):
    """The factors of the arcade step (grip and steering) and the cosmetic gear and rpm."""

    __slots__ = ("grip_eff", "grip_car", "grip_surface", "grip_handbrake", "grip_air", "grip_landing", "authority", "tame")

    def __init__(self) -> None:
        super().__init__()
        self.gear = 1
        self.rpm = cosmetic_gearbox.LOOK.idle_rpm
        self.grip_eff = self.grip_car = self.grip_surface = 0.0  # 1/s, 1/s, factor
        self.grip_handbrake = self.grip_air = self.grip_landing = 1.0  # factors
        self.authority = self.tame = 0.0  # steering authority and high-speed taming factors


class ArcadeModel:
    """The arcade controller as a VehicleModel (every car supports it)."""

    id = "arcade"
    name = "Arcade"

    def supports(self, car: CarSpec) -> bool:
        """Every car drives on the arcade model."""
        return True

    def gearbox(self, car: CarSpec) -> GearboxInfo:
        """The cosmetic gearbox: it shows gears and rpm but takes no requests."""
        look = cosmetic_gearbox.LOOK
        return GearboxInfo(look.gear_count, look.idle_rpm, look.redline_rpm, takes_requests=False, has_reverse=False)

    def top_speed_mps(self, car: CarSpec) -> float:
        """The catalog's top speed: thrust fades to zero there."""
        return car.top_speed

    def new_telemetry(self, car: CarSpec) -> ArcadeTelemetry:
        """Telemetry of a car at rest: first gear, idle."""
        return ArcadeTelemetry()

    def step(self, s: CarState[ArcadeTelemetry], c: Controls, car: CarSpec, catalog: Catalog, world, dt: float) -> list:
        """One step of the drift controller, then the cosmetic gearbox follows the new speed."""
        out = step_car(s, c, car, catalog.handling, catalog.surfaces, world, dt)
        tel = s.telemetry
        tel.gear, tel.rpm = cosmetic_gearbox.advance(tel.gear, tel.rpm, s.speed, car.top_speed, c.throttle, s.airborne, dt)
        return out


def step_car(s: CarState[ArcadeTelemetry], c: Controls, car: CarSpec, h: Handling, surfaces: dict[str, Surface], world, dt: float) -> list:
    """Advance the car by dt seconds in place; return the events of this step."""
    out: list = []
    surf = surfaces[s.surface]
    grounded = not s.airborne

    ease_inputs(s, c, h, dt)
    hb = s.handbrake

    sh, ch = math.sin(s.heading), math.cos(s.heading)
    f = s.vx * sh + s.vz * ch  # forward speed, car frame
    lat = s.vx * ch - s.vz * sh  # lateral speed, + to the car's right
    top = car.top_speed * surf.top_speed_factor(car.offroad)
    s.top_speed_eff = top

    # ---- forward: thrust and slope push, resistances oppose the motion --------------------
    push = 0.0
    resist = h.drag_quad_per_m * f * f + h.drag_lin_per_s * abs(f)
    if grounded:
        if f >= -h.stop_speed_mps:
            if f < top:
                # thrust fades to zero at the surface's top speed; the throttle also carries the drag,
                # so drag is felt when lifting (arcade engine braking) but does not cap the top speed.
                # A departure from note 001, whose drag opposes the thrust at all times
                fade = 1.0 - (max(f, 0.0) / top) ** h.power_falloff
                push += min(c.throttle * (car.power * fade + resist), (top - f) / dt)
            if c.brake > 0.0:
                if f > h.stop_speed_mps:
                    resist += h.brake_decel_mps2 * c.brake
                elif c.throttle == 0.0:
                    push -= car.power * h.reverse_power_frac * c.brake  # stopped: brake means reverse
        else:
            if f > -h.reverse_top_speed_mps:
                push -= min(car.power * h.reverse_power_frac * c.brake, (f + h.reverse_top_speed_mps) / dt)
            resist += h.brake_decel_mps2 * c.throttle  # throttle while reversing brakes first
        resist += h.handbrake_decel_mps2 * hb
        # gravity along the slope (drift note has flat ground; a hill should slow a climbing car)
        push += h.gravity_mps2 * (s.gnx * sh + s.gnz * ch)
    f_new = f + push * dt
    drop = resist * dt  # resistances slow the car down to rest, never push it the other way
    if f_new > 0.0:
        f_new = max(0.0, f_new - drop)
    elif f_new < 0.0:
        f_new = min(0.0, f_new + drop)
    if f_new > top:  # above the surface's top speed (grass, downhill): bog down smoothly
        f_new = top + (f_new - top) * math.exp(-h.overspeed_decay_per_s * dt)
    elif f_new < -h.reverse_top_speed_mps:
        f_new = -h.reverse_top_speed_mps + (f_new + h.reverse_top_speed_mps) * math.exp(-h.overspeed_decay_per_s * dt)

    # ---- lateral: exponential grip decay --------------------------------------------------
    g_surf = surf.grip_factor(car.offroad)
    g_hb = 1.0 + (h.handbrake_grip - 1.0) * hb
    g_air = h.air_grip if s.airborne else 1.0
    g_land = 1.0
    if s.landing_timer > 0.0 and h.landing_recovery_s > 0:
        g_land = h.landing_grip + (1.0 - h.landing_grip) * (1.0 - s.landing_timer / h.landing_recovery_s)
        s.landing_timer = max(0.0, s.landing_timer - dt)
    grip_eff = car.grip * g_surf * g_hb * g_air * g_land
    lat_new = lat * math.exp(-grip_eff * dt)
    tel = s.telemetry
    tel.grip_eff, tel.grip_car, tel.grip_surface = grip_eff, car.grip, g_surf
    tel.grip_handbrake, tel.grip_air, tel.grip_landing = g_hb, g_air, g_land

    # ---- yaw: speed-sensitive steering -----------------------------------------------------
    spd = abs(f_new)
    authority = min(spd / h.steer_ref_speed_mps, 1.0) if h.steer_ref_speed_mps > 0 else 1.0
    tame = 1.0 - h.high_speed_tame * min(spd / car.top_speed, 1.0)
    yaw = s.steer_wheel * h.steer_rate_radps * car.steer * authority * tame
    if f_new < 0.0:
        yaw = -yaw  # reversing: the nose swings the other way, as in a real car (a departure: note 001 keeps the sign)
    yaw *= 1.0 + (h.handbrake_yaw - 1.0) * hb
    if s.airborne:
        yaw *= h.air_yaw
    tel.authority, tel.tame, s.yaw_rate = authority, tame, yaw

    # velocity back to the world in the old basis, then the body turns under it: that lag is the slide
    s.vx = f_new * sh + lat_new * ch
    s.vz = f_new * ch - lat_new * sh
    s.heading = wrap_pi(s.heading + yaw * dt)
    s.t += dt
    s.x += s.vx * dt
    s.z += s.vz * dt

    finish_step(s, car.collision_radius_m, h, world, dt, out)
    return out
