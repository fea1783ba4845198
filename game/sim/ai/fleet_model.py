"""The AI cars' handling model: the kinematic bicycle of note 002 (docs/reference/002-ai-cars.md), moved by the Controls its driver decided.

World axes (x east, z north, heading 0 faces +z growing clockwise seen from above), lengths in the
driver's unit (metres in a session, note pixels in `sideways fleet`). The car's state is its
CarState plus a FleetTelemetry (heading accumulator, speed along the nose, wheel angle, rear slip,
the exhaust pops and skid memory), so a copy of the state is a snapshot.

What the Controls mean to this model (the driver chooses them so that the note's numbers come out
exactly; see game/sim/ai/fleet_driver.py):
- throttle and brake: speed' = max(0, speed + acceleration x throttle x dt - effective brake x brake x dt),
  the effective brake being brakeDecel x (0.3 + 0.7 grip) (note 002);
- steer: the front wheel angle is steer x the car's lock (`steer_lock_rad`, a power of two, so the angle
  the driver decided passes through exactly; 1 rad for every shipped driver);
- handbrake: the note's orbit escape: after the move the car slows by 0.6 x brakeDecel x dt and stops
  (wheel centred) below 2 px/s;
- a car at rest with no pedal pressed stands still (nothing of it moves, its rear slip included).
A car that arrives (below 10 px/s inside its arrival radius after the move) is parked by the AI
traffic's step hook right after the move (`park`), before the car-to-car contacts.
"""

from __future__ import annotations

import math

from game.sim.ai import note as N
from game.sim.ai.options import DriverOptions
from game.sim.ai.skids import SkidState
from game.sim.body import collide, follow_ground
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.mathx import clamp
from game.sim.models.model_telemetry import Telemetry
from game.sim.params import CarSpec, Catalog

_TWO_PI = 2.0 * math.pi


class FleetTelemetry(Telemetry):
    """The kinematic car's own state beside the CarState, and what the view blends (all copied with the state)."""

    __slots__ = ("opts", "unit", "steer_lock_rad", "heading_rad", "speed_mps", "steering_rad", "slip_angle", "slip_vel",
                 "yaw_rate", "grip", "braking", "was_colliding", "exhaust_timer_s", "exhaust_frame", "exhaust_pending", "exhaust_shape",
                 "skid")

    def __init__(self, opts: DriverOptions, heading_rad: float = 0.0, unit: float = 1.0) -> None:
        super().__init__()
        self.opts = opts  # frozen: the car's options as its driver's personality tunes it
        self.unit = unit  # length unit per note pixel
        self.steer_lock_rad = steer_lock_rad(opts)
        self.heading_rad = heading_rad  # unwrapped (CarState.heading is this brought into (-pi, pi])
        self.speed_mps = 0.0  # along the nose (the kinematic car never slides or reverses)
        self.steering_rad = 0.0  # front wheel angle, + turns toward +heading (right)
        self.slip_angle = 0.0  # rad, + the rear steps out to the left of the heading's turn
        self.slip_vel = 0.0
        self.yaw_rate = 0.0  # omega of the last move (rad/s)
        self.grip = opts.grip  # on the surface under the car
        self.braking = False
        self.was_colliding = False  # touched another car in the last step's contacts
        self.exhaust_timer_s = 0.0
        self.exhaust_frame = -1  # -1 idle, else the frame of the current pop
        self.exhaust_pending = 0
        self.exhaust_shape = (1.0, 0.0, 1.0, 1.0, 1.0)  # scale, tip deflection, tip length, left and right bulge
        self.skid: SkidState | None = None  # immutable, decided after every step

    @property
    def effective_brake(self) -> float:
        """brakeDecel x (0.3 + 0.7 grip) (note 002)."""
        return self.opts.brake_decel * (N.BRAKE_GRIP_FLOOR + N.BRAKE_GRIP_SLOPE * self.grip)


def steer_lock_rad(opts: DriverOptions) -> float:
    """The wheel angle at steer 1: the power of two at or above the widest angle the driver may turn the wheel to."""
    widest = math.radians(opts.max_steering_deg) * max(1 + opts.aggression * N.AGGRESSION_STEER_GAIN, N.SKID_STEER_GAIN)
    return 2.0 ** math.ceil(math.log2(widest)) if widest > 0 else 1.0


def pedal_speed(speed: float, throttle: float, brake: float, acceleration: float, effective_brake: float, dt: float) -> float:
    """The speed after this step's pedals (the model's law; the driver inverts it exactly)."""
    return max(0.0, speed + acceleration * throttle * dt - effective_brake * brake * dt)


def plane_step(tel: FleetTelemetry, x: float, z: float, c: Controls, dt: float) -> tuple[float, float]:
    """Pedals, wheel, then the rear-axle bicycle and the rear slip oscillator; returns the new (x, z) (note 002)."""
    o = tel.opts
    tel.braking = c.brake >= 1.0
    if tel.speed_mps == 0.0 and not (c.throttle or c.brake):
        return x, z
    tel.speed_mps = pedal_speed(tel.speed_mps, c.throttle, c.brake, o.acceleration, tel.effective_brake, dt)
    tel.steering_rad = c.steer * tel.steer_lock_rad
    k = o.slip_stiffness * tel.grip
    damping = o.slip_damping
    speed = tel.speed_mps
    if speed == 0:
        tel.yaw_rate = 0.0
        tel.slip_vel += (-k * tel.slip_angle - damping * tel.slip_vel) * dt
        tel.slip_angle += tel.slip_vel * dt
    else:
        omega = speed / o.wheelbase * math.tan(tel.steering_rad)
        tel.yaw_rate = omega
        tel.heading_rad += omega * dt
        z += math.cos(tel.heading_rad) * speed * dt
        x += math.sin(tel.heading_rad) * speed * dt
        tel.slip_vel += (omega - k * tel.slip_angle - damping * tel.slip_vel) * dt
        tel.slip_angle += tel.slip_vel * dt
    if c.handbrake:  # the orbit escape (raw brakeDecel, not grip-scaled)
        tel.speed_mps = max(0.0, tel.speed_mps - o.brake_decel * N.ORBIT_BRAKE * dt)
        if tel.speed_mps < N.ORBIT_STOP_SPEED_PX * tel.unit:
            tel.speed_mps = 0.0
            tel.steering_rad = 0.0
    return x, z


def park(s: CarState[FleetTelemetry]) -> None:
    """The car has arrived: it stops where it is with its wheel straight (note 002's parking below 10 px/s)."""
    tel = s.telemetry
    tel.speed_mps = 0.0
    tel.steering_rad = 0.0
    s.vx, s.vz = 0.0 * math.sin(s.heading), 0.0 * math.cos(s.heading)
    s.forward = 0.0
    s.steer_wheel = 0.0


def push(s: CarState[FleetTelemetry], vx: float, vz: float) -> None:
    """Another car changed this one's velocity: a kinematic car keeps only the speed along its nose."""
    tel = s.telemetry
    sh, ch = math.sin(s.heading), math.cos(s.heading)
    tel.speed_mps = max(0.0, vx * sh + vz * ch)
    s.vx, s.vz = tel.speed_mps * sh, tel.speed_mps * ch


def turn(s: CarState[FleetTelemetry], turn_rad: float) -> None:
    """Another car turned this one by turn_rad."""
    s.heading += turn_rad
    s.telemetry.heading_rad += turn_rad


class FleetModel:
    """The kinematic fleet car as a VehicleModel (any catalog car can be an AI car)."""

    id = "fleet"
    name = "AI fleet (kinematic)"

    def supports(self, car: CarSpec) -> bool:
        return True

    def new_telemetry(self, car: CarSpec) -> FleetTelemetry:
        """Refused: a fleet car's telemetry comes with its driver (game/sim/ai/fleet_driver.py's `new_fleet_car`)."""
        raise TypeError(f"an AI fleet car ({car.id!r}) joins with its driver's telemetry; the fleet model makes none")

    def step(self, s: CarState[FleetTelemetry], c: Controls, car: CarSpec, catalog: Catalog, world, dt: float) -> list:
        """Move the car in the plane from its Controls, then walls (they keep only the speed along the nose) and ground."""
        tel = s.telemetry
        o = tel.opts
        surface = catalog.surfaces[s.surface]
        tel.grip = clamp(o.grip * surface.grip_factor(car.offroad), 0.0, 1.0)
        start = (s.x, s.z)
        out: list = []
        x, z = plane_step(tel, s.x, s.z, c, dt)
        h = tel.heading_rad % _TWO_PI
        s.heading = h - _TWO_PI if h > math.pi else h
        sh, ch = math.sin(s.heading), math.cos(s.heading)
        s.x, s.z = x, z
        s.vx, s.vz = tel.speed_mps * sh, tel.speed_mps * ch
        s.yaw_rate = tel.yaw_rate
        collide(s, car.collision_radius_m, catalog.handling, world, out, start)
        if s.in_contact:
            tel.speed_mps = max(0.0, s.vx * sh + s.vz * ch)
            s.vx, s.vz = tel.speed_mps * sh, tel.speed_mps * ch
        follow_ground(s, catalog.handling, world, dt, out)
        s.forward, s.lateral = tel.speed_mps, 0.0
        s.steer_wheel = clamp(tel.steering_rad / math.radians(o.max_steering_deg), -1.0, 1.0)
        s.top_speed_eff = (o.speed_cap if o.speed_cap is not None else o.max_speed) * surface.top_speed_factor(car.offroad)
        return out


FLEET_MODEL = FleetModel()
