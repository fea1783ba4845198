"""Scripted driver inputs: the JSON Lines format of `sideways sim`, as a timeline of Controls."""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass

from game.safe_json import DataError, parse_json_lines
from game.sim.controls import MAX_GEAR, Controls

_KEYS = {"t", "throttle", "brake", "steer", "handbrake", "clutch", "gear", "send_ai"}
MAP_REACH_M = 5000.0  # a send_ai point must lie within this of the origin
MAX_SECONDS = 3600.0  # longest scripted drive (s): inputs past it are refused, `sim --seconds` stops there


class InputError(DataError):
    """A bad inputs line; the message names the file and line."""


@dataclass(frozen=True)
class Timeline:
    """Controls that change at given times; each entry holds until the next."""

    times: tuple[float, ...]
    controls: tuple[Controls, ...]
    orders: tuple[tuple[float, float, float], ...] = ()  # (t, x, z): at t the player sends the AI cars to (x, z)

    def orders_by_step(self, hz: float) -> dict[int, list[tuple[float, float]]]:
        """The AI orders keyed by the sim step before which they are given (step = round(t x hz))."""
        out: dict[int, list[tuple[float, float]]] = {}
        for t, x, z in self.orders:
            out.setdefault(int(round(t * hz)), []).append((x, z))
        return out

    def at(self, t: float) -> Controls:
        """The controls in force at sim time t (neutral before the first entry)."""
        i = bisect.bisect_right(self.times, t + 1e-9) - 1
        return self.controls[i] if i >= 0 else Controls()

    @property
    def last_time(self) -> float:
        """Time of the last entry (0 when empty)."""
        return self.times[-1] if self.times else 0.0


def parse_inputs(text: str, source: str = "inputs") -> Timeline:
    """Parse JSON Lines controls; raise InputError naming source:line and the field on anything bad."""
    times: list[float] = []
    ctrls: list[Controls] = []
    orders: list[tuple[float, float, float]] = []
    try:
        for n, obj in parse_json_lines(text, source):
            _add_line(obj, f"{source}:{n}", times, ctrls)
            if "send_ai" in obj:
                orders.append((times[-1], *_point(obj["send_ai"], f"{source}:{n}")))
    except InputError:
        raise
    except DataError as e:
        raise InputError(str(e)) from None
    return Timeline(tuple(times), tuple(ctrls), tuple(orders))


def _point(v, where: str) -> tuple[float, float]:
    """A send_ai value: {"x": .., "z": ..} in metres."""
    if not isinstance(v, dict) or set(v) != {"x", "z"}:
        raise InputError(f"{where}: send_ai: must be {{\"x\": metres, \"z\": metres}}, got {json.dumps(v)[:40]}")
    return _number(v["x"], where, "send_ai.x", -MAP_REACH_M, MAP_REACH_M), _number(v["z"], where, "send_ai.z", -MAP_REACH_M, MAP_REACH_M)


def _add_line(obj, where: str, times: list[float], ctrls: list[Controls]) -> None:
    """Check one parsed line and append its time and controls."""
    if not isinstance(obj, dict):
        raise InputError(f"{where}: expected a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - _KEYS)
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (allowed: t, throttle, brake, steer, handbrake, clutch, gear, send_ai)")
    if "t" not in obj:
        raise InputError(f"{where}: missing 't' (seconds)")
    t = _number(obj["t"], where, "t", 0.0, MAX_SECONDS)
    if times and t < times[-1]:
        raise InputError(f"{where}: t: must not go back in time ({t} after {times[-1]})")
    hb = obj.get("handbrake", False)
    if not isinstance(hb, bool):
        raise InputError(f"{where}: handbrake: must be true or false, got {json.dumps(hb)[:40]}")
    ctrls.append(
        Controls(
            throttle=_number(obj.get("throttle", 0), where, "throttle", 0.0, 1.0),
            brake=_number(obj.get("brake", 0), where, "brake", 0.0, 1.0),
            steer=_number(obj.get("steer", 0), where, "steer", -1.0, 1.0),
            handbrake=hb,
            clutch=_number(obj.get("clutch", 0), where, "clutch", 0.0, 1.0),
            gear=_gear(obj.get("gear"), where),
        )
    )
    times.append(t)


def _gear(v, where: str) -> int | None:
    """A gear request: absent or null keeps the selected gear; -1 reverse, 0 neutral, 1..MAX_GEAR."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not -1 <= v <= MAX_GEAR:
        raise InputError(f"{where}: gear: must be a whole number -1..{MAX_GEAR} (-1 reverse, 0 neutral), got {json.dumps(v)[:40]}")
    return v


def dump_inputs(timeline: Timeline) -> str:
    """JSON Lines text that parses back to the same timeline."""
    lines = []
    orders = {t: (x, z) for t, x, z in timeline.orders}
    for t, c in zip(timeline.times, timeline.controls):
        line: dict[str, object] = {"t": t, "throttle": c.throttle, "brake": c.brake, "steer": c.steer, "handbrake": c.handbrake}
        if c.clutch:
            line["clutch"] = c.clutch
        if c.gear is not None:
            line["gear"] = c.gear
        if t in orders:
            line["send_ai"] = {"x": orders[t][0], "z": orders[t][1]}
        lines.append(json.dumps(line))
    return "\n".join(lines) + ("\n" if lines else "")


def _number(v, where: str, key: str, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InputError(f"{where}: {key}: must be a number, got {json.dumps(v)[:40]}")
    v = float(v)
    if not (lo <= v <= hi) or math.isnan(v):
        rng = f"{lo:g}..{hi:g}" if math.isfinite(hi) else f">= {lo:g}"
        raise InputError(f"{where}: {key}: must be {rng}, got {v:g}")
    return v
