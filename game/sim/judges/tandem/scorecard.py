"""What the tandem judge hands out: the live gap, a chase run's breakdown, one tandem run, and a battle (pure).

A tandem run has a lead (judged by the course judge, as in qualifying) and a chase (judged by the tandem judge on
proximity, angle match, line match and initiation). A lead whose error (a spin, a zero, a long straight or stop) left
nothing to chase gives the chase a free pass: the chase is not judged from then on, and the lead's run counts zero.
A battle is two runs with the roles swapped; each driver's two runs add up to their battle score, and a tie within
the rules' margin is "one more time": two more runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.judges.course.result import CourseResult

# chase zero reasons (ChaseResult.zero)
CONTACT = "contact"  # the chase hit the lead so that the lead changed its path
CHASE_SPIN, CHASE_OFF, CHASE_RESET, CHASE_UNFINISHED = "spin", "off_course", "reset", "unfinished"
# free pass reasons (ChaseResult.free_pass): the lead's error that left nothing to chase; its run counts zero
LEAD_SPUN, LEAD_STRAIGHTENED, LEAD_STOPPED, LEAD_ZEROED = "lead_spun", "lead_straightened", "lead_stopped", "lead_zeroed"
# battle outcomes
OMT = "one_more_time"  # tied within the margin: two more runs


@dataclass(frozen=True, slots=True)
class LiveTandem:
    """What the tandem HUD shows mid-run."""

    gap_m: float | None  # chase's front bumper to the lead's body now (None before both cars are under way)
    angle_diff_deg: float  # chase's drift angle minus the lead's (signed: + the chase more sideways)
    proximity: float  # proximity points so far
    free_pass: bool  # the lead's error gave the chase a free pass: the chase is not judged now
    contact: bool  # a contact has happened this run
    zero: str | None


@dataclass(frozen=True, slots=True)
class ChaseResult:
    """How a chase run was judged (points out of the rules' maxima; total 0-100)."""

    proximity: float
    angle_match: float
    line_match: float
    initiation: float
    total: float  # 0-100 (0 with a zero)
    gap_mean_m: float | None  # over the judged time (None: never judged)
    gap_p90_m: float | None
    initiation_delay_s: float | None  # chase's initiation minus the lead's (- earlier); None: never initiated
    free_pass_s: float  # seconds the chase was not judged because of the lead's error
    contact: bool  # the chase touched the lead at all
    zero: str | None  # CONTACT, CHASE_SPIN, ... (None: judged)
    zero_detail: str = ""
    free_pass: str | None = None  # LEAD_SPUN, LEAD_STRAIGHTENED, ...: the lead's error gave the chase a free pass (None: none)

    def as_dict(self) -> dict:
        """The chase's part of the stats JSON's "tandem" block."""
        r = _round
        return {"gap_m": {"mean": r(self.gap_mean_m), "p90": r(self.gap_p90_m)}, "proximity": r(self.proximity),
                "angle_match": r(self.angle_match), "line_match": r(self.line_match), "initiation": r(self.initiation),
                "chase_total": r(self.total), "contact": self.contact, "zero": self.zero, "free_pass": self.free_pass}


@dataclass(frozen=True, slots=True)
class TandemRun:
    """One tandem run: who led and who chased (session car indices), the lead's course result and the chase's result."""

    index: int  # 0-based run number in the battle
    lead: int  # session index of the lead car (0: the player)
    chase: int
    lead_result: CourseResult
    chase_result: ChaseResult
    chase_course: CourseResult | None = None  # the course judge's view of the chase's own run (the player's, when it chased)

    @property
    def lead_error(self) -> bool:
        """Whether the lead's error gave the chase a free pass: the lead's run then counts zero in the battle."""
        return self.chase_result.free_pass is not None

    @property
    def lead_total(self) -> float:
        """The lead's points from the run: its course judge's total, or zero for a lead error (a free pass)."""
        return 0.0 if self.lead_error else self.lead_result.total

    @property
    def chase_total(self) -> float:
        return self.chase_result.total

    def score_of(self, car: int) -> float:
        """This car's points from the run (its lead total or its chase total)."""
        return self.lead_total if car == self.lead else self.chase_total


@dataclass(frozen=True, slots=True)
class TandemBattle:
    """A battle so far: its runs, each car's battle score over the latest pair, and the outcome."""

    runs: tuple[TandemRun, ...]
    scores: tuple[float, float]  # (player, opponent): their two runs of the deciding pair added up
    one_more_times: int  # how many times the judges called "one more time"
    winner: int | None  # 0 the player, 1 the opponent (the car index), None: not decided yet
    decided: bool


def _round(x: float | None) -> float | None:
    return None if x is None else round(float(x), 2)
