"""One substep of the simulation model under the real tyre rule: driven axles, a clutch and driveline that slip by
torque, per-axle tyres with combined slip and load sensitivity, brakes on both axles and aero drag from a drag area.

The same rigid body as the note's rule (game/sim/models/sim_car.py): car frame x forward, y right, yaw + clockwise.
What differs, each a rule of real cars:
- The driven wheels are a rotor with their own speed (`wheel_speed_mps`, their surface speed). The tyre force comes
  from their slip ratio on the longitudinal curve, so a launch is limited by tyre slip, and a wheel spun past its peak
  slip loses side grip (combined slip, game/sim/models/real_tyres.py). The rotor steps semi-implicitly (the tyre's
  slope enters the denominator), so the stiff grip region is stable at the game's 120 Hz.
- The clutch passes at most capacity x engagement. Locked, the engine and the driven wheels turn as one rotor;
  slipping, the engine turns by its own torque balance (no pedal cap on the revs: the pedal asks for torque).
- The driven axle puts down what its differential allows (open, limited-slip or locked); with all wheels driven,
  one driveline turns both axles and a centre coupling gives the front at most `front_torque_share` of the push.
  Lateral load transfer goes to the axles by roll stiffness.
- The foot brakes work on both axles by a bias, with ABS: each axle brakes up to what its tyres have left beside
  their side force (on a driven axle the ABS holds the wheels at their peak slip ratio). The handbrake brakes the
  rear wheels without ABS, so they lock and slide, and while it is pulled the clutch is let out, as a drifter
  (or a rally car's hydraulic handbrake) does. A centrifugal clutch (a kart's) has no pedal: the revs alone engage it.
"""

from __future__ import annotations

import math

from game.sim.mathx import clamp
from game.sim.models import drivetrain as dtr
from game.sim.models import real_tyres as rt
from game.sim.models.tyres import axle_loads

_G = dtr.STANDARD_GRAVITY
ABS_SLIP_SHARE = 0.9  # ABS holds a braked driven wheel at this share of the tyre's peak slip ratio
ROTOR_BISECTIONS = 20  # a wheel speed that overshoots its balance is found to (step / 2^20)
LOCK_TOL_RADPS = 0.5  # the clutch locks when engine and gearbox input turn within this of each other


def real_substep(s, c, car, grip: float, top_factor: float, hs: float, u: float, v: float, r: float) -> tuple[float, float, float, float]:
    """Drivetrain and tyres of one substep for a car moving at (u forward, v right, yaw rate r) in its own frame;
    returns (du/dt from tyres and drive, dv/dt, dr/dt, resist) and fills the telemetry. `resist` (N) is what slows
    the car toward rest without pushing it back."""
    d = car.drivetrain
    e, gb, cl, ch, ty, br, lay = d.engine, d.gearing, d.clutch, d.chassis, d.tyres, d.brakes, d.layout
    tel = s.telemetry
    m, L, r_w = car.mass_kg, car.wheelbase_m, car.wheel_radius_m
    a = ch.cg_to_front_m
    b = L - a
    weight = m * _G
    grounded = not s.airborne
    rpm = tel.rpm

    # ---- clutch and gear request. The automatic clutch slips the engine at its engagement rpm until the gearbox
    # input turns that fast (a launch held at the revs where the engine pulls); the handbrake lets the clutch out.
    # A centrifugal clutch (a kart's) has no pedal: only the revs engage it, whatever the pedal and the handbrake.
    w = tel.wheel_speed_mps
    if cl.centrifugal:
        eng = dtr.auto_engagement(cl, rpm)
    else:
        eng = 1.0 - c.clutch
        if abs(w * gb.total(tel.gear) / r_w) * dtr.RPM_PER_RADPS < cl.auto_engage_rpm + cl.auto_engage_span_rpm:
            eng = min(eng, dtr.auto_engagement(cl, rpm))
        eng *= 1.0 - s.handbrake
    if c.gear is not None and c.gear != tel.gear and gb.has(c.gear) and eng <= cl.shift_max_engagement:
        tel.gear = c.gear
    ratio = gb.total(tel.gear)

    # ---- loads: longitudinal transfer (previous substep's acceleration), lateral transfer by roll stiffness
    k_lag = 1.0 - math.exp(-hs / ch.transfer_lag_s)  # the body pitches and rolls onto its springs over transfer_lag_s
    tel.load_accel_mps2 += (tel.accel_mps2 - tel.load_accel_mps2) * k_lag
    tel.load_lat_accel_mps2 += (tel.lat_accel_mps2 - tel.load_lat_accel_mps2) * k_lag
    if grounded:
        wf, wr = axle_loads(weight, m, a, L, ch.cg_height_m, tel.load_accel_mps2, ch.min_axle_share)
    else:
        wf = wr = 0.0
    transfer = m * tel.load_lat_accel_mps2 * ch.cg_height_m / car.track_m if grounded else 0.0
    tf, tr = transfer * ch.front_roll_share, transfer * (1.0 - ch.front_roll_share)
    lat_mu, lon_mu = ty.lateral.mu * grip, ty.longitudinal.mu * grip
    in_f, out_f = rt.axle_grip(ty, wf, tf)
    in_r, out_r = rt.axle_grip(ty, wr, tr)
    lat_f, lat_r = lat_mu * (in_f + out_f), lat_mu * (in_r + out_r)
    lon_f, lon_r = lon_mu * (in_f + out_f), lon_mu * (in_r + out_r)
    drv_f = lon_mu * rt.drive_grip(in_f, out_f, lay.differential, lay.lsd_bias_ratio) if lay.front_driven else 0.0
    drv_r = lon_mu * rt.drive_grip(in_r, out_r, lay.differential, lay.lsd_bias_ratio) if lay.rear_driven else 0.0

    # ---- slip at each axle's contact patch (front in the wheel's frame)
    delta = s.steer_wheel * math.radians(car.max_wheel_angle_deg)
    sd, cd = math.sin(delta), math.cos(delta)
    vf = v + a * r
    floor = ty.slip_speed_floor_mps
    along_f, across_f = u * cd + vf * sd, vf * cd - u * sd
    along_r, across_r = u, v - b * r
    den_f, den_r = max(abs(along_f), floor), max(abs(along_r), floor)
    tan_f, tan_r = across_f / den_f, across_r / den_r

    # ---- the driveline rotor: driven wheels (surface speed w) and, through the clutch, the engine
    # all-wheel drive: the handbrake opens the centre coupling, as a rally car's hydraulic handbrake does, so it
    # locks the rear wheels alone and the front ones keep driving
    rear_on = lay.rear_driven and not (lay.front_driven and s.handbrake > 0.0)
    driven = []  # (along, den, tan_alpha, drive cap, brake cap, lateral cap)
    if grounded and lay.front_driven:
        driven.append((along_f, den_f, tan_f, drv_f, lon_f, lat_f))
    if grounded and rear_on:
        driven.append((along_r, den_r, tan_r, drv_r, lon_r, lat_r))

    bias = lay.front_torque_share / (1.0 - lay.front_torque_share) if len(driven) == 2 and lay.front_torque_share < 1.0 else math.inf

    def drive_force(ws: float, slope: bool = True) -> tuple[float, float]:
        """Total longitudinal tyre force of the driven axles at wheel speed ws, and (if asked) its slope per m/s of ws.
        With all wheels driven, the centre coupling gives the front at most front_torque_share : rest of the push."""
        parts = []
        for along, den, tan_a, cap_drive, cap_brake, cap_lat in driven:
            kappa = (ws - along) / den
            cap = cap_drive if kappa >= 0.0 else cap_brake
            k = rt.long_stiffness(ty, kappa, tan_a, cap, cap_lat) / den if slope else 0.0
            parts.append((rt.combined(ty, kappa, tan_a, cap, cap_lat)[0], k))
        if len(parts) == 2 and parts[0][0] > bias * abs(parts[1][0]):  # drive only: the brakes work at the wheels
            parts[0] = (math.copysign(bias * abs(parts[1][0]), parts[0][0]), bias * parts[1][1])
        return sum(p[0] for p in parts), sum(p[1] for p in parts)

    t_eng = dtr.engine_torque_nm(e, rpm, c.throttle)
    t_fric = dtr.friction_torque_nm(e, rpm)
    t_net = t_eng - t_fric
    j_w = lay.wheel_inertia_kgm2 / (r_w * r_w)  # the driven wheels' inertia as a mass at their surface
    j_e = e.inertia_kgm2
    n = ratio / r_w  # engine rad/s per m/s of wheel surface speed
    cap_c = cl.capacity_nm * eng if (ratio != 0.0 and grounded) else 0.0
    omega = rpm / dtr.RPM_PER_RADPS
    f0, k0 = drive_force(w)
    # the brakes on the driven wheels are friction in the rotor: the foot brake (with ABS, below) and the handbrake
    foot = c.brake * br.brake_force_n
    foot_f, foot_r = foot * br.front_bias, foot * (1.0 - br.front_bias)
    hb_n = s.handbrake * br.handbrake_force_n if rear_on else 0.0
    wheel_brake = (foot_f if lay.front_driven else 0.0) + (foot_r if rear_on else 0.0) + hb_n
    if not (grounded and driven):
        wheel_brake = 0.0
    brake_n = math.copysign(wheel_brake, w) if w else 0.0
    slip_before = omega - w * n
    locked = False
    if cap_c > 0.0 and abs(slip_before) <= LOCK_TOL_RADPS + abs(n) * 0.05:
        mass = j_w + j_e * n * n
        w_new = _rotor_step(w, hs, mass, t_net * n - brake_n, f0, k0, drive_force)
        t_c = t_net - j_e * n * (w_new - w) / hs
        locked = abs(t_c) <= cap_c
    if not locked:
        t_c = math.copysign(cap_c, slip_before if slip_before else t_net) if cap_c > 0.0 else 0.0
        omega_new = omega + hs * (t_net - t_c) / j_e
        w_new = _rotor_step(w, hs, j_w, t_c * n - brake_n, f0, k0, drive_force)
        if cap_c > 0.0 and (omega_new - w_new * n) * slip_before < 0.0:  # the slip changed sign: the plates grab
            mass = j_w + j_e * n * n
            w_new = _rotor_step(w, hs, mass, t_net * n - brake_n, f0, k0, drive_force)
            t_c = t_net - j_e * n * (w_new - w) / hs
            locked = True
    if brake_n and w_new * w < 0.0:
        w_new = 0.0  # brakes stop the wheels; they never turn them backwards
    if driven and foot > 0.0 and hb_n == 0.0:  # ABS: never past the tyre's peak slip while braking
        along_d = driven[-1][0]
        floor_w = along_d - ABS_SLIP_SHARE * ty.longitudinal.peak * max(abs(along_d), floor) * math.copysign(1.0, along_d)
        w_new = max(w_new, floor_w) if along_d >= 0.0 else min(w_new, floor_w)
    if locked:
        omega_new = w_new * n
    new_rpm = clamp(omega_new * dtr.RPM_PER_RADPS, e.idle_rpm, e.redline_rpm)
    if not grounded:
        w_new = w + (u - w) * (1.0 - math.exp(-hs / 0.5))  # in the air the wheels spin down toward the ground speed
    tel.wheel_speed_mps = w_new

    # ---- tyre forces at the new wheel speed (wheel frame for the front), then brakes on the undriven axles
    fx_f = fy_f = fx_r = fy_r = 0.0
    kappa_f = kappa_r = 0.0
    if grounded:
        if lay.front_driven:
            kappa_f = (w_new - along_f) / den_f
        if rear_on:
            kappa_r = (w_new - along_r) / den_r
        hb_locked = False
        if not rear_on and s.handbrake > 0.0:
            fy0 = rt.combined(ty, 0.0, tan_r, lon_r, lat_r)[1]
            room = lon_r * math.sqrt(max(0.0, 1.0 - (fy0 / lat_r) ** 2)) if lat_r > 0.0 else 0.0
            hb_locked = s.handbrake * br.handbrake_force_n > room
            kappa_r = -1.0 if hb_locked else kappa_r
        fx_f, fy_f = rt.combined(ty, kappa_f, tan_f, drv_f if kappa_f >= 0.0 and lay.front_driven else lon_f, lat_f)
        fx_r, fy_r = rt.combined(ty, kappa_r, tan_r, drv_r if kappa_r >= 0.0 and rear_on else lon_r, lat_r)
        if lay.front_driven and rear_on and fx_f > bias * abs(fx_r):  # the centre coupling holds the front back
            fx_f = math.copysign(bias * abs(fx_r), fx_f)
            fy_f = rt.combined(ty, 0.0, tan_f, lon_f, lat_f)[1] * math.sqrt(max(0.0, 1.0 - (fx_f / lon_f) ** 2))
        fy_f, fy_r = -fy_f, -fy_r
        fy_f = _no_overshoot(fy_f, across_f, m, a, ch.yaw_inertia_kgm2, hs)
        fy_r = _no_overshoot(fy_r, across_r, m, b, ch.yaw_inertia_kgm2, hs)

    resist = ch.rolling_resistance * weight / top_factor if grounded else 0.0
    resist += ch.drag_n_per_mps2 * u * u
    if grounded:
        if not lay.front_driven:
            resist += _abs_brake(foot_f, lon_f, fy_f, lat_f)
        if not rear_on:
            resist += 0.0 if hb_locked else _abs_brake(foot_r + s.handbrake * br.handbrake_force_n, lon_r, fy_r, lat_r)
    push = fx_r + fx_f * cd - fy_f * sd
    side = fx_f * sd + fy_f * cd + fy_r
    if grounded:
        push += weight * (s.gnx * math.sin(s.heading) + s.gnz * math.cos(s.heading))  # gravity along the slope
    yaw_torque = a * (fx_f * sd + fy_f * cd) - b * fy_r

    tel.rpm, tel.clutch = new_rpm, eng
    tel.engine_torque_nm, tel.friction_torque_nm, tel.clutch_torque_nm = t_eng, t_fric, t_c
    tel.clutch_slip_rpm = (omega_new - w_new * n) * dtr.RPM_PER_RADPS if not locked and ratio != 0.0 else 0.0
    tel.wheel_force_n, tel.traction_limit_n = fx_f + fx_r, drv_f + drv_r
    kappa = max(kappa_f, kappa_r)
    tel.slip_ratio = kappa
    tel.wheelspin = kappa > ty.longitudinal.peak
    tel.load_front_n, tel.load_rear_n = wf, wr
    tel.slip_angle_front_rad, tel.slip_angle_rear_rad = math.atan(tan_f), math.atan(tan_r)
    tel.lat_force_front_n, tel.lat_force_rear_n, tel.yaw_torque_nm = fy_f, fy_r, yaw_torque
    tel.flywheel_nm = 0.0
    return push / m, side / m, yaw_torque / ch.yaw_inertia_kgm2, resist


def _rotor_step(w: float, hs: float, mass: float, drive_n: float, f0: float, k0: float, force) -> float:
    """The driven wheels' surface speed after hs (backward Euler): mass (w' - w) / hs = drive_n - F(w').

    First the semi-implicit guess with the tyre's slope at w; if that lands past the speed where drive and tyre
    balance (a wheel coming back from wheelspin into the stiff grip region would), bisect for the balance instead.
    """
    guess = w + hs * (drive_n - f0) / (mass + hs * k0)

    def residual(x: float) -> float:
        return mass * (x - w) / hs + force(x, False)[0] - drive_n

    r0, r1 = f0 - drive_n, residual(guess)
    if r0 * r1 >= 0.0:
        return guess
    lo, hi = (w, guess) if r0 < 0.0 else (guess, w)  # residual < 0 at lo, > 0 at hi
    for _ in range(ROTOR_BISECTIONS):
        mid = 0.5 * (lo + hi)
        if residual(mid) < 0.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _abs_brake(demand_n: float, cap_long_n: float, fy_n: float, cap_lat_n: float) -> float:
    """An undriven axle's brake force with ABS: the demand, up to what the friction ellipse leaves beside fy."""
    if demand_n <= 0.0 or cap_lat_n <= 0.0:
        return 0.0
    return min(demand_n, cap_long_n * math.sqrt(max(0.0, 1.0 - (fy_n / cap_lat_n) ** 2)))


def _no_overshoot(fy: float, across_mps: float, mass: float, arm_m: float, inertia: float, hs: float) -> float:
    """At most the side force that stops the axle's side slip within the substep (the axle's effective mass is
    1 / (1/m + arm^2/I)): near standstill a stiff tyre would otherwise flip the slip back and forth each substep."""
    most = abs(across_mps) / (hs * (1.0 / mass + arm_m * arm_m / inertia))
    return fy if abs(fy) <= most else math.copysign(most, fy)
