"""What the modes driven on one of a map's courses share: the course by id, the map must have one, and bests kept per
course and handling model (pure). Qualifying and Tandem are course modes."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.safe_json import shown
from game.sim.judges.course.result import CourseResult
from game.sim.run.modes.base import COURSE, JUDGED_RESULTS, Mode, ModeResults

if TYPE_CHECKING:
    from game.sim.course import Course
    from game.sim.judges.course.run_judge import CourseJudge


def course_of(track, course_id: str = "") -> Course:
    """The map's course by id ("" -> its first); ValueError (one line naming the courses there are) for another."""
    courses = tuple(getattr(track, "courses", ()) or ())
    if not courses:
        raise ValueError(f"map {getattr(track, 'id', 'pad')!r} has no courses")
    if not course_id:
        return courses[0]
    for c in courses:
        if c.id == course_id:
            return c
    raise ValueError(f"map {track.id!r} has no course {shown(course_id)} (it has {', '.join(c.id for c in courses)})")


@dataclass(frozen=True)
class JudgedResults(ModeResults):
    """The drift statistics with every judged run on the course and the one that counts."""

    judged: tuple[CourseResult, ...]  # every judged run, in order
    best_run: int | None  # the index in `judged` of the run that counts (None: none counts on its own)
    course: Course  # the course driven (its clips' and sectors' names for the results)

    @property
    def best_judged(self) -> CourseResult | None:
        """The judged run that counts, else None."""
        return self.judged[self.best_run] if self.best_run is not None else None

    def summary(self) -> dict:
        """The judged runs, the one that counts and the course, for the results screen's breakdown."""
        return {"judged": list(self.judged), "best_run": self.best_run, "course": self.course}


class CourseMode(Mode, ABC):
    """A mode driven on one of the map's courses, judged by a course judge."""

    on_course = True
    hud: ClassVar[tuple[str, ...]] = (COURSE,)
    results_panel = JUDGED_RESULTS
    course: Course  # the course driven
    course_judge: CourseJudge  # the course judge of the run in progress

    @classmethod
    def hosting_problem(cls, track) -> str | None:
        """A map needs courses."""
        return None if track is not None and getattr(track, "courses", None) else f"has no courses: it cannot host {cls.name}"

    @classmethod
    def best_variant(cls, track, course: str, model: str) -> str:
        """Bests are per course and handling model: "COURSE:MODEL" ("" on a map that cannot host the mode)."""
        if cls.hosting_problem(track) is not None:
            return ""
        return f"{course_of(track, course).id}:{model}"

    @property
    @abstractmethod
    def run_index(self) -> int:
        """The judged run in progress, or the last one between runs (0-based)."""

    @property
    @abstractmethod
    def runs_shown(self) -> int:
        """How many runs the judges' strip counts to ("RUN 1/2")."""

    def replay_fields(self) -> dict:
        """The course driven, by id."""
        return {"course": self.course.id}
