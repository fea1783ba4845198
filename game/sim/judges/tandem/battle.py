"""A tandem battle from its runs: each driver's lead + chase totals over a pair of runs, one more time, the winner (pure).

Runs come in pairs, each driver leading once. A pair whose battle scores (a driver's lead total plus its chase total)
lie within omt_margin_points is "one more time": two more runs, at most omt_max times; then the higher battle score
wins, a tie to the better lead run of the deciding pair, and a dead heat to the driver who led first in it (the
higher qualifier leads first in Formula Drift's brackets and takes a tie).
"""

from __future__ import annotations

from game.sim.judges.tandem.scorecard import TandemBattle, TandemRun


def _scores(runs) -> tuple[float, float]:
    return sum(r.score_of(0) for r in runs), sum(r.score_of(1) for r in runs)


def battle_of(runs: tuple[TandemRun, ...], omt_margin_points: float, omt_max: int) -> TandemBattle:
    """The battle as its runs stand (cars 0 and 1; fewer than two runs: not decided, the runs so far added up)."""
    runs = tuple(runs)
    omts = 0
    for k in range(len(runs) // 2):
        pair = runs[2 * k : 2 * k + 2]
        s0, s1 = _scores(pair)
        if abs(s0 - s1) <= omt_margin_points + 1e-9 and omts < omt_max:
            omts += 1
            continue
        return TandemBattle(runs[: 2 * k + 2], (s0, s1), omts, _winner(pair, s0, s1), True)
    done = 2 * (len(runs) // 2)
    tail = runs[done:] if len(runs) > done else runs[max(0, done - 2) : done]
    return TandemBattle(runs, _scores(tail), omts, None, False)


def _winner(pair, s0: float, s1: float) -> int:
    if s0 != s1:
        return 0 if s0 > s1 else 1
    lead = {r.lead: r.lead_total for r in pair}
    l0, l1 = lead.get(0, 0.0), lead.get(1, 0.0)
    if l0 != l1:
        return 0 if l0 > l1 else 1
    return pair[0].lead


def more_runs(battle: TandemBattle) -> bool:
    """Whether the battle needs another run (not decided yet)."""
    return not battle.decided
