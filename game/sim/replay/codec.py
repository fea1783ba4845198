"""The compact binary coding of a replay's control changes (see game/sim/replay/format.py for the file layout).

One record per step whose controls changed: varint steps since the previous record, a flag byte
(bit 0 throttle, 1 brake, 2 steer, 4 clutch changed; bit 3 the handbrake's value; bit 5 the gear
request changed), a zigzag varint delta in thousandths for each changed axis, then, if bit 5,
one byte: the gear request + 2 (0 = no request, 1 = reverse, 2 = neutral, 3.. = 1st..).
Format 1 files have no clutch or gear bits; they decode with the clutch released and no request.
"""

from __future__ import annotations

from game.sim.controls import MAX_GEAR, Controls

Q = 1000  # controls are stored in thousandths
_AXES = (0, 1, 2, 4)  # flag bits of throttle, brake, steer, clutch
_HANDBRAKE, _GEAR = 8, 32
_GEAR_OFFSET = 2  # gear byte = request + 2, 0 = no request


def _gear_byte(gear: int | None) -> int:
    return 0 if gear is None else gear + _GEAR_OFFSET


def encode_changes(changes) -> bytes:
    """Records for (step, Controls) changes: varint gap, flag byte, zigzag varint deltas in thousandths, gear byte."""
    out = bytearray()
    prev_step, prev, prev_gear = -1, (0, 0, 0, 0), 0
    for step, c in changes:
        q = (round(c.throttle * Q), round(c.brake * Q), round(c.steer * Q), round(c.clutch * Q))
        gear = _gear_byte(c.gear)
        flags = sum(1 << bit for i, bit in enumerate(_AXES) if q[i] != prev[i]) | (_HANDBRAKE if c.handbrake else 0)
        flags |= _GEAR if gear != prev_gear else 0
        _varint(out, step - prev_step - 1)
        out.append(flags)
        for i, bit in enumerate(_AXES):
            if flags & (1 << bit):
                d = q[i] - prev[i]
                _varint(out, (d << 1) ^ (d >> 63))  # zigzag: small deltas of either sign stay small
        if flags & _GEAR:
            out.append(gear)
        prev_step, prev, prev_gear = step, q, gear
    return bytes(out)


def decode_changes(data: bytes, steps: int, max_records: int, version: int = 2) -> tuple[tuple[int, Controls], ...]:
    """The (step, Controls) changes back from their records; ValueError on a bad record or more than max_records."""
    out: list[tuple[int, Controls]] = []
    allowed = 0x0F if version < 2 else 0x3F
    pos, step, q, gear = 0, -1, [0, 0, 0, 0], 0
    while pos < len(data):
        if len(out) >= max_records:
            raise ValueError(f"more than {max_records} input records")
        gap, pos = _read_varint(data, pos)
        step += gap + 1
        flags = data[pos]
        pos += 1
        for i, bit in enumerate(_AXES):
            if flags & (1 << bit):
                z, pos = _read_varint(data, pos)
                q[i] += (z >> 1) ^ -(z & 1)
        if flags & _GEAR:
            gear = data[pos]
            pos += 1
        if (step >= steps or flags & ~allowed or not (0 <= q[0] <= Q and 0 <= q[1] <= Q and -Q <= q[2] <= Q and 0 <= q[3] <= Q)
                or gear > MAX_GEAR + _GEAR_OFFSET):
            raise ValueError(f"bad input record at step {step}")
        request = None if gear == 0 else gear - _GEAR_OFFSET
        out.append((step, Controls(q[0] / Q, q[1] / Q, q[2] / Q, bool(flags & _HANDBRAKE), q[3] / Q, request)))
    return tuple(out)


def _varint(out: bytearray, n: int) -> None:
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        if b < 0x80:
            return n, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint too long")
