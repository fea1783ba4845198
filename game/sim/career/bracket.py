"""The cup's Top-8 bracket: qualifying seeds it (1v8, 4v5, 2v7, 3v6), the player's battles are driven, the others drawn (pure).

The semi-finals take the winners of (1v8, 4v5) and of (2v7, 3v6); the higher seed leads first. A battle without the
player is drawn from the field's numbers: each score from normal(battle_mean, battle_sd) clipped to 0-200, seeded by
numpy.random.default_rng([record.seed, round index, match index]) so an attempt's bracket is the same every time it is
shown; scores within the tandem rules' omt_margin_points are one more time (at most omt_max), then the higher score
wins, then the higher seed. Once the player is out (or has won the final) the rest of the bracket is drawn too."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from game.sim.career.event import DONE_ROUND, PLAYER, QUALIFYING_ROUND, ROUNDS, Career, Cup, FieldEntry
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord
from game.sim.career.stars import EventOutcome, settle_event

QUARTER_PAIRS = ((0, 7), (3, 4), (1, 6), (2, 5))  # seed indexes (0 = 1st): 1v8, 4v5, 2v7, 3v6, top to bottom
MATCHES = (4, 2, 1)  # matches per round
BRACKET_SIZE = 8
SCORE_MAX = 200.0  # a battle score: lead + chase, each 0-100
WINNER = "winner"  # CupRecord.place after winning the final (else the round the player went out in)
# where a step planned on one copy of the bracket stands in the bracket as it is now (another game may share the home)
OPEN, RECORDED, MOVED_ON = "open", "recorded", "moved on"


@dataclass(frozen=True)
class Match:
    """One box of the drawn bracket: a is the upper slot (the higher seed in a quarter-final; later the winner of the
    upper match before it), b the lower; "" for an entrant not known yet. Scores are None until it is decided."""

    round: str
    a: str
    b: str
    score_a: float | None = None
    score_b: float | None = None
    omt: int = 0
    winner: str = ""
    pending: bool = True
    drawn: bool = False  # decided by a draw (the player was not in it)
    seed_a: int = 0  # 1-8, 0 unknown
    seed_b: int = 0
    replay: str | None = None  # the player's battle's replay

    @property
    def has_player(self) -> bool:
        """Whether the player is in this match."""
        return PLAYER in (self.a, self.b)


def _tandem(rules):
    """The tandem block: a TandemRules, or a ScoringRules carrying one."""
    t = getattr(rules, "tandem", None)
    return t if t is not None else rules


def _seeded(record: CupRecord) -> bool:
    return len(record.seeds) == BRACKET_SIZE


def seed_of(record: CupRecord, entrant: str) -> int:
    """The entrant's seed, 1-8 (0 if not in the bracket)."""
    return record.seeds.index(entrant) + 1 if entrant and entrant in record.seeds else 0


def _rank(record: CupRecord, entrant: str) -> int:
    s = seed_of(record, entrant)
    return s if s else BRACKET_SIZE + 1


def _battle(record: CupRecord, rnd: str, x: str, y: str) -> BattleRecord | None:
    if not x or not y:
        return None
    return next((b for b in record.battles if b.round == rnd and {b.a, b.b} == {x, y}), None)


def _slots(record: CupRecord, ri: int) -> tuple[tuple[str, str], ...]:
    """The round's matches as (upper, lower) entrants, "" where not known yet."""
    if not _seeded(record):
        return (("", ""),) * MATCHES[ri]
    if ri == 0:
        return tuple((record.seeds[i], record.seeds[j]) for i, j in QUARTER_PAIRS)
    before = _slots(record, ri - 1)
    wins = []
    for x, y in before:
        b = _battle(record, ROUNDS[ri - 1], x, y)
        wins.append(b.winner if b is not None else "")
    return tuple((wins[2 * k], wins[2 * k + 1]) for k in range(MATCHES[ri]))


def record_fits(cup: Cup, record: CupRecord | None) -> bool:
    """Whether a saved attempt still matches the cup (seeded with the player and exactly today's field, its battles
    between entrants); one that does not (events.json changed the field) is best started afresh."""
    if record is None or record.round not in (QUALIFYING_ROUND, *ROUNDS, DONE_ROUND):
        return False
    if record.round == QUALIFYING_ROUND:
        return True
    if sorted(record.seeds) != sorted((PLAYER, *(e.driver for e in cup.field))) or len(record.seeds) != BRACKET_SIZE:
        return False
    return all(b.round in ROUNDS and b.a in record.seeds and b.b in record.seeds and b.winner in (b.a, b.b) for b in record.battles)


def start_cup(cup: Cup, record: CupRecord | None, seed: int) -> CupRecord:
    """A fresh attempt: qualifying next, the seed its drawn battles come from (the best ever stays in the event record)."""
    return CupRecord(round=QUALIFYING_ROUND, seed=abs(int(seed)), attempts=(record.attempts if record is not None else 0) + 1)


def seeding(cup: Cup, score: int) -> tuple[str, ...]:
    """The eight entrants by qualifying score, best first (the player takes a tie)."""
    entrants = [(float(score), 0, PLAYER)] + [(e.qualifying, i + 1, e.driver) for i, e in enumerate(cup.field)]
    return tuple(who for _, _, who in sorted(entrants, key=lambda t: (-t[0], t[1])))


def after_qualifying(cup: Cup, record: CupRecord, score: float) -> CupRecord:
    """The attempt seeded by the player's qualifying score: the quarter-finals are next."""
    if record.round != QUALIFYING_ROUND:
        raise ValueError(f"cup {cup.id}: qualifying is over (round {record.round!r}); start a new attempt")
    if len(cup.field) != BRACKET_SIZE - 1:
        raise ValueError(f"cup {cup.id}: the field has {len(cup.field)} drivers, not {BRACKET_SIZE - 1}")
    q = int(round(score)) if score is not None and math.isfinite(score) else 0
    return replace(record, round=ROUNDS[0], qualifying=q, seeds=seeding(cup, q), battles=(), place="")


def next_battle(cup: Cup, record: CupRecord) -> tuple[str, str, str] | None:
    """(round, opponent id, the player's role in the first run: "lead" as the higher seed, else "chase"); None when
    there is no battle to drive (qualifying first, the attempt is over, or it no longer fits the cup's field: start anew)."""
    if record.round not in ROUNDS or not record_fits(cup, record):
        return None
    ri = ROUNDS.index(record.round)
    for x, y in _slots(record, ri):
        if PLAYER in (x, y) and _battle(record, record.round, x, y) is None:
            opp = y if x == PLAYER else x
            if not opp:
                return None
            return record.round, opp, "lead" if seed_of(record, PLAYER) < seed_of(record, opp) else "chase"
    return None


def step_standing(cup: Cup, planned: CupRecord | None, now: CupRecord | None, rnd: str, opponent: str = "") -> str:
    """Where the player's cup step, planned on the attempt `planned` (qualifying, or the battle of round `rnd` against
    `opponent`), stands in the bracket as it is now (`now`, another game may have moved it meanwhile): OPEN (record it),
    RECORDED (that qualifying or battle is in the attempt already) or MOVED_ON (the attempt it belongs to is over or replaced)."""
    if rnd == QUALIFYING_ROUND:
        return OPEN if now == planned else RECORDED  # any change since is a qualifying another game settled (and maybe more)
    if now is None or planned is None or (now.attempts, now.seed) != (planned.attempts, planned.seed):
        return MOVED_ON
    if player_battle(now, rnd, opponent) is not None:
        return RECORDED
    nb = next_battle(cup, now)
    return OPEN if nb is not None and nb[:2] == (rnd, opponent) else MOVED_ON


def player_battle(record: CupRecord, rnd: str, opponent: str) -> BattleRecord | None:
    """The player's battle of this round against this opponent, if the attempt holds it."""
    return _battle(record, rnd, PLAYER, opponent) if opponent else None


def _draw_score(rng, e: FieldEntry) -> float:
    v = float(rng.normal(e.battle_mean, max(0.0, e.battle_sd)))
    return round(min(SCORE_MAX, max(0.0, v)), 1)


def draw_battle(rng, a: FieldEntry, b: FieldEntry, rules, round: str = "") -> BattleRecord:  # noqa: A002 (the record's field)
    """A battle between two drift drivers (a the higher seed) drawn from their numbers, one more time on a tie."""
    t = _tandem(rules)
    omt = 0
    while True:
        sa, sb = _draw_score(rng, a), _draw_score(rng, b)
        if abs(sa - sb) <= t.omt_margin_points + 1e-9 and omt < t.omt_max:
            omt += 1
            continue
        return BattleRecord(round=round, a=a.driver, b=b.driver, score_a=sa, score_b=sb, omt=omt, winner=a.driver if sa >= sb else b.driver,
                            drawn=True)


def _entry(cup: Cup, driver: str) -> FieldEntry:
    for e in cup.field:
        if e.driver == driver:
            return e
    raise ValueError(f"cup {cup.id}: {driver!r} is not in its field")


def _draw_round(cup: Cup, record: CupRecord, ri: int, rules) -> CupRecord:
    """Every match of the round still to decide that the player is not in, drawn."""
    battles = list(record.battles)
    for mi, (x, y) in enumerate(_slots(record, ri)):
        if not x or not y or PLAYER in (x, y) or _battle(record, ROUNDS[ri], x, y) is not None:
            continue
        hi, lo = (x, y) if _rank(record, x) < _rank(record, y) else (y, x)
        rng = np.random.default_rng([abs(int(record.seed)), ri, mi])
        battles.append(draw_battle(rng, _entry(cup, hi), _entry(cup, lo), rules, ROUNDS[ri]))
    return replace(record, battles=tuple(battles))


def after_battle(cup: Cup, record: CupRecord, rules, player_score: float, opponent_score: float, omt: int, winner: str,
                 replay: str | None = None) -> CupRecord:
    """The attempt after the player's battle: it is recorded (winner PLAYER or the opponent's id; "" decides by the
    scores, a tie to the higher seed), the round's other battles drawn, then the next round, or DONE_ROUND with the
    place ("winner", else the round the player went out in) and the rest of the bracket drawn."""
    nb = next_battle(cup, record)
    if nb is None:
        raise ValueError(f"cup {cup.id}: no battle to record (round {record.round!r})")
    rnd, opp, _ = nb
    ri = ROUNDS.index(rnd)
    hi_player = seed_of(record, PLAYER) < seed_of(record, opp)
    if not winner:
        ps, os_ = float(player_score), float(opponent_score)
        winner = PLAYER if ps > os_ or (ps == os_ and hi_player) else opp
    if winner not in (PLAYER, opp):
        raise ValueError(f"cup {cup.id}: the {rnd} winner must be {PLAYER!r} or {opp!r}, got {winner!r}")
    a, b, sa, sb = (PLAYER, opp, player_score, opponent_score) if hi_player else (opp, PLAYER, opponent_score, player_score)
    # stored to the hundredth, as the judges show them (the profile and `sideways career --json` read them)
    mine = BattleRecord(round=rnd, a=a, b=b, score_a=round(float(sa), 2), score_b=round(float(sb), 2), omt=max(0, int(omt)), winner=winner,
                        replay=replay)
    rec = _draw_round(cup, replace(record, battles=(*record.battles, mine)), ri, rules)
    if winner == PLAYER and ri + 1 < len(ROUNDS):
        return replace(rec, round=ROUNDS[ri + 1])
    for later in range(ri + 1, len(ROUNDS)):
        rec = _draw_round(cup, rec, later, rules)
    return replace(rec, round=DONE_ROUND, place=WINNER if winner == PLAYER else rnd)


def battles_won(record: CupRecord) -> int:
    """The player's battle wins this attempt (0-3)."""
    return sum(1 for b in record.battles if not b.drawn and b.winner == PLAYER)


def champion(record: CupRecord) -> str:
    """Who won the final ("" until it is decided)."""
    (x, y), = _slots(record, len(ROUNDS) - 1)
    b = _battle(record, ROUNDS[-1], x, y)
    return b.winner if b is not None else ""


def with_cup(progress: CareerProgress, cup_id: str, record: CupRecord) -> CareerProgress:
    """The progress with this cup's record replaced (save it after every step of an attempt)."""
    return CareerProgress(events=progress.events, cups={**progress.cups, cup_id: record})


def settle_cup(career: Career, progress: CareerProgress, cup: Cup, record: CupRecord, replay: str | None = None,
               date: str = "") -> tuple[CareerProgress, EventOutcome]:
    """A finished attempt into the career: the cup record kept, the event record's best = most battles won in an
    attempt, stars from cup.targets (new ones paid once)."""
    if record.round != DONE_ROUND:
        raise ValueError(f"cup {cup.id}: the attempt is not over (round {record.round!r})")
    settled, outcome = settle_event(career, with_cup(progress, cup.id, record), cup, battles_won(record), replay=replay, date=date)
    return settled, outcome


def bracket_rows(cup: Cup, record: CupRecord | None) -> tuple[tuple[Match, ...], ...]:
    """The bracket round by round (quarter-finals 4, semi-finals 2, final 1), top to bottom."""
    record = record if record is not None else CupRecord(round=QUALIFYING_ROUND)
    rows = []
    for ri, rnd in enumerate(ROUNDS):
        row = []
        for x, y in _slots(record, ri):
            b = _battle(record, rnd, x, y)
            sa, sb = seed_of(record, x), seed_of(record, y)
            if b is None:
                row.append(Match(rnd, x, y, seed_a=sa, seed_b=sb))
                continue
            score_x, score_y = (b.score_a, b.score_b) if b.a == x else (b.score_b, b.score_a)
            row.append(Match(rnd, x, y, score_x, score_y, b.omt, b.winner, False, b.drawn, sa, sb, b.replay))
        rows.append(tuple(row))
    return tuple(rows)
