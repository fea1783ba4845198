"""Drivetrain figures of the simulation model for `sideways report`: torque and power, gear speeds, shift points.

Computed from each car's drivetrain block (game/sim/models/drivetrain.py does the physics), plus a
measured 0-100 km/h on the real simulation model with the report's launch driver, who shifts at those shift points.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.report.launch_driver import sprint_s
from game.sim.models import drivetrain as dtr
from game.sim.params import CarSpec, Catalog

KMH_PER_MPS = 3.6  # km/h in one m/s
CURVE_POINTS = 120  # samples of the torque and power curves, idle to redline


@dataclass(frozen=True, slots=True)
class DrivetrainReport:
    """One car's drivetrain figures (simulation model)."""

    car_id: str
    name: str
    peak_torque_nm: float  # net of friction, full throttle
    peak_torque_rpm: float
    peak_power_kw: float
    peak_power_rpm: float
    first_gear_top_kmh: float  # at the limiter, wheels not slipping
    shift_rpm: tuple[float, ...]  # best upshift rpm from each gear but the last
    shift_kmh: tuple[float, ...]  # the road speed of each upshift
    sim_zero_to_100_s: float | None  # measured, shifting at shift_rpm
    curve_rpm: tuple[float, ...]
    curve_torque_nm: tuple[float, ...]
    curve_power_kw: tuple[float, ...]


def net_torque_nm(car: CarSpec, rpm: float) -> float:
    """Full-throttle torque at the flywheel less internal friction."""
    e = car.drivetrain.engine
    return dtr.engine_torque_nm(e, rpm, 1.0) - dtr.friction_torque_nm(e, rpm)


def wheel_force_n(car: CarSpec, gear: int, speed_mps: float) -> float:
    """Full-throttle drive force in a gear at a road speed (0 past the limiter), wheels not slipping."""
    d = car.drivetrain
    ratio = d.gearing.total(gear)
    rpm = max(d.engine.idle_rpm, dtr.drivetrain_rpm(speed_mps, car.wheel_radius_m, ratio))
    return 0.0 if rpm >= d.engine.redline_rpm else net_torque_nm(car, rpm) * ratio / car.wheel_radius_m


def shift_points(car: CarSpec) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(rpm, km/h) of the best upshift from each gear: where the next gear pulls harder, else at the limiter
    (the automatic gearbox assist shifts there too)."""
    d = car.drivetrain
    rpms = dtr.upshift_rpms(d)
    speeds = tuple(rpm / dtr.RPM_PER_RADPS / d.gearing.total(g) * car.wheel_radius_m * KMH_PER_MPS for g, rpm in enumerate(rpms, start=1))
    return rpms, speeds


def sim_zero_to_100_s(catalog: Catalog, car_id: str) -> float | None:
    """Seconds from rest to 100 km/h on the simulation model with the report's tester's launch (game/report/launch_driver.py)."""
    return sprint_s(catalog, car_id, (100.0,))[0]


def measure_drivetrain(catalog: Catalog, car_id: str, zero_to_100_s: float | None = None, *, measured: bool = False) -> DrivetrainReport | None:
    """The figures of one car (None for a car without a drivetrain block). With `measured`, zero_to_100_s is a 0-100
    km/h already driven (the Simulation table's; None for a car that never gets there) and is not driven again."""
    car = catalog.car(car_id)
    d = car.drivetrain
    if d is None:
        return None
    e = d.engine
    rpm = [e.idle_rpm + (e.redline_rpm - 1.0 - e.idle_rpm) * k / (CURVE_POINTS - 1) for k in range(CURVE_POINTS)]
    torque = [net_torque_nm(car, r) for r in rpm]
    power = [t * r / dtr.RPM_PER_RADPS / 1000.0 for t, r in zip(torque, rpm)]
    tk, pk = max(range(CURVE_POINTS), key=torque.__getitem__), max(range(CURVE_POINTS), key=power.__getitem__)
    shift_rpm, shift_kmh = shift_points(car)
    return DrivetrainReport(
        car_id=car_id, name=car.name, peak_torque_nm=torque[tk], peak_torque_rpm=rpm[tk], peak_power_kw=power[pk],
        peak_power_rpm=rpm[pk], first_gear_top_kmh=dtr.gear_top_speed_mps(d, 1, car.wheel_radius_m) * KMH_PER_MPS,
        shift_rpm=shift_rpm, shift_kmh=shift_kmh, sim_zero_to_100_s=zero_to_100_s if measured else sim_zero_to_100_s(catalog, car_id),
        curve_rpm=tuple(rpm), curve_torque_nm=tuple(torque), curve_power_kw=tuple(power),
    )


def format_drivetrain_table(reports: list[DrivetrainReport], dash: str = "—") -> str:
    """Aligned lines: torque, power, 1st-gear top speed, shift points, the measured 0-100 on the simulation model."""
    heads = ["Car", "id", "Torque (Nm @ rpm)", "Power (kW @ rpm)", "1st top (km/h)", "Sim 0-100 (s)", "Shift at (rpm / km/h)"]
    rows = []
    for r in reports:
        shifts = "  ".join(f"{a:.0f}/{b:.0f}" for a, b in zip(r.shift_rpm, r.shift_kmh)) or dash
        t100 = dash if r.sim_zero_to_100_s is None else f"{r.sim_zero_to_100_s:.2f}"
        rows.append([r.name, r.car_id, f"{r.peak_torque_nm:.0f} @ {r.peak_torque_rpm:.0f}", f"{r.peak_power_kw:.0f} @ {r.peak_power_rpm:.0f}",
                     f"{r.first_gear_top_kmh:.1f}", t100, shifts])
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(heads)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in (0, 1, 6) else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(heads), "  ".join("-" * w for w in widths)] + [line(row) for row in rows])
