"""The judges' line as the drift driver reads it: curvature, heading and points by station, read from tables (pure).

Built once per driver (a run) from a Course, so each step's look-ups are an index or a bisect, not a walk of the line:
the curvature every metre (the heading change over CURV_WINDOW_M either side), the heading of the segment a station is
on (exactly course.direction_at), the point at a station, the sector target angle, and each clip as (station, offset
+ right of the line, inner?).
"""

from __future__ import annotations

import bisect
import math

from game.sim.course import INNER, direction_at, polyline_length, station_along
from game.sim.judges.course.judge_geometry import wrap_angle as wrap

CURV_WINDOW_M = 5.0  # the line's curvature is read as its heading change over this either side of a station


class DriftLine:
    """One course's judges' line, clips and sector targets as look-up tables."""

    def __init__(self, course):
        self.course = course
        line = course.line
        self._ends, self._heads, self._segs = [], [], []  # each segment's end station, heading and (ax, az, dx, dz, len, start)
        run = 0.0
        for (ax, az), (bx, bz) in zip(line, line[1:]):
            seg = math.hypot(bx - ax, bz - az)
            self._ends.append(run + seg)
            self._heads.append(math.atan2(bx - ax, bz - az))
            self._segs.append((ax, az, bx - ax, bz - az, seg, run))
            run += seg
        self.length_m = polyline_length(line)
        n = int(self.length_m) + 2
        self.kap = [self._curvature_at(float(i)) for i in range(n)]  # the line's curvature every metre
        self._sec_ends = [sec.end_m for sec in course.sectors]
        self._sec_deg = [sec.target_angle_deg for sec in course.sectors]
        self.clips = [self._clip_offset(clip) for clip in course.clips]

    def _curvature_at(self, s: float) -> float:
        a, b = max(0.0, s - CURV_WINDOW_M), s + CURV_WINDOW_M
        return wrap(direction_at(self.course.line, b) - direction_at(self.course.line, a)) / (b - a)

    def curvature(self, s: float) -> float:
        """The line's curvature at a station (1/m, + turning right)."""
        i = min(len(self.kap) - 1, max(0, int(s)))
        return self.kap[i]

    def direction(self, s: float) -> float:
        """The line's heading at a station (rad, 0 facing +z, clockwise), as course.direction_at gives it."""
        if not self._heads:
            return 0.0
        return self._heads[min(len(self._heads) - 1, bisect.bisect_left(self._ends, s))]

    def point_at(self, s: float) -> tuple[float, float]:
        """The point of the line at a station (clamped to its ends)."""
        if not self._segs:
            return self.course.line[0]
        ax, az, dx, dz, seg, s0 = self._segs[min(len(self._segs) - 1, bisect.bisect_left(self._ends, s))]
        u = 0.0 if seg <= 0.0 else min(1.0, max(0.0, (s - s0) / seg))
        return ax + u * dx, az + u * dz

    def target_deg(self, s: float) -> float:
        """The target angle of the sector the station is in."""
        return self._sec_deg[min(len(self._sec_deg) - 1, bisect.bisect_left(self._sec_ends, s))]

    def first_side(self, s: float, reach_m: int = 80, straight: float = 1.0 / 75.0) -> float:
        """+1 (right) or -1 (left): the sense of the first bend within reach_m after a station (curvature past straight)."""
        kaps = (self.curvature(s + k) for k in range(reach_m))
        return math.copysign(1.0, next((k for k in kaps if abs(k) > straight), 1.0))

    def _clip_offset(self, clip) -> tuple[float, float, bool]:
        """(station, offset + right of the line, inner?) of a clip: an outer zone by its point nearest the line."""
        pts = [station_along(self.course.line, x, z) for x, z in clip.points]
        s, o = min(pts, key=lambda p: abs(p[1]))
        return clip.station_m if clip.kind == INNER else s, o, clip.kind == INNER
