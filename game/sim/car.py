"""The arcade drift controller: a kinematic car whose velocity the sim sets directly.

Implements the drift-physics reference note (../shared/reference/001_*): lateral speed decays
as `lateral *= exp(-grip_eff * dt)`, the handbrake cuts grip and adds yaw, steering authority
grows with speed and is tamed near top speed, surfaces scale grip and top speed, and in the air
grip almost vanishes. Our additions (handbrake easing, landing grip, drift hysteresis, slopes,
reverse) are named constants in Handling.
"""

from __future__ import annotations

import math

from game.sim import events as ev
from game.sim.controls import Controls
from game.sim.params import CarSpec, Handling, Surface

_TWO_PI = 2.0 * math.pi


class CarState:
    """Everything about one car at one instant, plus the factors of its last step (for the debug panel)."""

    __slots__ = (
        "t", "x", "y", "z", "heading", "vx", "vy", "vz", "yaw_rate", "steer_wheel", "handbrake",
        "airborne", "air_time", "landing_timer", "drifting", "drift_time", "pitch", "roll",
        "surface", "ground_h", "forward", "lateral", "top_speed_eff", "grip_eff", "grip_car",
        "grip_surface", "grip_handbrake", "grip_air", "grip_landing", "authority", "tame", "in_contact", "gnx", "gny", "gnz",
    )  # fmt: skip

    def __init__(self, x: float = 0.0, y: float = 0.0, z: float = 0.0, heading: float = 0.0, surface: str = ""):
        self.t = 0.0
        self.x, self.y, self.z = x, y, z
        self.heading = heading
        self.vx = self.vy = self.vz = 0.0
        self.yaw_rate = 0.0
        self.steer_wheel = 0.0
        self.handbrake = 0.0
        self.airborne = False
        self.air_time = 0.0
        self.landing_timer = 0.0
        self.drifting = False
        self.drift_time = 0.0
        self.pitch = self.roll = 0.0
        self.surface = surface
        self.ground_h = y
        self.forward = self.lateral = 0.0
        self.top_speed_eff = 0.0
        self.grip_eff = self.grip_car = self.grip_surface = 0.0
        self.grip_handbrake = self.grip_air = self.grip_landing = 1.0
        self.authority = self.tame = 0.0
        self.in_contact = False
        self.gnx, self.gny, self.gnz = 0.0, 1.0, 0.0  # ground normal under the car

    def copy(self) -> "CarState":
        """An independent copy."""
        c = CarState.__new__(CarState)
        for name in CarState.__slots__:
            setattr(c, name, getattr(self, name))
        return c

    def as_dict(self) -> dict:
        """Every field by name."""
        return {name: getattr(self, name) for name in CarState.__slots__}

    @property
    def speed(self) -> float:
        """Ground speed (m/s), horizontal."""
        return math.hypot(self.vx, self.vz)

    @property
    def heading_deg(self) -> float:
        """Heading in degrees, 0 faces +z, 90 faces +x (ursina rotation_y)."""
        return math.degrees(self.heading)

    @property
    def drift_angle(self) -> float:
        """Angle between where the car points and where it goes (rad, + sliding to the right)."""
        if self.forward * self.forward + self.lateral * self.lateral < 1.0:
            return 0.0
        return math.atan2(self.lateral, abs(self.forward))


def step_car(s: CarState, c: Controls, car: CarSpec, h: Handling, surfaces: dict[str, Surface], world, dt: float) -> list:
    """Advance the car by dt seconds in place; return the events of this step."""
    out: list = []
    surf = surfaces[s.surface]
    grounded = not s.airborne

    # the steering wheel eases toward the input (frame-rate independent)
    s.steer_wheel += (c.steer - s.steer_wheel) * (1.0 - math.exp(-h.steer_smooth * dt))
    # the handbrake eases in and out instead of switching grip in one step
    if c.handbrake:
        s.handbrake = 1.0 if h.handbrake_engage_s <= 0 else min(1.0, s.handbrake + dt / h.handbrake_engage_s)
    else:
        s.handbrake = 0.0 if h.handbrake_release_s <= 0 else max(0.0, s.handbrake - dt / h.handbrake_release_s)
    hb = s.handbrake

    sh, ch = math.sin(s.heading), math.cos(s.heading)
    f = s.vx * sh + s.vz * ch  # forward speed, car frame
    lat = s.vx * ch - s.vz * sh  # lateral speed, + to the car's right
    top = car.top_speed * surf.top_speed_factor(car.offroad)
    s.top_speed_eff = top

    # ---- forward: thrust and slope push, resistances oppose the motion --------------------
    push = 0.0
    resist = h.drag_quad * f * f + h.drag_lin * abs(f)
    if grounded:
        if f >= -h.stop_speed:
            if f < top:
                # thrust fades to zero at the surface's top speed; the throttle also carries the drag,
                # so drag is felt when lifting (arcade engine braking) but does not cap the top speed
                fade = 1.0 - (max(f, 0.0) / top) ** h.power_falloff
                push += min(c.throttle * (car.power * fade + resist), (top - f) / dt)
            if c.brake > 0.0:
                if f > h.stop_speed:
                    resist += h.brake_power * c.brake
                elif c.throttle == 0.0:
                    push -= car.power * h.reverse_power_frac * c.brake  # stopped: brake means reverse
        else:
            if f > -h.reverse_top_speed:
                push -= min(car.power * h.reverse_power_frac * c.brake, (f + h.reverse_top_speed) / dt)
            resist += h.brake_power * c.throttle  # throttle while reversing brakes first
        resist += h.handbrake_decel * hb
        # gravity along the slope (drift note has flat ground; a hill should slow a climbing car)
        push += h.gravity * (s.gnx * sh + s.gnz * ch)
    f_new = f + push * dt
    drop = resist * dt  # resistances slow the car down to rest, never push it the other way
    if f_new > 0.0:
        f_new = max(0.0, f_new - drop)
    elif f_new < 0.0:
        f_new = min(0.0, f_new + drop)
    if f_new > top:  # above the surface's top speed (grass, downhill): bog down smoothly
        f_new = top + (f_new - top) * math.exp(-h.overspeed_decay * dt)
    elif f_new < -h.reverse_top_speed:
        f_new = -h.reverse_top_speed + (f_new + h.reverse_top_speed) * math.exp(-h.overspeed_decay * dt)

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
    s.grip_eff, s.grip_car, s.grip_surface = grip_eff, car.grip, g_surf
    s.grip_handbrake, s.grip_air, s.grip_landing = g_hb, g_air, g_land

    # ---- yaw: speed-sensitive steering -----------------------------------------------------
    spd = abs(f_new)
    authority = min(spd / h.steer_ref_speed, 1.0) if h.steer_ref_speed > 0 else 1.0
    tame = 1.0 - h.high_speed_tame * min(spd / car.top_speed, 1.0)
    yaw = s.steer_wheel * h.steer_rate * car.steer * authority * tame
    if f_new < 0.0:
        yaw = -yaw  # reversing: the nose swings the other way, as in a real car
    yaw *= 1.0 + (h.handbrake_yaw - 1.0) * hb
    if s.airborne:
        yaw *= h.air_yaw
    s.authority, s.tame, s.yaw_rate = authority, tame, yaw

    # velocity back to the world in the old basis, then the body turns under it: that lag is the slide
    s.vx = f_new * sh + lat_new * ch
    s.vz = f_new * ch - lat_new * sh
    hd = s.heading + yaw * dt
    if hd > math.pi:
        hd -= _TWO_PI
    elif hd <= -math.pi:
        hd += _TWO_PI
    s.heading = hd
    s.t += dt
    s.x += s.vx * dt
    s.z += s.vz * dt

    _collide(s, car, h, world, out)
    _vertical(s, h, world, dt, out)
    _settle(s, h, dt, out)
    return out


def _collide(s: CarState, car: CarSpec, h: Handling, world, out: list) -> None:
    """Push the car out of walls and remove the velocity into them (it slides along)."""
    hits = world.contacts(s.x, s.z, s.y, car.collision_radius_m)
    s.in_contact = bool(hits)
    for nx, nz, depth in hits:
        s.x += nx * depth
        s.z += nz * depth
        vn = s.vx * nx + s.vz * nz
        if vn < 0.0:
            k = (1.0 + h.wall_restitution) * vn
            s.vx -= k * nx
            s.vz -= k * nz
            if -vn >= 1.0:
                out.append(ev.Event(ev.WALL_HIT, s.t, s.x, s.z, -vn))


def _vertical(s: CarState, h: Handling, world, dt: float, out: list) -> None:
    """Gravity, ground following, take-off over lips and crests, landing."""
    gh, nx, ny, nz, surface = world.ground(s.x, s.z)
    s.vy -= h.gravity * dt
    y = s.y + s.vy * dt
    if y <= gh:
        if s.airborne:
            out.append(ev.Event(ev.LANDED, s.t, s.x, s.z, -s.vy))
            s.landing_timer = h.landing_recovery_s
            s.airborne = False
            s.air_time = 0.0
        s.vy = (gh - s.ground_h) / dt  # the ground carries the car: up a ramp this is its climb rate
        y = gh
    elif y - gh > h.airborne_clearance_m and not s.airborne:
        s.airborne = True
        out.append(ev.Event(ev.LAUNCHED, s.t, s.x, s.z, s.vy))
    if s.airborne:
        s.air_time += dt
    s.y = y
    s.ground_h = gh
    s.gnx, s.gny, s.gnz = nx, ny, nz
    if surface != s.surface:
        s.surface = surface
        out.append(ev.Event(ev.SURFACE, s.t, s.x, s.z, 0.0, surface))
    if not s.airborne:
        # pitch (nose up +) and roll (right side down +) follow the ground normal
        sh, ch = math.sin(s.heading), math.cos(s.heading)
        tp = math.atan2(-(nx * sh + nz * ch), ny)
        tr = math.atan2(-(nx * ch - nz * sh), ny)
        k = 1.0 - math.exp(-h.tilt_follow_rate * dt)
        s.pitch += (tp - s.pitch) * k
        s.roll += (tr - s.roll) * k


def _settle(s: CarState, h: Handling, dt: float, out: list) -> None:
    """Car-frame speeds for telemetry, and the drift state with separate start/end thresholds."""
    sh, ch = math.sin(s.heading), math.cos(s.heading)
    s.forward = s.vx * sh + s.vz * ch
    s.lateral = s.vx * ch - s.vz * sh
    if s.airborne:
        if s.drifting:
            s.drift_time += dt
        return
    side = abs(s.lateral)
    if s.drifting:
        s.drift_time += dt
        if side < h.drift_end_side_spd:
            s.drifting = False
            out.append(ev.Event(ev.DRIFT_END, s.t, s.x, s.z, s.drift_time))
    elif side >= h.drift_side_spd:
        s.drifting = True
        s.drift_time = 0.0
        out.append(ev.Event(ev.DRIFT_START, s.t, s.x, s.z, s.lateral))
