"""The wheel-and-rumble tap: plugs the connected wheel into the drive loop's input and sends game/sim/feedback.py's
rumble to the pads' motors (InputDevice.set_vibration) and its torque to a force-feedback wheel (SDL2, optional)."""

from __future__ import annotations

from game.sim.feedback import FeedbackState, front_peak_slip_rad


def _base():
    """The running ShowBase, or None (no window: nothing to rumble)."""
    try:
        from direct.showbase import ShowBaseGlobal
    except ImportError:
        return None
    base = getattr(ShowBaseGlobal, "base", None)
    return base if getattr(base, "devices", None) is not None else None


def rumble_tap(scene):
    """The tap for this scene: None for a replay or without a running engine."""
    base = _base()
    if base is None or not scene.loop.live:
        return None
    from game.view.devices.input_devices import shared_devices

    hud = getattr(scene, "hud", None)
    devices = shared_devices(base, lambda: scene.settings.wheel, hud.show_message if hud is not None else None)
    return RumbleTap(scene, devices)


class RumbleTap:
    """One drive's feedback: the wheel's input into the loop, rumble and force out, silent when paused or closed."""

    def __init__(self, scene, devices, force=None) -> None:
        """devices: an InputDevices (or a fake with wheel_input/rumble/reset/wheel_name); force: a WheelForce or None."""
        session = scene.session
        spec, model = session.car, session.model
        rough = [k for k, v in scene.catalog.surfaces.items() if v.offroad]
        peak = front_peak_slip_rad(spec) if model.id != "arcade" else None
        self.feedback = FeedbackState(rough_surfaces=rough, redline_rpm=model.gearbox(spec).redline_rpm, peak_slip_rad=peak)
        self.devices, self.force = devices, force
        self._wheel_name = None
        self._t = session.t
        self._was_paused = False
        self.last = None  # the last frame's Feedback (tests, the settings screen's meter)
        self.loop = scene.loop
        self.loop.wheel = lambda: devices.wheel_input(session.car.max_wheel_angle_deg)  # the car as it is now (a live retune)

    def __call__(self, scene, out, paused: bool) -> None:
        """Rumble and force for this frame."""
        t = scene.session.t
        dt, self._t = max(t - self._t, 0.0), t
        if paused and not self._was_paused:
            self.devices.reset()
        self._was_paused = paused
        wheel = getattr(scene.settings, "wheel", None)
        rumble, strength = (wheel.rumble_strength, wheel.force_strength) if wheel is not None else (0.0, 0.0)
        f = self.last = self.feedback.frame(out.events, scene.session.state, scene.controls, dt or 1 / 60, paused, rumble, strength)
        self.devices.rumble(f.low, f.high)
        self._update_force(f.torque)

    def _update_force(self, torque: float) -> None:
        name = self.devices.wheel_name()
        if name != self._wheel_name:  # a wheel plugged in or out: open (or drop) its force feedback
            self._wheel_name = name
            if self.force is not None:
                self.force.close()
            self.force = _open_force(name) if name else None
        if self.force is not None:
            self.force.set(torque)

    def close(self) -> None:
        """Motors off, force off, the loop back to keys and pad."""
        self.devices.rumble(0.0, 0.0)
        if self.force is not None:
            self.force.close()
        self.loop.wheel = None


def _open_force(name: str):
    from game.view.devices.wheel_haptics import WheelForce

    force = WheelForce(name)
    return force if force.ok else None
