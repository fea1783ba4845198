"""The Forza Dash layout: 311 bytes little-endian at Turn 10's offsets; a frame of the sim maps onto it for both models."""

import math
import struct

import pytest

from game.commands.common import catalog_for, world_for
from game.sim.controls import Controls
from game.sim.session import Session
from game.telemetry import forza_dash as fd
from game.telemetry.dash_frame import NEUTRAL_GEAR, DashFrames, forza_gear
from game.telemetry.udp_sender import Pacer


def test_sizes_and_offsets_are_turn10s():
    o = fd.offsets()
    assert (fd.SLED_SIZE, fd.DASH_SIZE) == (232, 311)
    expect = {"IsRaceOn": 0, "TimestampMS": 4, "EngineMaxRpm": 8, "CurrentEngineRpm": 16, "AccelerationX": 20, "VelocityX": 32,
              "AngularVelocityX": 44, "Yaw": 56, "NormalizedSuspensionTravelFrontLeft": 68, "TireSlipRatioFrontLeft": 84,
              "WheelRotationSpeedFrontLeft": 100, "WheelOnRumbleStripFrontLeft": 116, "WheelInPuddleDepthFrontLeft": 132,
              "SurfaceRumbleFrontLeft": 148, "TireSlipAngleFrontLeft": 164, "TireCombinedSlipFrontLeft": 180,
              "SuspensionTravelMetersFrontLeft": 196, "CarOrdinal": 212, "NumCylinders": 228, "PositionX": 232, "Speed": 244,
              "Power": 248, "Torque": 252, "TireTempFrontLeft": 256, "Boost": 272, "Fuel": 276, "DistanceTraveled": 280,
              "BestLap": 284, "CurrentRaceTime": 296, "LapNumber": 300, "RacePosition": 302, "Accel": 303, "Brake": 304,
              "Clutch": 305, "HandBrake": 306, "Gear": 307, "Steer": 308, "NormalizedDrivingLine": 309, "NormalizedAIBrakeDifference": 310}
    assert {k: o[k] for k in expect} == expect


def test_encode_decode_round_trip_little_endian_and_clamped():
    packet = fd.encode({"IsRaceOn": 1, "TimestampMS": 4000, "CurrentEngineRpm": 6123.5, "Speed": 27.5, "Gear": 3, "Steer": -300,
                        "Accel": 255.4, "DistanceTraveled": 812.25, "LapNumber": 2})
    assert len(packet) == 311
    assert struct.unpack_from("<f", packet, 244)[0] == 27.5 and packet[307] == 3 and packet[0:4] == b"\x01\x00\x00\x00"
    d = fd.decode(packet)
    assert d["CurrentEngineRpm"] == 6123.5 and d["Steer"] == -128 and d["Accel"] == 255 and d["LapNumber"] == 2
    assert d["Fuel"] == 0.0 and d["NormalizedAIBrakeDifference"] == 0  # no value: zero, as the format allows
    assert set(fd.decode(packet[:232])) == {n for n, _ in fd.SLED_FIELDS}
    with pytest.raises(ValueError, match="232 .* 311 .* got 300"):
        fd.decode(packet[:300])
    with pytest.raises(ValueError, match="not a Forza Dash field: Turbo"):
        fd.encode({"Turbo": 1})


def test_gears():
    assert [forza_gear(g) for g in (-1, 0, None, 1, 6)] == [0, NEUTRAL_GEAR, NEUTRAL_GEAR, 1, 6]


@pytest.mark.parametrize("model", ["arcade", "sim"])
def test_a_drive_maps_onto_the_layout(model):
    catalog = catalog_for(None)
    session = Session(catalog, "hatch", world_for(catalog, None, None), hz=120, model=model)
    box = session.model.gearbox(session.car)
    frames = DashFrames(box.idle_rpm, box.redline_rpm)
    c = Controls()
    rows = []
    for i in range(360):
        c = Controls(throttle=1.0, steer=0.8 if i > 200 else 0.0, handbrake=200 < i < 240)
        session.step(c)
        if i % 2:
            rows.append(fd.decode(fd.encode(frames.fields(session.state, c, score=1234))))
    s, last = session.state, rows[-1]
    assert last["EngineMaxRpm"] == box.redline_rpm and last["EngineIdleRpm"] == box.idle_rpm
    assert last["CurrentEngineRpm"] == pytest.approx(s.telemetry.rpm, rel=1e-6) and last["Gear"] == s.telemetry.gear >= 1
    assert last["Speed"] == pytest.approx(s.speed, rel=1e-6) and last["PositionX"] == pytest.approx(s.x, rel=1e-6)
    assert last["VelocityZ"] == pytest.approx(s.forward, rel=1e-6) and last["VelocityX"] == pytest.approx(s.lateral, rel=1e-5)
    assert last["AngularVelocityY"] == pytest.approx(s.yaw_rate, rel=1e-5) and last["Yaw"] == pytest.approx(s.heading, rel=1e-6)
    assert last["Accel"] == 255 and last["Steer"] == round(0.8 * 127) and last["Boost"] == 1234
    assert last["TimestampMS"] == round(s.t * 1000) and last["CurrentRaceTime"] == pytest.approx(3.0)
    assert any(abs(r["TireSlipAngleRearLeft"]) > 0.05 for r in rows)  # the handbrake turn slides
    driven = sum(math.hypot(b["PositionX"] - a["PositionX"], b["PositionZ"] - a["PositionZ"]) for a, b in zip(rows, rows[1:]))
    assert last["DistanceTraveled"] == pytest.approx(driven, rel=1e-3) and driven > 5
    launch = rows[10]  # flat out in a straight line from rest: forward acceleration, little sideways
    assert launch["AccelerationZ"] > 1.0 and abs(launch["AccelerationX"]) < 0.5


def test_on_a_course_distance_is_the_station():
    line = [(0.0, 0.0), (0.0, 100.0), (100.0, 100.0)]
    frames = DashFrames(900, 7500, course_line=line)

    class S:  # a car state standing at a point
        def __init__(self, t, x, z):
            self.t, self.x, self.y, self.z, self.heading = t, x, 0.0, z, 0.0
            self.vx = self.vy = self.vz = self.yaw_rate = self.pitch = self.roll = self.forward = self.lateral = self.speed = 0.0
            self.drift_angle = 0.0
            self.telemetry = type("T", (), {"rpm": 900.0, "gear": 1, "value": lambda self, n: None})()

    got = [frames.fields(S(i * 0.1, x, z), Controls())["DistanceTraveled"] for i, (x, z) in enumerate([(1, 10), (-2, 60), (40, 102)])]
    assert got == pytest.approx([10.0, 60.0, 140.0])


def test_pacer_gives_60_a_second_at_any_frame_rate():
    for fps in (60, 144, 45):
        p = Pacer(60.0)
        sent = sum(p.due(i / fps) for i in range(fps * 10))
        assert 10 * min(fps, 60) - 2 <= sent <= 10 * min(fps, 60) + 1, fps
    p = Pacer(60.0)
    assert p.due(5.0) and not p.due(5.001) and p.due(0.0)  # a restart at t=0 is due at once
