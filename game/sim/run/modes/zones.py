"""Drift Zones: judged runs through the map's drift zones; the best run through each adds to the score (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.sim.judges.scoring import ScoringRules, credits_for
from game.sim.judges.zone_judge import EXITED, ZoneEvent, ZoneJudge, ZoneResult
from game.sim.run.modes.base import DRIFT_SCORE, MAP_BOARD, ZONE_MARKERS, Mode, ModeResults, StepResult, track_of

if TYPE_CHECKING:
    from game.sim.run.setup import RunSetup
    from game.sim.session import Session


@dataclass(frozen=True)
class ZoneResults(ModeResults):
    """The drift results with the best run through each zone."""

    zone_results: tuple[ZoneResult, ...]

    def summary(self) -> dict:
        """The zone runs, for the results screen's zone panel."""
        return {"zone_results": list(self.zone_results)}


class DriftZones(Mode):
    """A timed run whose zones are judged; it ends early once every zone has a counted run."""

    id = "zones"
    board = MAP_BOARD
    name = "Drift Zones"
    blurb = "Judged runs through the map's drift zones: entry speed, angle and line."
    races_ghost = True
    hud = (DRIFT_SCORE, ZONE_MARKERS)

    @classmethod
    def time_limit_s_for(cls, rules: ScoringRules) -> float | None:
        """zones_run_s from data/scoring.json."""
        return rules.zones_run_s

    @classmethod
    def hosting_problem(cls, track) -> str | None:
        """A map needs drift zones."""
        return None if track is not None and track.drift_zones else "has no drift zones: it cannot host Drift Zones"

    def __init__(self, setup: RunSetup, session: Session) -> None:
        super().__init__(setup, session)
        self.zones = ZoneJudge(track_of(setup.world).drift_zones, setup.rules)
        self.best_zone: dict[str, ZoneResult] = {}

    @property
    def score(self) -> int:
        """Banked drift points plus the best run through each zone."""
        return int(self.scorer.banked + sum(r.points for r in self.best_zone.values()))

    def credits(self) -> int:
        """The drift credits plus the zone points at the exchange rate."""
        return credits_for(self.scorer.stats, self.rules) + int(sum(r.points for r in self.best_zone.values()) / self.rules.points_per_credit)

    def results(self) -> ModeResults:
        """The drift results with the best run through each zone."""
        return ZoneResults(self.id, self.name, self.score, self.scorer.stats, self.credits(), tuple(self.best_zone.values()))

    def _judge(self, session: Session, out: StepResult) -> None:
        out.judge_events = self.zones.update(session.state, session.dt)
        self._note(out.judge_events)

    def _over(self, t: float) -> bool:
        return super()._over(t) or len(self.best_zone) == len(self.zones.zones)

    def _close_judges(self, out: StepResult, t: float) -> None:
        closed = self.zones.finish(t)
        self._note(closed)
        out.judge_events += closed

    def _note(self, zone_events: list[ZoneEvent]) -> None:
        for e in zone_events:
            r = e.result
            if e.kind == EXITED and r is not None and r.counted:
                best = self.best_zone.get(r.zone_id)
                if best is None or r.points > best.points:
                    self.best_zone[r.zone_id] = r
