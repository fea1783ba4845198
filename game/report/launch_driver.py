"""The sprint driver of `sideways report`: a launch as road testers do it, the tyres held at their best slip.

At full throttle from rest nearly every car here spins its driven wheels, and a spinning tyre pushes less than
one at its peak slip ratio. A tester (or a launch control) slips the clutch and feathers the throttle to keep
the wheels just below that peak. This driver does the same from what a driver feels (the wheels' slip ratio,
the telemetry's `slip_ratio`) and the tyre's peak slip ratio, which a test driver learns in a few launches:
- while the clutch slips, full throttle and the clutch pedal on a PI loop on the slip;
- once it is in, the throttle on the same loop;
- it upshifts at the best shift points with the clutch in SHIFT_CLUTCH_S.
"""

from __future__ import annotations

from game.sim.controls import Controls
from game.sim.params import Catalog
from game.sim.session import Session
from game.sim.world import FlatWorld

HZ = 120.0  # the game's fixed sim rate
KMH = 1.0 / 3.6  # m/s in one km/h
SPRINT_LIMIT_S = 40.0  # a car that has not reached the speed by then never will
STALL_WINDOW_S = 1.0  # the sprint ends when the car gains less than STALL_GAIN_MPS over this window
STALL_GAIN_MPS = 0.02
SHIFT_CLUTCH_S = 0.25  # the clutch stays in this long on each upshift
SHIFT_EARLY = 0.995  # upshift from this share of the best upshift rpm
SLIP_TARGET = 0.85  # hold the driven wheels at this share of the tyre's peak slip ratio
PEDAL_KP, PEDAL_KI = 0.3, 3.0  # clutch pedal per unit of slip error (as a share of the peak), and per unit-second
THROTTLE_KP, THROTTLE_KI = 1.5, 6.0
LOCKED = 0.999  # clutch engagement from which the clutch counts as in


def peak_slip_ratio(session: Session) -> float:
    """The slip ratio at which this car's driven tyres push hardest."""
    t = session.car.drivetrain.tyres
    return t.longitudinal.peak if t.rule == "real" else t.peak_slip_ratio


class LaunchDriver:
    """Controls for a sprint from rest: call once per step, before `session.step`."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.box = session.model.gearbox(session.car)
        self.peak = peak_slip_ratio(session)
        self.gear, self.clutch_until = 1, -1.0
        self.pedal_i, self.throttle_i = 0.0, 0.0

    def __call__(self) -> Controls:
        """The next step's controls."""
        s = self.s
        kmh = s.state.forward / KMH
        up, rpm = self.box.best_upshift_rpm(self.gear), self.box.road_rpm(self.gear, s.state.forward)
        if up is not None and rpm is not None and rpm >= up * SHIFT_EARLY:
            self.gear += 1
            self.clutch_until = s.t + SHIFT_CLUTCH_S
        if s.t < self.clutch_until:
            return Controls(clutch=1.0, gear=self.gear)
        tel = s.state.telemetry
        err = max(-1.0, min(1.0, (SLIP_TARGET * self.peak - tel.slip_ratio) / self.peak))  # + : the wheels could take more
        if tel.clutch is not None and tel.clutch < LOCKED and kmh < 40.0:
            self.pedal_i = min(0.9, max(0.0, self.pedal_i - PEDAL_KI * err * s.dt))
            return Controls(throttle=1.0, clutch=min(0.9, max(0.0, self.pedal_i - PEDAL_KP * err)), gear=self.gear)
        self.throttle_i = min(0.0, max(-0.7, self.throttle_i + THROTTLE_KI * err * s.dt))
        return Controls(throttle=min(1.0, max(0.3, 1.0 + self.throttle_i + THROTTLE_KP * min(err, 0.0))), gear=self.gear)


def sprint_s(catalog: Catalog, car_id: str, targets_kmh: tuple[float, ...] = (60.0, 100.0)) -> tuple[float | None, ...]:
    """Seconds from rest to each target speed (interpolated in the step) with a tester's launch (game/report/launch_driver.py:
    the wheels held just under their peak slip, upshifts at the best shift points); None for a speed never reached."""
    s = Session(catalog, car_id, FlatWorld("asphalt"), hz=HZ, model="sim")
    driver = LaunchDriver(s)
    times: list[float | None] = [None] * len(targets_kmh)
    prev, mark = 0.0, 0.0
    window = int(round(STALL_WINDOW_S / s.dt))
    while s.t < SPRINT_LIMIT_S and None in times:
        s.step(driver())
        now = s.state.forward / KMH
        for k, target in enumerate(targets_kmh):
            if times[k] is None and now >= target:
                times[k] = s.t - s.dt * (now - target) / (now - prev) if now > prev else s.t
        prev = now
        if s.steps % window == 0:
            if now - mark < STALL_GAIN_MPS / KMH:
                break  # no longer gaining: it never gets there
            mark = now
    return tuple(times)
