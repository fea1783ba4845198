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

from game.report_drivetrain import shift_points
from game.sim.controls import Controls
from game.sim.models.real_tyres import peak_slip
from game.sim.session import Session

SHIFT_CLUTCH_S = 0.25  # the clutch stays in this long on each upshift
SLIP_TARGET = 0.85  # hold the driven wheels at this share of the tyre's peak slip ratio
PEDAL_KP, PEDAL_KI = 0.3, 3.0  # clutch pedal per unit of slip error (as a share of the peak), and per unit-second
THROTTLE_KP, THROTTLE_KI = 1.5, 6.0
LOCKED = 0.999  # clutch engagement from which the clutch counts as in


def peak_slip_ratio(session: Session) -> float:
    """The slip ratio at which this car's driven tyres push hardest."""
    t = session.car.drivetrain.tyres
    return peak_slip(t.longitudinal) if t.rule == "real" else t.peak_slip_ratio


class LaunchDriver:
    """Controls for a sprint from rest: call once per step, before `session.step`."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.shift_kmh = shift_points(session.car)[1]
        self.peak = peak_slip_ratio(session)
        self.gear, self.clutch_until = 1, -1.0
        self.pedal_i, self.throttle_i = 0.0, 0.0

    def __call__(self) -> Controls:
        """The next step's controls."""
        s = self.s
        kmh = s.state.forward * 3.6
        if self.gear <= len(self.shift_kmh) and kmh >= self.shift_kmh[self.gear - 1] * 0.995:
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
