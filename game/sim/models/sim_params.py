"""Typed, frozen parameters of the simulation model: one car's drivetrain block in data/cars.json.

Field names equal the JSON keys of `cars[].drivetrain`; units, ranges and meanings live in
data/cars.schema.json. Mass, wheelbase, wheel radius and steering lock are the car's own
fields (CarSpec), shared with the view, not repeated here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar, Literal

AIR_DENSITY_KGPM3 = 1.225  # ISA sea level, 15 C (ISO 2533): a physical constant, not a tuning knob
LAYOUTS = ("rear", "front", "all")
DIFFERENTIALS = ("open", "lsd", "locked")


@dataclass(frozen=True, slots=True)
class Engine:
    """Torque bell curve, internal friction and free revving (manual-car note, docs/reference/000-manual-car.md, 'From pedal to wheel')."""

    peak_torque_nm: float
    peak_rpm: float
    torque_floor: float  # the curve never drops below this fraction of the peak
    curve_width_rpm: float  # the bell's width: torque falls to 1/e of the peak this far from peak_rpm
    idle_rpm: float
    redline_rpm: float  # the limiter: no torque at or above, free revving stops here
    friction_idle_nm: float
    friction_redline_nm: float
    free_rev_rise_rpmps: float  # free revving at full throttle
    free_rev_fall_rpmps: float  # free revving without throttle
    inertia_kgm2: float  # flywheel: a clutch kick dumps its energy into the wheels


@dataclass(frozen=True, slots=True)
class Gearing:
    """Gear ratios, reverse and final drive."""

    ratios: tuple[float, ...]
    reverse_ratio: float
    final_drive: float

    @property
    def gear_count(self) -> int:
        """Number of forward gears."""
        return len(self.ratios)

    def has(self, gear: int) -> bool:
        """Whether the gearbox has this gear (-1 reverse, 0 neutral, 1..gear_count)."""
        return 0 <= gear <= len(self.ratios) or (gear == -1 and self.reverse_ratio != 0.0)

    def total(self, gear: int) -> float:
        """Engine turns per wheel turn in this gear (0 in neutral, negative in reverse)."""
        if gear > 0:
            return self.ratios[gear - 1] * self.final_drive
        return self.reverse_ratio * self.final_drive if gear < 0 else 0.0


@dataclass(frozen=True, slots=True)
class Clutch:
    """Clutch capacity, the automatic clutch at low speed, and when a gear request is taken."""

    capacity_nm: float
    auto_below_mps: float
    auto_engage_rpm: float  # automatic clutch: engagement (rpm - auto_engage_rpm) / auto_engage_span_rpm
    auto_engage_span_rpm: float
    centrifugal: bool  # the automatic rule holds at every speed (a kart's clutch)
    shift_max_engagement: float  # a gear request is taken only while engagement is at most this
    blend_ref_s: float  # the rpm blend lerps by the engagement once per this time


@dataclass(frozen=True, slots=True)
class Chassis:
    """Mass distribution, inertia, resistances and the low-speed (bicycle) regime."""

    cg_to_front_m: float
    cg_height_m: float
    yaw_inertia_kgm2: float
    min_axle_share: float  # each axle keeps at least this share of the weight
    rolling_resistance: float  # force per newton of weight
    drag_area_m2: float  # aero drag = 1/2 x air density x this (Cd x frontal area) x speed^2
    low_speed_mps: float  # below this speed (whole velocity) with the wheel turned, yaw from the bicycle model
    low_speed_blend_mps: float  # above low_speed_mps the bicycle model hands over to the tyres over this much speed
    bicycle_min_wheel_deg: float  # "wheel turned" means at least this much lock
    low_speed_lateral_rate: float  # bicycle regime: sideways speed relaxes to the geometry at this rate (1/s), tyre-limited
    stop_speed_mps: float  # slower than this with no drive force, the car stops
    max_substep_s: float  # internal step: each 120 Hz step is cut into pieces no longer than this
    front_roll_share: float = 0.5  # real tyres: share of the lateral load transfer the front axle takes (roll stiffness)
    transfer_lag_s: float = 0.1  # real tyres: load transfer follows the accelerations over this time (springs and dampers)

    @property
    def drag_n_per_mps2(self) -> float:
        """Aero drag force per (m/s)^2: 1/2 rho CdA, with rho the ISA sea-level air density."""
        return 0.5 * AIR_DENSITY_KGPM3 * self.drag_area_m2


@dataclass(frozen=True, slots=True)
class Tyres:
    """The note's tyre rule: a Pacejka lateral curve, a rear traction cap, and how spin and the handbrake cut rear grip."""

    rule: ClassVar[Literal["note"]] = "note"

    pacejka_b: float
    pacejka_c: float
    pacejka_e: float
    pacejka_d: float  # peak lateral force per newton of axle load
    rear_grip_bias: float  # the rear tyres' D is this times the front's (above 1: stable until provoked)
    traction_coef: float  # rear drive force cap per newton of rear axle load
    spin_traction: float  # share of the cap that reaches the ground with the wheels spinning
    peak_slip_ratio: float  # drive wheels turn this much faster than the ground at the traction cap
    slip_relax_s: float  # the slip ratio settles on its value over this time
    spin_lateral_grip: float  # rear lateral grip factor while the wheels spin
    slip_speed_floor_mps: float  # slip angles divide by at least this speed


@dataclass(frozen=True, slots=True)
class Curve:
    """One Pacejka magic-formula curve, y = mu sin(C atan(B x - E (B x - atan(B x)))): x is the slip angle (rad)
    or the slip ratio, mu the peak force per newton of load at the tyre's nominal load."""

    b: float
    c: float
    e: float
    mu: float
    peak: float = field(init=False, repr=False, compare=False)  # the slip at which the curve peaks (derived once)

    def __post_init__(self) -> None:
        object.__setattr__(self, "peak", _peak_slip(self.b, self.c, self.e))


def _peak_slip(b: float, c: float, e: float) -> float:
    """The slip at which sin(C atan(B x - E (B x - atan B x))) peaks: where C atan(.) reaches pi/2, by bisection
    (1 for C <= 1, a curve that only rises: its "peak" slip then just normalises the slip vector)."""
    if c <= 1.0:
        return 1.0
    goal = math.tan(math.pi / (2.0 * c))
    lo, hi = 0.0, 1.0
    while b * hi - e * (b * hi - math.atan(b * hi)) < goal and hi < 1e3:
        hi *= 2.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        bx = b * mid
        if bx - e * (bx - math.atan(bx)) < goal:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


@dataclass(frozen=True, slots=True)
class RealTyres:
    """The real tyre rule: lateral and longitudinal Pacejka curves, combined slip, load sensitivity."""

    lateral: Curve
    longitudinal: Curve
    load_sensitivity: float  # mu falls by this share per nominal load of extra load on a wheel (Pacejka's -pDy2)
    nominal_load_n: float  # the wheel load at which lateral.mu and longitudinal.mu hold (Pacejka's Fz0)
    slip_speed_floor_mps: float  # slip angles and slip ratios divide by at least this speed
    rule: ClassVar[Literal["real"]] = "real"

    @classmethod
    def from_dict(cls, d: dict) -> RealTyres:
        """Build from a schema-checked real tyres block."""
        f = {k: v for k, v in d.items() if k != "rule"}
        return cls(Curve(**f.pop("lateral")), Curve(**f.pop("longitudinal")), **f)


@dataclass(frozen=True, slots=True)
class Layout:
    """Which axles the engine drives, and how each driven axle shares its torque between its wheels."""

    driven: str = "rear"  # "rear", "front" or "all"
    front_torque_share: float = 0.5  # all: the centre coupling gives the front axle at most this share of the push
    differential: str = "open"  # "open", "lsd" (torque bias ratio lsd_bias_ratio) or "locked"
    lsd_bias_ratio: float = 1.0  # lsd: the loaded wheel may take this many times the torque of the light one
    wheel_inertia_kgm2: float = 1.5  # the driven wheels, brakes and half-shafts, at the wheels

    @property
    def front_driven(self) -> bool:
        """Whether the engine drives the front axle."""
        return self.driven != "rear"

    @property
    def rear_driven(self) -> bool:
        """Whether the engine drives the rear axle."""
        return self.driven != "front"


@dataclass(frozen=True, slots=True)
class Brakes:
    """Foot brake force and balance, and the handbrake on the rear axle."""

    brake_force_n: float
    front_bias: float
    handbrake_force_n: float
    handbrake_lateral_grip: float = 1.0  # the note's rule: rear lateral grip factor with the handbrake fully on


@dataclass(frozen=True, slots=True)
class Drivetrain:
    """One car's simulation-model parameters."""

    engine: Engine
    gearing: Gearing
    clutch: Clutch
    chassis: Chassis
    tyres: Tyres | RealTyres
    brakes: Brakes
    layout: Layout = Layout()

    @classmethod
    def from_dict(cls, d: dict) -> Drivetrain:
        """Build from a schema-checked drivetrain block."""
        g = dict(d["gearing"])
        g["ratios"] = tuple(float(r) for r in g["ratios"])
        t = d["tyres"]
        tyres = RealTyres.from_dict(t) if t.get("rule") == "real" else Tyres(**{k: v for k, v in t.items() if k != "rule"})
        layout = Layout(**d["layout"]) if "layout" in d else Layout()
        return cls(Engine(**d["engine"]), Gearing(**g), Clutch(**d["clutch"]), Chassis(**d["chassis"]), tyres, Brakes(**d["brakes"]), layout)

