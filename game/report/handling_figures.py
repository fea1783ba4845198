"""Simulation-model handling figures for `sideways report`: sprints, stops, skidpad, step steer and spins.

Scripted drives on the real simulation model (`Session(..., model="sim")`) on an endless asphalt pad:

- 0-60 and 0-100 km/h from rest with a tester's launch (game/report/launch_driver.py: clutch and throttle hold the driven
  wheels just under their peak slip; upshifts at the best shift points), the crossing interpolated within the step;
- 60-0 and 100-0 km/h rolling straight in a sensible gear, full brake with the clutch pressed;
- skidpad: the highest lateral acceleration v^2/R held for 2 s on a circle of 45.7 m (Car and Driver's
  300-ft pad, ISO 4138 constant radius; 15 m for a kart), the radius held within 2% and the body slip
  within 10 deg, by a closed-loop driver (steer on yaw rate toward the path, throttle on speed) with the
  target speed bisected;
- step steer at 80 km/h (ISO 7401 style): the steer input that gives about 0.4 g, stepped with the throttle
  frozen; the steady yaw rate, its overshoot and its response time (ISO 7401: from half the steering wheel's travel
  to 90% of the steady yaw rate);
- spins (tests/sim/models/test_sim_spin.py's): the worst 0.1 s speed loss in g over full lock with and without the
  handbrake and the brake, from 40, 100 and 160 km/h where the car reaches them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from game.report.launch_driver import sprint_s
from game.report.maneuvers import Measure
from game.sim.controls import Controls
from game.sim.models.tyres import lateral_mu
from game.sim.params import CarSpec, Catalog
from game.sim.session import Session
from game.sim.world import FlatWorld

HZ = 120.0
G = 9.80665
KMH = 1.0 / 3.6  # m/s in one km/h
SURFACE = "asphalt"
KART_BODY = "kart"  # a car of this body is measured as a kart: 0-60, 60-0 and a 15 m pad
STOP_LIMIT_S = 30.0
PAD_RADIUS_M = 45.7  # 300 ft
KART_PAD_RADIUS_M = 15.0
PAD_RADIUS_TOL = 0.02  # the radius is held within 2%
PAD_SPEED_TOL = 0.02  # and the speed within 2% of the target
MAX_SLIP_DEG = 10.0
PAD_SETTLE_S = 8.0  # each skidpad run settles this long, then must hold for PAD_HOLD_S
PAD_HOLD_S = 2.0
PAD_MIN_G, PAD_MAX_G = 0.1, 3.5  # the bisection's bounds on v^2/R
PAD_START_G = (0.3, 0.6)  # where PAD_MIN_G cannot be held (too slow for the clutch), the lower bound tried next
PAD_BISECTIONS = 10
PATH_W_RADPS = 0.6  # the skidpad driver's path loop: natural frequency and damping
PATH_ZETA = 0.9
YAW_KP = 0.5  # steer per rad/s of yaw-rate error, and per rad of its integral
YAW_KI = 4.0
SPEED_KP = 0.4  # throttle per m/s of speed error, and per m of its integral
SPEED_KI = 0.4
STEP_KMH = 80.0
STEP_TARGET_G = 0.4
STEP_PROBE_STEER = 0.05
STEP_PROBE_HALVINGS = 3  # a probe that spins the car is halved at most this often
STEP_SETTLE_S = 3.0  # straight at 80 km/h before the step (and before each probe's turn)
STEP_PROBE_S = 4.0  # a probe's turn, speed held; its lateral g is the mean of the last second
STEP_RUN_S = 3.0  # after the step; the steady yaw rate is the mean of the last STEP_STEADY_S
STEP_STEADY_S = 0.5
SPIN_KMH = (40.0, 100.0, 160.0)
SPIN_S = 4.0
SPIN_WINDOW_S = 0.1
SPINS = (Controls(steer=1.0, handbrake=True), Controls(steer=1.0, handbrake=True, brake=1.0), Controls(steer=-1.0))
TYRE_CURVE_POINTS = 181  # 0..90 deg in half degrees


@dataclass(frozen=True, slots=True)
class SimReport:
    """One car's measured figures on the simulation model; None where the car cannot do the drive."""

    car_id: str
    name: str
    zero_to_60_s: float | None
    zero_to_100_s: float | None
    stop_60_m: float | None
    stop_100_m: float | None
    skidpad_g: float | None  # v^2/R held 2 s at <= 10 deg body slip
    skidpad_radius_m: float
    skidpad_slip_deg: float | None  # the largest |body slip| in that held run
    step_steer: float | None  # the steer input of the step (fraction of full lock)
    step_g: float | None  # the lateral g that input gives steady at 80 km/h (speed held)
    step_yaw_dps: float | None  # steady yaw rate after the step (throttle frozen)
    step_overshoot_pct: float | None  # peak over steady yaw rate, less 1 (0 when the peak is the steady value)
    step_t90_s: float | None  # from half the steering wheel's travel to 90% of the steady yaw rate (ISO 7401)
    spin_decel_g: float | None  # worst 0.1 s speed loss in any spin

    def figures(self) -> dict[str, float | None]:
        """The figures by field name (what the table reads)."""
        return {f.name: getattr(self, f.name) for f in fields(self)[2:]}


SIM_MEASURES: tuple[Measure, ...] = (
    Measure("zero_to_60_s", "0-60", "s", 2),
    Measure("zero_to_100_s", "0-100", "s", 2),
    Measure("stop_60_m", "60-0", "m", 1),
    Measure("stop_100_m", "100-0", "m", 1),
    Measure("skidpad_radius_m", "Pad R", "m", 1),
    Measure("skidpad_g", "Skidpad", "g", 2),
    Measure("step_g", "Step", "g", 2),
    Measure("step_yaw_dps", "Step yaw", "deg/s", 1),
    Measure("step_overshoot_pct", "Overshoot", "%", 1),
    Measure("step_t90_s", "t90", "s", 2),
    Measure("spin_decel_g", "Spin decel", "g", 2),
)


# ---- sessions ------------------------------------------------------------------------------


def _session(catalog: Catalog, car_id: str) -> Session:
    return Session(catalog, car_id, FlatWorld(SURFACE), hz=HZ, model="sim")


def sensible_gear(s: Session, speed_mps: float) -> int:
    """The lowest forward gear this speed does not rev past its best upshift (else the top gear)."""
    box = s.model.gearbox(s.car)
    for g in range(1, box.forward_gears):
        up, rpm = box.best_upshift_rpm(g), box.road_rpm(g, speed_mps)
        if up is None or rpm is None or rpm < up:
            return g
    return max(1, box.forward_gears)


def rolling(catalog: Catalog, car_id: str, speed_mps: float, gear: int | None = None) -> Session:
    """The car rolling straight (+Z) at speed_mps in a gear (default sensible_gear), the engine at the road's revs."""
    s = _session(catalog, car_id)
    st, box = s.state, s.model.gearbox(s.car)
    g = gear if gear is not None else sensible_gear(s, speed_mps)
    st.vz = st.forward = speed_mps
    st.telemetry.gear = g
    if st.telemetry.value("wheel_speed_mps") is not None:  # real tyres: the driven wheels roll with the car
        st.telemetry.wheel_speed_mps = speed_mps
    rpm = box.road_rpm(g, speed_mps)
    if rpm is not None:
        st.telemetry.rpm = min(box.redline_rpm, max(box.idle_rpm, rpm))
    return s


def body_frame(s: Session) -> tuple[float, float]:
    """(forward, lateral) velocity in the car's frame, lateral + to the right."""
    st = s.state
    sh, ch = math.sin(st.heading), math.cos(st.heading)
    return st.vx * sh + st.vz * ch, st.vx * ch - st.vz * sh


def body_slip_deg(s: Session) -> float:
    """|atan2(lateral, forward)| in degrees."""
    u, v = body_frame(s)
    return abs(math.degrees(math.atan2(v, u)))


class SpeedHold:
    """A PI throttle on forward speed (no brake): throttle = kp e + integral, both kept in 0..1."""

    def __init__(self, target_mps: float, start: float = 0.3):
        self.target, self.i = target_mps, start
        self.throttle = start

    def __call__(self, s: Session) -> float:
        e = self.target - body_frame(s)[0]
        self.i = min(1.0, max(0.0, self.i + SPEED_KI * e * s.dt))
        self.throttle = min(1.0, max(0.0, self.i + SPEED_KP * e))
        return self.throttle


# ---- sprints and stops ---------------------------------------------------------------------


def stop_m(catalog: Catalog, car_id: str, from_kmh: float) -> float | None:
    """Metres from from_kmh to rest, full brake with the clutch pressed, rolling straight; None if it never stops."""
    s = rolling(catalog, car_id, from_kmh * KMH)
    full = Controls(brake=1.0, clutch=1.0)
    dist = 0.0
    for _ in range(int(STOP_LIMIT_S / s.dt)):
        x, z = s.state.x, s.state.z
        s.step(full)
        dist += math.hypot(s.state.x - x, s.state.z - z)
        if s.state.speed < 1e-3:
            return dist
    return None


# ---- skidpad -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PadRun:
    """One constant-radius run at a target speed: whether the hold window kept every limit, and what it measured."""

    held: bool
    g: float  # mean v^2/r over the hold window
    worst_slip_deg: float
    worst_radius_err: float  # largest |r - R| / R in the hold window
    worst_speed_err: float


def pad_run(catalog: Catalog, car_id: str, radius_m: float, speed_mps: float) -> PadRun:
    """Drive the circle (clockwise, turning right) at speed_mps: PAD_SETTLE_S to settle, then PAD_HOLD_S measured.

    The driver asks for the yaw rate v/R plus a path correction on the radius error and the outward speed
    (a second-order loop of PATH_W_RADPS), steers on the yaw-rate error (PI, starting from the geometric
    lock), and holds the speed with the throttle."""
    s = rolling(catalog, car_id, speed_mps)
    st, car = s.state, s.car
    cx, cz = radius_m, 0.0  # the car starts at the origin facing +Z; its right is +X
    st.yaw_rate = speed_mps / radius_m
    lock = math.atan(car.wheelbase_m / radius_m) / math.radians(car.max_wheel_angle_deg)
    st.steer_wheel = steer_i = min(1.0, lock)
    speed = SpeedHold(speed_mps)
    gear = st.telemetry.gear
    w2, w2z = PATH_W_RADPS * PATH_W_RADPS, 2.0 * PATH_ZETA * PATH_W_RADPS
    settle, hold = int(round(PAD_SETTLE_S / s.dt)), int(round(PAD_HOLD_S / s.dt))
    g_sum, slip, rad_err, spd_err = 0.0, 0.0, 0.0, 0.0
    for k in range(settle + hold):
        px, pz = st.x - cx, st.z - cz
        d = math.hypot(px, pz)
        v = st.speed
        out = (st.vx * px + st.vz * pz) / d  # outward speed
        want = v / radius_m + (w2 * (d - radius_m) + w2z * out) / max(v, 1.0)
        err = want - st.yaw_rate
        steer_i = min(1.0, max(-1.0, steer_i + YAW_KI * err * s.dt))
        s.step(Controls(throttle=speed(s), steer=steer_i + YAW_KP * err, gear=gear))
        if k >= settle:
            d = math.hypot(st.x - cx, st.z - cz)
            g_sum += st.speed * st.speed / d
            slip = max(slip, body_slip_deg(s))
            rad_err = max(rad_err, abs(d - radius_m) / radius_m)
            spd_err = max(spd_err, abs(st.speed - speed_mps) / speed_mps)
    held = slip <= MAX_SLIP_DEG and rad_err <= PAD_RADIUS_TOL and spd_err <= PAD_SPEED_TOL
    return PadRun(held, g_sum / hold / G, slip, rad_err, spd_err)


def skidpad(catalog: Catalog, car_id: str, radius_m: float) -> PadRun | None:
    """The held run at the highest target speed the bisection finds (None if even PAD_MIN_G is not held)."""
    top = _session(catalog, car_id).model.top_speed_mps(catalog.car(car_id))
    lo, hi = math.sqrt(PAD_MIN_G * G * radius_m), min(math.sqrt(PAD_MAX_G * G * radius_m), 0.98 * top)
    if hi <= lo:
        return None
    best = pad_run(catalog, car_id, radius_m, lo)
    for g in PAD_START_G:  # a kart's clutch lets go at walking pace: start from a speed it can hold
        if best.held or math.sqrt(g * G * radius_m) >= hi:
            break
        lo = math.sqrt(g * G * radius_m)
        best = pad_run(catalog, car_id, radius_m, lo)
    if not best.held:
        return None
    top_run = pad_run(catalog, car_id, radius_m, hi)
    if top_run.held:
        return top_run
    for _ in range(PAD_BISECTIONS):
        mid = 0.5 * (lo + hi)
        run = pad_run(catalog, car_id, radius_m, mid)
        if run.held:
            lo, best = mid, run
        else:
            hi = mid
    return best


# ---- step steer ----------------------------------------------------------------------------


def _straight(s: Session, hold: SpeedHold, seconds: float) -> None:
    gear = s.state.telemetry.gear
    for _ in range(int(round(seconds / s.dt))):
        s.step(Controls(throttle=hold(s), gear=gear))


def steady_g(catalog: Catalog, car_id: str, steer: float, speed_mps: float) -> float:
    """Lateral g (forward speed x yaw rate) after STEP_PROBE_S at a fixed steer input, speed held by the throttle."""
    s = rolling(catalog, car_id, speed_mps)
    hold, gear = SpeedHold(speed_mps), s.state.telemetry.gear
    _straight(s, hold, STEP_SETTLE_S)
    n, last = int(round(STEP_PROBE_S / s.dt)), int(round(1.0 / s.dt))
    total = 0.0
    for k in range(n):
        s.step(Controls(throttle=hold(s), steer=steer, gear=gear))
        if k >= n - last:
            total += body_frame(s)[0] * s.state.yaw_rate
    return total / last / G


def step_input(catalog: Catalog, car_id: str, speed_mps: float, target_g: float = STEP_TARGET_G) -> tuple[float, float] | None:
    """(steer input, its steady g) near target_g: a small probe scaled, then two secant steps; None if the probe
    does not turn the car. A probe that spins the car (a kart's short wheelbase turns far more per degree of lock) is
    halved, up to STEP_PROBE_HALVINGS times."""
    s0, g0 = STEP_PROBE_STEER, steady_g(catalog, car_id, STEP_PROBE_STEER, speed_mps)
    for _ in range(STEP_PROBE_HALVINGS):
        if g0 > 1e-3:
            break
        s0 *= 0.5
        g0 = steady_g(catalog, car_id, s0, speed_mps)
    if not g0 > 1e-3:
        return None
    s1 = min(1.0, s0 * target_g / g0)
    g1 = steady_g(catalog, car_id, s1, speed_mps)
    for _ in range(2):
        if abs(g1 - target_g) < 0.01 * target_g or g1 == g0:
            break
        s2 = min(1.0, max(0.01, s1 + (target_g - g1) * (s1 - s0) / (g1 - g0)))
        s0, g0, s1 = s1, g1, s2
        g1 = steady_g(catalog, car_id, s1, speed_mps)
    return s1, g1


def step_response(catalog: Catalog, car_id: str, steer: float, speed_mps: float) -> tuple[float, float, float | None]:
    """(steady yaw deg/s, overshoot %, t90 s) of a steer step at speed_mps, the throttle frozen at the value that
    held the speed straight. As ISO 7401 defines the response time, t90 counts from the moment the steering wheel
    (easing toward the stepped input) has turned half way, to 90% of the steady yaw rate."""
    s = rolling(catalog, car_id, speed_mps)
    hold, gear = SpeedHold(speed_mps), s.state.telemetry.gear
    _straight(s, hold, STEP_SETTLE_S)
    c = Controls(throttle=hold.throttle, steer=steer, gear=gear)
    yaw, wheel = [], []
    for _ in range(int(round(STEP_RUN_S / s.dt))):
        s.step(c)
        yaw.append(s.state.yaw_rate)
        wheel.append(s.state.steer_wheel)
    tail = yaw[-int(round(STEP_STEADY_S / s.dt)):]
    steady = sum(tail) / len(tail)
    peak = max(yaw, key=abs)
    overshoot = max(0.0, peak / steady - 1.0) * 100.0 if steady else 0.0
    t50, t90 = _crossing(wheel, 0.5 * steer, s.dt), _crossing(yaw, 0.9 * steady, s.dt)
    return math.degrees(steady), overshoot, (t90 - t50 if t90 is not None and t50 is not None else None)


def _crossing(values: list[float], goal: float, dt: float) -> float | None:
    """When a series sampled every dt (the first sample at dt) first reaches |goal|, interpolated within the step."""
    prev = 0.0
    for k, x in enumerate(values):
        if abs(x) >= abs(goal):
            return dt * (k + 1) - dt * (x - goal) / (x - prev) if x != prev else dt * (k + 1)
        prev = x
    return None


# ---- spins ---------------------------------------------------------------------------------


def spin_decel_g(catalog: Catalog, car_id: str) -> float | None:
    """Worst SPIN_WINDOW_S speed loss (g) of the SPINS from the SPIN_KMH the car reaches (test_sim_spin's setup:
    the highest of the first three gears); None if it reaches none of them."""
    s = _session(catalog, car_id)
    top, gears = s.model.top_speed_mps(s.car), s.model.gearbox(s.car).forward_gears
    worst = None
    for kmh in SPIN_KMH:
        if kmh * KMH > top:
            continue
        for c in SPINS:
            s = rolling(catalog, car_id, kmh * KMH, gear=min(3, max(1, gears)))
            v = []
            for _ in range(int(round(SPIN_S / s.dt))):
                s.step(c)
                v.append(s.state.speed)
            n = int(round(SPIN_WINDOW_S / s.dt))
            w = max((v[i] - v[i + n]) / SPIN_WINDOW_S / G for i in range(len(v) - n))
            worst = w if worst is None else max(worst, w)
    return worst


# ---- the report ----------------------------------------------------------------------------


def measure_sim(catalog: Catalog, car_id: str) -> SimReport | None:
    """Every simulation-model figure of one car (None for a car without a drivetrain block; KeyError if unknown)."""
    car = catalog.car(car_id)
    if car.drivetrain is None:
        return None
    t60, t100 = sprint_s(catalog, car_id)
    radius = KART_PAD_RADIUS_M if car.body == KART_BODY else PAD_RADIUS_M
    pad = skidpad(catalog, car_id, radius)
    top = _session(catalog, car_id).model.top_speed_mps(car)
    step = step_input(catalog, car_id, STEP_KMH * KMH) if STEP_KMH * KMH < top else None
    yaw, over, t90 = step_response(catalog, car_id, step[0], STEP_KMH * KMH) if step else (None, None, None)
    return SimReport(
        car_id=car_id, name=car.name, zero_to_60_s=t60, zero_to_100_s=t100,
        stop_60_m=stop_m(catalog, car_id, 60.0) if t60 is not None else None,
        stop_100_m=stop_m(catalog, car_id, 100.0) if t100 is not None else None,
        skidpad_g=pad.g if pad else None, skidpad_radius_m=radius, skidpad_slip_deg=pad.worst_slip_deg if pad else None,
        step_steer=step[0] if step else None, step_g=step[1] if step else None,
        step_yaw_dps=yaw, step_overshoot_pct=over, step_t90_s=t90, spin_decel_g=spin_decel_g(catalog, car_id),
    )


def tyre_curve(car: CarSpec) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(slip deg, lateral force per newton of load) from 0 to 90 deg of slip, the car's simulation tyre."""
    deg = tuple(90.0 * k / (TYRE_CURVE_POINTS - 1) for k in range(TYRE_CURVE_POINTS))
    return deg, tuple(lateral_mu(car.drivetrain.tyres, math.radians(a)) for a in deg)
