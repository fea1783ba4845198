"""Tandem geometry: the gap from a chase's front bumper to the lead's body, and a lead's path remembered by station (pure)."""

from __future__ import annotations

import math

from game.sim.judges.course_geometry import bumper, segment_segment_distance

MEMORY_STEP_M = 0.5  # the lead's path is remembered every this many metres along the judges' line (a resolution, not a rule)


def body_corners(x: float, z: float, heading: float, length_m: float, width_m: float) -> tuple:
    """The car's body as a rectangle: its four corners (front left, front right, rear right, rear left)."""
    fx, fz = math.sin(heading), math.cos(heading)
    rx, rz = math.cos(heading), -math.sin(heading)
    hl, hw = 0.5 * length_m, 0.5 * width_m
    return tuple((x + a * hl * fx + b * hw * rx, z + a * hl * fz + b * hw * rz) for a, b in ((1, -1), (1, 1), (-1, 1), (-1, -1)))


def _inside(p, x: float, z: float, heading: float, length_m: float, width_m: float) -> bool:
    dx, dz = p[0] - x, p[1] - z
    along = dx * math.sin(heading) + dz * math.cos(heading)
    across = dx * math.cos(heading) - dz * math.sin(heading)
    return abs(along) <= 0.5 * length_m and abs(across) <= 0.5 * width_m


def bumper_gap(chase, chase_spec, lead, lead_spec) -> float:
    """The gap (m) from the chase's front bumper (a segment across its nose) to the lead's body (a rectangle); 0 touching."""
    a, b = bumper(chase.x, chase.z, chase.heading, chase_spec.length_m, chase_spec.width_m, True)
    lx, lz, lh, ll, lw = lead.x, lead.z, lead.heading, lead_spec.length_m, lead_spec.width_m
    if _inside(a, lx, lz, lh, ll, lw) or _inside(b, lx, lz, lh, ll, lw):
        return 0.0
    c = body_corners(lx, lz, lh, ll, lw)
    return min(segment_segment_distance(a, b, c[i], c[(i + 1) % 4]) for i in range(4))


def behind(chase, lead) -> bool:
    """Whether the chase's centre is behind the lead's, along the lead's heading (a chase behind caused a touch)."""
    return (chase.x - lead.x) * math.sin(lead.heading) + (chase.z - lead.z) * math.cos(lead.heading) < 0.0


class StationMemory:
    """A car's offset from the judges' line and its drift angle, remembered by station as it drove (forward only)."""

    def __init__(self, length_m: float, step_m: float = MEMORY_STEP_M):
        self.step_m = step_m
        n = int(length_m / step_m) + 2
        self._offset = [0.0] * n
        self._angle = [0.0] * n
        self.reach = -1  # the furthest bin filled (-1: none)
        self._last: tuple[float, float, float] | None = None  # (station, offset, angle) last recorded

    def record(self, station_m: float, offset_m: float, angle_deg: float) -> None:
        """Note the car at this station; bins from the last one reached up to this one are filled in between."""
        n = len(self._offset)
        i = min(n - 1, int(station_m / self.step_m))
        if i <= self.reach:
            return
        last = self._last
        for k in range(self.reach + 1, i + 1):
            if last is None or i == self.reach + 1 or station_m <= last[0]:
                o, a = offset_m, angle_deg
            else:
                w = min(1.0, max(0.0, (k * self.step_m - last[0]) / (station_m - last[0])))
                o, a = last[1] + w * (offset_m - last[1]), last[2] + w * (angle_deg - last[2])
            self._offset[k], self._angle[k] = o, a
        self.reach = i
        self._last = (station_m, offset_m, angle_deg)

    def at(self, station_m: float) -> tuple[float, float] | None:
        """(offset_m, angle_deg) the car had at this station, or None where it has not been yet."""
        i = int(station_m / self.step_m)
        if i < 0 or i > self.reach:
            return None
        return self._offset[i], self._angle[i]
