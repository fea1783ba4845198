"""The real tyre rule of the simulation model: Pacejka curves that peak where road tyres peak, load sensitivity,
the differential's traction limit, and combined slip.

- The magic formula (Pacejka, "Tire and Vehicle Dynamics", 3rd ed., 2012, eq. 4.49), y = mu sin(C atan(B x - E (B x -
  atan B x))), for the lateral force on the slip angle and the longitudinal force on the slip ratio. The shipped sets
  start from the widely published dry-tarmac set B 10, C 1.9, D 1, E 0.97 (peak at 10.3 deg; MathWorks, "Tire-Road
  Interaction (Magic Formula)"), stiffer for sports tyres and slicks; data/cars.json cites each car's.
- Load sensitivity: a wheel's friction coefficient falls as its load rises, mu = mu0 (1 - k (Fz - Fz0) / Fz0) (Pacejka's
  pDy2 term, eq. 4.E13, with k = -pDy2), so an axle that carries more weight, or takes more of the lateral load
  transfer, grips less per newton: understeer and oversteer follow from the weight distribution and roll stiffness.
- Combined slip by normalised slip (the "similarity" method, Pacejka ch. 4.3.2): the slip ratio and tan(slip angle),
  each over its peak value, make one slip vector; its length picks the force on each curve and its direction shares
  the force between the two. A wheel spinning well past its peak slip ratio has a slip vector that points almost
  straight ahead, so throttle in a slide eats lateral grip: power oversteer.
"""

from __future__ import annotations

import functools
import math

from game.sim.models.sim_params import Curve, RealTyres

MIN_MU_SHARE = 0.3  # load sensitivity never takes a wheel below this share of its nominal mu (a very overloaded wheel)


def shape(c: Curve, x: float) -> float:
    """The curve's shape, peak 1 at its peak slip: sin(C atan(B x - E (B x - atan(B x)))), odd in x."""
    bx = c.b * x
    return math.sin(c.c * math.atan(bx - c.e * (bx - math.atan(bx))))


@functools.lru_cache(maxsize=256)
def peak_slip(c: Curve) -> float:
    """The slip (rad, or slip ratio) at which the curve peaks: where C atan(.) reaches pi/2, found by bisection."""
    goal = math.tan(math.pi / (2.0 * c.c)) if c.c > 1.0 else math.inf
    if goal == math.inf:
        return 1.0  # C <= 1: the curve only rises; call its "peak" slip 1 (it normalises the slip vector)
    lo, hi = 0.0, 1.0
    while c.b * hi - c.e * (c.b * hi - math.atan(c.b * hi)) < goal and hi < 1e3:
        hi *= 2.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        bx = c.b * mid
        if bx - c.e * (bx - math.atan(bx)) < goal:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def wheel_mu(mu0: float, t: RealTyres, load_n: float) -> float:
    """Friction coefficient of one wheel at this load (load sensitivity), never below MIN_MU_SHARE x mu0."""
    k = 1.0 - t.load_sensitivity * (load_n - t.nominal_load_n) / t.nominal_load_n
    return mu0 * (k if k > MIN_MU_SHARE else MIN_MU_SHARE)


def wheel_loads(axle_load_n: float, transfer_n: float) -> tuple[float, float]:
    """(inner, outer) wheel loads of an axle carrying axle_load_n with transfer_n moved to the outer wheel."""
    half = 0.5 * axle_load_n
    d = min(abs(transfer_n), half)
    return half - d, half + d


def axle_capacity(mu0: float, t: RealTyres, axle_load_n: float, transfer_n: float) -> float:
    """Peak force of an axle's two tyres together (N): each wheel's mu at its own load, times that load."""
    inner, outer = wheel_loads(axle_load_n, transfer_n)
    return wheel_mu(mu0, t, inner) * inner + wheel_mu(mu0, t, outer) * outer


def drive_capacity(mu0: float, t: RealTyres, axle_load_n: float, transfer_n: float, differential: str, bias_ratio: float) -> float:
    """Peak drive force a driven axle can put down through its differential (N).

    Open: each wheel gets half the torque, so the light inner wheel limits the axle to twice its own grip. Locked:
    both wheels' grip. Limited slip with torque bias ratio TBR: the loaded wheel may take TBR times the light one's
    torque, so (1 + TBR) x the inner wheel's grip, at most the locked figure.
    """
    inner, outer = wheel_loads(axle_load_n, transfer_n)
    f_in, f_out = wheel_mu(mu0, t, inner) * inner, wheel_mu(mu0, t, outer) * outer
    if differential == "locked":
        return f_in + f_out
    ratio = 1.0 if differential == "open" else max(1.0, bias_ratio)
    return min(f_in + f_out, (1.0 + ratio) * f_in)


def combined(t: RealTyres, kappa: float, tan_alpha: float, cap_long_n: float, cap_lat_n: float) -> tuple[float, float]:
    """(longitudinal, lateral) force of an axle at a slip ratio and tan(slip angle), combined by normalised slip.

    Both come out with the sign of their slip (a positive slip ratio drives forward, a positive slip angle pushes
    toward +); the caller turns them against the slip. Pure slip gives each curve exactly.
    """
    k_pk, a_pk = peak_slip(t.longitudinal), math.tan(peak_slip(t.lateral))
    sx, sy = kappa / k_pk, tan_alpha / a_pk
    rho = math.hypot(sx, sy)
    if rho < 1e-9:
        return 0.0, 0.0
    fx = cap_long_n * shape(t.longitudinal, rho * k_pk) * sx / rho
    fy = cap_lat_n * shape(t.lateral, math.atan(rho * a_pk)) * sy / rho
    return fx, fy


def long_stiffness(t: RealTyres, kappa: float, tan_alpha: float, cap_long_n: float, cap_lat_n: float) -> float:
    """d(longitudinal force)/d(slip ratio) at this combined slip (N per unit slip ratio), never below 0: what the
    driveline's semi-implicit step divides by, so the stiff grip region integrates stably at any step."""
    h = 1e-4
    hi = combined(t, kappa + h, tan_alpha, cap_long_n, cap_lat_n)[0]
    lo = combined(t, kappa - h, tan_alpha, cap_long_n, cap_lat_n)[0]
    return max(0.0, (hi - lo) / (2.0 * h))


def lateral_mu(t: RealTyres, slip_rad: float) -> float:
    """The pure lateral curve per newton of load at the nominal load (what `sideways report --plot` draws)."""
    return t.lateral.mu * shape(t.lateral, slip_rad)
