"""How a drift driver drives, as one frozen record: its shares of the aim, line and speed, its initiation, and its gains (pure).

The DriftDriver (game/sim/ai/drift/driver.py) holds one beside its state, as VDrift's CarEngineInfo sits beside its
CarEngine: a skill level (game/sim/ai/drift/skill.py driver_params) and the car's feel (sim_hold.py seat_params) give
some of the fields, the rest keep the defaults here. A sloppy run is `late_s` > 0 (the flick late), `clip_pull` < 1 (the
clips not aimed at), `angle_scale` < 1 (less angle), `offset_m` > 0 (a wider line) and/or `speed_scale` < 1 (slower).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.sim.ai.drift.initiation import FALLBACK, FLICK, INITIATIONS, EntryGains
from game.sim.ai.drift.recover import RecoverGains


@dataclass(frozen=True)
class DriftTuning:
    """A drift driver's tuning: fixed for its run (the driver's state changes each step, never this)."""

    angle_scale: float = 1.0  # share of each sector's target angle aimed at
    offset_m: float = 0.0  # the centre's line this far wide of the clips (short of them near one, outside the drift between)
    late_s: float = 0.0  # the flick this much later than a good driver flicks (and the entry slower for it)
    clip_pull: float = 1.0  # how hard the line is bent toward the clips (0: the judged line as it is drawn)
    speed_scale: float = 1.0  # share of the planned speed
    initiation: str = FLICK  # initiation.INITIATIONS: "flick", "feint", "power_over", "clutch_kick"
    initiations_allowed: tuple[str, ...] = INITIATIONS  # the styles the car can do on its model (the driver data's "initiations")
    initiation_fallback: tuple[str, ...] = FALLBACK  # ... and where `initiation` is not one of them, the next of these it is
    lead_s: float = 0.65  # a good flick starts this long before the initiation line
    entry_lead_s: float = 0.5  # the flick ends when the angle, run on at its rate this long, passes ENTRY_DEG
    lookahead_s: float = 0.5  # the curvature sign (the drift's side) is read this far ahead
    v_min: float = 6.0
    v_max: float = 26.0
    styles: EntryGains = field(default_factory=EntryGains)  # how the initiation styles are driven
    # path tracking
    k_offset: float = 0.15  # rad of velocity heading toward the line per metre off it (simulation: firmer throws the slide)
    arcade_k_offset: float = 0.35  # arcade, on its own line: firmer (the velocity turns on the grip at once: the outer zones reached)
    offset_heading_max_deg: float = 20.0
    k_heading: float = 2.0  # velocity turn rate (rad/s) per rad of heading error
    # arcade: the angle held through the yaw
    k_beta: float = 1.5  # arcade: yaw (rad/s) per rad of angle error
    k_speed_angle: float = 8.0  # arcade: m/s faster per rad s the angle has sat short of the aim
    arcade_grip_max: float = 2.3  # 1/s: above this the slide needs more yaw than the steering gives at drift speeds
    # simulation: DriftHolder's angle loops, the front slip also carrying path and speed
    k_angle: float = 2.0
    k_rate: float = 1.2
    k_integral: float = 0.5
    front_slip_deg: float = 4.0
    throttle_aim: float = 0.6
    k_throttle_angle: float = 10.0  # throttle per rad the angle is short of the aim
    k_throttle_rate: float = 0.3  # ... less per rad/s it is growing
    k_steer_omega: float = 0.3  # front slip (rad) into the turn per rad/s the velocity turns slower than wanted
    k_speed: float = 0.15  # front slip (rad) into the turn per m/s too fast for the plan (the front scrubs it off)
    front_slip_min_deg: float = -40.0  # counter-steer as far as the lock goes
    front_slip_max_deg: float = 14.0  # into the turn: past the front tyres' peak slip more lock only scrubs
    swing_throttle: float = 0.25  # throttle through a transition
    swing_slip_deg: float = 6.0  # front slip into the new turn through a transition
    swing_end_deg: float = 8.0  # the transition ends once the new angle passes this
    recovery: RecoverGains = field(default_factory=RecoverGains)  # when and how a bumped or spun car is caught
