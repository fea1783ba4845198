"""Standard headless maneuvers on the real sim: the figures `sideways report` prints for each car."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields

from game.sim.controls import Controls
from game.sim.params import Catalog
from game.sim.session import Session
from game.sim.world import FlatWorld

HZ = 120.0  # the game's fixed sim rate: the report measures what players drive
MPS_PER_KMH = 1.0 / 3.6  # m/s in one km/h
LIMIT_0_100_S = 30.0  # a car that has not reached 100 km/h by then never will
SETTLE_WINDOW_S = 0.25  # a value is settled when it moves less than its tolerance over this window
MAX_SETTLE_S = 20.0  # give up waiting for a figure to settle after this long
SPEED_TOL_MPS = 0.005  # top speed settled: changes less than this per window
YAW_TOL_RADPS = 1e-4  # yaw rate settled: changes less than this per window
HB_START_KMH = 80.0  # handbrake turn: entry speed
HB_PULL_S = 0.4  # handbrake turn: full lock + handbrake this long
HB_HOLD_S = 2.0  # handbrake turn: then full lock and part throttle this long
HB_THROTTLE = 0.5  # handbrake turn: the part throttle


@dataclass(frozen=True, slots=True)
class CarReport:
    """One car's figures; None where the car cannot do the maneuver (e.g. never reaches the speed)."""

    car_id: str
    name: str
    zero_to_100_s: float | None
    top_asphalt_kmh: float | None
    top_grass_kmh: float | None
    top_snow_kmh: float | None
    brake_100_m: float | None
    yaw_50_dps: float | None
    yaw_100_dps: float | None
    drift_peak_deg: float | None

    def figures(self) -> dict[str, float | None]:
        """The measured figures by field name, in report order."""
        return {f.name: getattr(self, f.name) for f in fields(self)[2:]}


@dataclass(frozen=True, slots=True)
class Measure:
    """How one figure is labelled and formatted: a header, its unit, decimals."""

    field: str
    label: str
    unit: str
    decimals: int


MEASURES: tuple[Measure, ...] = (
    Measure("zero_to_100_s", "0-100", "s", 2),
    Measure("top_asphalt_kmh", "Top asphalt", "km/h", 1),
    Measure("top_grass_kmh", "Top grass", "km/h", 1),
    Measure("top_snow_kmh", "Top snow", "km/h", 1),
    Measure("brake_100_m", "Brake 100-0", "m", 1),
    Measure("yaw_50_dps", "Yaw @50", "deg/s", 1),
    Measure("yaw_100_dps", "Yaw @100", "deg/s", 1),
    Measure("drift_peak_deg", "HB drift peak", "deg", 1),
)


def _session(catalog: Catalog, car_id: str, surface: str, forward_mps: float = 0.0) -> Session:
    """A car on an endless pad of one surface, heading +Z at a forward speed."""
    s = Session(catalog, car_id, FlatWorld(surface), hz=HZ)
    s.state.vz = s.state.forward = forward_mps  # heading 0 faces +Z
    return s


def _run_until_settled(session: Session, controls: Callable[[Session], Controls], value: Callable[[Session], float], tol: float) -> float:
    """Step until value() moves less than tol over a settle window (or MAX_SETTLE_S passes); its last value."""
    window = max(1, int(round(SETTLE_WINDOW_S / session.dt)))
    last = value(session)
    for _ in range(int(MAX_SETTLE_S / SETTLE_WINDOW_S)):
        for _ in range(window):
            session.step(controls(session))
        now = value(session)
        if abs(now - last) < tol:
            return now
        last = now
    return last


def zero_to_speed_s(catalog: Catalog, car_id: str, target_kmh: float = 100.0, surface: str = "asphalt") -> float | None:
    """Seconds from rest to target_kmh at full throttle (interpolated in the step); None if never reached."""
    s = _session(catalog, car_id, surface)
    target = target_kmh * MPS_PER_KMH
    full = Controls(throttle=1.0)
    window = max(1, int(round(SETTLE_WINDOW_S / s.dt)))
    prev, mark = 0.0, 0.0
    while s.t < LIMIT_0_100_S:
        s.step(full)
        f = s.state.forward
        if f >= target:
            return s.t - s.dt * (f - target) / (f - prev) if f > prev else s.t
        prev = f
        if s.steps % window == 0:  # stopped accelerating below the target: it never gets there
            if abs(f - mark) < SPEED_TOL_MPS:
                return None
            mark = f
    return None


def top_speed_kmh(catalog: Catalog, car_id: str, surface: str = "asphalt") -> float | None:
    """Settled forward speed (km/h) at full throttle from rest on an endless pad; None for an unknown surface."""
    if surface not in catalog.surfaces:
        return None
    s = _session(catalog, car_id, surface)
    full = Controls(throttle=1.0)
    return _run_until_settled(s, lambda _: full, lambda ss: ss.state.forward, SPEED_TOL_MPS) / MPS_PER_KMH


def braking_distance_m(catalog: Catalog, car_id: str, from_kmh: float = 100.0, surface: str = "asphalt") -> float:
    """Metres covered braking fully in a straight line from from_kmh until the car stops."""
    s = _session(catalog, car_id, surface, from_kmh * MPS_PER_KMH)
    full = Controls(brake=1.0)
    z0 = s.state.z
    limit = int(60.0 / s.dt)
    for _ in range(limit):
        before = s.state.z
        s.step(full)
        f = s.state.forward
        if f <= 0.0:  # stopped (this step rolled back past zero under the reverse push): keep the forward part
            return before - z0 + max(0.0, s.state.z - before)
    return s.state.z - z0


class SpeedRig:
    """A rolling-road rig: before each step it sets the car's forward speed to the target, the wheel held at steer.

    Full lock at speed scrubs more than most engines can give back, so a steady state is only
    measurable with the speed held from outside, as on a skid-pad rig.
    """

    def __init__(self, target_mps: float, steer: float):
        self.target, self.steer = target_mps, steer

    def __call__(self, s: Session) -> Controls:
        """Hold the speed, return the controls for the next step."""
        st = s.state
        sh, ch = math.sin(st.heading), math.cos(st.heading)
        lat = st.vx * ch - st.vz * sh
        st.vx = self.target * sh + lat * ch
        st.vz = self.target * ch - lat * sh
        return Controls(steer=self.steer)


def steady_yaw_dps(catalog: Catalog, car_id: str, speed_kmh: float, surface: str = "asphalt") -> float | None:
    """Settled yaw rate (deg/s) at full right lock with the speed held at speed_kmh; None above the car's top speed."""
    target = speed_kmh * MPS_PER_KMH
    car = catalog.car(car_id)
    if car.top_speed * catalog.surfaces[surface].top_speed_factor(car.offroad) < target:
        return None
    s = _session(catalog, car_id, surface, target)
    yaw = _run_until_settled(s, SpeedRig(target, 1.0), lambda ss: ss.state.yaw_rate, YAW_TOL_RADPS)
    return math.degrees(yaw)


def handbrake_drift_peak_deg(catalog: Catalog, car_id: str, surface: str = "asphalt") -> float | None:
    """Peak drift angle (deg) of a handbrake turn from 80 km/h; None if the car cannot reach 80 km/h."""
    entry = HB_START_KMH * MPS_PER_KMH
    car = catalog.car(car_id)
    if car.top_speed * catalog.surfaces[surface].top_speed_factor(car.offroad) < entry:
        return None
    s = _session(catalog, car_id, surface, entry)
    peak = 0.0
    pull = Controls(steer=1.0, handbrake=True)
    hold = Controls(throttle=HB_THROTTLE, steer=1.0)
    for c, seconds in ((pull, HB_PULL_S), (hold, HB_HOLD_S)):
        for _ in range(int(round(seconds / s.dt))):
            s.step(c)
            peak = max(peak, abs(s.state.drift_angle))
    return math.degrees(peak)


def measure_car(catalog: Catalog, car_id: str) -> CarReport:
    """Run every standard maneuver for one car (KeyError for an unknown id)."""
    car = catalog.car(car_id)
    t100 = zero_to_speed_s(catalog, car_id, 100.0)  # also gates braking: no 100-0 for a car that never does 100
    return CarReport(
        car_id=car_id,
        name=car.name,
        zero_to_100_s=t100,
        top_asphalt_kmh=top_speed_kmh(catalog, car_id, "asphalt"),
        top_grass_kmh=top_speed_kmh(catalog, car_id, "grass"),
        top_snow_kmh=top_speed_kmh(catalog, car_id, "snow"),
        brake_100_m=braking_distance_m(catalog, car_id, 100.0) if t100 is not None else None,
        yaw_50_dps=steady_yaw_dps(catalog, car_id, 50.0),
        yaw_100_dps=steady_yaw_dps(catalog, car_id, 100.0),
        drift_peak_deg=handbrake_drift_peak_deg(catalog, car_id),
    )


def measure_all(catalog: Catalog, car_ids: list[str] | None = None) -> list[CarReport]:
    """Reports for these cars (all, in catalog order, by default)."""
    return [measure_car(catalog, cid) for cid in (car_ids if car_ids is not None else list(catalog.cars))]
