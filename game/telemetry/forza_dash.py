"""Forza Motorsport 7 "Data Out", Dash variant: 311 bytes, little-endian; encode and decode by named fields (pure).

The layout is Turn 10's, unchanged from Forza Motorsport 7 to Forza Motorsport (2023):
https://support.forzamotorsport.net/hc/en-us/articles/21742934024211-Forza-Motorsport-Data-Out-Documentation
(first described for FM7 at https://forums.forza.net/t/forza-motorsport-7-data-out-feature-details/74013).
The first 232 bytes are the "Sled" packet; the Dash packet appends position, speed, power, lap data and the driver's
inputs. Car-local axes: X right, Y up, Z forward; angular velocity X pitch, Y yaw, Z roll. Fields a game has no value
for are zero, as the format allows.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

WHEELS = ("FrontLeft", "FrontRight", "RearLeft", "RearRight")


def _wheels(prefix: str, kind: str) -> list[tuple[str, str]]:
    return [(prefix + w, kind) for w in WHEELS]


# (name, struct code): s32 "i", u32 "I", f32 "f", u16 "H", u8 "B", s8 "b"; in packet order.
SLED_FIELDS: tuple[tuple[str, str], ...] = tuple(
    [("IsRaceOn", "i"), ("TimestampMS", "I"), ("EngineMaxRpm", "f"), ("EngineIdleRpm", "f"), ("CurrentEngineRpm", "f"),
     ("AccelerationX", "f"), ("AccelerationY", "f"), ("AccelerationZ", "f"),
     ("VelocityX", "f"), ("VelocityY", "f"), ("VelocityZ", "f"),
     ("AngularVelocityX", "f"), ("AngularVelocityY", "f"), ("AngularVelocityZ", "f"),
     ("Yaw", "f"), ("Pitch", "f"), ("Roll", "f")]
    + _wheels("NormalizedSuspensionTravel", "f") + _wheels("TireSlipRatio", "f") + _wheels("WheelRotationSpeed", "f")
    + _wheels("WheelOnRumbleStrip", "i") + _wheels("WheelInPuddleDepth", "f") + _wheels("SurfaceRumble", "f")
    + _wheels("TireSlipAngle", "f") + _wheels("TireCombinedSlip", "f") + _wheels("SuspensionTravelMeters", "f")
    + [("CarOrdinal", "i"), ("CarClass", "i"), ("CarPerformanceIndex", "i"), ("DrivetrainType", "i"), ("NumCylinders", "i")]
)
DASH_FIELDS: tuple[tuple[str, str], ...] = tuple(
    [("PositionX", "f"), ("PositionY", "f"), ("PositionZ", "f"), ("Speed", "f"), ("Power", "f"), ("Torque", "f")]
    + _wheels("TireTemp", "f")
    + [("Boost", "f"), ("Fuel", "f"), ("DistanceTraveled", "f"), ("BestLap", "f"), ("LastLap", "f"), ("CurrentLap", "f"),
       ("CurrentRaceTime", "f"), ("LapNumber", "H"), ("RacePosition", "B"), ("Accel", "B"), ("Brake", "B"), ("Clutch", "B"),
       ("HandBrake", "B"), ("Gear", "B"), ("Steer", "b"), ("NormalizedDrivingLine", "b"), ("NormalizedAIBrakeDifference", "b")]
)
FIELDS = SLED_FIELDS + DASH_FIELDS
NAMES: tuple[str, ...] = tuple(n for n, _ in FIELDS)
SLED = struct.Struct("<" + "".join(c for _, c in SLED_FIELDS))
DASH = struct.Struct("<" + "".join(c for _, c in FIELDS))
SLED_SIZE, DASH_SIZE = SLED.size, DASH.size  # 232, 311
_INTS = {"i": (-(2**31), 2**31 - 1), "I": (0, 2**32 - 1), "H": (0, 2**16 - 1), "B": (0, 255), "b": (-128, 127)}
_NAMESET = frozenset(NAMES)
_BOUNDS = {n: _INTS.get(c) for n, c in FIELDS}  # None: a float
_ZEROS = {n: 0 if c in _INTS else 0.0 for n, c in FIELDS}  # in packet order


def offsets() -> dict[str, int]:
    """Each field's byte offset in the packet (IsRaceOn 0, PositionX 232, NormalizedAIBrakeDifference 310)."""
    out, at = {}, 0
    for name, code in FIELDS:
        out[name] = at
        at += struct.calcsize("<" + code)
    return out


def encode(values: Mapping[str, float]) -> bytes:
    """A Dash packet of these fields (missing ones zero); integers are rounded and clamped to their type; ValueError
    on a name the layout has not."""
    if not _NAMESET.issuperset(values):
        raise ValueError(f"not a Forza Dash field: {', '.join(sorted(set(values) - _NAMESET))}")
    row = dict(_ZEROS)
    for name, v in values.items():
        bounds = _BOUNDS[name]
        if bounds is None:
            row[name] = float(v)
        else:
            row[name] = min(bounds[1], max(bounds[0], int(round(v)))) if v == v else 0  # NaN -> 0
    return DASH.pack(*row.values())


def decode(packet: bytes) -> dict[str, float | int]:
    """The named fields of a Dash packet (311 bytes), or of a Sled one (232 bytes: its fields only); ValueError on
    any other size."""
    if len(packet) == DASH_SIZE:
        return dict(zip(NAMES, DASH.unpack(packet)))
    if len(packet) == SLED_SIZE:
        return dict(zip(NAMES[: len(SLED_FIELDS)], SLED.unpack(packet)))
    raise ValueError(f"a Forza Data Out packet is {SLED_SIZE} (Sled) or {DASH_SIZE} (Dash) bytes, got {len(packet)}")
