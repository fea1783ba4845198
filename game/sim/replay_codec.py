"""The compact binary coding of a replay's control changes (see game/sim/replay.py for the file layout)."""

from __future__ import annotations

from game.sim.controls import Controls

Q = 1000  # controls are stored in thousandths


def encode_changes(changes) -> bytes:
    """Records for (step, Controls) changes: varint gap, flag byte, zigzag varint deltas in thousandths."""
    out = bytearray()
    prev_step, prev = -1, (0, 0, 0)
    for step, c in changes:
        q = (round(c.throttle * Q), round(c.brake * Q), round(c.steer * Q))
        flags = sum(1 << i for i in range(3) if q[i] != prev[i]) | (8 if c.handbrake else 0)
        _varint(out, step - prev_step - 1)
        out.append(flags)
        for i in range(3):
            if flags & (1 << i):
                d = q[i] - prev[i]
                _varint(out, (d << 1) ^ (d >> 63))  # zigzag: small deltas of either sign stay small
        prev_step, prev = step, q
    return bytes(out)


def decode_changes(data: bytes, steps: int, max_records: int) -> tuple[tuple[int, Controls], ...]:
    """The (step, Controls) changes back from their records; ValueError on a bad record or more than max_records."""
    out = []
    pos, step, q = 0, -1, [0, 0, 0]
    while pos < len(data):
        if len(out) >= max_records:
            raise ValueError(f"more than {max_records} input records")
        gap, pos = _read_varint(data, pos)
        step += gap + 1
        flags = data[pos]
        pos += 1
        for i in range(3):
            if flags & (1 << i):
                z, pos = _read_varint(data, pos)
                q[i] += (z >> 1) ^ -(z & 1)
        if step >= steps or flags & 0xF0 or not (0 <= q[0] <= Q and 0 <= q[1] <= Q and -Q <= q[2] <= Q):
            raise ValueError(f"bad input record at step {step}")
        out.append((step, Controls(q[0] / Q, q[1] / Q, q[2] / Q, bool(flags & 8))))
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
