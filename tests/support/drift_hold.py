"""A closed-loop test driver that starts a drift and holds it (issue 19, point 7).

`DriftHolder` is a driver, not a script: each step it reads the car's observed state (speed, body slip,
yaw rate, rpm, gear, the steering wheel) and answers with `Controls`; it never writes the car. What it
knows of the car beyond that is what a driver knows from the seat: the gearbox (ratios, redline, the
upshift points, through the model's `GearboxInfo`), the steering lock and the wheelbase.

Phases:
1. RUN-UP: full throttle in a straight line, shifting up (clutch pressed, throttle off, gear request) at the
   gearbox's upshift points, never past the drift gear: the lowest gear whose revs at the entry speed sit
   below `DRIFT_GEAR_REV_SHARE` of the redline (the most torque at the wheels that leaves the engine room to
   rev as the rear wheels spin up). Reaching the entry speed in a lower gear, it shifts straight to the drift gear.
2. ENTRY: at the entry speed, either
   - a handbrake flick: steer into the turn and pull the handbrake, clutch pressed, until the body slip
     passes `ENTRY_DEG` (or `FLICK_MAX_S`), or
   - a clutch kick: steer into the turn, clutch in and throttle floored for `KICK_REV_S`, then the clutch
     dropped with the throttle still floored; kicked again if the tail has not come round.
3. HOLD: counter-steer and throttle by feedback on the drift angle (aim `aim_deg`) and its rate:
   - the front wheels point along the front axle's travel plus a slip angle into the turn, set by the
     angle error (proportional and summed, so each car finds its own balance) and damped by the angle's rate;
     with road tyres that is counter-steer, the wheels turned toward where the car is going;
   - the throttle rises when the angle falls below the aim and eases when it grows past it.
4. EXIT (after `hold_s`): the front wheels along the travel, turned against the yaw, a little throttle: the car
   straightens out and the scorer banks the chain.

Conventions (game/sim/car.py, game/sim/models/sim_car.py): heading 0 faces +z, yaw + is clockwise seen
from above, steer + is right; in the car's frame forward u = vx sin h + vz cos h, lateral v = vx cos h -
vz sin h (+ right). A drift to the right (`side` +1) rotates the car clockwise and the tail swings out
left, so the body slip atan2(v, u) is negative and the counter-steer is to the left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.sim.ai.drift.driver import body_slip
from game.sim.ai.drift.runup import DRIFT_GEAR_REV_SHARE, SHIFT_S
from game.sim.controls import Controls

KMH_PER_MPS = 3.6
RUNUP, ENTRY, HOLD, EXIT = "run-up", "entry", "hold", "exit"
FLICK, KICK = "handbrake flick", "clutch kick"

ENTRY_DEG = 15.0  # the entry ends once the body slip passes this
FLICK_MAX_S = 0.6  # the longest handbrake pull
KICK_REV_S = 0.25  # clutch in, throttle floored, before the drop
KICK_MAX_S = 0.8  # after a drop that has not brought the tail round, kick again
KICKS_MAX = 3
EXIT_THROTTLE = 0.2
EXIT_YAW_DAMP_S = 0.3  # on the way out, front wheel angle (rad) against each rad/s of yaw
ENTRY_STEER = 1.0  # into the turn during the entry (share of full lock)


@dataclass
class DriftHolder:
    """Drive a car from rest into a drift to one side and hold it; call it once per step with the state after the last step."""

    gearbox: object  # the model's GearboxInfo for the car (game/sim/models/gearbox_info.py)
    max_wheel_deg: float  # steering lock of the front wheels
    wheelbase_m: float
    entry_kmh: float = 80.0
    method: str = FLICK
    side: float = 1.0  # +1 a drift to the right (clockwise), -1 to the left
    aim_deg: float = 40.0
    # feedback gains (per radian of angle error, per rad/s of its rate)
    k_angle: float = 2.0  # front slip into the turn per rad the angle is short of the aim
    k_rate: float = 1.2  # ... less per rad/s the angle is growing
    front_slip_deg: float = 4.0  # front slip into the turn at the aim, angle steady
    throttle_aim: float = 0.6  # throttle at the aim, angle steady
    k_throttle: float = 10.0  # throttle per rad the angle is short of the aim
    k_throttle_rate: float = 0.3  # throttle less per rad/s the angle is growing
    k_integral: float = 0.5  # front slip per rad s of summed angle error
    integral_max_deg: float = 45.0
    throttle_floor: float = 0.1  # the least throttle in the hold
    entry_lead_s: float = 0.5  # the entry ends when the angle, run on at its rate this long, passes ENTRY_DEG
    drift_rev_share: float = DRIFT_GEAR_REV_SHARE
    hold_s: float = math.inf  # how long to hold before straightening out
    phase: str = RUNUP
    log: list = field(default_factory=list)  # (t, phase) at each phase change

    def __post_init__(self) -> None:
        self._gear_goal = self._drift_gear()
        self._shift_until = -1.0
        self._phase_t = 0.0
        self._kicks = 0
        self._last_angle: float | None = None
        self._last_t = 0.0
        self._integral = 0.0  # the front slip the angle error has summed to (rad): finds each car's own balance
        self._last_hold_t = 0.0
        self.hold_t = self.exit_t = math.inf  # when the hold and the exit began

    def _drift_gear(self) -> int:
        gb = self.gearbox
        v = self.entry_kmh / KMH_PER_MPS
        for g in range(1, gb.forward_gears + 1):
            rpm = gb.road_rpm(g, v)
            if rpm is not None and rpm <= self.drift_rev_share * gb.redline_rpm:
                return g
        return gb.forward_gears

    @property
    def drift_gear(self) -> int:
        """The gear the drift is driven in."""
        return self._gear_goal

    def _to(self, phase: str, t: float) -> None:
        self.phase, self._phase_t = phase, t
        if phase == HOLD:
            self.hold_t = t
        elif phase == EXIT:
            self.exit_t = t
        self.log.append((t, phase))

    def angle(self, state) -> float:
        """The drift angle in the turn's sense (rad): + with the nose pointing into the turn."""
        return -self.side * body_slip(state)

    def __call__(self, state) -> Controls:
        t = state.t
        if self.phase == RUNUP:
            return self._run_up(state, t)
        if self.phase == ENTRY:
            return self._entry(state, t)
        if self.phase == HOLD and t - self.hold_t >= self.hold_s:
            self._to(EXIT, t)
        if self.phase == EXIT:
            return self._exit(state)
        return self._hold(state, t)

    # ---- 1: run-up, shifting
    def _run_up(self, state, t: float) -> Controls:
        tel = state.telemetry
        gear = tel.gear
        if t < self._shift_until:
            return Controls(clutch=1.0, gear=self._shifting_to)
        if state.forward * KMH_PER_MPS >= self.entry_kmh and gear == self._gear_goal:
            self._to(ENTRY, t)
            return self._entry(state, t)
        gb = self.gearbox
        up = gb.best_upshift_rpm(gear) or 0.97 * gb.redline_rpm
        at_speed = state.forward * KMH_PER_MPS >= self.entry_kmh  # fast enough already: straight up to the drift gear
        if gear < self._gear_goal and (gear < 1 or at_speed or tel.rpm >= min(up, 0.97 * gb.redline_rpm)):
            self._shifting_to = self._gear_goal if at_speed else max(1, gear + 1)
            self._shift_until = t + SHIFT_S
            return Controls(clutch=1.0, gear=self._shifting_to)
        return Controls(throttle=1.0)

    # ---- 2: entry
    def _entry(self, state, t: float) -> Controls:
        dt = t - self._phase_t
        steer = self.side * ENTRY_STEER
        ang = self.angle(state)
        rate = 0.0 if self._last_angle is None or t <= self._last_t else (ang - self._last_angle) / (t - self._last_t)
        self._last_angle, self._last_t = ang, t
        if math.degrees(ang + self.entry_lead_s * max(rate, 0.0)) >= ENTRY_DEG:
            self._to(HOLD, t)
            return self._hold(state, t)
        if self.method == FLICK:
            if dt >= FLICK_MAX_S:  # let it go and drive on: the hold's throttle may still bring the tail round
                self._to(HOLD, t)
                return self._hold(state, t)
            return Controls(steer=steer, handbrake=True, clutch=1.0, throttle=1.0)
        # clutch kick: in and floored, then dropped
        if dt < KICK_REV_S:
            return Controls(steer=steer, clutch=1.0, throttle=1.0)
        if dt >= KICK_REV_S + KICK_MAX_S:
            self._kicks += 1
            if self._kicks >= KICKS_MAX:
                self._to(HOLD, t)
                return self._hold(state, t)
            self._phase_t = t
            return Controls(steer=steer, clutch=1.0, throttle=1.0)
        return Controls(steer=steer, throttle=1.0)

    # ---- 3: hold
    def _hold(self, state, t: float) -> Controls:
        ang = self.angle(state)
        rate = 0.0 if self._last_angle is None or t <= self._last_t else (ang - self._last_angle) / (t - self._last_t)
        self._last_angle, self._last_t = ang, t
        aim = math.radians(self.aim_deg)
        err = aim - ang
        # the front axle's travel relative to the car (rad, in the turn's sense: negative in a drift = counter-steer)
        travel = self._front_travel(state)
        if t > self._last_hold_t:
            dt = t - self._last_hold_t if self._last_hold_t > 0.0 else 0.0
            lim = math.radians(self.integral_max_deg)
            self._integral = max(-lim, min(lim, self._integral + self.k_integral * err * dt))
            self._last_hold_t = t
        front_slip = math.radians(self.front_slip_deg) + self.k_angle * err - self.k_rate * rate + self._integral
        wheel = travel + front_slip  # turn sense
        steer = self.side * wheel / math.radians(self.max_wheel_deg)
        throttle = self.throttle_aim + self.k_throttle * err - self.k_throttle_rate * rate
        return Controls(throttle=min(1.0, max(self.throttle_floor, throttle)), steer=max(-1.0, min(1.0, steer)))

    # ---- 4: exit
    def _exit(self, state) -> Controls:
        """Straighten out: the front wheels along the front axle's travel, turned against the yaw, a little throttle."""
        wheel = self.side * self._front_travel(state) - EXIT_YAW_DAMP_S * state.yaw_rate  # damp the swing back
        steer = wheel / math.radians(self.max_wheel_deg)
        return Controls(throttle=EXIT_THROTTLE, steer=max(-1.0, min(1.0, steer)))

    def _front_travel(self, state) -> float:
        """The front axle's direction of travel relative to the car (rad, in the turn's sense: negative in a drift)."""
        a = 0.5 * self.wheelbase_m
        return self.side * math.atan2(state.lateral + a * state.yaw_rate, max(abs(state.forward), 1.0))


def holder_for(session, entry_kmh: float, method: str, side: float = 1.0, **gains) -> DriftHolder:
    """A DriftHolder for the session's player car (what a driver knows from the seat)."""
    car = session.car
    return DriftHolder(session.model.gearbox(car), car.max_wheel_angle_deg, car.wheelbase_m, entry_kmh, method, side, **gains)
