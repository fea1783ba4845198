"""What the course judge hands out: call-outs as they happen, the live strip, and a judged run's breakdown (pure)."""

from __future__ import annotations

from dataclasses import dataclass

# JudgeEvent kinds
STARTED = "started"  # crossed the start gate: the run's timing began
INITIATED = "initiated"  # crossed the initiation line (points: the initiation's style points)
CLIP = "clip"  # a clip was judged (points: its line points; text "CLIP 9/10")
MISSED = "missed"  # a clip passed without being touched (a deduction follows)
SECTOR = "sector"  # a sector closed (points: its angle points)
DEDUCTION = "deduction"  # points taken off (points: negative; text "STRAIGHTENED -4")
ZERO = "zero"  # the run scores zero (ref: the reason; text "ZERO: SPIN")
FINISHED = "finished"  # crossed the finish gate
ENDED = "ended"  # the judged run is over, finished or not (the result is ready)

# zero reasons (CourseResult.zero)
SPIN, OVER_ROTATION, BACKWARDS, TIME, OFF_COURSE, CONTACT, RESET = "spin", "over_rotation", "backwards", "time", "off_course", "contact", "reset"
UNFINISHED = "unfinished"  # the run was cut before the finish (the player ended the session)


@dataclass(frozen=True, slots=True)
class JudgeEvent:
    """One thing the judge saw, for the HUD's call-outs and the sound."""

    kind: str
    t: float
    text: str  # the call-out as the HUD shows it
    points: float = 0.0
    ref: str = ""  # the clip, sector or zero reason it is about


@dataclass(frozen=True, slots=True)
class LiveScore:
    """The strip the HUD shows mid-run: points earned so far in each category, deductions, and what comes next."""

    line: float
    angle: float
    style: float
    deductions: float  # points taken off so far (>= 0)
    next_clip: int | None  # index into the course's clips of the next clip to judge; None when all are done
    clips_done: int
    sector: int | None  # index of the sector the car is in (None before the initiation line or after the finish)
    zero: str | None
    started: bool
    t_run_s: float  # seconds since the run's first step


@dataclass(frozen=True, slots=True)
class ClipResult:
    """How one clip was judged: the closest approach of the right bumper on the first pass (None: never came near)."""

    id: str
    kind: str
    distance_m: float | None
    points: float
    max_points: float
    at_s: float | None  # run time of the closest approach


@dataclass(frozen=True, slots=True)
class SectorResult:
    """The angle held through one sector against its target."""

    id: str
    name: str
    mean_angle_deg: float
    target_angle_deg: float
    weight: float
    points: float
    max_points: float
    time_s: float


@dataclass(frozen=True, slots=True)
class Deduction:
    """Points taken off, what for and when (run time)."""

    kind: str  # "straightened", "off_course", "wall", "missed_clip", "late_entry"
    at_s: float
    points: float  # > 0: taken off the total
    detail: str = ""  # the clip id, the tyres off, the impact speed, ...


@dataclass(frozen=True, slots=True)
class StyleResult:
    """The style points' three parts."""

    initiation: float
    fluidity: float
    commitment: float


@dataclass(frozen=True, slots=True)
class CourseResult:
    """A judged run: 0..100 in all, Line, Angle and Style apart, and why it was cut or zeroed."""

    course: str
    course_name: str
    total: float
    line: float
    angle: float
    style: float
    style_parts: StyleResult
    finished: bool
    zero: str | None
    deductions: tuple[Deduction, ...]
    clips: tuple[ClipResult, ...]
    sectors: tuple[SectorResult, ...]
    time_s: float  # the run's time, first step to its end
    mean_speed_mps: float  # over the judged part (initiation to finish)
    zero_detail: str = ""  # what tripped the zero ("slip 121 deg", "3+ tyres off", ...), "" without one

    def as_dict(self) -> dict:
        """The stats JSON's "judging" block (rounded for reading; the judge keeps full precision)."""
        r = _round
        return {
            "course": self.course, "total": r(self.total), "line": r(self.line), "angle": r(self.angle), "style": r(self.style),
            "style_parts": {"initiation": r(self.style_parts.initiation), "fluidity": r(self.style_parts.fluidity),
                            "commitment": r(self.style_parts.commitment)},
            "finished": self.finished, "zero": self.zero, "zero_detail": self.zero_detail, "time_s": r(self.time_s), "mean_speed_mps": r(self.mean_speed_mps),
            "deductions": [{"kind": d.kind, "at_s": r(d.at_s), "points": r(d.points), "detail": d.detail} for d in self.deductions],
            "clips": [{"id": c.id, "kind": c.kind, "distance_m": None if c.distance_m is None else r(c.distance_m), "points": r(c.points)}
                      for c in self.clips],
            "sectors": [{"id": s.id, "mean_angle_deg": r(s.mean_angle_deg), "points": r(s.points)} for s in self.sectors],
        }


def _round(x: float) -> float:
    return round(float(x), 2)
