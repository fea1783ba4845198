"""One self-driving car of the reference fleet (note 002, ported from its source as the facts file records).

Units are the caller's: the note's own (px, s, rad, y down, heading 0 along +x) with unit=1, or
metres with unit = metres per note pixel, which scales the note's fixed pixel thresholds.
"""

from __future__ import annotations

import math

from game.sim.ai import note as N
from game.sim.ai.geometry import TAU, angle_diff, bezier_length, bezier_point, clamp
from game.sim.ai.options import DriverOptions
from game.sim.randomness import RandomSource


_IDLE, _COAST, _PARK, _DRIVE = range(4)  # what decide() chose; advance() finishes it


class FleetCar:
    """State and update of one fleet car; `update` follows the source's steps in order."""

    def __init__(self, x: float, y: float, opts: DriverOptions, rng: RandomSource, heading: float | None = None, unit: float = 1.0):
        self.opts = opts
        self.unit = unit
        self.x, self.y = float(x), float(y)
        # Order of draws at construction: heading (only when none is given), maxSpeed, first exhaust timer.
        self.heading = float(heading) if heading is not None else rng.random() * TAU
        self.max_speed = opts.max_speed * (N.MAX_SPEED_SPREAD_BASE + rng.random() * N.MAX_SPEED_SPREAD)
        if opts.speed_cap is not None:  # the game's cap comes after the note's +-20% spread, so no car beats its top speed
            self.max_speed = min(self.max_speed, opts.speed_cap)
        self.exhaust_timer = opts.exhaust_interval_s * (1.0 + rng.random())
        self.width = opts.width
        self.wheelbase = opts.wheelbase
        self.max_steering = math.radians(opts.max_steering_deg)
        self.steering_rate = math.radians(opts.steering_rate_dps)
        self.grip = opts.grip
        self.speed = 0.0
        self.steering = 0.0  # front wheel angle (rad), + turns toward +heading
        self.slip_angle = 0.0  # rear slip angle (rad)
        self.slip_vel = 0.0
        self.target: tuple[float, float] | None = None
        self.path: tuple | None = None  # (p0, p1, p2, p3)
        self.path_t = 0.0
        self.path_len = 0.0
        self.skidding = False
        self.orbiting = False
        self.cumulative_rotation = 0.0
        self.was_colliding = False
        self.avoid_speed_factor = 1.0
        self.avoiding = False
        self.avoid_targets: list[int] = []  # indices (in the update's list) of the cars being avoided
        self.desired_heading = self.heading
        self.yaw_rate = 0.0  # omega of the last move (rad/s)
        self.braking = False  # braking this step (to stop or to park)
        self._phase = _IDLE
        self._dist = 0.0
        self.exhaust_frame = -1  # -1 idle, else the frame of the current pop
        self.exhaust_pending = 0
        self.exhaust_shape = (1.0, 0.0, 1.0, 1.0, 1.0)  # scale, tip deflection, tip length, left and right bulge

    # -- derived ------------------------------------------------------------------------------
    @property
    def effective_brake(self) -> float:
        """brakeDecel x (0.3 + 0.7 grip)."""
        return self.opts.brake_decel * (N.BRAKE_GRIP_FLOOR + N.BRAKE_GRIP_SLOPE * self.grip)

    def braking_distance(self) -> float:
        """v^2 / (2 effBrake)."""
        return self.speed * self.speed / (2.0 * self.effective_brake)

    def distance_to_target(self) -> float:
        if self.target is None:
            return 0.0
        return math.hypot(self.target[0] - self.x, self.target[1] - self.y)

    # -- targets ------------------------------------------------------------------------------
    def drive_to(self, x: float, y: float, rng: RandomSource, shared_mid: tuple[float, float] | None = None, path=None) -> None:
        """Head for (x, y) along a fresh random Bezier (or the given path p0..p3, whose p3 is the target)."""
        self.target = (float(x), float(y))
        self.cumulative_rotation = 0.0
        self.avoid_speed_factor = N.AVOID_FACTOR_BASE + rng.random() * N.AVOID_FACTOR_RANGE
        if path is not None:
            self._set_path(*path)
        else:
            self._generate_path(x, y, rng, shared_mid)

    def clear_target(self) -> None:
        self.target = None
        self.path = None

    def _set_path(self, p0, p1, p2, p3) -> None:
        self.path = (tuple(p0), tuple(p1), tuple(p2), tuple(p3))
        self.path_t = 0.0
        self.path_len = bezier_length(*self.path)

    def _generate_path(self, tx: float, ty: float, rng: RandomSource, shared_mid) -> None:
        p0 = (self.x, self.y)
        p3 = (float(tx), float(ty))
        dx, dy = p3[0] - p0[0], p3[1] - p0[1]
        dist = math.sqrt(dx * dx + dy * dy)
        if dist < N.MIN_PATH_DISTANCE_PX * self.unit:
            self.path = None
            return
        fx, fy = dx / dist, dy / dist
        px, py = -fy, fx
        if shared_mid is not None:
            jitter = dist * N.SHARED_MID_JITTER
            p1 = (shared_mid[0] + (rng.random() - 0.5) * jitter, shared_mid[1] + (rng.random() - 0.5) * jitter)
        else:
            c1 = (rng.random() - 0.5) * dist * N.P1_SIDE
            p1 = (p0[0] + fx * dist * N.P1_ALONG + px * c1, p0[1] + fy * dist * N.P1_ALONG + py * c1)
        if rng.random() < N.WILD_APPROACH_CHANCE:
            angle = rng.random() * TAU
            reach = dist * (N.WILD_DIST_BASE + rng.random() * N.WILD_DIST_RANGE)
            p2 = (p3[0] + math.cos(angle) * reach, p3[1] + math.sin(angle) * reach)
        else:
            c2 = (rng.random() - 0.5) * dist * N.P2_SIDE
            p2 = (p0[0] + fx * dist * N.P2_ALONG + px * c2, p0[1] + fy * dist * N.P2_ALONG + py * c2)
        self._set_path(p0, p1, p2, p3)

    # -- one update ---------------------------------------------------------------------------
    def update(self, dt: float, others: list, rng: RandomSource) -> None:
        """One step of dt seconds among `others` (the whole fleet; this car is skipped): decide, then advance."""
        self.decide(dt, others, rng)
        self.advance(dt)

    def decide(self, dt: float, others: list, rng: RandomSource) -> None:
        """The driver's half of a step: exhaust timer, wheel and speed for this step (positions unchanged)."""
        o = self.opts
        self._update_exhaust(dt, rng)
        eff_brake = self.effective_brake
        if self.target is None:
            self._phase = _IDLE
            self.braking = self.speed > 0
            if self.speed > 0:
                self.speed = max(0.0, self.speed - eff_brake * dt)
                self._phase = _COAST
            return
        rdx, rdy = self.target[0] - self.x, self.target[1] - self.y
        dist = math.sqrt(rdx * rdx + rdy * rdy)
        self._dist = dist
        should_brake = dist < self.braking_distance() * N.BRAKE_MARGIN
        inv = 1.0 / (dist or 1.0)
        if dist < o.arrival_radius:
            self._phase = _PARK
            self._park(dt, others, eff_brake)
            return
        self._phase = _DRIVE

        has_path = self.path is not None and self.path_t < 1
        if has_path:
            plen = self.path_len or 1.0
            self.path_t = clamp(max(1.0 - dist / plen, self.path_t + self.speed * dt / plen), self.path_t, 1.0)
        bx, by = rdx * inv, rdy * inv
        alignment_b = 1.0
        if self.path is not None and self.path_t < 1:
            look = min(self.path_t + N.LOOKAHEAD_BASE + clamp(self.speed / self.max_speed, 0.0, 1.0) * N.LOOKAHEAD_SPEED, 1.0)
            pt = bezier_point(*self.path, look)
            ldx, ldy = pt[0] - self.x, pt[1] - self.y
            d = math.sqrt(ldx * ldx + ldy * ldy) or 1.0
            bx, by = ldx / d, ldy / d
            alignment_b = max(0.0, math.cos(angle_diff(self.heading, math.atan2(by, bx))))
        if self.path is not None and self.path_t < 1 and (not should_brake or o.aggression > 0):
            if should_brake and o.aggression < 1:
                k = o.aggression * alignment_b
                tx, ty = rdx * inv, rdy * inv
                sx, sy = tx + (bx - tx) * k, ty + (by - ty) * k
                n = math.sqrt(sx * sx + sy * sy) or 1.0
                sx, sy = sx / n, sy / n
            else:
                sx, sy = bx, by
        else:
            sx, sy = rdx * inv, rdy * inv

        ax, ay = self._avoidance(others)
        self.avoiding = math.sqrt(ax * ax + ay * ay) > N.AVOID_MIN
        if self.avoiding:
            w = N.AVOID_WEIGHT_BRAKING if should_brake else N.AVOID_WEIGHT_CRUISING
            sx += ax * w
            sy += ay * w
        self.desired_heading = math.atan2(sy, sx)
        error = angle_diff(self.heading, self.desired_heading)

        ratio = clamp(self.speed / self.max_speed, 0.0, 1.0)
        max_steer = self.max_steering * (1 + o.aggression * N.AGGRESSION_STEER_GAIN)
        rate = self.steering_rate * (1 - ratio * (1 - o.twitchiness)) * (1 + o.aggression * N.AGGRESSION_RATE_GAIN)
        self._turn_wheel_toward(clamp(error, -max_steer, max_steer), rate, dt)

        v_target = self.max_speed * self.align_factor(error) * (1 + self._proximity_boost(others, dist))
        if o.speed_cap is not None:  # the note's proximity boost may push past maxSpeed, never past the car's top speed
            v_target = min(v_target, o.speed_cap)
        self.braking = should_brake
        if should_brake:
            self.skidding = self.speed > o.skid_threshold * self.grip
            self.speed = max(0.0, self.speed - eff_brake * dt)
        elif self.speed > v_target:
            self.skidding = False
            self.speed = max(v_target, self.speed - eff_brake * N.EASE_OFF_BRAKE * dt)
        else:
            self.skidding = False
            self.speed = min(v_target, self.speed + o.acceleration * dt)
        if self.skidding:
            cap = self.max_steering * N.SKID_STEER_GAIN
            self.steering = clamp(self.steering * N.SKID_STEER_GAIN, -cap, cap)

    def advance(self, dt: float) -> None:
        """The body's half: move along the bicycle model, then parking and orbit checks on the new position."""
        if self._phase == _IDLE:
            return
        self._move(dt)
        if self._phase == _PARK:
            if self.speed < N.ARRIVED_SPEED_PX * self.unit:
                self.speed = 0.0
                self.steering = 0.0
                self.skidding = False
                self.clear_target()
        elif self._phase == _DRIVE:
            self._track_orbit(dt, self._dist)

    def align_factor(self, error: float) -> float:
        """clamp(floor + (1 - floor) cos(error), floor, 1); the floor rises after a collision."""
        floor = N.ALIGN_FLOOR_COLLIDING if self.was_colliding else N.ALIGN_FLOOR
        return clamp(floor + (1 - floor) * math.cos(error), floor, 1.0)

    def _turn_wheel_toward(self, goal: float, rate: float, dt: float) -> None:
        self.steering += clamp(goal - self.steering, -rate * dt, rate * dt)

    def _park(self, dt: float, others: list, eff_brake: float) -> None:
        """Inside the arrival radius: steer only to avoid, and brake (advance parks the car below 10 px/s)."""
        ax, ay = self._avoidance(others)
        self.avoiding = math.sqrt(ax * ax + ay * ay) > N.AVOID_MIN
        if self.avoiding:
            err = angle_diff(self.heading, math.atan2(ay, ax))
            self._turn_wheel_toward(clamp(err, -self.max_steering, self.max_steering), self.steering_rate, dt)
        else:
            self.steering *= max(0.0, 1 - dt * N.WHEEL_DECAY_RATE)
        self.braking = True
        self.speed = max(0.0, self.speed - eff_brake * dt)

    def _avoidance(self, others: list) -> tuple[float, float]:
        """Repulsion from neighbours within 0.66 width + 0.6 other.width, each weighted (minDist - d) / minDist."""
        radius = self.width * N.AVOID_RADIUS_SELF
        fx = fy = 0.0
        self.avoid_targets = []
        for i, other in enumerate(others):
            if other is self:
                continue
            dx, dy = self.x - other.x, self.y - other.y
            d = math.sqrt(dx * dx + dy * dy)
            min_d = radius + other.width * N.AVOID_RADIUS_OTHER
            if 0 < d < min_d:
                s = (min_d - d) / min_d
                fx += dx / d * s
                fy += dy / d * s
                self.avoid_targets.append(i)
        return fx, fy

    def _proximity_boost(self, others: list, my_dist: float) -> float:
        """The lead car of a close pair (nearer its own target) speeds up; the largest boost applies."""
        if not self.opts.proximity_boost:
            return 0.0
        boost = 0.0
        safety = self.width * N.PROXIMITY_RADIUS
        for other in others:
            if other is self:
                continue
            d = math.sqrt((self.x - other.x) ** 2 + (self.y - other.y) ** 2)
            if d < safety:
                ot = other.target if other.target is not None else (other.x, other.y)
                if my_dist < math.sqrt((ot[0] - other.x) ** 2 + (ot[1] - other.y) ** 2):
                    urgency = 1 - d / safety
                    boost = max(boost, urgency * (N.PROXIMITY_BOOST_COLLIDING if self.was_colliding else N.PROXIMITY_BOOST))
        return boost

    def _move(self, dt: float) -> None:
        """Rear-axle bicycle model, then the rear slip oscillator driven by the yaw rate."""
        k = self.opts.slip_stiffness * self.grip
        c = self.opts.slip_damping
        if self.speed == 0:
            self.yaw_rate = 0.0
            self.slip_vel += (-k * self.slip_angle - c * self.slip_vel) * dt
            self.slip_angle += self.slip_vel * dt
            return
        omega = self.speed / self.wheelbase * math.tan(self.steering)
        self.yaw_rate = omega
        self.heading += omega * dt
        self.x += math.cos(self.heading) * self.speed * dt
        self.y += math.sin(self.heading) * self.speed * dt
        self.slip_vel += (omega - k * self.slip_angle - c * self.slip_vel) * dt
        self.slip_angle += self.slip_vel * dt

    def _track_orbit(self, dt: float, dist: float) -> None:
        """Count turning near the target; past 2 pi the car is orbiting and brakes out of it."""
        if self.opts.orbit_detection:
            near = dist < self.width * N.ORBIT_ZONE
            if near and self.speed > N.ORBIT_MIN_SPEED_PX * self.unit:
                omega = self.speed / self.wheelbase * math.tan(self.steering)
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
        if self.orbiting:
            self.speed = max(0.0, self.speed - self.opts.brake_decel * N.ORBIT_BRAKE * dt)
            if self.speed < N.ORBIT_STOP_SPEED_PX * self.unit:
                self.speed = 0.0
                self.steering = 0.0
                self.skidding = False
                self.orbiting = False
                self.target = None

    def _update_exhaust(self, dt: float, rng: RandomSource) -> None:
        """The afterfire timer: above 50 px/s it counts down; a burst is 1-3 pops of five frames each."""
        if self.opts.exhaust_position and abs(self.speed) > N.EXHAUST_MIN_SPEED_PX * self.unit:
            self.exhaust_timer -= dt
            if self.exhaust_timer <= 0:
                self.exhaust_frame = 0
                self.exhaust_timer = self.opts.exhaust_interval_s * (1 + rng.random())
                self._roll_exhaust_shape(rng)
                roll = rng.random()
                self.exhaust_pending = 2 if roll < N.EXHAUST_TRIPLE_CHANCE else 1 if roll < N.EXHAUST_DOUBLE_CHANCE else 0
        if self.exhaust_frame >= 0:
            self.exhaust_frame += 1
            if self.exhaust_frame >= N.EXHAUST_FRAMES:
                if self.exhaust_pending > 0:
                    self.exhaust_frame = 0
                    self._roll_exhaust_shape(rng)
                    self.exhaust_pending -= 1
                else:
                    self.exhaust_frame = -1

    def _roll_exhaust_shape(self, rng: RandomSource) -> None:
        """Five draws per pop (size, tip deflection, tip length, left bulge, right bulge), each base + r x range."""
        self.exhaust_shape = tuple(base + rng.random() * span for base, span in N.EXHAUST_SHAPE_RANGES)
