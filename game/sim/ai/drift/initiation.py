"""How the drift driver gets the tail out before the initiation line: its initiation styles (pure).

Called by game/sim/ai/drift/driver.py with the driver `d` during its ENTRY phase; decides Controls only.
- FLICK: full lock into the turn and the handbrake (the clutch in on the simulation model so it locks the rear).
- FEINT: a short steer away from the turn with some throttle: the body rolls and yaws away, and as the flick into the
  turn follows, the swing back adds to it (the Scandinavian flick). On a slippery surface the steer away and the throttle
  are scaled by the grip (a feint on ice swings far more). Off the throttle the feint's lift slowed the car into the
  flick and it reached the hold in another state than a flick leaves it in (on the park the held arc then crept to
  18 m/s against a plan of 12.5 and ran off: Vera's zenith zeroed), and a full 0.5 lock on ice over-rotated.
- POWER_OVER (simulation): full lock and the throttle floored, no handbrake: the driven rear wheels spin past their
  grip and the tail steps out. Needs power at the rear: a driver who feels it not coming flicks instead.
- CLUTCH_KICK (simulation; tests/support/drift_hold.py's KICK): lock into the turn, the clutch in with the throttle
  floored so the engine revs, then the clutch dropped: the jolt of torque breaks the rear loose.
On the arcade model (no clutch, no drivetrain) power-over and the clutch kick are flicks. A style that has not got the
tail out in its time hands over to a flick, and the driver flicks from then on (it has learnt the car will not do it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.ai.drift.sim_hold import SIM_SLIDE_ACCEL
from game.sim.controls import Controls

FLICK, FEINT, POWER_OVER, CLUTCH_KICK = "flick", "feint", "power_over", "clutch_kick"
INITIATIONS = (FLICK, FEINT, POWER_OVER, CLUTCH_KICK)
SIM_ONLY = (POWER_OVER, CLUTCH_KICK)
ENTRY_DEG = 15.0  # the entry ends once the angle (run on at its rate for entry_lead_s) passes this
FLICK_MAX_S = 0.7  # the longest handbrake pull


@dataclass(frozen=True)
class EntryGains:
    """How a driver drives the initiation styles (a DriftTuning's `styles`)."""

    feint_s: float = 0.1  # the feint: steered away from the turn this long before the flick
    feint_steer: float = 0.5  # ... by this share of the lock
    feint_throttle: float = 0.3  # ... with this much throttle (times the surface's grip share)
    feint_grip_power: float = 1.0  # ... the steer away times the surface's grip share to this power
    power_lead_s: float = 0.35  # power-over starts this much before a flick would
    kick_rev_s: float = 0.25  # clutch kick: clutch in, throttle floored, this long before the drop
    kick_lead_s: float = 0.45  # the kick (its revving included) starts this much before a flick would
    power_check_s: float = 0.3  # power-over and the kick: after this long the tail must be on its way out ...
    style_grace_s: float = 0.4  # ... (the angle run on at its rate this long reaching ENTRY_DEG), else a flick


def style_for(d) -> str:
    """The style this entry uses: the driver's own, a flick where the model has no clutch for it or it failed before."""
    if d.tuning.initiation not in INITIATIONS:
        raise ValueError(f"initiation {d.tuning.initiation!r}: not one of {', '.join(INITIATIONS)}")
    if d._style_failed or (d.arcade and d.tuning.initiation in SIM_ONLY):
        return FLICK
    return d.tuning.initiation


def extra_lead_s(d) -> float:
    """How much earlier than a flick this style starts (s): the feint's swing away, the power-over's or kick's build-up."""
    g = d.tuning.styles
    style = style_for(d)
    return {FEINT: g.feint_s, POWER_OVER: g.power_lead_s, CLUTCH_KICK: g.kick_lead_s}.get(style, 0.0)


def start(d, t: float) -> None:
    """The entry begins now: remember the style and when its flick (if it comes to one) begins."""
    g = d.tuning.styles
    d._style = style_for(d)
    d._flick_t = t + (g.feint_s if d._style == FEINT else 0.0)


def sideways(d, state, ang: float) -> bool:
    """The tail is out: the angle into the turn, run on at its rate for entry_lead_s, is past ENTRY_DEG."""
    return math.degrees(ang + d.tuning.entry_lead_s * max(0.0, -d.side * d._rate)) >= ENTRY_DEG


def entry(d, state, t: float, ang: float):
    """This step's entry controls, or None once the entry is over (the hold takes over)."""
    g = d.tuning.styles
    style = d._style
    dt = t - d._phase_t
    if style == FEINT and t < d._flick_t:
        share = _grip_share(d)  # on a slippery surface the swing away comes far easier: less of it
        return Controls(steer=-d.side * g.feint_steer * share ** g.feint_grip_power, throttle=g.feint_throttle * share, clutch=0.0)
    if sideways(d, state, ang):
        return None
    if style == POWER_OVER:
        if dt < g.power_lead_s + g.style_grace_s and (dt < g.power_check_s or _coming(d, ang)):
            return Controls(steer=d.side, throttle=1.0)
        _give_up(d, t)
    elif style == CLUTCH_KICK:
        if dt < g.kick_rev_s:
            return Controls(steer=d.side, clutch=1.0, throttle=1.0)
        if dt < g.kick_rev_s + g.style_grace_s and (dt < g.kick_rev_s + g.power_check_s or _coming(d, ang)):
            return Controls(steer=d.side, throttle=1.0)
        _give_up(d, t)
    if t - d._flick_t >= FLICK_MAX_S:
        return None
    # full lock into the turn and the handbrake, the clutch in (simulation) so it locks the rear, the engine revved for the drop
    return Controls(steer=d.side, handbrake=True, clutch=0.0 if d.arcade else 1.0, throttle=1.0)


def _grip_share(d) -> float:
    """The course's grip as a share of dry tarmac's (1 on the arcade model, whose grip is not a slide's pull)."""
    return 1.0 if d.arcade else min(1.0, d.grip / SIM_SLIDE_ACCEL)


def _coming(d, ang: float) -> bool:
    """The tail is on its way out: the angle, run on at its rate for the style's grace, would reach ENTRY_DEG."""
    g = d.tuning.styles
    return math.degrees(ang + g.style_grace_s * max(0.0, -d.side * d._rate)) >= ENTRY_DEG


def _give_up(d, t: float) -> None:
    """The style did not get the tail out: flick now, and from now on."""
    d._style, d._style_failed, d._flick_t = FLICK, True, t
    d.log.append((round(t, 3), "flick instead", round(d.s, 1)))
