"""The drift driver's run-up: along the judges' line on grip (a wide driver's offset_m outside the bend to come), through
the gears to the drift gear, to the flick (pure).

Called by game/sim/ai/drift/driver.py with the driver `d` in its RUNUP phase (the first, from the spawn, and after a
recovery, to the next bend's speed); decides Controls only. The drift gear is the lowest whose road revs at the entry
speed sit below DRIFT_GEAR_REV_SHARE of the redline (tests/support/drift_hold.py's rule).
"""

from __future__ import annotations

import math

from game.sim.ai.drift import initiation as drift_entry
from game.sim.ai.drift.sim_hold import SIM_SLIDE_ACCEL
from game.sim.controls import Controls
from game.sim.judges.course.judge_geometry import wrap_angle as wrap

SIDE_CURV = 1.0 / 150.0  # curvature (1/m) below which the line counts as straight: the drift keeps its side
SHIFT_S = 0.2  # clutch held in for an upshift
DRIFT_GEAR_REV_SHARE = 0.6  # the drift gear: lowest whose road revs at the entry speed are below this share of the redline
PULL_GEAR_REV_SHARE = 0.85  # recovering: the lowest gear whose road revs are below this share of the redline
ENTRY = "entry"  # the driver's phase after the run-up (driver.ENTRY)


def drift_gear(d, v: float, share: float = DRIFT_GEAR_REV_SHARE) -> int:
    """The lowest gear whose road revs at this speed sit under this share of the redline (0 where the model takes no requests)."""
    gb = d.gearbox
    if not gb.takes_requests:
        return 0
    for g in range(1, gb.forward_gears + 1):
        rpm = gb.road_rpm(g, v)
        if rpm is not None and rpm <= share * gb.redline_rpm:
            return g
    return gb.forward_gears


def gear_for(d, v: float) -> int:
    """A gear that pulls at this speed (recovering): the lowest whose road revs sit under PULL_GEAR_REV_SHARE of the redline."""
    return drift_gear(d, max(v, 1.0), PULL_GEAR_REV_SHARE)


def shift(d, t: float, gear: int, steer: float) -> Controls:
    """Start a shift to this gear (the clutch held in for SHIFT_S)."""
    d._shifting_to, d._shift_until = gear, t + SHIFT_S
    return Controls(clutch=1.0, gear=gear, steer=steer)


def pursuit(d, state, v_want: float) -> Controls:
    """Grip driving along the line toward a point ahead (the run-up)."""
    la = max(4.0, 0.35 * state.speed)
    off = d.offset if d.s > 0.0 else 0.0  # staged behind the line's start (a tandem chase) the "offset" is the distance to it
    off += d.side * d.tuning.offset_m  # a driver who runs wide lines up wide of the judges' line, outside the bend to come
    psi_d = d.path.direction(d.s + la) + max(-0.4, min(0.4, -0.1 * off))
    steer = max(-1.0, min(1.0, 2.0 * wrap(psi_d - state.heading) / math.radians(d.max_wheel_deg)))
    # feel for wheelspin (the revs flaring): ease off while the driven wheels spin past their grip, back on after
    spinning = bool(getattr(state.telemetry, "wheelspin", False))
    d._runup_thr = max(0.1, d._runup_thr - 0.05) if spinning else min(1.0, d._runup_thr + 0.02)
    if state.speed < v_want:
        return Controls(throttle=d._runup_thr, steer=steer)
    return Controls(throttle=0.2, brake=0.3 if state.speed > v_want + 1.5 else 0.0, steer=steer)


def flick_station(d, v: float) -> float:
    """Where the driver starts its first initiation arriving at speed v: lead_s (less late_s, plus its style's build-up)
    ahead of the initiation line at that speed (or the entry speed, if faster)."""
    slow = 1.0 if d.arcade else min(1.0, d.grip / SIM_SLIDE_ACCEL) ** -0.25  # on ice the tail comes round slower: flick earlier
    lead = d.tuning.lead_s - d.tuning.late_s + drift_entry.extra_lead_s(d)
    return d._s_init - lead * slow * max(v, d.entry_mps)


def run_up(d, state, t: float) -> Controls:
    """Up to the entry speed along the line, shifting to the drift gear; the initiation when its point comes (or the guide calls it)."""
    tel = state.telemetry
    in_gear = not d.gearbox.takes_requests or tel.gear == d._gear_goal
    if d._rejoin_t is None:
        v_entry = d.entry_mps
        go = d.s >= flick_station(d, state.speed) and in_gear
        s0 = d._s0 or 0.0
        go = go or (d.advice.initiate and d.s >= s0 + 0.5 * (d._s_init - s0) and t >= d._shift_until)
    else:  # after a recovery: at the next bend's speed, into it
        v_entry = d._rejoin_mps * d.wander[2] + d.advice.speed_delta_mps
        bend = abs(d.curvature(d.s + d.tuning.lookahead_s * state.speed)) > SIDE_CURV
        go = (bend and in_gear and state.speed >= 0.9 * v_entry) or (t - d._rejoin_t >= d.tuning.recovery.rejoin_runup_s and t >= d._shift_until)
        if go:
            d.side = d.path.first_side(d.s)
    if go:
        d._to(ENTRY, t)
        drift_entry.start(d, t)
        return d._entry(state, t)
    if d.gearbox.takes_requests:
        gb = d.gearbox
        steer = pursuit(d, state, v_entry).steer
        if t < d._shift_until:
            return Controls(clutch=1.0, gear=d._shifting_to, steer=steer)
        up = gb.best_upshift_rpm(tel.gear) or 0.97 * gb.redline_rpm
        at_speed = state.speed >= 0.95 * v_entry
        if tel.gear < d._gear_goal and (tel.gear < 1 or at_speed or tel.rpm >= min(up, 0.97 * gb.redline_rpm)):
            return shift(d, t, d._gear_goal if at_speed else max(1, tel.gear + 1), steer)
    return pursuit(d, state, v_entry)
