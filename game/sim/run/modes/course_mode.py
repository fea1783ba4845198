"""What the modes driven on one of a map's courses share: the course by id, the map must have one, and bests kept per
course and handling model (pure). Qualifying and Tandem are course modes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.safe_json import shown
from game.sim.run.modes.base import Mode

if TYPE_CHECKING:
    from game.sim.course import Course


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


class CourseMode(Mode):
    """A mode driven on one of the map's courses."""

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
