"""The drift driver's hold on the simulation model: the front wheels along the front axle's travel plus a slip into the
turn, the throttle keeping the rear saturated, transitions off the throttle (pure).

Called by game/sim/ai/drift_driver.py with the driver `d` (its gains and what it has felt of the car) each step of a
held slide; it decides Controls only.
"""

from __future__ import annotations

import math

from game.sim.controls import Controls

SIM_SLIDE_ACCEL = 8.5  # m/s^2 a held slide pulls on dry tarmac in the simulation model (measured with DriftHolder: 8.5-9)


def hold(d, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
    """Hold the slide at the aimed angle (beta, aim in rad, in the turn's sense) while the velocity turns at omega_d toward
    the line and the speed follows the plan v_want: throttle and the front wheels' slip, by feedback."""
    rate = -d.side * d._rate
    share = min(1.0, d.grip / SIM_SLIDE_ACCEL)  # on a slippery surface the same throttle spins the rear up far more: less, gentler
    if d._swing:
        # a transition: off the throttle so the rear grips and the car swings back through straight, the front
        # wheels along the travel and a little into the new turn; the hold takes over once the new angle builds
        if beta < math.radians(d.swing_end_deg):
            wheel = d._front_travel(state) + math.radians(d.swing_slip_deg)
            steer = d.side * wheel / math.radians(d.max_wheel_deg)
            return Controls(throttle=share * d.swing_throttle, steer=max(-1.0, min(1.0, steer)))
        d._swing = False
    err = aim - beta
    dt = 1.0 / 120.0
    lim = math.radians(30.0)
    d._integral = max(-lim, min(lim, d._integral + d.k_integral * err * dt))
    om_err = d.side * (d._omega_v - omega_d)  # + the velocity turns faster into the turn than wanted
    front_slip = math.radians(d.front_slip_deg) + d.k_angle * err - d.k_rate * rate + d._integral
    front_slip += -d.k_steer_omega * om_err + d.k_speed * (state.speed - v_want)
    front_slip = max(math.radians(d.front_slip_min_deg), min(math.radians(d.front_slip_max_deg), front_slip))
    steer = d.side * (d._front_travel(state) + front_slip) / math.radians(d.max_wheel_deg)
    throttle = share * (d.throttle_aim + d.k_throttle_angle * err) - d.k_throttle_rate * rate / share
    return Controls(throttle=min(1.0, max(0.1 * share, throttle)), steer=max(-1.0, min(1.0, steer)))
