"""The drift driver's RECOVER phase: a bumped or spun car caught, brought back to the line and set going again (pure).

Called by game/sim/ai/drift/driver.py with the driver `d`; decides Controls only. What a driver does:
1. CATCH: off the throttle, the front wheels along the front axle's travel (so the front tyres stop fighting the slide),
   the brakes on while the car slides past the spin angle or rolls backwards, until it goes where it points (or has
   all but stopped).
2. REJOIN: in a low gear, steer by pursuit at a point on the judges' line ahead (the further off the line, the further
   ahead, so the car comes back at a shallow angle) at a moderate speed, until it runs along the line near it.
Then the driver's run-up takes over from where the car is: up to the speed of the next bend, a new initiation into it,
and the hold on through the remaining clips and sectors to the finish.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.ai.drift.runup import gear_for, shift
from game.sim.ai.drift.sim_hold import SIM_SLIDE_ACCEL
from game.sim.controls import Controls
from game.sim.judges.course.judge_geometry import wrap_angle as wrap

CATCH, REJOIN, BACK = "catch", "rejoin", "back off"


@dataclass(frozen=True)
class RecoverGains:
    """When a driver takes a car as bumped or spun, and how it brings it back (a DriftTuning's `recovery`)."""

    spun_deg: float = 100.0  # past this body slip the car has spun
    backwards_mps: float = 1.5  # rolling backwards faster than this
    far_margin_m: float = 1.0  # off the line by more than half the course's width plus this (or twice it in far_lead_s)
    far_lead_s: float = 0.5
    stopped_mps: float = 2.0  # slower than this mid-course ...
    stopped_s: float = 1.0  # ... for this long: stopped
    caught_deg: float = 25.0  # caught once the body slip is under this and the yaw rate under caught_yaw (rad/s)
    caught_yaw: float = 0.8
    catch_max_s: float = 4.0
    catch_yaw_damp_s: float = 0.3  # catching and rejoining: front wheel angle (rad) against each rad/s of yaw
    rejoin_mps: float = 4.0  # rejoining: this slow while turned far from the way to the line ...
    rejoin_max_mps: float = 10.0  # ... up to this pointed at it
    rejoin_accel: float = 5.0  # m/s^2: rejoining, the steering asks for no more lateral acceleration than this ...
    rejoin_steer_min: float = 0.15  # ... (but at least this share of the lock)
    rejoin_brake: float = 0.5  # rejoining: at most this much brake ...
    rejoin_throttle: float = 0.5  # ... and this much throttle
    pull_throttle: float = 0.25  # pulling away: at least this much throttle (less and the clutch does not bite: on ice, 0.1 never moves a car)
    pull_mps: float = 1.5  # below this, pulling away: at most pull_steer of the lock (full lock on ice only spins the wheels)
    pull_steer: float = 0.6
    slippery_share: float = 0.6  # a surface whose slide pulls under this share of tarmac's is slippery (ice, snow)
    stuck_mps: float = 0.8  # rejoining: slower than this for stuck_s, the car is up against something and backs off
    stuck_s: float = 1.5
    rejoin_slip_deg: float = 8.0  # rejoining (simulation): the front tyres' slip toward the point, at most
    rejoin_look_m: float = 8.0  # the pursuit's point this far along the line (more the faster and the further off)
    rejoined_deg: float = 20.0  # rejoined once the travel is within this of the line's heading ...
    rejoined_m: float = 3.0  # ... within this of the line
    rejoin_runup_s: float = 4.0  # after a recovery the run-up initiates within this long, at speed or not


def trouble(d, state, slip: float, mid_course: bool) -> str | None:
    """Why the car needs catching (None: it does not): spun, rolling backwards, far off the line, or (mid_course: in
    the entry or the hold) stopped."""
    g = d.tuning.recovery
    if abs(slip) > math.radians(g.spun_deg):
        return "spun"
    if state.forward < -g.backwards_mps:
        return "backwards"
    if abs(d.offset) > d.far_m or abs(d.offset + g.far_lead_s * _away(d, state)) > d.far_m + g.far_margin_m:
        return "off the line"
    if mid_course and state.speed < g.stopped_mps:
        if d._slow_since is None:
            d._slow_since = state.t
        if state.t - d._slow_since >= g.stopped_s:
            return "stopped"
    else:
        d._slow_since = None
    return None


def start(d, t: float, why: str) -> None:
    """Begin a recovery (counted; a driver that keeps spinning gives the run up and just drives the line)."""
    d._rec_stage, d._rec_t, d._pull_second = CATCH, t, False
    d.recoveries += 1
    d.log.append((round(t, 3), f"recover: {why}", round(d.s, 1)))


def recover(d, state, t: float, slip: float) -> Controls | None:
    """This step's recovery controls, or None once the car runs along the line again (the run-up takes over)."""
    g = d.tuning.recovery
    v = state.speed
    if d._rec_stage == CATCH:
        aligned = abs(slip) < math.radians(g.caught_deg) and state.forward > 0.0 and abs(state.yaw_rate) < g.caught_yaw
        if v < g.rejoin_mps or aligned or t - d._rec_t > g.catch_max_s:
            d._rec_stage, d._rec_t = REJOIN, t
        else:
            a = 0.5 * d.wheelbase_m
            travel = math.atan2(state.lateral + a * state.yaw_rate, max(abs(state.forward), 1.0)) if state.forward > 0.0 else 0.0
            steer = max(-1.0, min(1.0, (travel - g.catch_yaw_damp_s * state.yaw_rate) / math.radians(d.max_wheel_deg)))
            if d.arcade and state.forward < 0.0:  # the arcade model's brake pedal reverses a car rolling back: its throttle brakes it
                return Controls(throttle=1.0, steer=steer)
            brake = 1.0 if abs(slip) > math.radians(g.spun_deg) or state.forward < 0.0 else (0.4 if v > g.rejoin_max_mps else 0.0)
            return Controls(throttle=0.0, brake=brake, steer=steer, clutch=0.0 if d.arcade else 1.0)
    if d._rec_stage == BACK:
        return _back_off(d, state, t)
    # REJOIN: pursuit of a point on the line ahead, at a moderate speed, in a gear that pulls at it
    if v > g.stuck_mps:
        d._rec_t = t
    elif t - d._rec_t > g.stuck_s:  # up against something: back off it
        d._rec_stage, d._rec_t = BACK, t
        d.log.append((round(t, 3), "back off", round(d.s, 1)))
        return _back_off(d, state, t)
    la = max(g.rejoin_look_m, 0.8 * v) + 2.0 * abs(d.offset)
    px, pz = d.path.point_at(d.s + la)
    bearing = math.atan2(px - state.x, pz - state.z)
    err = wrap(bearing - state.heading)
    lock = math.radians(d.max_wheel_deg)
    if d.arcade or v < g.rejoin_max_mps or state.forward <= 0.0:  # the nose at the point (arcade: the steering sets the yaw)
        # no more lock than the tyres can turn the car with at this speed (wheel ~ wheelbase x lateral accel / v^2)
        most = max(g.rejoin_steer_min, min(1.0, d.wheelbase_m * g.rejoin_accel / max(v * v, 1.0) / lock))
        steer = max(-most, min(most, (2.0 * err - g.catch_yaw_damp_s * state.yaw_rate) / lock))
    else:  # simulation, rolling: the front wheels along their travel plus a slip toward the point (counter-steer if the tail is out)
        a = 0.5 * d.wheelbase_m
        travel = math.atan2(state.lateral + a * state.yaw_rate, state.forward)
        lim = math.radians(g.rejoin_slip_deg)
        turn = wrap(bearing - math.atan2(state.vx, state.vz))
        steer = max(-1.0, min(1.0, (travel + max(-lim, min(lim, 2.0 * turn))) / lock))
    along = abs(wrap(math.atan2(state.vx, state.vz) - d.path.direction(d.s))) < math.radians(g.rejoined_deg) if v > 2.0 else False
    if along and abs(d.offset) < g.rejoined_m and abs(slip) < math.radians(g.caught_deg):
        d.log.append((round(t, 3), "rejoined", round(d.s, 1)))
        return None
    # turned far from where it should go: slowly round; nearly there: a little quicker
    v_want = g.rejoin_mps + (g.rejoin_max_mps - g.rejoin_mps) * max(0.0, 1.0 - abs(err) / math.radians(45.0))
    gb = d.gearbox
    if gb.takes_requests:
        gear = gear_for(d, v)
        if v < g.pull_mps and getattr(state.telemetry, "wheelspin", False) and d.grip < g.slippery_share * SIM_SLIDE_ACCEL:
            d._pull_second = True  # the wheels spin on ice pulling away: a driver tries second (less torque at the wheels)
        if d._pull_second:
            gear = max(gear, min(2, d.gearbox.forward_gears))
        if t < d._shift_until:
            return Controls(clutch=1.0, gear=d._shifting_to, steer=steer)
        if state.telemetry.gear != gear:
            return shift(d, t, gear, steer)
    if v < v_want:  # gently: a powerful car spins its rear up at low speed (and eases off while the wheels spin)
        spinning = bool(getattr(state.telemetry, "wheelspin", False))
        d._runup_thr = max(0.1, d._runup_thr - 0.05) if spinning else min(1.0, d._runup_thr + 0.02)
        thr = max(g.pull_throttle, min(g.rejoin_throttle, d._runup_thr, 0.2 + 0.1 * (v_want - v)))  # never so little the clutch will not bite
        return Controls(throttle=thr, steer=steer if v > g.pull_mps else max(-g.pull_steer, min(g.pull_steer, steer)))
    if v > v_want + 1.0:  # slowing: the clutch in (engine braking in a low gear would lock the rear), the brakes once it runs straight
        brake = min(g.rejoin_brake, 0.15 * (v - v_want)) if abs(slip) < math.radians(g.rejoin_slip_deg) else 0.0
        return Controls(brake=brake, clutch=0.0 if d.arcade else 1.0, steer=steer)
    return Controls(throttle=0.1, steer=steer)


def _away(d, state) -> float:
    """How fast the car moves away from the line (m/s, + to the right of it)."""
    return state.speed * math.sin(wrap(math.atan2(state.vx, state.vz) - d.path.direction(d.s)))


def _back_off(d, state, t: float) -> Controls:
    """Reverse away from what the car is up against for stuck_s, the wheels turned the other way, then try again."""
    g = d.tuning.recovery
    steer = -max(-1.0, min(1.0, 2.0 * wrap(math.atan2(*_ahead(d, state)) - state.heading) / math.radians(d.max_wheel_deg)))
    if t - d._rec_t > g.stuck_s:
        d._rec_stage, d._rec_t = REJOIN, t
        return shift(d, t, 1, steer) if d.gearbox.takes_requests else Controls(steer=steer)
    if d.arcade:
        return Controls(brake=g.rejoin_throttle, steer=steer)  # stopped, the arcade model's brake reverses
    if state.telemetry.gear != -1:
        return shift(d, t, -1, steer) if t >= d._shift_until else Controls(clutch=1.0, gear=-1, steer=steer)
    return Controls(throttle=g.rejoin_throttle, steer=steer)


def _ahead(d, state) -> tuple[float, float]:
    """(dx, dz) from the car to the pursuit's point on the line."""
    g = d.tuning.recovery
    px, pz = d.path.point_at(d.s + g.rejoin_look_m + 2.0 * abs(d.offset))
    return px - state.x, pz - state.z


def rejoined(d, t: float) -> None:
    """Back on the line: the run-up goes on to the next bend's speed and initiates again (the first run-up, if before it)."""
    d._integral, d._swing, d._v_adj = 0.0, False, 0.0
    d.side = d.path.first_side(d.s)
    d._rejoin_t = t if d.s > d._s_init - 10.0 else None
    d._rejoin_mps = d._entry_speed(d.s + 10.0) if d._rejoin_t is not None else d._entry_mps
    d._gear_goal = d._drift_gear(d._rejoin_mps)
