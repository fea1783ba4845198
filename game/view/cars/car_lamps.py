"""A car's lamps: headlights on, tail lights that brighten under braking, reverse lights going backwards (one uniform)."""

from __future__ import annotations

HEAD_ON = 0.55  # emission added to the lamp's own colour (the shader's `car_lamps`)
TAIL_IDLE, TAIL_BRAKE = 0.35, 1.8
REVERSE_ON = 1.4
BRAKE_INPUT = 0.08  # a brake pedal past this lights the tail lamps
BRAKE_DECEL_MPS2 = 3.5  # without the controls (AI, ghosts): slowing harder than this is braking
REVERSE_MPS = 0.4  # backwards faster than this lights the reverse lamps
HOLD_S = 0.25  # the brake lamps stay lit this long after the last sign of braking (no flicker)


class CarLamps:
    """Works out which lamps are lit from the car's state (and the driver's controls when the view has them)."""

    def __init__(self, node) -> None:
        self.node = node  # the car's root: its shader reads `car_lamps`
        self.controls = None  # the driver's Controls this frame, when the owner hands them in (the player's car)
        self.braking = self.reversing = False
        self._prev_forward: float | None = None
        self._hold = 0.0
        self._sent: tuple | None = None
        self._send()

    def update(self, state, dt: float) -> None:
        """Set the lamps from this frame's state; the shader input changes only when a lamp does."""
        fwd = state.forward
        c = self.controls
        if c is not None:
            brake_now = getattr(c, "brake", 0.0) > BRAKE_INPUT
        else:
            decel = 0.0 if self._prev_forward is None or dt <= 0.0 else (abs(self._prev_forward) - abs(fwd)) / dt
            brake_now = decel > BRAKE_DECEL_MPS2 and not state.airborne
        if dt > 0.0:
            self._prev_forward = fwd
        self._hold = HOLD_S if brake_now else max(0.0, self._hold - dt)
        self.braking = brake_now or self._hold > 0.0
        self.reversing = fwd < -REVERSE_MPS
        self._send()

    def values(self) -> tuple[float, float, float, float]:
        """The shader's `car_lamps`: headlights, tail lights, reverse lights, unused."""
        return HEAD_ON, TAIL_BRAKE if self.braking else TAIL_IDLE, REVERSE_ON if self.reversing else 0.0, 0.0

    def _send(self) -> None:
        v = self.values()
        if v != self._sent:
            self._sent = v
            self.node.set_shader_input("car_lamps", v)
