"""Tandem geometry: the gap from a chase's front bumper to the lead's body, and a lead's path remembered by station (pure)."""

from __future__ import annotations

import math

from game.sim.judges.course.judge_geometry import bumper

MEMORY_STEP_M = 0.5  # the lead's path is remembered every this many metres along the judges' line (a resolution, not a rule)


def body_corners(x: float, z: float, heading: float, length_m: float, width_m: float) -> tuple:
    """The car's body as a rectangle: its four corners (front left, front right, rear right, rear left)."""
    fx, fz = math.sin(heading), math.cos(heading)
    rx, rz = math.cos(heading), -math.sin(heading)
    hl, hw = 0.5 * length_m, 0.5 * width_m
    return tuple((x + a * hl * fx + b * hw * rx, z + a * hl * fz + b * hw * rz) for a, b in ((1, -1), (1, 1), (-1, 1), (-1, -1)))


def bumper_gap(chase, chase_spec, lead, lead_spec) -> float:
    """The gap (m) from the chase's front bumper (a segment across its nose) to the lead's body (a rectangle); 0 touching.

    Worked in the lead's frame, where its body is the box |along| <= L/2, |across| <= W/2: 0 if the bumper crosses the
    box (a slab clip), else the least of each bumper end's distance to the box and each box corner's to the bumper."""
    (ax, az), (bx, bz) = bumper(chase.x, chase.z, chase.heading, chase_spec.length_m, chase_spec.width_m, True)
    fx, fz = math.sin(lead.heading), math.cos(lead.heading)
    hl, hw = 0.5 * lead_spec.length_m, 0.5 * lead_spec.width_m
    dx, dz = ax - lead.x, az - lead.z
    p0 = (dx * fz - dz * fx, dx * fx + dz * fz)  # (across, along) of the bumper's ends
    dx, dz = bx - lead.x, bz - lead.z
    p1 = (dx * fz - dz * fx, dx * fx + dz * fz)
    if _clips_box(p0, p1, hw, hl):
        return 0.0
    # the least of the four distances, written out (min/max as comparisons: the same floats, a step's cost halved)
    ux, uz = abs(p0[0]) - hw, abs(p0[1]) - hl
    best = math.hypot(ux if ux >= 0.0 else 0.0, uz if uz >= 0.0 else 0.0)
    ux, uz = abs(p1[0]) - hw, abs(p1[1]) - hl
    d = math.hypot(ux if ux >= 0.0 else 0.0, uz if uz >= 0.0 else 0.0)
    if d < best:
        best = d
    ex, ez = p1[0] - p0[0], p1[1] - p0[1]
    ll = ex * ex + ez * ez
    for cx, cz in ((hw, hl), (-hw, hl), (hw, -hl), (-hw, -hl)):
        if ll == 0.0:
            t = 0.0
        else:
            t = ((cx - p0[0]) * ex + (cz - p0[1]) * ez) / ll
            t = t if t > 0.0 else 0.0
            t = t if t < 1.0 else 1.0
        d = math.hypot(cx - p0[0] - t * ex, cz - p0[1] - t * ez)
        if d < best:
            best = d
    return best


def _clips_box(p0, p1, hx: float, hz: float) -> bool:
    """Whether the segment p0-p1 meets the box |x| <= hx, |z| <= hz (Liang-Barsky's clip)."""
    t0, t1 = 0.0, 1.0
    for p, d, h in ((p0[0], p1[0] - p0[0], hx), (p0[1], p1[1] - p0[1], hz)):
        if d == 0.0:
            if abs(p) > h:
                return False
            continue
        a, b = (-h - p) / d, (h - p) / d
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return False
    return True


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
