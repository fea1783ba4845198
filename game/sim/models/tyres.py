"""Tyres and chassis of the simulation model: Pacejka lateral force, load transfer, the bicycle model.

Implements the manual-car note (docs/reference/000-manual-car.md, "Tires that slide: Pacejka"
and "Weight that moves"): the magic formula with D proportional to the axle load, axle loads
moved by the previous step's longitudinal acceleration through the CG height with a floor per
axle, and below a speed, with the wheel turned, yaw from pure geometry (radius = wheelbase / tan δ).
"""

from __future__ import annotations

import math

from game.sim.models import real_tyres
from game.sim.models.sim_params import Tyres


def pacejka_n(t: Tyres, slip_rad: float, load_n: float) -> float:
    """Pacejka magic formula, lateral: D sin(C atan(B a - E (B a - atan(B a)))), D = pacejka_d x load (N, same sign as slip)."""
    bx = t.pacejka_b * slip_rad
    return t.pacejka_d * load_n * math.sin(t.pacejka_c * math.atan(bx - t.pacejka_e * (bx - math.atan(bx))))


def axle_loads(weight_n: float, mass_kg: float, cg_to_front_m: float, wheelbase_m: float, cg_height_m: float,
               accel_mps2: float, min_share: float) -> tuple[float, float]:
    """(front, rear) axle loads: static split by the CG position, minus/plus m a h / L for a longitudinal
    acceleration a (speeding up moves weight to the rear), each axle keeping at least min_share x weight."""
    static_front = weight_n * (wheelbase_m - cg_to_front_m) / wheelbase_m
    front = static_front - mass_kg * accel_mps2 * cg_height_m / wheelbase_m
    lo = min_share * weight_n
    front = lo if front < lo else weight_n - lo if front > weight_n - lo else front
    return front, weight_n - front


def slip_angle_rad(along_mps: float, across_mps: float, floor_mps: float) -> float:
    """Slip angle of a tyre whose contact patch moves along/across its own heading; dividing by at least
    floor_mps keeps it finite near standstill (the note's atan2 instability)."""
    return math.atan(across_mps / max(abs(along_mps), floor_mps))


def bicycle_yaw_rate(speed_mps: float, wheel_angle_rad: float, wheelbase_m: float) -> float:
    """Kinematic (bicycle) yaw rate: the rear axle turns on a radius of wheelbase / tan(wheel angle)."""
    return speed_mps * math.tan(wheel_angle_rad) / wheelbase_m


def turn_radius_m(wheel_angle_rad: float, wheelbase_m: float) -> float:
    """Radius of the rear axle's circle at low speed (bicycle model)."""
    return wheelbase_m / math.tan(abs(wheel_angle_rad))


def rear_lateral_share(drive_force_n: float, limit_n: float, floor: float) -> float:
    """Share of the rear tyres' lateral grip left beside the drive force (friction circle,
    sqrt(1 - (F / limit)^2)), never below floor: throttle loosens the rear smoothly."""
    if limit_n <= 0.0:
        return floor
    k = drive_force_n / limit_n
    return max(floor, math.sqrt(max(0.0, 1.0 - k * k)))


def lateral_mu(t, slip_rad: float) -> float:
    """The lateral tyre curve as force per newton of load at the tyre's nominal load (what `sideways report --plot` draws),
    for either tyre rule."""
    if t.rule == "real":
        return real_tyres.lateral_mu(t, slip_rad)
    return pacejka_n(t, slip_rad, 1.0)
