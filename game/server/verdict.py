"""What verification answers, frozen: the boards a run can rank on, a verdict on a run, and a refusal (pure, no I/O)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.sim.physics_version import PHYSICS_VERSION

BOARD_ID_RE = re.compile(r"[a-z0-9_-]{1,96}")
KINDS = ("qualifying", "timed", "zones", "parking", "event")


class Refused(ValueError):
    """One line: why a submission is refused."""


@dataclass(frozen=True)
class Board:
    """One leaderboard: a scored thing on one physics version (a Qualifying course on a handling model, a map's Timed Run...)."""

    id: str  # e.g. "qualifying-sideways_park-pad_hook-arcade-p1", "timed-sideways_park-p1", "event-park_warmup-p1"
    kind: str  # one of KINDS
    title: str  # "Qualifying · Sideways Park · Pad Hook · Arcade"
    map: str
    course: str = ""
    model: str = ""  # "" when the board mixes handling models
    event: str = ""
    physics: int = PHYSICS_VERSION
    counts: str = ""  # what a row's score is, in a few words ("the best judged run's total out of 100")

    def __post_init__(self) -> None:
        if not BOARD_ID_RE.fullmatch(self.id) or self.kind not in KINDS:
            raise ValueError(f"board id {self.id!r} or kind {self.kind!r} is not one a board may have")

    def as_dict(self) -> dict:
        """The board as the API's JSON document."""
        return {"id": self.id, "kind": self.kind, "title": self.title, "map": self.map, "course": self.course, "model": self.model,
                "event": self.event, "physics": self.physics, "counts": self.counts}


@dataclass(frozen=True)
class Verdict:
    """A run's verdict: verified with the server's own score on its board, or refused with the reason (one line)."""

    verified: bool
    reason: str = ""  # one line, when refused
    board: Board | None = None
    score: float = 0.0  # the server's own score (Qualifying: the counted run's total out of 100, to 1 decimal; others: points)
    car: str = ""
    model: str = ""
    created: str = ""  # the run's date (header "created")
    breakdown: dict = field(default_factory=dict)  # JSON-ready: Qualifying's judged run (as_dict), other modes their stats; always "score"
