"""One Dash packet's fields from the sim's state: the player's car, its controls and the run (pure; both handling models).

What goes where (Sideways' choices where Forza has no such quantity, documented in docs/command-line.md):
- EngineMaxRpm / EngineIdleRpm: the gearbox's redline and idle; CurrentEngineRpm: the model's rpm.
- Velocity, Acceleration (m/s, m/s^2) in the car's frame, X right, Y up, Z forward; acceleration from the change in
  velocity since the last packet. AngularVelocity X pitch, Y yaw, Z roll (rad/s); Yaw = heading, Pitch, Roll (rad).
- TireSlipAngle (rad, not Forza's normalised slip): the Simulation model's front / rear axle slip angles on the front /
  rear wheels; the Arcade model has none, so each wheel gets the car's drift angle (body slip).
- Position (m, the game's world: Y up); Speed (m/s, ground); Torque (Nm) and Power (W) where the model has engine torque.
- Boost: the drift score of the run so far (a dashboard shows it as a number; Sideways has no turbo to report).
- DistanceTraveled: on a course, the station along its line (m from the start, the lap distance); elsewhere the metres
  driven since the packets began. CurrentRaceTime: the session's sim time (s); TimestampMS the same in ms.
- Accel, Brake, Clutch, HandBrake 0..255 from the controls; Steer -127..127; Gear 0 reverse, 1..n, 11 neutral (Turn 10
  describes no neutral value; 11 is Sideways' choice, past any gearbox of the game). DrivetrainType 1 (rear-wheel drive).
"""

from __future__ import annotations

import math

NEUTRAL_GEAR = 11
RWD = 1  # Forza's DrivetrainType: 0 FWD, 1 RWD, 2 AWD
STATION_WINDOW_M = 40.0  # how far along the course line the station is looked for from the last one (m)


class DashFrames:
    """Turns successive sim frames of one car into Dash fields; remembers what rates and distances need."""

    def __init__(self, idle_rpm: float, redline_rpm: float, course_line=None) -> None:
        """course_line: the course's line [(x, z), ...] when the run drives one (DistanceTraveled is its station)."""
        self.idle_rpm, self.redline_rpm = float(idle_rpm), float(redline_rpm)
        self._tracker = None
        if course_line is not None and len(course_line) >= 2:
            from game.sim.course import shared_tracker

            self._tracker = shared_tracker(course_line, STATION_WINDOW_M)
        self._station: float | None = None
        self._last = None  # (t, vx, vy, vz, pitch, roll, x, z) of the last frame
        self.odometer_m = 0.0

    def fields(self, state, controls, score: float = 0.0, race_on: bool = True) -> dict:
        """The Dash fields of this frame (missing ones are zero in the packet)."""
        s, tel = state, state.telemetry
        h = s.heading
        fx, fz, rx, rz = math.sin(h), math.cos(h), math.cos(h), -math.sin(h)
        ax = ay = az = pitch_rate = roll_rate = 0.0
        if self._last is not None:
            t0, vx0, vy0, vz0, p0, r0, x0, z0 = self._last
            dt = s.t - t0
            if dt > 1e-9:
                dvx, dvy, dvz = (s.vx - vx0) / dt, (s.vy - vy0) / dt, (s.vz - vz0) / dt
                ax, ay, az = dvx * rx + dvz * rz, dvy, dvx * fx + dvz * fz
                pitch_rate, roll_rate = (s.pitch - p0) / dt, (s.roll - r0) / dt
            self.odometer_m += math.hypot(s.x - x0, s.z - z0)
        self._last = (s.t, s.vx, s.vy, s.vz, s.pitch, s.roll, s.x, s.z)
        rpm = tel.rpm or 0.0
        front = tel.value("slip_angle_front_rad")
        rear = tel.value("slip_angle_rear_rad")
        if front is None or rear is None:
            front = rear = s.drift_angle
        torque = tel.value("engine_torque_nm")
        out = {
            "IsRaceOn": 1 if race_on else 0, "TimestampMS": int(round(s.t * 1000.0)) % 2**32,
            "EngineMaxRpm": self.redline_rpm, "EngineIdleRpm": self.idle_rpm, "CurrentEngineRpm": rpm,
            "AccelerationX": ax, "AccelerationY": ay, "AccelerationZ": az,
            "VelocityX": s.lateral, "VelocityY": s.vy, "VelocityZ": s.forward,
            "AngularVelocityX": pitch_rate, "AngularVelocityY": s.yaw_rate, "AngularVelocityZ": roll_rate,
            "Yaw": h, "Pitch": s.pitch, "Roll": s.roll,
            "TireSlipAngleFrontLeft": front, "TireSlipAngleFrontRight": front, "TireSlipAngleRearLeft": rear, "TireSlipAngleRearRight": rear,
            "DrivetrainType": RWD,
            "PositionX": s.x, "PositionY": s.y, "PositionZ": s.z, "Speed": s.speed,
            "Torque": torque or 0.0, "Power": (torque or 0.0) * rpm * 2.0 * math.pi / 60.0,
            "Boost": float(score), "DistanceTraveled": self._distance(s), "CurrentRaceTime": s.t,
            "Accel": _byte(controls.throttle), "Brake": _byte(controls.brake), "Clutch": _byte(controls.clutch),
            "HandBrake": 255 if controls.handbrake else 0, "Gear": forza_gear(tel.gear),
            "Steer": max(-127, min(127, round(controls.steer * 127))),
        }
        return out

    def _distance(self, s) -> float:
        if self._tracker is None:
            return self.odometer_m
        self._station, _, _ = self._tracker.locate(s.x, s.z, self._station)
        return self._station


def forza_gear(gear: int | None) -> int:
    """The game's gear (-1 reverse, 0 neutral, 1..n; None: no gearbox) as Forza's Gear byte."""
    if gear is None or gear == 0:
        return NEUTRAL_GEAR
    return 0 if gear < 0 else int(gear)


def _byte(v: float) -> int:
    return max(0, min(255, round(float(v) * 255)))
