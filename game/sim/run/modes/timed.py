"""Timed Run: bank as many points as you can before the clock runs out (pure)."""

from __future__ import annotations

from game.sim.judges.scoring import ScoringRules
from game.sim.run.modes.base import MAP_BOARD, Mode


class TimedRun(Mode):
    """Free driving against the clock, with the best run racing along."""

    id = "timed"
    board = MAP_BOARD
    name = "Timed Run"
    blurb = "Beat the clock: bank as many points as you can before time runs out."
    races_ghost = True

    @classmethod
    def time_limit_s_for(cls, rules: ScoringRules) -> float | None:
        """timed_run_s from data/scoring.json."""
        return rules.timed_run_s
