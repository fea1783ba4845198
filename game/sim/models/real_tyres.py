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

import math

from game.sim.models.sim_params import Curve, RealTyres

MIN_MU_SHARE = 0.3  # load sensitivity never takes a wheel below this share of its nominal mu (a very overloaded wheel)


def shape(c: Curve, x: float) -> float:
    """The curve's shape, peak 1 at its peak slip: sin(C atan(B x - E (B x - atan(B x)))), odd in x."""
    bx = c.b * x
    return math.sin(c.c * math.atan(bx - c.e * (bx - math.atan(bx))))


def load_factor(t: RealTyres, load_n: float) -> float:
    """A wheel's mu at this load over its nominal mu (load sensitivity), never below MIN_MU_SHARE."""
    k = 1.0 - t.load_sensitivity * (load_n - t.nominal_load_n) / t.nominal_load_n
    return k if k > MIN_MU_SHARE else MIN_MU_SHARE


def wheel_loads(axle_load_n: float, transfer_n: float) -> tuple[float, float]:
    """(inner, outer) wheel loads of an axle carrying axle_load_n with transfer_n moved to the outer wheel."""
    half = 0.5 * axle_load_n
    d = min(abs(transfer_n), half)
    return half - d, half + d


def axle_grip(t: RealTyres, axle_load_n: float, transfer_n: float) -> tuple[float, float]:
    """(inner, outer) wheels' peak force per unit of mu (N): each wheel's load times its load factor. An axle's peak
    force on a curve is that curve's mu times their sum."""
    inner, outer = wheel_loads(axle_load_n, transfer_n)
    return load_factor(t, inner) * inner, load_factor(t, outer) * outer


def drive_grip(inner: float, outer: float, differential: str, bias_ratio: float) -> float:
    """What of an axle's grip (per unit of mu, from `axle_grip`) its differential lets the engine use.

    Open: each wheel gets half the torque, so the light inner wheel limits the axle to twice its own grip. Locked:
    both wheels' grip. Limited slip with torque bias ratio TBR: the loaded wheel may take TBR times the light one's
    torque, so (1 + TBR) x the inner wheel's grip, at most the locked figure.
    """
    if differential == "locked":
        return inner + outer
    ratio = 1.0 if differential == "open" else max(1.0, bias_ratio)
    return min(inner + outer, (1.0 + ratio) * inner)


def drive_capacity(mu0: float, t: RealTyres, axle_load_n: float, transfer_n: float, differential: str, bias_ratio: float) -> float:
    """Peak drive force a driven axle can put down through its differential (N), on a curve of peak mu0."""
    return mu0 * drive_grip(*axle_grip(t, axle_load_n, transfer_n), differential, bias_ratio)


def combined(t: RealTyres, kappa: float, tan_alpha: float, cap_long_n: float, cap_lat_n: float) -> tuple[float, float]:
    """(longitudinal, lateral) force of an axle at a slip ratio and tan(slip angle), combined by normalised slip.

    Both come out with the sign of their slip (a positive slip ratio drives forward, a positive slip angle pushes
    toward +); the caller turns them against the slip. Pure slip gives each curve exactly.
    """
    k_pk, a_pk = t.longitudinal.peak, math.tan(t.lateral.peak)
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
