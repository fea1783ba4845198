"""The mind of one self-driving car of the reference fleet (note 002, ported from its source as the facts file records).

Note 002: docs/reference/002-ai-cars.md; the facts file: docs/reference/002-implementation-facts.md.

World axes: x east, z north, heading 0 faces +z and grows clockwise seen from above. Lengths are
the caller's unit: metres in a session (unit = metres per note pixel, which scales the note's
fixed pixel thresholds), the note's pixels in `sideways fleet` (unit 1).

The driver looks at its car (position, and the FleetTelemetry: heading, speed, wheel angle, whether
it touched a car) and its neighbours, and decides Controls for the fleet model
(game/sim/ai/fleet_model.py), which moves the car. It chooses them so that the model's laws give
exactly the speed and wheel the note computes: full pedals where the note brakes or accelerates at
full strength, the exact pedal (`_exact_pedal`) where the note stops at a target speed, the wheel
angle over the car's power-of-two lock. What the note does after the move (parking below 10 px/s,
the orbit escape's stop) it learns in `after_move`.
"""

from __future__ import annotations

import math

from game.sim.ai import note as N
from game.sim.ai.fleet_model import FleetTelemetry, pedal_speed
from game.sim.ai.geometry import bezier_length, bezier_point
from game.sim.ai.options import DriverOptions
from game.sim.controls import Controls
from game.sim.mathx import TAU, angle_diff, clamp
from game.sim.randomness import RandomSource

_Point = tuple[float, float]  # (x, z)
_PEDAL_TRIES = 2000  # nudges (one ulp each) the exact-pedal search may take; far more than it ever needs


class FleetDriver:
    """What one fleet car intends: its target, path, avoidance, orbit watch and whether it locks its wheels."""

    def __init__(self, opts: DriverOptions, rng: RandomSource, heading: float, unit: float = 1.0):
        self.opts = opts
        self.unit = unit
        self.max_speed = opts.max_speed * (N.MAX_SPEED_SPREAD_BASE + rng.random() * N.MAX_SPEED_SPREAD)
        if opts.speed_cap is not None:  # the game's cap comes after the note's +-20% spread, so no car beats its top speed
            self.max_speed = min(self.max_speed, opts.speed_cap)
        self.width = opts.width
        self.max_steering = math.radians(opts.max_steering_deg)
        self.steering_rate = math.radians(opts.steering_rate_dps)
        self.target: tuple[float, float] | None = None  # (x, z)
        self.path: tuple[_Point, _Point, _Point, _Point] | None = None  # the Bezier's control points p0..p3
        self.path_t = 0.0
        self.path_len = 0.0
        self.skidding = False  # locking the wheels under hard braking (the note's braking skid)
        self.orbiting = False
        self.cumulative_rotation = 0.0
        self.avoid_speed_factor = 1.0
        self.avoiding = False
        self.avoid_targets: list[int] = []  # indices (in the neighbour list) of the cars being avoided
        self.desired_heading = heading
        self._arriving = False  # this step's move ends inside the arrival radius below 10 px/s: the car parks
        self._escaped = False  # this step's orbit escape stops the car

    # -- targets ------------------------------------------------------------------------------
    def drive_to(self, x: float, z: float, here: tuple[float, float], rng: RandomSource, shared_mid=None, path=None) -> None:
        """Head for (x, z) from `here` along a fresh random Bezier (or the given path p0..p3, whose p3 is the target)."""
        self.target = (float(x), float(z))
        self.cumulative_rotation = 0.0
        self.avoid_speed_factor = N.AVOID_FACTOR_BASE + rng.random() * N.AVOID_FACTOR_RANGE
        if path is not None:
            self._set_path(*path)
        else:
            self._generate_path(here, x, z, rng, shared_mid)

    def clear_target(self) -> None:
        self.target = None
        self.path = None

    def distance_to_target(self, x: float, z: float) -> float:
        if self.target is None:
            return 0.0
        return math.hypot(self.target[1] - z, self.target[0] - x)

    def _set_path(self, p0, p1, p2, p3) -> None:
        self.path = (tuple(p0), tuple(p1), tuple(p2), tuple(p3))
        self.path_t = 0.0
        self.path_len = bezier_length(*self.path)

    def _generate_path(self, here, tx: float, tz: float, rng: RandomSource, shared_mid) -> None:
        p0 = (here[0], here[1])
        p3 = (float(tx), float(tz))
        dz, dx = p3[1] - p0[1], p3[0] - p0[0]
        dist = math.sqrt(dz * dz + dx * dx)
        if dist < N.MIN_PATH_DISTANCE_PX * self.unit:
            self.path = None
            return
        fz, fx = dz / dist, dx / dist
        pz, px = -fx, fz  # forward turned a quarter turn toward -heading
        if shared_mid is not None:
            jitter = dist * N.SHARED_MID_JITTER
            jz = (rng.random() - 0.5) * jitter
            p1 = (shared_mid[0] + (rng.random() - 0.5) * jitter, shared_mid[1] + jz)
        else:
            c1 = (rng.random() - 0.5) * dist * N.P1_SIDE
            p1 = (p0[0] + fx * dist * N.P1_ALONG + px * c1, p0[1] + fz * dist * N.P1_ALONG + pz * c1)
        if rng.random() < N.WILD_APPROACH_CHANCE:
            angle = rng.random() * TAU
            reach = dist * (N.WILD_DIST_BASE + rng.random() * N.WILD_DIST_RANGE)
            p2 = (p3[0] + math.sin(angle) * reach, p3[1] + math.cos(angle) * reach)
        else:
            c2 = (rng.random() - 0.5) * dist * N.P2_SIDE
            p2 = (p0[0] + fx * dist * N.P2_ALONG + px * c2, p0[1] + fz * dist * N.P2_ALONG + pz * c2)
        self._set_path(p0, p1, p2, p3)

    # -- one decision -------------------------------------------------------------------------
    def decide(self, x: float, z: float, car, grip: float, dt: float, others: list, me=None) -> Controls:
        """This step's Controls for the car at (x, z) with telemetry `car`, among `others` (`me` among them is skipped)."""
        o = self.opts
        self._arriving = self._escaped = False
        speed, wheel, lock = car.speed_mps, car.steering_rad, car.steer_lock_rad
        eff_brake = o.brake_decel * (N.BRAKE_GRIP_FLOOR + N.BRAKE_GRIP_SLOPE * grip)
        if self.target is None:  # coast to a stop, or stand
            return Controls(brake=1.0 if speed > 0 else 0.0, steer=wheel / lock)
        rdz, rdx = self.target[1] - z, self.target[0] - x
        dist = math.sqrt(rdz * rdz + rdx * rdx)
        should_brake = dist < speed * speed / (2.0 * eff_brake) * N.BRAKE_MARGIN
        inv = 1.0 / (dist or 1.0)
        if dist < o.arrival_radius:
            return self._park(x, z, car, dt, others, me, eff_brake)

        has_path = self.path is not None and self.path_t < 1
        if has_path:
            plen = self.path_len or 1.0
            self.path_t = clamp(max(1.0 - dist / plen, self.path_t + speed * dt / plen), self.path_t, 1.0)
        bz, bx = rdz * inv, rdx * inv
        alignment_b = 1.0
        if self.path is not None and self.path_t < 1:
            look = min(self.path_t + N.LOOKAHEAD_BASE + clamp(speed / self.max_speed, 0.0, 1.0) * N.LOOKAHEAD_SPEED, 1.0)
            pt = bezier_point(*self.path, look)
            ldz, ldx = pt[1] - z, pt[0] - x
            d = math.sqrt(ldz * ldz + ldx * ldx) or 1.0
            bz, bx = ldz / d, ldx / d
            alignment_b = max(0.0, math.cos(angle_diff(car.heading_rad, math.atan2(bx, bz))))
        if self.path is not None and self.path_t < 1 and (not should_brake or o.aggression > 0):
            if should_brake and o.aggression < 1:
                k = o.aggression * alignment_b
                tz, tx = rdz * inv, rdx * inv
                sz, sx = tz + (bz - tz) * k, tx + (bx - tx) * k
                n = math.sqrt(sz * sz + sx * sx) or 1.0
                sz, sx = sz / n, sx / n
            else:
                sz, sx = bz, bx
        else:
            sz, sx = rdz * inv, rdx * inv

        az, ax = self._avoidance(x, z, others, me)
        self.avoiding = math.sqrt(az * az + ax * ax) > N.AVOID_MIN
        if self.avoiding:
            w = N.AVOID_WEIGHT_BRAKING if should_brake else N.AVOID_WEIGHT_CRUISING
            sz += az * w
            sx += ax * w
        self.desired_heading = math.atan2(sx, sz)
        error = angle_diff(car.heading_rad, self.desired_heading)

        ratio = clamp(speed / self.max_speed, 0.0, 1.0)
        max_steer = self.max_steering * (1 + o.aggression * N.AGGRESSION_STEER_GAIN)
        rate = self.steering_rate * (1 - ratio * (1 - o.twitchiness)) * (1 + o.aggression * N.AGGRESSION_RATE_GAIN)
        wheel = _turn_wheel_toward(wheel, clamp(error, -max_steer, max_steer), rate, dt)

        v_target = self.max_speed * self.align_factor(error, car.was_colliding) * (1 + self._proximity_boost(x, z, others, me, dist, car.was_colliding))
        if o.speed_cap is not None:  # the note's proximity boost may push past maxSpeed, never past the car's top speed
            v_target = min(v_target, o.speed_cap)
        throttle = brake = 0.0
        if should_brake:
            self.skidding = speed > o.skid_threshold * grip
            brake = 1.0
        elif speed > v_target:
            self.skidding = False
            brake = N.EASE_OFF_BRAKE
            if speed - eff_brake * N.EASE_OFF_BRAKE * dt < v_target:  # the note eases off down to the target speed exactly
                brake = _brake_to(v_target, speed, o.acceleration, eff_brake, dt)
        else:
            self.skidding = False
            throttle = 1.0
            if speed + o.acceleration * dt > v_target:
                throttle = _throttle_to(v_target, speed, o.acceleration, eff_brake, dt)
        if self.skidding:
            cap = self.max_steering * N.SKID_STEER_GAIN
            wheel = clamp(wheel * N.SKID_STEER_GAIN, -cap, cap)
        moved_speed = pedal_speed(speed, throttle, brake, o.acceleration, eff_brake, dt)
        escape = self._watch_orbit(dt, dist, moved_speed, wheel, o.wheelbase)
        if escape:
            self._escaped = max(0.0, moved_speed - o.brake_decel * N.ORBIT_BRAKE * dt) < N.ORBIT_STOP_SPEED_PX * self.unit
        return Controls(throttle=throttle, brake=brake, steer=wheel / lock, handbrake=escape)

    def after_move(self) -> bool:
        """The car has moved on this step's Controls: forget a reached or escaped target; True when the car parks now."""
        if self._escaped:
            self.skidding = self.orbiting = False
            self.target = None
        elif self._arriving:
            self.skidding = False
            self.clear_target()
        arriving, self._arriving, self._escaped = self._arriving, False, False
        return arriving

    def align_factor(self, error: float, colliding: bool) -> float:
        """clamp(floor + (1 - floor) cos(error), floor, 1); the floor rises after a collision."""
        floor = N.ALIGN_FLOOR_COLLIDING if colliding else N.ALIGN_FLOOR
        return clamp(floor + (1 - floor) * math.cos(error), floor, 1.0)

    def _park(self, x, z, car, dt, others, me, eff_brake) -> Controls:
        """Inside the arrival radius: steer only to avoid, and brake; below 10 px/s after the move the car parks."""
        wheel = car.steering_rad
        az, ax = self._avoidance(x, z, others, me)
        self.avoiding = math.sqrt(az * az + ax * ax) > N.AVOID_MIN
        if self.avoiding:
            err = angle_diff(car.heading_rad, math.atan2(ax, az))
            wheel = _turn_wheel_toward(wheel, clamp(err, -self.max_steering, self.max_steering), self.steering_rate, dt)
        else:
            wheel *= max(0.0, 1 - dt * N.WHEEL_DECAY_RATE)
        self._arriving = max(0.0, car.speed_mps - eff_brake * dt) < N.ARRIVED_SPEED_PX * self.unit
        return Controls(brake=1.0, steer=wheel / car.steer_lock_rad)

    def _avoidance(self, x: float, z: float, others: list, me) -> tuple[float, float]:
        """Repulsion (z, x) from neighbours within 0.66 width + 0.6 other.width, each weighted (minDist - d) / minDist."""
        radius = self.width * N.AVOID_RADIUS_SELF
        fz = fx = 0.0
        self.avoid_targets = []
        for i, other in enumerate(others):
            if other is me:
                continue
            dz, dx = z - other.z, x - other.x
            d = math.sqrt(dz * dz + dx * dx)
            min_d = radius + other.width * N.AVOID_RADIUS_OTHER
            if 0 < d < min_d:
                s = (min_d - d) / min_d
                fz += dz / d * s
                fx += dx / d * s
                self.avoid_targets.append(i)
        return fz, fx

    def _proximity_boost(self, x: float, z: float, others: list, me, my_dist: float, colliding: bool) -> float:
        """The lead car of a close pair (nearer its own target) speeds up; the largest boost applies."""
        if not self.opts.proximity_boost:
            return 0.0
        boost = 0.0
        safety = self.width * N.PROXIMITY_RADIUS
        for other in others:
            if other is me:
                continue
            d = math.sqrt((z - other.z) ** 2 + (x - other.x) ** 2)
            if d < safety:
                ot = other.target if other.target is not None else (other.x, other.z)
                if my_dist < math.sqrt((ot[1] - other.z) ** 2 + (ot[0] - other.x) ** 2):
                    urgency = 1 - d / safety
                    boost = max(boost, urgency * (N.PROXIMITY_BOOST_COLLIDING if colliding else N.PROXIMITY_BOOST))
        return boost

    def _watch_orbit(self, dt: float, dist: float, speed: float, wheel: float, wheelbase: float) -> bool:
        """Count turning near the target; past 2 pi the car is orbiting and brakes out of it (True: escape this step)."""
        if self.opts.orbit_detection:
            near = dist < self.width * N.ORBIT_ZONE
            if near and speed > N.ORBIT_MIN_SPEED_PX * self.unit:
                omega = speed / wheelbase * math.tan(wheel)
                self.cumulative_rotation += abs(omega * dt)
            elif not near:
                self.cumulative_rotation = 0.0
                self.orbiting = False
            if self.cumulative_rotation > N.ORBIT_LIMIT:
                self.orbiting = True
                self.cumulative_rotation = 0.0
        else:
            self.cumulative_rotation = 0.0
            self.orbiting = False
        return self.orbiting


def _turn_wheel_toward(wheel: float, goal: float, rate: float, dt: float) -> float:
    return wheel + clamp(goal - wheel, -rate * dt, rate * dt)


def new_fleet_car(opts: DriverOptions, rng: RandomSource, heading: float | None = None, unit: float = 1.0):
    """A driver and its car's telemetry at rest; draws, in order: heading (only when none is given), maxSpeed, exhaust timer."""
    heading = float(heading) if heading is not None else rng.random() * TAU
    driver = FleetDriver(opts, rng, heading, unit)
    tel = FleetTelemetry(opts, heading, unit)
    tel.exhaust_timer_s = opts.exhaust_interval_s * (1.0 + rng.random())
    return driver, tel


def _brake_to(want: float, speed: float, acceleration: float, eff_brake: float, dt: float) -> float:
    """The brake pedal that slows the car from `speed` to exactly `want` this step."""
    return _exact_pedal(lambda b: pedal_speed(speed, 0.0, b, acceleration, eff_brake, dt), want, (speed - want) / (eff_brake * dt), -1.0)


def _throttle_to(want: float, speed: float, acceleration: float, eff_brake: float, dt: float) -> float:
    """The throttle that speeds the car from `speed` up to exactly `want` this step."""
    return _exact_pedal(lambda t: pedal_speed(speed, t, 0.0, acceleration, eff_brake, dt), want, (want - speed) / (acceleration * dt), 1.0)


def _exact_pedal(law, want: float, guess: float, rising: float) -> float:
    """The pedal in [0, 1] for which law(pedal) is exactly `want`; `rising` is +1 when law grows with the pedal.

    The note stops at a target speed within one step's change of the current one (`want` is within a factor
    two of the current speed, so the difference is exact); the pedal's grid is far finer than the speed's,
    so a few one-ulp nudges from the quotient land on it.
    """
    p = clamp(guess, 0.0, 1.0)
    best, best_err = p, math.inf
    for _ in range(_PEDAL_TRIES):
        got = law(p)
        if got == want:
            return p
        if abs(got - want) < best_err:
            best, best_err = p, abs(got - want)
        p = clamp(math.nextafter(p, math.inf if (got < want) == (rising > 0) else -math.inf), 0.0, 1.0)
    return best  # none exact (never seen with the shipped drivers): the closest, still deterministic, never a crash mid-drive
