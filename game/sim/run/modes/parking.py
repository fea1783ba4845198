"""Parking: park in the map's marked bays in turn, judged on time, angle and centring; touches cost seconds (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.sim.judges.parking_judge import ParkingJudge, TaskResult
from game.sim.judges.scoring import ScoringRules
from game.sim.run.modes.base import BAYS, MAP_BOARD, PARKING_RESULTS, Mode, ModeResults, StepResult, track_of

if TYPE_CHECKING:
    from game.sim.run.setup import RunSetup
    from game.sim.session import Session


@dataclass(frozen=True)
class ParkingResults(ModeResults):
    """The drift statistics with every task's result."""

    parking_results: tuple[TaskResult, ...]

    def summary(self) -> dict:
        """The tasks' results, for the results screen's parking panel."""
        return {"parking_results": list(self.parking_results)}


class ParkingChallenge(Mode):
    """The bays' tasks against the clock; the score is the tasks' points alone, and it ends when every task is done."""

    id = "parking"
    board = MAP_BOARD
    name = "Parking"
    blurb = "Park in marked bays: time, angle, centring; touches cost seconds."
    races_ghost = True
    hud = (BAYS,)
    camera = "top"  # parking is judged best from above (C cycles the cameras)
    results_panel = PARKING_RESULTS

    @classmethod
    def time_limit_s_for(cls, rules: ScoringRules) -> float | None:
        """parking_run_s from data/scoring.json."""
        return rules.parking_run_s

    @classmethod
    def hosting_problem(cls, track) -> str | None:
        """A map needs bays with a task."""
        hosted = track is not None and any(b.task for b in track.bays)
        return None if hosted else "has no parking bays: it cannot host the parking challenge"

    def __init__(self, setup: RunSetup, session: Session) -> None:
        super().__init__(setup, session)
        spec = session.car
        self.parking = ParkingJudge(track_of(setup.world), setup.rules, spec.length_m, spec.width_m)

    @property
    def score(self) -> int:
        """The parking tasks' points (drifting scores nothing here)."""
        return self.parking.score

    def credits(self) -> int:
        """The tasks' points at the exchange rate."""
        return int(self.parking.score / self.rules.points_per_credit)

    def results(self) -> ModeResults:
        """The drift statistics with every task's result."""
        return ParkingResults(self.id, self.name, self.score, self.scorer.stats, self.credits(), tuple(self.parking.results))

    def tasks(self) -> list[TaskResult]:
        """Every task as it stands: the judged ones, then the rest as not done (nothing is changed)."""
        judge = self.parking
        rest = [TaskResult(b.id, b.label or b.id, b.task, False, 0.0, None, None, 0, 0, 0.0, 0) for b in judge.tasks[len(judge.results) :]]
        return list(judge.results) + rest

    def stats_block(self, session: Session) -> dict:
        """Every task as it stands."""
        return {"parking": {"tasks": [r.as_stats() for r in self.tasks()]}}

    def _judge(self, session: Session, out: StepResult) -> None:
        st = session.state
        out.judge_events = self.parking.update(st.x, st.z, st.heading_deg, st.speed, session.t, session.dt)

    def _over(self, t: float) -> bool:
        return self.parking.all_done or super()._over(t)

    def _close_judges(self, out: StepResult, t: float) -> None:
        self.parking.finish(t)
