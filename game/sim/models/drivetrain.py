"""Engine, clutch, gearbox and driven wheels of the simulation model: pure functions, SI units.

Implements the manual-car note (docs/reference/000-manual-car.md, "From pedal to wheel" and
"Pulling away without stalling"): a torque bell curve never below a floor, internal friction
growing with rpm (engine braking), clutch capacity = capacity x engagement, gear ratios times a
final drive, wheel force = axle torque / wheel radius capped by the rear tyres' traction (and
only a share of it past the cap, the wheels spinning), engine rpm blended between free revving
and the drivetrain's rpm by the engagement, and an automatic clutch at low speed.
"""

from __future__ import annotations

import functools
import math

from game.sim.mathx import clamp
from game.sim.models.real_tyres import drive_capacity
from game.sim.models.sim_params import Clutch, Drivetrain, Engine

RPM_PER_RADPS = 60.0 / (2.0 * math.pi)
STANDARD_GRAVITY = 9.80665  # m/s^2: weight and axle loads (a physical constant, not a tuning knob)


def torque_curve_nm(e: Engine, rpm: float) -> float:
    """Full-throttle torque at this rpm: a bell round peak_rpm, never below torque_floor x peak (note 000)."""
    x = (rpm - e.peak_rpm) / e.curve_width_rpm
    return e.peak_torque_nm * max(e.torque_floor, math.exp(-x * x))


def engine_torque_nm(e: Engine, rpm: float, throttle: float) -> float:
    """Combustion torque: the curve times the throttle; the limiter cuts it at the redline."""
    return 0.0 if rpm >= e.redline_rpm else throttle * torque_curve_nm(e, rpm)


def friction_torque_nm(e: Engine, rpm: float) -> float:
    """Internal friction, growing linearly from idle to the redline (note 000: 15 -> 65 Nm)."""
    k = clamp((rpm - e.idle_rpm) / (e.redline_rpm - e.idle_rpm), 0.0, 1.0)
    return e.friction_idle_nm + (e.friction_redline_nm - e.friction_idle_nm) * k


def auto_engagement(cl: Clutch, rpm: float) -> float:
    """The automatic clutch: engagement = (rpm - 1000) / 1000 with the note's numbers, in 0..1."""
    return clamp((rpm - cl.auto_engage_rpm) / cl.auto_engage_span_rpm, 0.0, 1.0)


def engagement(cl: Clutch, pedal: float, rpm: float, speed_mps: float) -> float:
    """How engaged the clutch is: the pedal (1 = pressed = open), and below auto_below_mps no more than the
    automatic clutch allows; a centrifugal clutch has no pedal: the automatic clutch alone, at every speed."""
    if cl.centrifugal:
        return auto_engagement(cl, rpm)
    eng = 1.0 - pedal
    if abs(speed_mps) < cl.auto_below_mps:
        eng = min(eng, auto_engagement(cl, rpm))
    return eng


def clutch_torque_nm(cl: Clutch, eng: float, demand_nm: float) -> float:
    """Torque through the clutch: the demand, up to capacity x engagement either way; the rest slips."""
    cap = cl.capacity_nm * eng
    return clamp(demand_nm, -cap, cap)


def traction(force_n: float, limit_n: float, spin_share: float, slip_rpm: float = 0.0) -> tuple[float, bool]:
    """(force reaching the ground, spinning): past the rear tyres' limit the wheels spin and only
    spin_share of the limit gets through (note 000: 70%), pushing the way the wheels slip over the
    ground (slip_rpm > 0: the wheels turn ahead of the ground in the forward sense; 0: the way of the force)."""
    if abs(force_n) <= limit_n:
        return force_n, False
    return math.copysign(spin_share * limit_n, slip_rpm if slip_rpm else force_n), True


def flywheel_max_drop_rpm(e: Engine, spare_clutch_nm: float, dt: float) -> float:
    """How far the clutch can pull the engine down in dt: its spare capacity over the flywheel's inertia
    (unlimited without a flywheel)."""
    if e.inertia_kgm2 <= 0.0:
        return math.inf
    return max(0.0, spare_clutch_nm) / e.inertia_kgm2 * dt * RPM_PER_RADPS


def drivetrain_rpm(speed_mps: float, wheel_radius_m: float, total_ratio: float, slip_ratio: float = 0.0) -> float:
    """Engine rpm the wheels impose: wheel rpm x gear ratio x final drive (wheels turning slip_ratio faster than the ground)."""
    return speed_mps * (1.0 + slip_ratio) / wheel_radius_m * total_ratio * RPM_PER_RADPS


def free_rpm(e: Engine, rpm: float, throttle: float, dt: float) -> float:
    """Free revving (clutch open or wheels spinning): toward idle + throttle x (redline - idle), rising at
    free_rev_rise_rpmps x throttle and falling at free_rev_fall_rpmps (note 000: 3,500 rpm/s without throttle)."""
    goal = e.idle_rpm + throttle * (e.redline_rpm - e.idle_rpm)
    if rpm < goal:
        return min(goal, rpm + throttle * e.free_rev_rise_rpmps * dt)
    return max(goal, rpm - e.free_rev_fall_rpmps * dt)


def blend_rpm(free: float, target: float, eng: float, dt: float, ref_s: float) -> float:
    """The note's Lerp(free_rpm, target_rpm, engagement), applied once per ref_s: for any dt the blend
    factor is 1 - (1 - engagement)^(dt / ref_s), so it does not depend on the step rate."""
    if eng <= 0.0:
        return free
    k = 1.0 if eng >= 1.0 else 1.0 - (1.0 - eng) ** (dt / ref_s)
    return free + (target - free) * k


@functools.lru_cache(maxsize=64)
def top_speed_mps(dt: Drivetrain, mass_kg: float, wheel_radius_m: float, wheelbase_m: float) -> float:
    """Top speed on flat dry tarmac: the fastest speed at which some gear's drive force, at the rpm the
    wheels impose (below the limiter, under the static traction cap), still beats rolling and air drag."""
    e, ch = dt.engine, dt.chassis
    weight = mass_kg * STANDARD_GRAVITY
    cap = drive_cap_n(dt, weight, wheelbase_m)
    best, v = 0.0, 0.5
    while v < 200.0:
        resist = ch.rolling_resistance * weight + ch.drag_n_per_mps2 * v * v
        for gear in range(1, dt.gearing.gear_count + 1):
            ratio = dt.gearing.total(gear)
            rpm = max(e.idle_rpm, drivetrain_rpm(v, wheel_radius_m, ratio))
            if rpm < e.redline_rpm:
                force = min(cap, (torque_curve_nm(e, rpm) - friction_torque_nm(e, rpm)) * ratio / wheel_radius_m)
                if force >= resist:
                    best = v
                    break
        v += 0.05
    return best


def drive_cap_n(dt: Drivetrain, weight_n: float, wheelbase_m: float) -> float:
    """The static traction limit of the driven wheels (N): the note's rear cap, or the real tyres' peak longitudinal
    force on the driven axles at their static loads (no transfer)."""
    ch, t = dt.chassis, dt.tyres
    rear = weight_n * max(ch.min_axle_share, min(1.0 - ch.min_axle_share, ch.cg_to_front_m / wheelbase_m))
    if t.rule == "note":
        return t.traction_coef * rear
    lay, mu = dt.layout, t.longitudinal.mu
    front = weight_n - rear
    cap = drive_capacity(mu, t, rear, 0.0, lay.differential, lay.lsd_bias_ratio) if lay.rear_driven else 0.0
    return cap + (drive_capacity(mu, t, front, 0.0, lay.differential, lay.lsd_bias_ratio) if lay.front_driven else 0.0)


def gear_top_speed_mps(dt: Drivetrain, gear: int, wheel_radius_m: float) -> float:
    """Speed at the limiter in this gear (no wheel slip)."""
    ratio = abs(dt.gearing.total(gear))
    return dt.engine.redline_rpm / RPM_PER_RADPS * wheel_radius_m / ratio if ratio else 0.0


@functools.lru_cache(maxsize=64)
def upshift_rpms(d: Drivetrain) -> tuple[float, ...]:
    """For each forward gear but the top, the rpm from which the next gear gives more net engine torque at the
    wheels at full throttle, scanned up from the torque peak in 10 rpm steps (below it the lower gear always pulls
    harder); the redline where the next gear never does. The automatic shifts there and `sideways report` prints it."""
    e, totals = d.engine, [d.gearing.total(g) for g in range(1, d.gearing.gear_count + 1)]
    out = []
    for ratio, next_ratio in zip(totals, totals[1:]):
        rpm = e.peak_rpm
        while rpm < e.redline_rpm:
            after = rpm * next_ratio / ratio
            here = (torque_curve_nm(e, rpm) - friction_torque_nm(e, rpm)) * ratio
            if (torque_curve_nm(e, after) - friction_torque_nm(e, after)) * next_ratio >= here:
                break
            rpm += 10.0
        out.append(min(rpm, e.redline_rpm))
    return tuple(out)
