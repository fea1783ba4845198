"""Line points: each clip judged once, on its first pass, by the closest approach of the right bumper (pure).

Formula Drift marks the judges' line with inner clipping points, which the front of the car comes close to,
and outer clipping zones, which the rear sweeps. Assetto Corsa's DriftMode mod scores each clip once, on
closeness, with full marks within full_m and none beyond zero_m (linear between); we do the same. A clip
only counts when it is hit sideways (|drift angle| >= drift_angle_deg at the closest drifting approach):
judges score a clip taken straight as not taken. A clip passed without counting is a miss (SLADI: -10).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.course import INNER, Clip, LineTracker
from game.sim.judges.course.judge_geometry import Segment, point_segment_distance, polyline_segment_distance
from game.sim.judges.course.result import ClipResult
from game.sim.judges.judging_rules import JudgingRules


@dataclass(frozen=True, slots=True)
class ClipVerdict:
    """A clip closed this step: counted (with its 0..1 score) or missed."""

    index: int
    counted: bool
    score: float  # 0..1 of the clip's share of the line points
    points: float
    result: ClipResult
    near_straight: bool  # came within zero_m, but not drifting: a clip taken straight


def closeness(distance_m: float, clip: Clip) -> float:
    """0..1: 1 within full_m, 0 beyond zero_m, linear between (Assetto Corsa DriftMode: clips scored on closeness)."""
    if distance_m <= clip.full_m:
        return 1.0
    if distance_m >= clip.zero_m:
        return 0.0
    return (clip.zero_m - distance_m) / (clip.zero_m - clip.full_m)


class ClipWatch:
    """Follows every clip of a course and closes each once, in any order the car reaches them."""

    def __init__(self, clips: tuple[Clip, ...], tracker: LineTracker, rules: JudgingRules, line_max: float):
        self.clips = clips
        self.rules = rules
        self.share = line_max / len(clips) if clips else 0.0  # clip points = line_max / number of clips x score
        self._span = []  # (first station, last station) of each clip along the line
        for c in clips:
            stations = [tracker.station(p, c.station_m) for p in c.points]
            self._span.append((min(stations), max(stations)))
        n = len(clips)
        self._best_drift = [math.inf] * n  # closest approach while drifting
        self._best_any = [math.inf] * n
        self._best_t: list[float | None] = [None] * n
        self._entered = [False] * n
        self.verdicts: list[ClipVerdict | None] = [None] * n

    def distance(self, i: int, front: Segment, rear: Segment) -> float:
        """Distance of clip i from the bumper that judges it: the front for an inner point, the rear for an outer zone."""
        c = self.clips[i]
        if c.kind == INNER:
            return point_segment_distance(c.points[0], *front)
        return polyline_segment_distance(c.points, *rear)

    def update(self, station_m: float, front: Segment, rear: Segment, drifting: bool, t_run: float) -> list[ClipVerdict]:
        """Sample every open clip near the car's station; return the clips that closed this step."""
        out = []
        r = self.rules
        for i, c in enumerate(self.clips):
            if self.verdicts[i] is not None:
                continue
            lo, hi = self._span[i]
            if station_m < lo - r.clip_open_m:
                continue  # not there yet (keeps a figure eight's other loop from judging it)
            d = self.distance(i, front, rear)
            if d < self._best_any[i]:
                self._best_any[i] = d
            if drifting and d < self._best_drift[i]:
                self._best_drift[i], self._best_t[i] = d, t_run
            if d < c.zero_m:
                self._entered[i] = True
            passed = station_m > hi + r.clip_pass_margin_m
            left = c.kind == INNER and self._entered[i] and d > c.zero_m  # out of its circle after coming within it
            if passed or left:
                out.append(self._close(i))
        return out

    def close_all(self) -> list[ClipVerdict]:
        """Judge every clip still open (the finish gate was crossed): those not hit are misses."""
        return [self._close(i) for i in range(len(self.clips)) if self.verdicts[i] is None]

    def _close(self, i: int) -> ClipVerdict:
        c = self.clips[i]
        best = self._best_drift[i]
        counted = best < c.zero_m
        score = closeness(best, c) if counted else 0.0
        if counted:
            dist: float | None = best
        else:
            dist = self._best_any[i] if self._best_any[i] < c.zero_m else None
        res = ClipResult(c.id, c.kind, dist, self.share * score, self.share, self._best_t[i] if counted else None)
        v = ClipVerdict(i, counted, score, self.share * score, res, not counted and dist is not None)
        self.verdicts[i] = v
        return v

    @property
    def points(self) -> float:
        """Line points earned so far."""
        return sum(v.points for v in self.verdicts if v is not None)

    @property
    def done(self) -> int:
        """Clips judged so far."""
        return sum(v is not None for v in self.verdicts)

    @property
    def next_index(self) -> int | None:
        """The first clip (in course order) not judged yet."""
        return next((i for i, v in enumerate(self.verdicts) if v is None), None)

    def closeness_mean(self) -> float | None:
        """Mean 0..1 closeness of the clips judged so far (a miss counts 0); None before the first."""
        judged = [v.score for v in self.verdicts if v is not None]
        return sum(judged) / len(judged) if judged else None

    def results(self) -> tuple[ClipResult, ...]:
        """Every clip's result (a clip never judged: no distance, no points)."""
        return tuple(v.result if v is not None else ClipResult(c.id, c.kind, None, 0.0, self.share, None)
                     for c, v in zip(self.clips, self.verdicts))
