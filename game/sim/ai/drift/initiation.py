"""How the drift driver gets the tail out before the initiation line: its initiation styles (pure).

Called by game/sim/ai/drift/driver.py with the driver `d` during its ENTRY phase; decides Controls only.
- FLICK: full lock into the turn and the handbrake (the clutch in on the simulation model so it locks the rear).
- FEINT: a short steer away from the turn with some throttle: the body rolls and yaws away, and as the flick into the
  turn follows, the swing back adds to it (the Scandinavian flick). On a slippery surface the steer away and the throttle
  are scaled by the grip (a feint on ice swings far more). Off the throttle the feint's lift slowed the car into the
  flick and it reached the hold in another state than a flick leaves it in (on the park the held arc then crept to
  18 m/s against a plan of 12.5 and ran off: Vera's zenith zeroed), and a full 0.5 lock on ice over-rotated.
- POWER_OVER (simulation): full lock and the throttle floored, no handbrake: the driven rear wheels spin past their
  grip and the tail steps out. Needs power at the rear: a driver who feels it not coming flicks instead (on a slippery
  surface the tail comes slower, and is given longer).
- CLUTCH_KICK (simulation; tests/support/drift_hold.py's KICK): lock into the turn, the clutch in with the throttle
  floored so the engine revs, then the clutch dropped: the jolt of torque breaks the rear loose (on a slippery surface
  with less throttle after the drop, and given longer).
No handbrake scrubs speed in these two, and the throttle floored in a low gear adds some: they arrive slower than a
flick (`power_entry_share`, `kick_entry_share`), and keep the lock and the throttle until the tail is really out (the
angle run on at its rate for only `drive_entry_lead_s`): a rear the throttle broke loose grips again if the hold takes
it early, and the car then runs on at a speed the plan cannot turn (on the park's long arc the Vortex and the Bruiser
ran wide off the course, 3-4 m/s over the plan).
On the arcade model (no clutch, no drivetrain) power-over and the clutch kick are flicks. A style that has not got the
tail out in its time hands over to a flick, and the driver flicks from then on (it has learnt the car will not do it).
A style the car cannot do at all (the driver data's `initiations`, passed in as the tuning's `initiations_allowed`) is
never tried: the driver takes the next style of `initiation_fallback` the car can do, the flick at the last.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.ai.drift.sim_hold import SIM_SLIDE_ACCEL
from game.sim.controls import Controls

FLICK, FEINT, POWER_OVER, CLUTCH_KICK = "flick", "feint", "power_over", "clutch_kick"
INITIATIONS = (FLICK, FEINT, POWER_OVER, CLUTCH_KICK)
SIM_ONLY = (POWER_OVER, CLUTCH_KICK)
FALLBACK = (CLUTCH_KICK, POWER_OVER, FEINT, FLICK)  # a style the car cannot do falls to the next it can, down to the flick
ENTRY_DEG = 15.0  # the entry ends once the angle (run on at its rate for entry_lead_s) passes this
FLICK_MAX_S = 0.7  # the longest handbrake pull


@dataclass(frozen=True)
class EntryGains:
    """How a driver drives the initiation styles (a DriftTuning's `styles`)."""

    feint_s: float = 0.1  # the feint: steered away from the turn this long before the flick
    feint_steer: float = 0.5  # ... by this share of the lock
    feint_throttle: float = 0.3  # ... with this much throttle (times the surface's grip share)
    feint_grip_power: float = 1.0  # ... the steer away times the surface's grip share to this power
    power_lead_s: float = 0.2  # power-over starts this much before a flick would
    kick_rev_s: float = 0.25  # clutch kick: clutch in, throttle floored, this long before the drop
    kick_lead_s: float = 0.1  # the kick (its revving included) starts this much before a flick would
    power_check_s: float = 0.45  # power-over: after this long the tail must be on its way out ...
    kick_check_s: float = 0.3  # the kick: this long after the drop ...
    style_grace_s: float = 0.4  # ... (the angle run on at its rate this long reaching ENTRY_DEG), else a flick
    power_slow: float = 0.5  # power-over's times (its check and grace) x the surface's grip share to minus this power
    kick_slow: float = 0.5  # ... and the kick's (after the drop)
    kick_drop_power: float = 0.5  # the throttle after the drop: the surface's grip share to this power (on ice a floored
    # drop spins the rear up so far that the tail swings on past the aim and the slide runs wide)
    power_entry_share: float = 0.7  # power-over arrives with this share of a flick's entry speed (no handbrake scrubs it) ...
    kick_entry_share: float = 0.85  # ... and the kick with this (its drop in a low gear adds speed)
    drive_entry_lead_s: float = 0.15  # both end once the angle run on at its rate this long passes ENTRY_DEG (a flick: entry_lead_s)


def own_style(tuning) -> str:
    """The style a driver with this tuning initiates with in its car: its own where the car can do it, else the next the
    car can do in the fallback order (the driver data's `initiations`), the flick at the last."""
    style = tuning.initiation
    if style not in INITIATIONS:
        raise ValueError(f"initiation {style!r}: not one of {', '.join(INITIATIONS)}")
    if style in tuning.initiations_allowed:
        return style
    order = tuning.initiation_fallback
    after = order[order.index(style) + 1 :] if style in order else order
    return next((s for s in after if s in tuning.initiations_allowed), FLICK)


def style_for(d) -> str:
    """The style this entry uses: the driver's own (or its car's fallback), a flick where the model has no clutch for it
    or it failed before."""
    style = d.own_style  # own_style(d.tuning), worked out once when the driver was made
    if d._style_failed or (d.arcade and style in SIM_ONLY):
        return FLICK
    return style


def extra_lead_s(d) -> float:
    """How much earlier than a flick this style starts (s): the feint's swing away, the power-over's or kick's build-up."""
    g = d.tuning.styles
    style = style_for(d)
    return {FEINT: g.feint_s, POWER_OVER: g.power_lead_s, CLUTCH_KICK: g.kick_lead_s}.get(style, 0.0)


def entry_share(d) -> float:
    """The share of its flick's entry speed this style arrives with: power-over and the kick keep the speed a flick
    scrubs, so they arrive no faster than their share of a flick's at full pace (a driver slower than that by its
    speed_scale already is: it is not slowed further)."""
    g = d.tuning.styles
    share = {POWER_OVER: g.power_entry_share, CLUTCH_KICK: g.kick_entry_share}.get(style_for(d), 1.0)
    return min(1.0, share / max(d.tuning.speed_scale, 1e-3))


def start(d, t: float) -> None:
    """The entry begins now: remember the style and when its flick (if it comes to one) begins."""
    g = d.tuning.styles
    d._style = style_for(d)
    d._flick_t = t + (g.feint_s if d._style == FEINT else 0.0)


def sideways(d, state, ang: float) -> bool:
    """The tail is out: the angle into the turn, run on at its rate for entry_lead_s (power-over's and the kick's own
    drive_entry_lead_s: the rear they break loose grips again if let go early), is past ENTRY_DEG."""
    lead = d.tuning.styles.drive_entry_lead_s if d._style in SIM_ONLY else d.tuning.entry_lead_s
    return math.degrees(ang + lead * max(0.0, -d.side * d._rate)) >= ENTRY_DEG


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
        slow = _grip_share(d) ** -g.power_slow  # on a slippery surface the wheelspin swings the tail slower: give it longer
        if dt < slow * (g.power_check_s + g.style_grace_s) and (dt < slow * g.power_check_s or _coming(d, ang, slow)):
            return Controls(steer=d.side, throttle=1.0)
        _give_up(d, t)
    elif style == CLUTCH_KICK:
        if dt < g.kick_rev_s:
            return Controls(steer=d.side, clutch=1.0, throttle=1.0)
        slow = _grip_share(d) ** -g.kick_slow
        if dt < g.kick_rev_s + slow * (g.kick_check_s + g.style_grace_s) and (dt < g.kick_rev_s + slow * g.kick_check_s or _coming(d, ang, slow)):
            return Controls(steer=d.side, throttle=_grip_share(d) ** g.kick_drop_power)
        _give_up(d, t)
    if t - d._flick_t >= FLICK_MAX_S:
        return None
    # full lock into the turn and the handbrake, the clutch in (simulation) so it locks the rear, the engine revved for the drop
    return Controls(steer=d.side, handbrake=True, clutch=0.0 if d.arcade else 1.0, throttle=1.0)


def _grip_share(d) -> float:
    """The course's grip as a share of dry tarmac's (1 on the arcade model, whose grip is not a slide's pull)."""
    return 1.0 if d.arcade else min(1.0, d.grip / SIM_SLIDE_ACCEL)


def _coming(d, ang: float, slow: float = 1.0) -> bool:
    """The tail is on its way out: the angle, run on at its rate for the style's grace (times slow), would reach ENTRY_DEG."""
    g = d.tuning.styles
    return math.degrees(ang + slow * g.style_grace_s * max(0.0, -d.side * d._rate)) >= ENTRY_DEG


def _give_up(d, t: float) -> None:
    """The style did not get the tail out: flick now, and from now on."""
    d._style, d._style_failed, d._flick_t = FLICK, True, t
    d.log.append((round(t, 3), "flick instead", round(d.s, 1)))
