"""The arcade controller for N cars at once on an endless flat pad of one surface, as numpy arrays."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import repeat

import numpy as np

from game.sim.params import CarSpec, Handling, Surface

# A twin of game.sim.models.arcade.step_car on FlatWorld: the same operations in the same order, branches turned
# into masks, so each car matches a Session bit for bit (tests/sim/test_batch.py). Two things keep it exact:
# - Python's min(a, b) / max(a, b) are mirrored as written (`_min`, `_max`), not np.minimum / np.clip;
# - exp, sin, cos and ** give what Python's math gives, i.e. the C library's answer. numpy's own float64 exp
#   and power are SIMD (SVML / AVX-512) and differ from libm in the last bit for ~5% of arguments. numpy's
#   complex exp of x+0j is libm's exp(x) exactly (cexp multiplies by cos 0 = 1), a vectorised libm exp;
#   a probe at import checks each fast path against math and falls back to math element by element where
#   a build disagrees. No numpy path reaches libm's pow, so `_pow` calls it per car (~40% of a big step).

_TWO_PI = 2.0 * math.pi
Unary = Callable[[np.ndarray], np.ndarray]


def _via_math(fn: Callable[[float], float]) -> Unary:
    """fn applied element by element: the C library's answer, at Python speed."""
    return lambda a: np.fromiter(map(fn, a.tolist()), np.float64, a.size)


def _exact(fast: Unary, fn: Callable[[float], float], probe: np.ndarray) -> Unary:
    """fast if it returns exactly what fn does on the probe arguments, else fn element by element."""
    slow = _via_math(fn)
    return fast if np.array_equal(fast(probe), slow(probe)) else slow


_exp = _exact(lambda a: np.exp(a.astype(np.complex128)).real, math.exp, np.linspace(-4.0, 0.0, 8193))
_sin = _exact(np.sin, math.sin, np.linspace(-4.0, 4.0, 8193))
_cos = _exact(np.cos, math.cos, np.linspace(-4.0, 4.0, 8193))


def _pow(a: np.ndarray, p: float) -> np.ndarray:
    """a ** p as Python computes it (libm pow; numpy's power, even its x*x for p == 2, differs in the last bit)."""
    return np.fromiter(map(pow, a.tolist(), repeat(p)), np.float64, a.size)


def _min(a, b) -> np.ndarray:
    """Python's min(a, b) element-wise: a unless b < a."""
    return np.where(b < a, b, a)


def _max(a, b) -> np.ndarray:
    """Python's max(a, b) element-wise: a unless b > a."""
    return np.where(b > a, b, a)


def _clamp(v, lo: float, hi: float, n: int) -> np.ndarray:
    """Controls.clamped() for one axis of N cars: into [lo, hi], NaN counts as 0."""
    v = np.broadcast_to(np.asarray(v, dtype=np.float64), (n,))
    v = np.where(v < lo, lo, np.where(v > hi, hi, v))
    return np.where(np.isnan(v), 0.0, v)


class CarBatch:
    """N cars on one flat surface sharing one Handling, each with its own CarSpec feel; state as float64 arrays."""

    def __init__(self, specs: Sequence[CarSpec], handling: Handling, surface: Surface):
        n = self.n = len(specs)
        self.ids = [c.id for c in specs]
        self.handling, self.surface = handling, surface
        self.power = np.array([c.power for c in specs], dtype=np.float64)
        self.top_speed = np.array([c.top_speed for c in specs], dtype=np.float64)
        self.grip = np.array([c.grip for c in specs], dtype=np.float64)
        self.steer = np.array([c.steer for c in specs], dtype=np.float64)
        self.offroad = np.array([c.offroad for c in specs], dtype=np.float64)
        # the surface factors per car, computed by the same methods step_car calls
        self.top_speed_eff = np.array([c.top_speed * surface.top_speed_factor(c.offroad) for c in specs])
        self.grip_surface = np.array([surface.grip_factor(c.offroad) for c in specs], dtype=np.float64)
        z = np.zeros
        self.x, self.y, self.z, self.heading = z(n), z(n), z(n), z(n)
        self.vx, self.vy, self.vz = z(n), z(n), z(n)
        self.steer_wheel, self.handbrake, self.landing_timer = z(n), z(n), z(n)
        self.forward, self.lateral = z(n), z(n)
        self.airborne, self.drifting = z(n, dtype=bool), z(n, dtype=bool)
        self.steps = 0
        self._trig: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # (heading, sin, cos) of the last settle

    @classmethod
    def from_specs(
        cls, specs: Sequence[CarSpec], handling: Handling, surface: Surface, spawns: Sequence[tuple[float, float, float]]
    ) -> "CarBatch":
        """Cars at rest on the pad, car i at spawns[i] = (x, z, heading_deg) as Session.spawn_state puts it."""
        if len(spawns) != len(specs):
            raise ValueError(f"CarBatch: {len(specs)} cars but {len(spawns)} spawns")
        b = cls(specs, handling, surface)
        b.x[:] = [s[0] for s in spawns]
        b.z[:] = [s[1] for s in spawns]
        b.heading[:] = [math.radians(s[2]) for s in spawns]
        return b

    def step(self, throttle, brake, steer, handbrake, dt: float) -> None:
        """Advance every car by dt with its controls (arrays of N, or scalars for all), exactly as step_car."""
        h, n = self.handling, self.n
        thr, brk, st = _clamp(throttle, 0.0, 1.0, n), _clamp(brake, 0.0, 1.0, n), _clamp(steer, -1.0, 1.0, n)
        hb_on = np.broadcast_to(np.asarray(handbrake).astype(bool), (n,))  # bool(), as Controls.clamped(): NaN is on
        air = self.airborne
        grounded = ~air

        self.steer_wheel = self.steer_wheel + (st - self.steer_wheel) * (1.0 - math.exp(-h.steer_smooth * dt))
        on = np.ones(n) if h.handbrake_engage_s <= 0 else _min(1.0, self.handbrake + dt / h.handbrake_engage_s)
        off = np.zeros(n) if h.handbrake_release_s <= 0 else _max(0.0, self.handbrake - dt / h.handbrake_release_s)
        hb = self.handbrake = np.where(hb_on, on, off)

        sh, ch = self._sin_cos()
        f = self.vx * sh + self.vz * ch
        lat = self.vx * ch - self.vz * sh
        top = self.top_speed_eff

        # ---- forward: thrust, brake, reverse; resistances oppose the motion ------------------
        push = np.zeros(n)
        resist = h.drag_quad * f * f + h.drag_lin * np.abs(f)
        ahead = grounded & (f >= -h.stop_speed)
        thrust = ahead & (f < top)
        fade = np.zeros(n)
        k = np.flatnonzero(thrust & (thr != 0.0))  # with the throttle at 0 the thrust is 0 whatever the fade
        fade[k] = 1.0 - _pow(_max(f[k], 0.0) / top[k], h.power_falloff)
        push = np.where(thrust, push + _min(thr * (self.power * fade + resist), (top - f) / dt), push)
        braking = ahead & (brk > 0.0)
        hard = braking & (f > h.stop_speed)
        resist = np.where(hard, resist + h.brake_power * brk, resist)
        push = np.where(braking & ~hard & (thr == 0.0), push - self.power * h.reverse_power_frac * brk, push)
        back = grounded & ~(f >= -h.stop_speed)
        rev = back & (f > -h.reverse_top_speed)
        rev_push = _min(self.power * h.reverse_power_frac * brk, (f + h.reverse_top_speed) / dt)
        push = np.where(rev, push - rev_push, push)
        resist = np.where(back, resist + h.brake_power * thr, resist)
        resist = np.where(grounded, resist + h.handbrake_decel * hb, resist)
        # step_car's slope push, gravity * (gnx*sh + gnz*ch), is 0 under FlatWorld's normal (0, 1, 0)
        f_new = f + push * dt
        drop = resist * dt
        f_new = np.where(f_new > 0.0, _max(0.0, f_new - drop), np.where(f_new < 0.0, _min(0.0, f_new + drop), f_new))
        k_over, rtop = math.exp(-h.overspeed_decay * dt), h.reverse_top_speed
        slow_down = np.where(f_new < -rtop, -rtop + (f_new + rtop) * k_over, f_new)
        f_new = np.where(f_new > top, top + (f_new - top) * k_over, slow_down)

        # ---- lateral: exponential grip decay --------------------------------------------------
        g_hb = 1.0 + (h.handbrake_grip - 1.0) * hb
        g_air = np.where(air, h.air_grip, 1.0)
        g_land = np.ones(n)
        if h.landing_recovery_s > 0:
            lt = self.landing_timer
            landing = lt > 0.0
            g_land = np.where(landing, h.landing_grip + (1.0 - h.landing_grip) * (1.0 - lt / h.landing_recovery_s), 1.0)
            self.landing_timer = np.where(landing, _max(0.0, lt - dt), lt)
        grip_eff = self.grip * self.grip_surface * g_hb * g_air * g_land
        lat_new = lat * _exp(-grip_eff * dt)

        # ---- yaw: speed-sensitive steering ------------------------------------------------------
        spd = np.abs(f_new)
        authority = _min(spd / h.steer_ref_speed, 1.0) if h.steer_ref_speed > 0 else 1.0
        tame = 1.0 - h.high_speed_tame * _min(spd / self.top_speed, 1.0)
        yaw = self.steer_wheel * h.steer_rate * self.steer * authority * tame
        yaw = np.where(f_new < 0.0, -yaw, yaw)
        yaw = yaw * (1.0 + (h.handbrake_yaw - 1.0) * hb)
        yaw = np.where(air, yaw * h.air_yaw, yaw)

        # velocity back to the world in the old basis, then the body turns under it
        self.vx = f_new * sh + lat_new * ch
        self.vz = f_new * ch - lat_new * sh
        hd = self.heading + yaw * dt
        self.heading = np.where(hd > math.pi, hd - _TWO_PI, np.where(hd <= -math.pi, hd + _TWO_PI, hd))
        self.x = self.x + self.vx * dt
        self.z = self.z + self.vz * dt
        # no walls on the pad: step_car's _collide finds no contacts

        # ---- vertical (step_car's _vertical with ground height 0 everywhere) ---------------------
        self.vy = self.vy - h.gravity * dt
        y = self.y + self.vy * dt
        down = y <= 0.0
        self.landing_timer = np.where(down & air, h.landing_recovery_s, self.landing_timer)
        self.vy = np.where(down, 0.0, self.vy)  # (ground_h - previous ground_h) / dt, both 0 here
        self.y = np.where(down, 0.0, y)
        self.airborne = np.where(down, False, air | (y > h.airborne_clearance_m))

        # ---- settle: car-frame speeds, drift state with separate start/end thresholds -----------
        sh, ch = self._sin_cos()
        self.forward = self.vx * sh + self.vz * ch
        self.lateral = self.vx * ch - self.vz * sh
        side = np.abs(self.lateral)
        now = np.where(self.drifting, ~(side < h.drift_end_side_spd), side >= h.drift_side_spd)
        self.drifting = np.where(self.airborne, self.drifting, now)
        self.steps += 1

    def _sin_cos(self) -> tuple[np.ndarray, np.ndarray]:
        """sin and cos of the headings, reused from the last settle while nobody has turned a car since."""
        if self._trig is None or not np.array_equal(self._trig[0], self.heading):
            self._trig = (self.heading.copy(), _sin(self.heading), _cos(self.heading))
        return self._trig[1], self._trig[2]

    def state_of(self, i: int) -> dict:
        """Car i's state as plain Python values, keyed like CarState's fields."""
        keys = ("x", "y", "z", "heading", "vx", "vy", "vz", "forward", "lateral", "steer_wheel", "handbrake", "landing_timer")
        out: dict = {k: float(getattr(self, k)[i]) for k in keys}
        out["airborne"], out["drifting"] = bool(self.airborne[i]), bool(self.drifting[i])
        return out
