"""The telemetry tap: the drive's frames sent out as Forza "Data Out" Dash packets when Settings -> Telemetry (or
`--telemetry HOST:PORT`) is on, at 60 a second of sim time; a failed send is counted and never stops a frame."""

from __future__ import annotations

import sys
import time

from game.telemetry.dash_frame import DashFrames
from game.telemetry.forza_dash import encode
from game.telemetry.udp_sender import Pacer, UdpSender

_override = None  # TelemetrySettings from --telemetry for this process, over the saved settings


def set_override(target) -> None:
    """--telemetry: send to this target (TelemetrySettings, enabled) in every drive of this process; None: the settings'."""
    global _override
    _override = target


def target_for(settings):
    """The TelemetrySettings a drive sends by: --telemetry's, else the saved settings' (None when off)."""
    target = _override if _override is not None else getattr(settings, "telemetry", None)
    return target if target is not None and target.enabled else None


def telemetry_tap(scene):
    """The tap for this scene, or None while telemetry is off."""
    target = target_for(scene.settings)
    return None if target is None else TelemetryTap(scene, target.host, target.port)


class TelemetryTap:
    """Sends the player's car of one drive scene; `sender.sent` / `sender.failed` count the packets."""

    def __init__(self, scene, host: str, port: int, sender: UdpSender | None = None) -> None:
        self.sender = sender or UdpSender(host, port)
        self.pacer, self.paused_pacer = Pacer(), Pacer()
        self._frames: DashFrames | None = None
        self._car = None
        self._warned = False

    def __call__(self, scene, out, paused: bool) -> None:
        """Send this frame's packet if one is due (sim time driving; wall time, marked not racing, while paused)."""
        run, session = scene.run, scene.session
        if paused:
            if not self.paused_pacer.due(time.monotonic()):
                return
        elif not self.pacer.due(session.t):
            return
        frames = self._frames_for(run, session)
        fields = frames.fields(session.state, scene.controls, score=run.score, race_on=not (paused or run.finished))
        if not self.sender.send(encode(fields)) and not self._warned and not self.sender.pending:
            self._warned = True
            line = f"Telemetry: {self.sender.error} (packets dropped; the drive goes on)"
            sys.stderr.write(line + "\n")
            hud = getattr(scene, "hud", None)
            if hud is not None:
                hud.show_message(line, 4.0)

    def _frames_for(self, run, session) -> DashFrames:
        """The frame mapper, its rpm range the gearbox of the car being driven (a retune may change it)."""
        if self._frames is None or session.car is not self._car:
            box = session.model.gearbox(session.car)
            if self._frames is None:
                mode = run.game_mode
                self._frames = DashFrames(box.idle_rpm, box.redline_rpm, mode.course.line if mode.on_course else None)
            self._frames.idle_rpm, self._frames.redline_rpm = float(box.idle_rpm), float(box.redline_rpm)
            self._car = session.car
        return self._frames

    def close(self) -> None:
        """Close the socket."""
        self.sender.close()
