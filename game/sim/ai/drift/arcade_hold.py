"""The drift driver's hold on the arcade model: the steering holds the angle, the handbrake's grip turns the velocity (pure).

Called by game/sim/ai/drift/driver.py with the driver `d` (its gains and what it has felt of the car) each step of a
held slide; it decides Controls only.

How the arcade car slides (game/sim/models/arcade.py, note 001): the steering sets the yaw rate; the tyres turn the
velocity toward the nose at grip x sin cos of the angle (plus the thrust's share, thrust x sin / speed). The angle
grows by the yaw less the velocity's turn, so in a held slide the body and the velocity turn together and, at a given
speed and grip, each angle comes with one turn rate: steering for the line alone leaves the angle where the grip puts
it (a grippy hatch: 21 deg on the park's 35), steering for the angle alone leaves the line. The two loops, after
Goh, Goel and Gerdes' split (path through the velocity, sideslip through the yaw):
- the angle through the steering: the yaw asked for is the velocity's measured turn plus k_beta x the angle error;
- the line through the grip: the handbrake lever (the grip falls to a fifth at full lever) is worked by P + I on how
  much faster the velocity turns than the line wants (the driver's omega_d: curvature x speed plus the path
  correction); the lever eases in and out, so it is pulsed around the share asked for. A grippy car settles near full
  lever, a light one barely touches it: felt per car, from the car's own turn;
- where the lever runs out, angle is traded for line: with the lever full and the velocity still turning too fast (a
  grippy car too slow for its angle: the kart) the angle aimed is lowered, with it off and the car's full grip turning
  it too slowly (a light car, ice) it is raised, k_trade rad per rad/s;
- the throttle holds the planned speed (the fastest the line can be held at the aim on the car's grip); speed is angle
  on this model (a faster car turns faster on the same line, which takes more angle), so below the plan it stays on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.controls import Controls


@dataclass
class ArcadeGains:
    """Feedback gains of the arcade hold beyond the driver's own."""

    k_beta: float = 4.0  # yaw (rad/s) beyond the velocity's turn per rad of angle error: the angle's loop, through the steering
    aim_margin_deg: float = 2.0  # the angle aimed this far past the sector's target (its points are capped at the target; not a guide's aim)
    k_lever: float = 6.0  # handbrake lever share per rad/s the velocity turns faster than the line wants (the line's loop, on the grip)
    k_lever_i: float = 3.0  # ... and per rad the turn has run ahead of the line's, integrated
    k_trade: float = 1.0  # rad of angle given up per rad/s the velocity still turns too fast with the lever full (or added, with it off)
    beta_min_deg: float = 12.0  # the angle never traded below this
    beta_max_deg: float = 50.0  # ... nor raised past this


GAINS = ArcadeGains()
MAX_GAP_S = 0.05  # s between two held steps past which the hold starts afresh


@dataclass
class ArcadeFeel:
    """What the driver has felt of the car through the slide so far."""

    lever: float | None = None  # the handbrake share the line's loop has settled on (None: the slide has just begun)
    t: float = -1.0  # when the hold last ran (s): a gap means a new slide (after a recovery), begun from the lever as it is


def hold(d, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
    """Hold the slide (beta, aim in rad, in the turn's sense; omega_d the velocity's wanted turn rate, rad/s, + clockwise;
    v_want the planned speed): the steering holds the angle, the handbrake's grip turns the velocity as the line wants."""
    g = getattr(d, "arcade_gains", None) or GAINS
    feel = getattr(d, "arcade_feel", None)
    if feel is None:
        feel = d.arcade_feel = ArcadeFeel()
    dt = state.t - feel.t
    if not 0.0 < dt <= MAX_GAP_S:
        feel.lever, dt = None, 0.0
    feel.t = state.t
    v = max(state.speed, 1.0)
    w, wd = d.side * d._omega_v, d.side * omega_d  # the velocity's turn, measured and wanted, in the turn's sense
    e = w - wd  # + turning faster than the line wants: less grip
    if feel.lever is None:
        feel.lever = state.handbrake
    feel.lever = max(0.0, min(1.0, feel.lever + g.k_lever_i * e * dt))
    lever = max(0.0, min(1.0, feel.lever + g.k_lever * e))
    # the angle aimed: the target, traded down while even the full lever leaves the velocity turning too fast, up while
    # the car's full grip cannot turn it fast enough
    own = getattr(getattr(d, "advice", None), "aim_deg", None) is None  # a chase matching its lead's angle aims at it exactly
    b_cmd = aim + (math.radians(g.aim_margin_deg) if own else 0.0)
    if (e > 0.0 and lever >= 0.999) or (e < 0.0 and lever <= 0.001):
        b_cmd -= g.k_trade * e
    b_cmd = max(math.radians(g.beta_min_deg), min(math.radians(g.beta_max_deg), b_cmd))
    yaw_d = d.side * (w + g.k_beta * (b_cmd - beta))
    if abs(state.steer_wheel) > 0.05 and abs(state.yaw_rate) > 0.02:
        gain = state.yaw_rate / state.steer_wheel
        if gain > 0.1:
            d._yaw_gain = gain if d._yaw_gain is None else 0.8 * d._yaw_gain + 0.2 * gain
    steer = max(-1.0, min(1.0, yaw_d / (d._yaw_gain or 1.5)))
    hb = state.handbrake < lever if lever < 0.999 else True
    if v < v_want:
        return Controls(throttle=min(1.0, 0.5 + 0.5 * (v_want - v)), steer=steer, handbrake=hb)
    return Controls(throttle=max(0.0, 0.5 - 0.5 * (v - v_want)), brake=min(1.0, 0.2 * (v - v_want - 2.0)) if v > v_want + 2.0 else 0.0,
                    steer=steer, handbrake=hb)
