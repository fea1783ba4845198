"""Qualifying: judged runs on one of the map's courses, the better one counting, as in Formula Drift qualifying (pure).

Formula Drift qualifies each driver on two solo runs (`judging.qualifying_runs` in data/scoring.json) and keeps the
better score; a tie goes to the run with more style points (the judges' third category), then to the earlier run.
A run is judged by a CourseJudge from its first step, with the car at rest at the course's spawn; once it has ended
(finish gate, a zero, the course's time limit, or the driver's reset) the car rolls on for `judging.between_runs_s`
and is staged at the spawn again for the next run, in the sim step, so a replay stages it on the same step.
The session ends when the last run has ended.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.sim.judges.course.result import CourseResult
from game.sim.judges.course.run_judge import CourseJudge
from game.sim.judges.scoring import credits_for
from game.sim.run.modes.base import COURSE_BOARD, TIME_EPS_S, StepResult, track_of
from game.sim.run.modes.course_mode import CourseMode, JudgedResults, course_of

if TYPE_CHECKING:
    from game.sim.run.setup import RunSetup
    from game.sim.session import Session


def best_index(results) -> int | None:
    """The run that counts: the highest total, a tie to more style points, then to the earlier run (None: no runs)."""
    if not results:
        return None
    return max(range(len(results)), key=lambda i: (results[i].total, results[i].style, -i))


class Qualifying(CourseMode):
    """Judged runs on a course (two by the rules); the score is the better run's 0-100 total."""

    id = "qualifying"
    board = COURSE_BOARD
    name = "Qualifying"
    blurb = "Two judged runs on a course: line, angle and style out of 100; the better run counts."
    races_ghost = True
    solo = True  # Formula Drift qualifying runs are solo: no AI cars from the settings

    @classmethod
    def spawn_for(cls, setup: RunSetup) -> tuple[float, float, float] | None:
        """The course's spawn: every run is staged there (a map that cannot host the mode is refused by the mode)."""
        track = getattr(setup.world, "track", None)
        if cls.hosting_problem(track) is not None:
            return setup.spawn
        s = course_of(track, setup.course).spawn
        return (s.x, s.z, s.heading_deg)

    @classmethod
    def ghost_part(cls, replay) -> tuple[int, int] | None:
        """The ghost drives the run that counted in its session, from its staging: it starts with each run of this one."""
        return replay.run_steps(replay.best_run) if replay.best_run is not None else None

    def __init__(self, setup: RunSetup, session: Session) -> None:
        super().__init__(setup, session)
        self.course = course_of(track_of(setup.world), setup.course)
        self.judging = setup.rules.judging
        self.runs = setup.runs or self.judging.qualifying_runs
        s = self.course.spawn
        self.spawn = (s.x, s.z, s.heading_deg)
        self._t0 = session.t  # the run in progress began after this session time
        self.judged: list[CourseResult] = []
        self.course_judge = CourseJudge(self.course, self.judging, session.car, t0=self._t0)
        self._judging = True  # a run is in progress (False while the car rolls on between runs)
        self._stage_at_s = math.inf  # session time the next run is staged at (inf: none, a run is in progress)
        self._pending: list = []  # judge events of a reset between steps, handed out with the next step

    @property
    def run_index(self) -> int:
        """The run in progress, or the last one between runs (0-based)."""
        return len(self.judged) - (0 if self._judging else 1)

    @property
    def runs_shown(self) -> int:
        """The session's judged runs."""
        return self.runs

    @property
    def best_run(self) -> int | None:
        """The index of the judged run that counts so far."""
        return best_index(self.judged)

    @property
    def score(self) -> int:
        """The better run's total, rounded to whole points (0 before a run has ended)."""
        best = self.best_run
        return 0 if best is None else int(round(self.judged[best].total))

    def time_left_s(self, t: float) -> float | None:
        """Seconds left on the run in progress's clock (the judge's: to the start gate, then to the finish; None between runs)."""
        left = self.course_judge.time_left_s if self._judging else None
        return None if left is None else max(0.0, left)

    def credits(self) -> int:
        """The drift credits plus the better run's total at a full zone run's worth for 100 points.

        A judged run of 100 points pays what a perfect Drift Zones run does (zone_points_max at points_per_credit,
        100 credits with the shipped rules), so qualifying pays modestly beside the other modes and needs no rate of its own."""
        best = self.best_run
        judged = 0.0 if best is None else self.judged[best].total / 100.0 * self.rules.zone_points_max / self.rules.points_per_credit
        return credits_for(self.scorer.stats, self.rules) + int(judged)

    def results(self) -> JudgedResults:
        """The drift statistics with every judged run and the one that counts."""
        return JudgedResults(self.id, self.name, self.score, self.scorer.stats, self.credits(), tuple(self.judged), self.best_run, self.course)

    def stats_block(self, session: Session) -> dict:
        """"judging": the judged run that counts (while none has ended, the one in progress as judged so far)."""
        best = self.best_run
        return {"judging": (self.judged[best] if best is not None else self.course_judge.result()).as_dict()}

    def drift_brief(self, car_index: int):
        """Car 0 drives the course SOLO, a new brief each run (the car staged at rest again); no brief for another car."""
        from game.sim.ai.drift.brief import SOLO, DriftBrief

        return DriftBrief(self.course, SOLO, None, self.run_index) if car_index == 0 else None

    def note_reset(self, t: float) -> None:
        """The driver's reset zeroes the run in progress (its call-outs go out with the next step)."""
        if self._judging and not self.course_judge.done:
            self._pending += self.course_judge.note_reset(t) or []
            self._end_run_if_done(t)

    def _judge(self, session: Session, out: StepResult) -> None:
        out.judge_events, self._pending = self._pending, []
        if self._judging:
            mine = [e for e in out.events if e.car == 0]
            out.judge_events += self.course_judge.update(session.state, mine, session.dt)
            self._end_run_if_done(session.t)
        elif session.t >= self._stage_at_s - TIME_EPS_S:
            self._stage(session, out)

    def _end_run_if_done(self, t: float) -> None:
        if self.course_judge.done and self._judging:
            self.judged.append(self.course_judge.result())
            self._judging = False
            self._stage_at_s = t + self.judging.between_runs_s

    def _stage(self, session: Session, out: StepResult) -> None:
        """The next run: the car at rest at the course's spawn, a fresh judge from the next step (the last judge stays
        readable until then)."""
        session.reset_to(self.spawn)
        self._t0 = session.t
        self.course_judge = CourseJudge(self.course, self.judging, session.car, t0=self._t0)
        self._judging = True
        self._stage_at_s = math.inf
        out.staged = True

    def _over(self, t: float) -> bool:
        return len(self.judged) >= self.runs

    def _close_judges(self, out: StepResult, t: float) -> None:
        out.judge_events, self._pending = self._pending + out.judge_events, []
        if self._judging:  # the session was ended mid-run: the run is cut (unfinished) and counts as judged
            out.judge_events += self.course_judge.finish(t)
            self.judged.append(self.course_judge.result())
            self._judging = False
