"""The drift driver's hold on the arcade model: the steering sets the yaw, the speed sets the angle (pure).

Called by game/sim/ai/drift_driver.py with the driver `d` (its gains and what it has felt of the car) each step of a
held slide; it decides Controls only.
"""

from __future__ import annotations

from game.sim.controls import Controls


def hold(d, state, beta: float, aim: float, omega_d: float, v_want: float) -> Controls:
    """Hold the slide: the steering asks for the yaw rate the line needs, the speed (throttle, brake) moves the angle
    toward the aim; a grippy car feathers the handbrake."""
    dt = 1.0 / 120.0
    v = max(state.speed, 1.0)
    # the steering sets the yaw: asked for at the rate the velocity should turn, the angle settles by itself where
    # the tyres turn the velocity that fast (grip x sin cos of it grows with the angle below 45 deg), so the car
    # follows the line; a little feedback toward the aim damps it
    yaw_d = omega_d + d.side * d.k_beta * (aim - beta)
    if abs(state.steer_wheel) > 0.05 and abs(state.yaw_rate) > 0.02:
        gain = state.yaw_rate / state.steer_wheel
        if gain > 0.1:
            d._yaw_gain = gain if d._yaw_gain is None else 0.8 * d._yaw_gain + 0.2 * gain
    steer = max(-1.0, min(1.0, yaw_d / (d._yaw_gain or 1.5)))
    # the angle through the speed: a bend asks for more turn per second the faster it is taken, so the angle it
    # settles at grows with the speed; the plan's speed, corrected while the angle sits short of the aim
    d._v_adj = max(-8.0, min(8.0, d._v_adj + d.k_speed_angle * (aim - beta) * dt))
    v_cmd = max(d.v_min, min(d.v_max, v_want + d._v_adj))
    hb = d.grip > d.slide_grip and state.handbrake < 1.0 - d.slide_grip / d.grip
    if v < v_cmd:
        return Controls(throttle=min(1.0, 0.5 + 0.5 * (v_cmd - v)), steer=steer, handbrake=hb)
    return Controls(throttle=max(0.0, 0.5 - 0.5 * (v - v_cmd)), brake=min(1.0, 0.2 * (v - v_cmd - 2.0)) if v > v_cmd + 2.0 else 0.0,
                    steer=steer, handbrake=hb)  # fmt: skip
