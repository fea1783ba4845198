"""A small judged course on the park's pad and a judged run of it, built by hand for the view and UI tests."""

from __future__ import annotations

from game.sim.course import Clip, Course, Gate, Sector
from game.sim.judges.course.result import ClipResult, CourseResult, Deduction, LiveScore, SectorResult, StyleResult
from game.sim.track import Spawn


def pad_course() -> Course:
    """Up the pad's west side, round a right-hand loop of clips, out past the finish: 3 inner clips and 2 outer zones."""
    clips = (
        Clip("c1", "inner", ((10.0, 0.0),), 0.6, 3.0, "Cone 1", 20.0),
        Clip("z1", "outer", ((24.0, 8.0), (30.0, 0.0), (30.0, -8.0)), 1.0, 5.0, "Outer 1", 40.0),
        Clip("c2", "inner", ((14.0, -12.0),), 0.6, 3.0, "Cone 2", 60.0),
        Clip("z2", "outer", ((0.0, -20.0), (-8.0, -14.0)), 1.0, 5.0, "Outer 2", 80.0),
        Clip("c3", "inner", ((-6.0, 4.0),), 0.6, 3.0, "Cone 3", 100.0),
    )
    sectors = (Sector("entry", "Entry", "c1", 30, 35, 0, 20), Sector("mid", "Middle", "c2", 40, 40, 20, 60),
               Sector("exit", "Exit", "finish", 30, 35, 60, 110))
    line = ((0.0, -30.0), (0.0, -10.0), (8.0, 2.0), (20.0, 6.0), (26.0, -4.0), (18.0, -14.0), (4.0, -18.0), (-6.0, -10.0), (-8.0, 6.0), (-8.0, 20.0))
    return Course("pad_test", "Pad Test Loop", Spawn(0.0, -34.0, 0.0), Gate((-8, -26), (8, -26)), Gate((-8, -16), (8, -16)),
                  Gate((-16, 16), (0, 16)), line, 16.0, clips, sectors, 20.0, 45.0, "A loop of the pad for the tests.")


def live(**kw) -> LiveScore:
    """A LiveScore mid-run (override any field)."""
    base = dict(line=21.44, angle=18.0, style=12.5, deductions=4.0, next_clip=2, clips_done=2, sector=1, zero=None, started=True, t_run_s=12.4)
    base.update(kw)
    return LiveScore(**base)


def result(total: float = 62.4, zero: str | None = None) -> CourseResult:
    """A judged run: two clips touched, one missed, sectors, two deductions."""
    clips = (ClipResult("c1", "inner", 0.42, 7.0, 7.0, 4.2), ClipResult("z1", "outer", 1.8, 5.1, 7.0, 6.0),
             ClipResult("c2", "inner", None, 0.0, 7.0, None), ClipResult("z2", "outer", 3.2, 2.4, 7.0, 9.5),
             ClipResult("c3", "inner", 0.9, 6.2, 7.0, 11.0))
    sectors = (SectorResult("entry", "Entry", 33.2, 35, 30, 9.1, 10.5, 2.0), SectorResult("mid", "Middle", 41.0, 40, 40, 13.6, 14.0, 4.0),
               SectorResult("exit", "Exit", 22.5, 35, 30, 5.0, 10.5, 3.0))
    deds = (Deduction("missed_clip", 7.85, 3.0, "c2"), Deduction("straightened", 72.3, 4.0, ""))
    return CourseResult("pad_test", "Pad Test Loop", total, 20.7, 27.7, 18.0, StyleResult(6.5, 5.0, 6.5), zero is None, zero,
                        deds, clips, sectors, 14.2, 19.4)
