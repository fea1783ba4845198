"""The simulation model: a car whose speed is the output of engine, clutch, gearbox and tyres.

Follows the manual-car note (docs/reference/000-manual-car.md) through drivetrain.py (engine,
clutch, gears, traction, rpm) and tyres.py (Pacejka, load transfer, bicycle model), integrating
the planar rigid body in the car's frame (x forward, y right, yaw + clockwise seen from above):

    m (du/dt - v r) = drive + front lateral x (-sin δ) - brakes - rolling - aero + slope
    m (dv/dt + u r) = front lateral x cos δ + rear lateral
    I dr/dt        = a x front lateral x cos δ - b x rear lateral

with internal substeps of at most `chassis.max_substep_s`. Not the note's two faults: the stop
rule compares velocity (a car coasting with the clutch pressed keeps rolling), and in the
bicycle regime (slow, wheel turned) the front tyre force is not computed, so full lock in first
drives a tight circle instead of pinning the car. Our additions, each a named field in the car's
drivetrain block: the engine's flywheel (a clutch kick dumps its energy into the wheels), the
drive wheels' slip ratio at the traction cap (it reads in the rpm), rear lateral grip cut by
wheelspin and by the handbrake, and brakes. Walls, ground, air and drift state are shared
(game/sim/body.py); the car's weight and slope pull use standard gravity, the flight the world's.
"""

from __future__ import annotations

import math

from game.sim.body import ease_inputs, finish_step
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.mathx import clamp, clamp01, wrap_pi
from game.sim.models import drivetrain as dtr
from game.sim.models.gearbox_info import GearboxInfo
from game.sim.models.model_telemetry import Telemetry
from game.sim.models.real_car import real_substep
from game.sim.models.sim_params import Drivetrain, RealTyres, Tyres
from game.sim.models.tyres import axle_loads, pacejka_n, rear_lateral_share, slip_angle_rad
from game.sim.params import CarSpec, Catalog

_G = dtr.STANDARD_GRAVITY


class SimTelemetry(Telemetry):
    """Every figure the simulation model computes (last substep), and its own state (rpm, gear, last acceleration)."""

    __slots__ = (
        "engine_torque_nm", "friction_torque_nm", "clutch_torque_nm", "clutch_slip_rpm", "wheel_force_n",
        "traction_limit_n", "wheelspin", "load_front_n", "load_rear_n", "slip_angle_front_rad", "slip_angle_rear_rad",
        "lat_force_front_n", "lat_force_rear_n", "yaw_torque_nm", "bicycle", "accel_mps2", "flywheel_nm", "slip_ratio",
        "wheel_speed_mps", "lat_accel_mps2", "load_accel_mps2", "load_lat_accel_mps2",
    )
    hidden = ("lat_accel_mps2", "load_accel_mps2", "load_lat_accel_mps2")
    rpm: float  # this model always has an engine speed, a gear and a clutch
    gear: int
    clutch: float

    def __init__(self, rpm: float = 0.0, gear: int = 1) -> None:
        super().__init__()
        self.rpm, self.gear, self.clutch = rpm, gear, 0.0
        self.engine_torque_nm = self.friction_torque_nm = self.clutch_torque_nm = self.clutch_slip_rpm = 0.0
        self.wheel_force_n = self.traction_limit_n = 0.0
        self.wheelspin = False
        self.load_front_n = self.load_rear_n = 0.0
        self.slip_angle_front_rad = self.slip_angle_rear_rad = 0.0
        self.lat_force_front_n = self.lat_force_rear_n = self.yaw_torque_nm = 0.0
        self.bicycle = False  # low-speed regime: yaw from geometry
        self.accel_mps2 = 0.0  # longitudinal acceleration of the last substep (load transfer reads it)
        self.flywheel_nm = 0.0  # torque the flywheel gave up last substep as the clutch pulled the rpm
        self.slip_ratio = 0.0  # how much faster the drive wheels turned than the ground last substep
        self.wheel_speed_mps = 0.0  # the driven wheels' surface speed (the real tyre rule's own state)
        self.lat_accel_mps2 = 0.0  # real tyre rule: lateral acceleration of the last substep (lateral load transfer)
        self.load_accel_mps2 = self.load_lat_accel_mps2 = 0.0  # real tyre rule: the accelerations the springs have taken up


class SimModel:
    """Engine, clutch, gearbox, Pacejka tyres and load transfer; needs the car's drivetrain block."""

    id = "sim"
    name = "Simulation"

    def supports(self, car: CarSpec) -> bool:
        """Only cars with a drivetrain block."""
        return car.drivetrain is not None

    def gearbox(self, car: CarSpec) -> GearboxInfo:
        """The real gearbox: it takes gear requests while the clutch is pressed."""
        d = _drivetrain(car)
        ratios = tuple(r * d.gearing.final_drive for r in d.gearing.ratios)
        return GearboxInfo(d.gearing.gear_count, d.engine.idle_rpm, d.engine.redline_rpm, takes_requests=True, ratios=ratios,
                           has_reverse=d.gearing.reverse_ratio != 0.0, wheel_radius_m=car.wheel_radius_m, upshift_rpm=dtr.upshift_rpms(d))

    def new_telemetry(self, car: CarSpec) -> SimTelemetry:
        """At rest: engine at idle, first gear selected (the automatic clutch is open at idle)."""
        return SimTelemetry(rpm=_drivetrain(car).engine.idle_rpm, gear=1)

    def __init__(self) -> None:
        # id(car) -> (car, its drivetrain, its top speed): no hashing of specs, and no checks, per step
        self._tops: dict[int, tuple[CarSpec, Drivetrain, float]] = {}

    def _known(self, car: CarSpec) -> tuple[CarSpec, Drivetrain, float]:
        """(car, its drivetrain, its top speed on flat dry tarmac), worked out once per spec."""
        hit = self._tops.get(id(car))
        if hit is None or hit[0] is not car:
            if len(self._tops) > 256:  # live retuning makes new specs; keep the cache small
                self._tops.clear()
            d = _drivetrain(car)
            hit = self._tops[id(car)] = (car, d, dtr.top_speed_mps(d, car.mass_kg, car.wheel_radius_m, car.wheelbase_m))
        return hit

    def top_speed_mps(self, car: CarSpec) -> float:
        """Top speed on flat dry tarmac (power against drag)."""
        return self._known(car)[2]

    def step(self, s: CarState[SimTelemetry], c: Controls, car: CarSpec, catalog: Catalog, world, dt: float) -> list:
        """Advance the car by dt (in substeps), then the shared walls, ground, air and drift state."""
        out: list = []
        h = catalog.handling
        surf = catalog.surfaces[s.surface]
        ease_inputs(s, c, h, dt)
        top_factor = surf.top_speed_factor(car.offroad)
        _, d, top = self._known(car)
        s.top_speed_eff = top * top_factor
        n = max(1, math.ceil(dt / d.chassis.max_substep_s - 1e-9))
        hs = dt / n
        start = (s.x, s.z)
        grip = surf.grip_factor(car.offroad)
        ty = d.tyres
        if ty.rule == "real":
            for _ in range(n):
                _real_substep(s, c, car, d, ty, grip, top_factor, hs)
        else:
            for _ in range(n):
                _substep(s, c, car, d, ty, grip, top_factor, hs)
        s.t += dt
        finish_step(s, car.collision_radius_m, h, world, dt, out, start)
        return out


def _drivetrain(car: CarSpec) -> Drivetrain:
    """The car's drivetrain block (supports() lets only cars that have one drive on this model)."""
    if car.drivetrain is None:
        raise ValueError(f"car {car.id!r} has no drivetrain block for the simulation model")
    return car.drivetrain


def _substep(s: CarState[SimTelemetry], c: Controls, car: CarSpec, d: Drivetrain, ty: Tyres, grip: float, top_factor: float, hs: float) -> None:
    """One internal step of the rigid body, drivetrain and tyres (the note's tyre rule)."""
    e, gb, cl, ch, br = d.engine, d.gearing, d.clutch, d.chassis, d.brakes
    tel = s.telemetry
    m, L, r_w = car.mass_kg, car.wheelbase_m, car.wheel_radius_m
    a = ch.cg_to_front_m
    b = L - a
    weight = m * _G
    grounded = not s.airborne
    sh, chd = math.sin(s.heading), math.cos(s.heading)
    u = s.vx * sh + s.vz * chd  # forward speed
    v = s.vx * chd - s.vz * sh  # sideways speed, + to the right
    r = s.yaw_rate
    rpm = tel.rpm

    # ---- clutch and gear request (taken only while the clutch is pressed, by foot or automatically)
    eng = dtr.engagement(cl, c.clutch, rpm, u)
    if c.gear is not None and c.gear != tel.gear and gb.has(c.gear) and eng <= cl.shift_max_engagement:
        tel.gear = c.gear
    ratio = gb.total(tel.gear)

    # ---- axle loads from the previous substep's acceleration, traction cap on the driven (rear) axle
    if grounded:
        wf, wr = axle_loads(weight, m, a, L, ch.cg_height_m, tel.accel_mps2, ch.min_axle_share)
    else:
        wf = wr = 0.0
    limit = ty.traction_coef * wr * grip

    # ---- engine -> clutch -> gearbox -> wheels
    t_eng = dtr.engine_torque_nm(e, rpm, c.throttle)
    t_fric = dtr.friction_torque_nm(e, rpm)
    if ratio == 0.0 or not grounded:
        t_clutch = 0.0
    else:
        t_clutch = dtr.clutch_torque_nm(cl, eng, t_eng - t_fric + tel.flywheel_nm)
    demand = t_clutch * ratio / r_w
    slip_rpm = (rpm - dtr.drivetrain_rpm(u, r_w, ratio)) * (1.0 if ratio >= 0.0 else -1.0)  # + : wheels ahead of the ground
    force, spinning = dtr.traction(demand, limit, ty.spin_traction, slip_rpm)
    # the drive wheels turn faster than the ground in proportion to the drive force asked of them; the
    # tyre takes slip_relax_s to settle on it (it shows in the rpm, and the lag keeps it from feeding back)
    slip_goal = ty.peak_slip_ratio * abs(demand) / limit if limit > 0.0 else 0.0
    slip_ratio = tel.slip_ratio + (slip_goal - tel.slip_ratio) * (1.0 - math.exp(-hs / ty.slip_relax_s))
    target = dtr.drivetrain_rpm(u, r_w, ratio, slip_ratio)
    free = dtr.free_rpm(e, rpm, c.throttle, hs)
    coupled = 0.0 if (spinning or ratio == 0.0 or not grounded) else eng  # wheelspin counts as released
    new_rpm = clamp(dtr.blend_rpm(free, target, coupled, hs, cl.blend_ref_s), e.idle_rpm, e.redline_rpm)
    # when the clutch pulls the engine down (below where it was and where it would rev), the flywheel
    # gives that energy to the wheels next substep: a clutch kick. The clutch passes at most its capacity,
    # so a big drop takes several substeps, the clutch slipping. Once the wheels spin, the excess rpm
    # is theirs: with the clutch fully in, the engine then follows the wheels (the note's rule).
    drop_rpm = 0.0
    if coupled > 0.0 and (eng < 1.0 or tel.clutch < 1.0 or (tel.clutch_slip_rpm > 0.0 and not tel.wheelspin)):
        base = min(rpm, free)
        drop_rpm = min(base - new_rpm, dtr.flywheel_max_drop_rpm(e, cl.capacity_nm * eng - (t_eng - t_fric), hs))
        if drop_rpm > 0.0:
            new_rpm = base - drop_rpm
    tel.flywheel_nm = e.inertia_kgm2 * drop_rpm / dtr.RPM_PER_RADPS / hs if drop_rpm > 0.0 else 0.0
    tel.slip_ratio = slip_ratio
    tel.wheel_speed_mps = u * (1.0 + slip_ratio)  # shown on the F3 panel; the note's rule does not read it back

    # ---- brakes, handbrake, resistances (they slow the car to rest, never push it back)
    hb = s.handbrake
    foot = c.brake * br.brake_force_n
    resist = ch.rolling_resistance * weight / top_factor if grounded else 0.0
    resist += ch.drag_n_per_mps2 * u * u
    push = force
    if grounded:
        push += weight * (s.gnx * sh + s.gnz * chd)  # gravity along the slope

    # ---- lateral and yaw: the bicycle model when the whole velocity is slow with the wheel turned (the note's
    # "range you park in"), Pacejka otherwise, blended over low_speed_blend_mps so the hand-over has no step.
    # Keyed on speed, not forward speed: a car spinning through 90 deg of slip at speed slides on its tyres.
    delta = s.steer_wheel * math.radians(car.max_wheel_angle_deg)
    fy_f = fy_r = yaw_torque = alpha_f = alpha_r = 0.0
    w_bike = _bicycle_share(ch, u, v, delta, grounded)
    bicycle = w_bike >= 0.5
    du = push / m
    if grounded and w_bike < 1.0:
        sd, cd = math.sin(delta), math.cos(delta)
        vf = v + a * r
        alpha_f = slip_angle_rad(u * cd + vf * sd, vf * cd - u * sd, ty.slip_speed_floor_mps)
        alpha_r = slip_angle_rad(u, v - b * r, ty.slip_speed_floor_mps)
        rear_grip = (1.0 - hb * (1.0 - br.handbrake_lateral_grip)) * rear_lateral_share(force, limit, ty.spin_lateral_grip)
        fy_f = -pacejka_n(ty, alpha_f, wf * grip)
        fy_r = -pacejka_n(ty, alpha_r, wr * grip * rear_grip * ty.rear_grip_bias)
        yaw_torque = a * fy_f * cd - b * fy_r
        du_tyre = (push - fy_f * sd) / m + v * r
        v_tyre = v + ((fy_f * cd + fy_r) / m - u * r) * hs
        r_tyre = r + yaw_torque / ch.yaw_inertia_kgm2 * hs
    else:
        du_tyre, v_tyre, r_tyre = du, v, r
    if w_bike > 0.0:
        du, v, r = _bicycle_blend(w_bike, u, v, delta, L, b, ch, ty.pacejka_d * grip, hs, du, (du_tyre, v_tyre, r_tyre))
        keep = 1.0 - w_bike  # the tyre model's share
        fy_f, fy_r, yaw_torque = fy_f * keep, fy_r * keep, yaw_torque * keep
    else:
        du, v, r = du_tyre, v_tyre, r_tyre
    # brakes take what the tyres have left beside their side force (a friction circle per axle): a car sliding
    # sideways on tyres at their peak slows at their grip, however hard the pedal is pressed
    peak_f, peak_r = ty.pacejka_d * wf * grip, ty.pacejka_d * ty.rear_grip_bias * wr * grip
    resist += min(foot * br.front_bias, math.sqrt(max(peak_f * peak_f - fy_f * fy_f, 0.0)))
    resist += min(foot * (1.0 - br.front_bias) + hb * br.handbrake_force_n, math.sqrt(max(peak_r * peak_r - fy_r * fy_r, 0.0)))
    _integrate(s, c, ch, tel, u, v, r, du, resist / m, force, w_bike, grounded, hs)

    tel.rpm, tel.clutch = new_rpm, eng
    tel.engine_torque_nm, tel.friction_torque_nm, tel.clutch_torque_nm = t_eng, t_fric, t_clutch
    tel.clutch_slip_rpm = new_rpm - target if ratio != 0.0 else 0.0
    tel.wheel_force_n, tel.traction_limit_n, tel.wheelspin = force, limit, spinning
    tel.load_front_n, tel.load_rear_n = wf, wr
    tel.slip_angle_front_rad, tel.slip_angle_rear_rad = alpha_f, alpha_r
    tel.lat_force_front_n, tel.lat_force_rear_n, tel.yaw_torque_nm = fy_f, fy_r, yaw_torque
    tel.bicycle = bicycle


def _integrate(s: CarState, c: Controls, ch, tel, u: float, v: float, r: float, du: float, resist_mps2: float,
               force: float, w_bike: float, grounded: bool, hs: float) -> None:
    """Forward speed (resistances slow it to rest, never past), the stop rule, then the pose."""
    u_new = u + du * hs
    drop = resist_mps2 * hs
    if u_new > 0.0:
        u_new = max(0.0, u_new - drop)
    elif u_new < 0.0:
        u_new = min(0.0, u_new + drop)
    if abs(u_new) < ch.stop_speed_mps and force == 0.0 and c.throttle == 0.0:
        u_new = 0.0  # the stop rule compares velocity (the note's first fault compared acceleration)
    tel.accel_mps2 = (u_new - u) / hs - (v * r * (1.0 - w_bike) if grounded else 0.0)
    hd = s.heading = wrap_pi(s.heading + r * hs)
    sh, chd = math.sin(hd), math.cos(hd)
    s.vx = u_new * sh + v * chd
    s.vz = u_new * chd - v * sh
    s.x += s.vx * hs
    s.z += s.vz * hs
    s.yaw_rate = r


def _bicycle_share(ch, u: float, v: float, delta: float, grounded: bool) -> float:
    """The bicycle model's share: 1 when the whole velocity is slow with the wheel turned, 0 at speed."""
    if grounded and abs(delta) >= math.radians(ch.bicycle_min_wheel_deg):
        return clamp01((ch.low_speed_mps + ch.low_speed_blend_mps - math.hypot(u, v)) / ch.low_speed_blend_mps)
    return 0.0


def _bicycle_blend(w_bike: float, u: float, v: float, delta: float, wheelbase: float, b: float, ch, peak_grip: float,
                   hs: float, du_bike: float, tyre: tuple[float, float, float]) -> tuple[float, float, float]:
    """(du/dt, v, r) blended between the bicycle model (share w_bike) and the tyres' (du/dt, v, r)."""
    r_bike = u * math.tan(delta) / wheelbase
    # the rear axle rolls without side slip, as fast as the tyres' peak grip can bring that about
    dv_max = peak_grip * _G * hs
    v_bike = v + clamp((b * r_bike - v) * (1.0 - math.exp(-ch.low_speed_lateral_rate * hs)), -dv_max, dv_max)
    keep = 1.0 - w_bike  # the tyre model's share
    du_tyre, v_tyre, r_tyre = tyre
    return w_bike * du_bike + keep * du_tyre, w_bike * v_bike + keep * v_tyre, w_bike * r_bike + keep * r_tyre


def _real_substep(s: CarState[SimTelemetry], c: Controls, car: CarSpec, d: Drivetrain, ty: RealTyres, grip: float, top_factor: float,
                  hs: float) -> None:
    """One substep under the real tyre rule (game/sim/models/real_car.py), then the low-speed blend and the pose."""
    ch, tel = d.chassis, s.telemetry
    grounded = not s.airborne
    sh, chd = math.sin(s.heading), math.cos(s.heading)
    u = s.vx * sh + s.vz * chd
    v = s.vx * chd - s.vz * sh
    r = s.yaw_rate
    du_tyre, dv, dr, resist = real_substep(s, c, car, grip, top_factor, hs, u, v, r)
    delta = s.steer_wheel * math.radians(car.max_wheel_angle_deg)
    w_bike = _bicycle_share(ch, u, v, delta, grounded)
    tel.bicycle = w_bike >= 0.5
    if grounded:
        du, v_new, r_new = du_tyre + v * r, v + (dv - u * r) * hs, r + dr * hs
    else:
        du, v_new, r_new = du_tyre, v, r
    if w_bike > 0.0:
        b = car.wheelbase_m - ch.cg_to_front_m
        du, v_new, r_new = _bicycle_blend(w_bike, u, v, delta, car.wheelbase_m, b, ch, ty.lateral.mu * grip, hs, du_tyre, (du, v_new, r_new))
        keep = 1.0 - w_bike
        tel.lat_force_front_n *= keep
        tel.lat_force_rear_n *= keep
        tel.yaw_torque_nm *= keep
    tel.lat_accel_mps2 = dv if grounded else 0.0
    # the stop rule: off the throttle a car counts as undriven (engine braking must not keep it creeping)
    _integrate(s, c, ch, tel, u, v_new, r_new, du, resist / car.mass_kg, 0.0, w_bike, grounded, hs)
