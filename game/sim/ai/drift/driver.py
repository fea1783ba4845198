"""The drift driver: drifts a judged course from its spawn to past the finish like a driver, deciding Controls (pure).

Grown from the test driver of issue 20. `DriftDriver` is a driver, not a script: each step it reads the car's observed
state (position, velocity, yaw rate, body slip, gear and revs, the steering wheel, the handbrake lever), the course (the
judges' line, the clips, the sectors' target angles) and, in tandem, the other car's state through its guide; it
answers with `Controls` and never writes the car. Of the car it knows what a driver knows from the seat: the gearbox,
the steering lock, its size, and how much grip to expect on the course's surface (`grip`).

From the test DriftHolder (tests/support/drift_hold.py): a run-up through the gears to the speed the first bend takes, an
initiation just before the initiation line so the car is already sideways there (game/sim/ai/drift/initiation.py: a handbrake
flick, a feint, power-over or a clutch kick), the slide held by feedback. Path following
is Goh, Goel and Gerdes' split (ASME JDSMC 142(2), 2020, "drifting along a general path"): the path is tracked by
rotating the velocity vector, the sideslip through the yaw, the rear (throttle) keeps the slide saturated:
- the velocity's heading should turn at the line's curvature x speed plus a correction toward the line; near a clip
  that line is shifted so the front bumper's inner corner reaches an inner clip and the rear's outer corner swings
  over an outer zone (a corner sits L/2 sin(angle) + W/2 cos(angle) off the centre);
- a speed plan: the speed at which a slide at the aimed angle turns at the line's curvature (simulation: v^2 = the
  slide's lateral acceleration x radius; arcade, whose velocity turns at grip x sin cos of the angle, plus the thrust
  pulling it toward the nose: v ~ 1.3 x grip x sin(2 angle) / 2 x radius);
- the holds per model: game/sim/ai/drift/arcade_hold.py (the steering sets the yaw, the speed the angle) and
  game/sim/ai/drift/sim_hold.py (DriftHolder's loops: throttle, and the front wheels along the front axle's travel plus a
  slip into the turn that also carries path and speed).
A transition follows the sign of the line's curvature a little ahead. After the finish gate the car straightens out.
A guide (a tandem chase's eye on its lead, a lead's on its chase) may replace the wanted offset and the aim, shift the
speed, call the initiation and, in a held slide, add the foot brake on top of the throttle (left-foot braking); a
seeded noise (game/sim/ai/drift/skill.py SkillNoise) wanders the aim, the line and the speed.
A car that is bumped or spins is caught and brought back to the line (game/sim/ai/drift/recover.py: RECOVER), run up
again to the next bend's speed, initiated again and driven on through the rest of the course.

Its tuning is a frozen DriftTuning beside its state (game/sim/ai/drift/tuning.py): a sloppy run is the same driver
with `late_s` > 0 (the flick late, and the entry slower for it), `clip_pull` < 1 (the clips not aimed at),
`angle_scale` < 1 (less angle), `offset_m` > 0 (a wider line: short of the clips near them, outside the drift between,
lined up wide from the run-up and crossing over through a transition) and/or `speed_scale` < 1 (slower).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.sim.ai.drift import arcade_hold as drift_arcade
from game.sim.ai.drift import initiation as drift_entry
from game.sim.ai.drift import recover as drift_recover
from game.sim.ai.drift import runup as drift_runup
from game.sim.ai.drift import sim_hold as drift_sim
from game.sim.ai.drift.brief import SOLO, GuideAdvice
from game.sim.ai.drift.initiation import FLICK
from game.sim.ai.drift.line import DriftLine
from game.sim.ai.drift.runup import DRIFT_GEAR_REV_SHARE, SIDE_CURV
from game.sim.ai.drift.sim_hold import SIM_SLIDE_ACCEL
from game.sim.ai.drift.tuning import DriftTuning
from game.sim.controls import Controls
from game.sim.course import LineTracker
from game.sim.judges.course.judge_geometry import wrap_angle as wrap

if TYPE_CHECKING:
    from game.sim.ai.drift.brief import Guide
    from game.sim.ai.drift.sim_hold import CarFeel
    from game.sim.course import Course
    from game.sim.models.gearbox_info import GearboxInfo

RUNUP, ENTRY, HOLD, EXIT, RECOVER = "run-up", "entry", "hold", "exit", "recover"
SPIN_DEG = 72.0  # past this angle the driver catches the car (off the throttle, the wheels along the travel)
CLIP_REACH_M = 14.0  # a clip pulls the line within this distance along it
ARCADE_THRUST_TURN = 1.3  # arcade: the thrust holding the speed turns the velocity toward the nose too, so a bend takes ~1.3x the speed
TRACK_WINDOW_M = 6.0  # the car is looked for along the line this far either side of where it last was
WIDE_SWAP_S = 1.5  # a wide line crosses from one bend's outside to the next one's in this long
LATE_SLOWING = 0.4  # a late flick: the entry speed this share lower per second late ...
LATE_SLOW_MIN = 0.7  # ... down to this share
NO_ADVICE = GuideAdvice()
NO_NOISE = (0.0, 0.0, 1.0)


class Wander(Protocol):
    """A seeded wander of the aimed angle, the line and the speed (game/sim/ai/drift/skill.py SkillNoise)."""

    def sample(self, t: float) -> tuple[float, float, float]:
        """(angle delta deg, offset delta m, speed share ~1.0) at time t (s)."""
        ...


def body_slip(state) -> float:
    """atan2(lateral, forward) in the car's frame (rad, + sliding to the right; past 90 deg the car goes backwards)."""
    if state.forward * state.forward + state.lateral * state.lateral < 1.0:
        return 0.0
    return math.atan2(state.lateral, state.forward)


@dataclass
class DriftDriver:
    """Drift a course from its spawn to past the finish; call it once per step with the state after the last step."""

    course: Course
    gearbox: GearboxInfo  # the model's
    max_wheel_deg: float
    wheelbase_m: float
    length_m: float
    width_m: float
    arcade: bool  # the arcade model (the steering sets the yaw) or the simulation model (tyres and a drivetrain)
    grip: float  # arcade: the lateral grip (1/s) on the course's surface; simulation: the slide's lateral acceleration (m/s^2)
    tuning: DriftTuning = field(default_factory=DriftTuning)  # how it drives (frozen, game/sim/ai/drift/tuning.py)
    role: str = SOLO  # SOLO, LEAD or CHASE (game/sim/ai/drift/brief.py)
    guide: Guide | None = None  # a chase's eye on its lead, consulted every step; None: the driver's own plan
    noise: Wander | None = None  # seeded wander of the aimed angle and the line; None: none
    car_feel: CarFeel | None = None  # simulation: what the driver knows of the car; None: a modern RWD car
    phase: str = RUNUP
    log: list = field(default_factory=list)  # (t, phase, station) at each phase change and transition

    def __post_init__(self) -> None:
        c = self.course
        self.line = c.line
        self.path = DriftLine(c)
        self._kap = self.path.kap
        self._clips = self.path.clips
        self._tracker = LineTracker(c.line, TRACK_WINDOW_M)
        self._s_init = c.initiation.station_m
        self._s_finish = c.finish.station_m
        self.far_m = 0.5 * c.width_m + self.tuning.recovery.far_margin_m
        self._vb = [self.bend_speed(k, math.radians(self.tuning.angle_scale * self.path.target_deg(float(i)))) for i, k in enumerate(self._kap)]
        self._entry_mps = self._entry_speed(self._s_init)
        self._gear_goal = self._drift_gear(self._entry_mps)
        self._shift_until = -1.0
        self._shifting_to = 1
        self._phase_t = 0.0
        self._prev: tuple[float, float, float] | None = None  # (t, velocity heading, body slip)
        self._omega_v = 0.0
        self._rate = 0.0
        self._integral = 0.0
        self._yaw_gain: float | None = None  # arcade: yaw rate per unit of steering wheel, as felt
        self._swing = False
        self._v_adj = 0.0  # arcade: the learned correction of the speed plan
        self._runup_thr = 1.0
        self._style, self._style_failed, self._flick_t = FLICK, False, 0.0
        self.own_style = drift_entry.own_style(self.tuning)  # an unknown initiation style fails here, naming the choices
        if self.own_style != self.tuning.initiation:  # the car cannot do the driver's own: say what it does instead
            self.log.append((0.0, f"{self.own_style} for {self.tuning.initiation}", 0.0))
        self._rec_stage, self._rec_t = "", 0.0
        self._slow_since: float | None = None
        self._rejoin_t: float | None = None  # when the run-up after a recovery began (None: the first run-up)
        self._s0: float | None = None  # the station the run began at
        self.recoveries = 0
        self.side = self.path.first_side(self._s_init)
        self._side_t: float | None = None  # when the drift last changed sides (None: not yet)
        self._t = 0.0
        self.s = 0.0
        self.offset = 0.0
        self.advice = NO_ADVICE
        self.wander = NO_NOISE  # this step's noise: (angle deg, offset m, speed share)

    # ---- the course as the driver reads it (game/sim/ai/drift/line.py)
    def curvature(self, s: float) -> float:
        """The line's curvature at a station (1/m, + turning right)."""
        i = min(len(self._kap) - 1, max(0, int(s)))
        return self._kap[i]

    def target_deg(self, s: float) -> float:
        """The target angle of the sector the station is in."""
        return self.path.target_deg(s)

    def aim(self, s: float) -> float:
        """The angle aimed at here (rad): the guide's, or the sector's target x angle_scale; plus the noise's wander."""
        a = self.advice.aim_deg
        return math.radians((self.tuning.angle_scale * self.path.target_deg(s) if a is None else a) + self.wander[0])

    def bend_speed(self, kap: float, aim: float) -> float:
        """The speed at which a slide at this angle turns at this curvature."""
        kap = max(abs(kap), 1e-3)
        arcade = ARCADE_THRUST_TURN * 0.5 * self.slide_grip * math.sin(2.0 * max(aim, math.radians(10.0))) / kap
        return self.tuning.speed_scale * max(self.tuning.v_min, min(self.tuning.v_max, arcade if self.arcade else math.sqrt(self.grip / kap)))

    def v_plan(self, s: float, v: float) -> float:
        """The planned speed here: the slowest the next second of the line allows (times the noise, plus the guide's delta)."""
        reach = max(8.0, v) / 6.0
        vb, n = self._vb, len(self._vb) - 1
        plan = min(vb[min(n, max(0, int(s + k * reach)))] for k in range(7))
        return plan * self.wander[2] + self.advice.speed_delta_mps

    def _entry_speed(self, s: float) -> float:
        """The speed to arrive at a flick with: what the bend after s takes, a little more for the flick to scrub."""
        vb, n = self._vb, len(self._vb) - 1
        late = max(LATE_SLOW_MIN, 1.0 - LATE_SLOWING * self.tuning.late_s)  # a driver who flicks late comes in slower for it
        return 1.1 * late * min(vb[min(n, max(0, int(s + k)))] for k in range(0, 30, 3))

    @property
    def entry_mps(self) -> float:
        """The speed to arrive at the first initiation with: the style's share of a flick's (power-over and the kick scrub
        no speed with the handbrake), the guide's delta and the noise's share on it."""
        return self._entry_mps * drift_entry.entry_share(self) * self.wander[2] + self.advice.speed_delta_mps

    def _offset_wanted(self, s: float, beta: float) -> float:
        """Where the car's centre should be (m, + right of the line): the guide's, or the clips pulling the line near them."""
        if self.advice.offset_m is not None:
            return self.advice.offset_m + self.wander[1]
        b = max(abs(beta), math.radians(15.0))
        corner = 0.5 * self.length_m * math.sin(b) + 0.5 * self.width_m * math.cos(b)  # a bumper's corner off the centre
        want = wsum = short = 0.0
        for cs, o, inner in self._clips:
            d = abs(s - cs)
            if d > CLIP_REACH_M:
                continue
            w = 0.5 * (1.0 + math.cos(math.pi * d / CLIP_REACH_M))
            toward = math.copysign(1.0, o)
            want += w * (o - toward * (corner + (0.2 if inner else 0.4)))
            short -= w * toward
            wsum += w
        base = want / wsum if wsum > 1.0 else want  # away from the clips the weights fade and the line (0) takes over
        base *= self.tuning.clip_pull
        if self.tuning.offset_m <= 0.0:
            return base + self.wander[1]
        # a wide driver: offset_m short of the clips near them (outside an inner clip, inside an outer zone), outside the drift between
        short = short / wsum if wsum > 1.0 else short
        return base + self.tuning.offset_m * short + (1.0 - min(1.0, wsum)) * self.wide_m() + self.wander[1]

    def wide_m(self) -> float:
        """How far outside the judged line a wide driver's line runs away from the clips (m, + right): offset_m on the
        outside of the drift (left in a right-hand one); through a transition it crosses over to the new outside in
        WIDE_SWAP_S, not at once."""
        swap = 1.0 if self._side_t is None else min(1.0, (self._t - self._side_t) / WIDE_SWAP_S)
        return -self.side * self.tuning.offset_m * (2.0 * swap - 1.0)

    def _omega_wanted(self, state, beta: float) -> float:
        """How fast the velocity's heading should turn (rad/s, + clockwise) to follow the line."""
        v = max(state.speed, 1.0)
        err = self._offset_wanted(self.s, beta) - self.offset  # + the car should be further right
        lim = math.radians(self.tuning.offset_heading_max_deg)
        k = self.tuning.arcade_k_offset if self.arcade and self.advice.offset_m is None else self.tuning.k_offset  # a chase eases onto its lead's line
        psi_d = self.path.direction(self.s + 0.3 * v) + max(-lim, min(lim, k * err))
        psi_v = math.atan2(state.vx, state.vz)
        return self.curvature(self.s + 0.2 * v) * v + self.tuning.k_heading * wrap(psi_d - psi_v)

    # ---- each step
    def __call__(self, state, other=None) -> Controls:
        """This step's controls from the car's observed state (and the other car's, in tandem)."""
        t = self._t = state.t
        self.s, self.offset, _ = self._tracker.locate(state.x, state.z, self.s)
        if self._s0 is None:
            self._s0 = self.s
        self.advice = self.guide.advise(self, state, other) if self.guide is not None and other is not None else NO_ADVICE
        self.wander = self.noise.sample(t) if self.noise is not None else NO_NOISE
        psi_v = math.atan2(state.vx, state.vz)
        ang = body_slip(state)
        if self._prev is not None and t > self._prev[0]:
            dt = t - self._prev[0]
            self._omega_v = 0.7 * self._omega_v + 0.3 * wrap(psi_v - self._prev[1]) / dt if state.speed > 2.0 else 0.0
            self._rate = 0.7 * self._rate + 0.3 * (ang - self._prev[2]) / dt
        self._prev = (t, psi_v, ang)
        c = self._decide(state, t, ang)
        brake = self.advice.brake
        if brake > 0.0 and self.phase != RECOVER:  # the guide sees a collision coming: off the throttle and on the brakes
            return Controls(brake=max(c.brake, brake), steer=c.steer, clutch=c.clutch, gear=c.gear)
        drag = self.advice.drag
        if drag > 0.0 and self.phase == HOLD and not self._swing:  # left-foot braking in the slide: the throttle stays in
            return Controls(throttle=c.throttle, brake=max(c.brake, drag), steer=c.steer, handbrake=c.handbrake, clutch=c.clutch, gear=c.gear)
        return c

    def _decide(self, state, t: float, ang: float) -> Controls:
        """The phase's controls this step (the phase changes here as the run goes)."""
        if self.phase != EXIT and self.s >= self._s_finish + 2.0:
            self._to(EXIT, t)
        if self.phase == EXIT:
            return self._exit(state)
        if self.phase != RECOVER or (self._rec_stage == drift_recover.REJOIN and state.speed > self.tuning.recovery.rejoin_mps):
            why = drift_recover.trouble(self, state, ang, self.phase in (ENTRY, HOLD))
            if why is not None and (self.phase != RECOVER or why == "spun"):  # rejoining: only a new spin starts it over
                self.phase, self._phase_t = RECOVER, t
                drift_recover.start(self, t, why)
        if self.phase == RECOVER:
            c = drift_recover.recover(self, state, t, ang)
            if c is not None:
                return c
            drift_recover.rejoined(self, t)
            self._to(RUNUP, t)
        if self.phase == RUNUP:
            return self._run_up(state, t)
        if self.phase == ENTRY:
            return self._entry(state, t)
        return self._hold(state, t)

    def _to(self, phase: str, t: float) -> None:
        self.phase, self._phase_t = phase, t
        self.log.append((round(t, 3), phase, round(self.s, 1)))

    def _drift_gear(self, v: float, share: float = DRIFT_GEAR_REV_SHARE) -> int:
        return drift_runup.drift_gear(self, v, share)

    # ---- 1: run-up along the line, shifting (game/sim/ai/drift/runup.py)
    def _run_up(self, state, t: float) -> Controls:
        return drift_runup.run_up(self, state, t)

    # ---- 2: the initiation (game/sim/ai/drift/initiation.py)
    def _entry(self, state, t: float) -> Controls:
        c = drift_entry.entry(self, state, t, -self.side * body_slip(state))
        if c is None:
            self._to(HOLD, t)
            return self._hold(state, t)
        return c

    # ---- 3: the held drift
    def _update_side(self, state) -> None:
        kap = self.curvature(self.s + self.tuning.lookahead_s * state.speed)
        if abs(kap) > SIDE_CURV and math.copysign(1.0, kap) != self.side:
            self.side = math.copysign(1.0, kap)
            self._integral = 0.0
            self._swing = True
            self._side_t = state.t
            self.log.append((round(state.t, 3), "transition", round(self.s, 1)))

    def _hold(self, state, t: float) -> Controls:
        self._update_side(state)
        beta = -self.side * body_slip(state)  # the angle in the turn's sense (+ nose into the turn)
        aim = self.aim(self.s)
        omega_d = self._omega_wanted(state, beta)
        v_want = self.v_plan(self.s, state.speed)
        if math.degrees(beta) > SPIN_DEG:  # catch it
            wheel = self._front_travel(state)
            return Controls(throttle=0.0, steer=max(-1.0, min(1.0, self.side * wheel / math.radians(self.max_wheel_deg))))
        return (self._hold_arcade if self.arcade else self._hold_sim)(state, beta, aim, omega_d, v_want)

    @property
    def slide_grip(self) -> float:
        """Arcade: the grip the slide runs on (the handbrake feathered where the tyres grip more: a slide needs grip x sin cos yaw)."""
        return min(self.grip, self.tuning.arcade_grip_max)

    def _hold_arcade(self, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
        return drift_arcade.hold(self, state, beta, aim, omega_d, v_want)

    def _hold_sim(self, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
        return drift_sim.hold(self, state, beta, aim, omega_d, v_want)

    def _front_travel(self, state) -> float:
        """The front axle's direction of travel relative to the car (rad, in the turn's sense: negative in a drift)."""
        a = 0.5 * self.wheelbase_m
        return self.side * math.atan2(state.lateral + a * state.yaw_rate, max(abs(state.forward), 1.0))

    # ---- 4: straighten out after the finish
    def _exit(self, state) -> Controls:
        wheel = self.side * self._front_travel(state) - 0.3 * state.yaw_rate
        steer = wheel / math.radians(self.max_wheel_deg)
        return Controls(throttle=0.1, brake=0.3 if state.speed > 8.0 else 0.0, steer=max(-1.0, min(1.0, steer)))


def expected_grip(session, course, arcade: bool, car=None) -> float:
    """What a driver expects of the course's surface: the arcade model's lateral grip (1/s, the car's grip times the
    surface's factor) or the simulation model's slide acceleration (m/s^2, SIM_SLIDE_ACCEL times the surface's factor)."""
    car = car or session.car
    x, z = course.initiation.a
    bx, bz = course.initiation.b
    surface = session.world.ground(0.5 * (x + bx), 0.5 * (z + bz))[4]
    factor = session.catalog.surfaces[surface].grip_factor(car.offroad)
    return car.grip * factor if arcade else SIM_SLIDE_ACCEL * factor


def make_driver(session, car, course, role: str = SOLO, guide: Guide | None = None, noise: Wander | None = None,
                grip: float | None = None, car_feel: CarFeel | None = None, **tuning) -> DriftDriver:
    """A DriftDriver for a session car (game.sim.session.SessionCar) on this course: what a driver knows from the seat
    (the gearbox, the steering lock, the car's size, the grip to expect on the course's surface); `tuning` names
    DriftTuning's fields (a skill level's), the rest keep their defaults."""
    spec = car.spec
    arcade = car.model.id == "arcade"
    grip = expected_grip(session, course, arcade, spec) if grip is None else grip
    if not arcade:  # the car's feel: a soft tyre's, an AWD's gains
        tuning = drift_sim.seat_params(spec, tuning, DriftTuning)
        car_feel = car_feel or drift_sim.car_feel(spec)
    return DriftDriver(course, car.model.gearbox(spec), spec.max_wheel_angle_deg, spec.wheelbase_m, spec.length_m, spec.width_m, arcade,
                       grip, DriftTuning(**tuning), role=role, guide=guide, noise=noise, car_feel=car_feel)
