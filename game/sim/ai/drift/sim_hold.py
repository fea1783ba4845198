"""The drift driver's hold on the simulation model: the front wheels along the front axle's travel plus a slip into the
turn, the throttle keeping the rear saturated, transitions off the throttle (pure).

Called by game/sim/ai/drift/driver.py with the driver `d` (its gains and what it has felt of the car) each step of a
held slide; it decides Controls only.

What the driver knows of the car (`CarFeel`, from its spec sheet, as a driver knows the car he sits in):
- how far the front tyres must slip before they bite (the slip angle at 90% of their peak side force): a modern tyre
  bites at 3-5 deg, the hatch's original tyre model only near 30 deg. On such a soft, progressive tyre the front wheels
  are asked for far more slip (up to 4/3 of the bite), the flick starts earlier, a transition is read further ahead and
  the angle loop is gentler, the path loop firmer (`SoftTyreGains`, blended in by how soft the tyre is);
- whether spinning the driven wheels loosens the rear: with combined slip (the real tyre rule) it does, so the throttle
  keeps them spinning; with the note's rule a spinning wheel pushes only spin_traction of its grip and keeps more side
  grip (sqrt(1 - spin_traction^2)) than one held at its grip (spin_lateral_grip), so the driver rides the throttle at
  the traction limit, easing off while the wheels spin, as in the run-up.
- whether all four wheels are driven: the front wheels then pull the nose where they point, so they are pointed further
  into the turn (`AwdGains`), and the handbrake, which opens the centre coupling (the front alone drives), is kept for
  the flick; past the aim the throttle stays in (the counter-steered front pulls the car straight; lifting lets the tail
  swing on), and through a transition too, read further ahead.
And on a car whose rear stays driven with the handbrake up: while the angle sits SimGains.hb_margin_deg short of the
aim and is not growing, on a surface that grips, the handbrake is feathered (a front-heavy car's rear grips too well to
be held out by the throttle alone). Not where the lever leaves the clutch in (a kart's centrifugal clutch has no pedal):
there a feathered lever only brakes the driven wheels against the engine. There the slide is held on the throttle and the
lever is trailed while the car runs faster than the plan (SimGains.k_trail): a rear brake against the engine scrubs speed
and keeps the tail out, as a kart driver's brake-and-lift does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.sim.controls import Controls
from game.sim.models.tyres import lateral_mu

SIM_SLIDE_ACCEL = 8.5  # m/s^2 a held slide pulls on dry tarmac in the simulation model (measured with DriftHolder: 8.5-9)
BITE_SHARE = 0.9  # the front tyres bite at the slip angle where they reach this share of their peak side force
BITE_LIMIT_DEG = 60  # ... looked for up to this slip angle


@dataclass(frozen=True)
class CarFeel:
    """What a driver knows of the car: how far the front tyres slip before they bite, whether wheelspin loosens the rear,
    whether all four wheels are driven, whether pulling the handbrake lets the clutch out (not a centrifugal one)."""

    bite_deg: float = 5.0
    spin_loosens: bool = True
    all_wheel: bool = False
    lever_declutches: bool = True


HARD_TYRE = CarFeel()


@dataclass(frozen=True)
class SoftTyreGains:
    """The driver's gains on a soft, progressive tyre (blended in between hard_bite_deg and soft_bite_deg of bite)."""

    hard_bite_deg: float = 10.0  # a tyre that bites at or below this is driven with the driver's own gains
    soft_bite_deg: float = 30.0  # ... one that bites at or past this with these:
    slip_per_bite: float = 4.0 / 3.0  # the front slip into the turn goes up to this times the bite
    k_angle: float = 1.0  # gentler on the angle: the soft front answers slowly, a hard push overshoots
    k_rate: float = 0.7
    k_integral: float = 0.2
    k_steer_omega: float = 0.5  # firmer on the path: the soft front pulls the car inside if let
    lead_s: float = 0.9  # the tail comes round slower: flick earlier
    entry_lead_s: float = 1.0  # ... and it swings on long after the handbrake is let go: the hold takes over at the first sign
    lookahead_s: float = 1.0  # ... and swing earlier into a transition


SOFT = SoftTyreGains()


@dataclass(frozen=True)
class AwdGains:
    """The driver's gains in an all-wheel-drive car (the front wheels pull)."""

    front_slip_deg: float = 8.0  # the front wheels pointed further into the turn: their drive pulls the nose round
    front_slip_max_deg: float = 40.0
    k_angle: float = 1.5
    k_rate: float = 0.8
    k_integral: float = 0.2
    k_steer_omega: float = 0.6
    swing_throttle: float = 0.5  # (times the surface's share) through a transition: the front pulls the car through
    lookahead_s: float = 1.1  # ... which is read further ahead (on ice a late swing whips round)
    power_check_s: float = 0.3  # power-over (the styles' gain): the front's drive pulls the nose straight while the rear
    # spins, so the tail comes slower; a driver who does not feel it coming by then flicks while the flick is in time


AWD = AwdGains()
STYLE_GAINS = ("power_check_s",)  # AwdGains' fields that are the initiation styles' (DriftTuning.styles), not the tuning's


@dataclass
class SimGains:
    """Feedback gains of the simulation hold beyond the driver's own."""

    hb_margin_deg: float = 10.0  # the handbrake is feathered once the angle sits this far short of the aim ...
    hb_rate: float = 0.5  # ... and grows slower than this (rad/s)
    k_hb: float = 2.0  # lever share per rad short past the margin
    hb_max: float = 0.5  # at most this much lever
    hb_min_share: float = 0.6  # only where the surface grips at least this share of dry tarmac (on ice it only stops the car)
    k_trail: float = 0.1  # lever share per m/s faster than the plan, past trail_margin_mps, where the lever leaves the clutch in
    trail_margin_mps: float = 1.0
    spin_down: float = 0.05  # riding the traction limit: throttle share taken off per step of wheelspin ...
    spin_up: float = 0.02  # ... and given back per step without


GAINS = SimGains()


def car_feel(spec) -> CarFeel:
    """The feel of a car with a drivetrain block (its front tyres' curve, its tyre rule, its driven axles)."""
    t = spec.drivetrain.tyres
    mus = [lateral_mu(t, math.radians(a)) for a in range(1, BITE_LIMIT_DEG + 1)]
    top = max(mus)
    bite = next(a for a, m in enumerate(mus, start=1) if m >= BITE_SHARE * top)
    lay = spec.drivetrain.layout
    awd = lay.front_driven and lay.rear_driven
    declutches = not spec.drivetrain.clutch.centrifugal
    if t.rule == "real":
        return CarFeel(float(bite), True, awd, declutches)
    spinning = math.sqrt(max(0.0, 1.0 - t.spin_traction * t.spin_traction))  # side grip left to a spinning wheel
    return CarFeel(float(bite), max(t.spin_lateral_grip, spinning) < t.spin_lateral_grip, awd, declutches)


def seat_params(spec, params: dict, tuning_cls) -> dict:
    """The driver's tuning for this car on the simulation model: with all wheels driven the all-wheel-drive gains, on a soft
    tyre the soft-tyre gains blended in (params already given win); tuning_cls is DriftTuning, whose defaults the blend
    starts from (passed in: tuning.py imports this module through initiation.py)."""
    feel = car_feel(spec)
    out = dict(params)
    if feel.all_wheel:
        for name, value in AWD.__dict__.items():
            if name not in STYLE_GAINS:
                out.setdefault(name, value)
        if "styles" not in out:  # the styles' gains given whole win, as the other fields do
            styles = tuning_cls.__dataclass_fields__["styles"].default_factory()
            out["styles"] = replace(styles, **{name: getattr(AWD, name) for name in STYLE_GAINS})
    soft = min(1.0, max(0.0, (feel.bite_deg - SOFT.hard_bite_deg) / (SOFT.soft_bite_deg - SOFT.hard_bite_deg)))
    if soft <= 0.0:
        return out
    base = tuning_cls.__dataclass_fields__
    for name in ("k_angle", "k_rate", "k_integral", "k_steer_omega", "lead_s", "entry_lead_s", "lookahead_s"):
        hard = base[name].default
        out.setdefault(name, hard + soft * (getattr(SOFT, name) - hard))
    out.setdefault("front_slip_max_deg", max(base["front_slip_max_deg"].default, SOFT.slip_per_bite * feel.bite_deg * soft))
    return out


def hold(d, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
    """Hold the slide at the aimed angle (beta, aim in rad, in the turn's sense) while the velocity turns at omega_d toward
    the line and the speed follows the plan v_want: throttle and the front wheels' slip, by feedback."""
    g = GAINS
    feel = getattr(d, "car_feel", None) or HARD_TYRE
    rate = -d.side * d._rate
    share = min(1.0, d.grip / SIM_SLIDE_ACCEL)  # on a slippery surface the same throttle spins the rear up far more: less, gentler
    if d._swing:
        # a transition: off the throttle so the rear grips and the car swings back through straight, the front
        # wheels along the travel and a little into the new turn; the hold takes over once the new angle builds
        if beta < math.radians(d.tuning.swing_end_deg):
            wheel = d._front_travel(state) + math.radians(d.tuning.swing_slip_deg)
            steer = d.side * wheel / math.radians(d.max_wheel_deg)
            return Controls(throttle=share * d.tuning.swing_throttle, steer=max(-1.0, min(1.0, steer)))
        d._swing = False
    err = aim - beta
    dt = 1.0 / 120.0
    lim = math.radians(30.0)
    d._integral = max(-lim, min(lim, d._integral + d.tuning.k_integral * err * dt))
    om_err = d.side * (d._omega_v - omega_d)  # + the velocity turns faster into the turn than wanted
    front_slip = math.radians(d.tuning.front_slip_deg) + d.tuning.k_angle * err - d.tuning.k_rate * rate + d._integral
    front_slip += -d.tuning.k_steer_omega * om_err + d.tuning.k_speed * (state.speed - v_want)
    front_slip = max(math.radians(d.tuning.front_slip_min_deg), min(math.radians(d.tuning.front_slip_max_deg), front_slip))
    steer = d.side * (d._front_travel(state) + front_slip) / math.radians(d.max_wheel_deg)
    throttle = share * (d.tuning.throttle_aim + d.tuning.k_throttle_angle * err) - d.tuning.k_throttle_rate * rate / share
    if feel.all_wheel:  # past the aim the front's pull (the wheels counter-steered) straightens the car: stay on the throttle
        throttle = max(throttle, share * d.tuning.throttle_aim)
    if not feel.spin_loosens:  # ride the traction limit: ease off while the driven wheels spin, back on after
        ride = getattr(d, "_ride", 1.0)
        ride = max(0.1, ride - g.spin_down) if getattr(state.telemetry, "wheelspin", False) else min(1.0, ride + g.spin_up)
        d._ride = ride
        throttle *= ride
    short = err - math.radians(g.hb_margin_deg)
    feather = feel.lever_declutches and not feel.all_wheel and share >= g.hb_min_share
    hb = feather and short > 0.0 and rate < g.hb_rate and state.handbrake < min(g.hb_max, g.k_hb * short)
    if not feel.lever_declutches:  # a rear brake the engine drives against: trailed to hold the speed (a kart's brake-and-lift)
        hb = state.handbrake < min(g.hb_max, g.k_trail * (state.speed - v_want - g.trail_margin_mps))
    return Controls(throttle=min(1.0, max(0.1 * share, throttle)), steer=max(-1.0, min(1.0, steer)), handbrake=hb)
