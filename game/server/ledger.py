"""The server's writes: players and their token hashes, accepted runs (file durable before the row commits), a run
handed to a verifier, and a verdict recorded in one transaction with the player's best row on the board."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, literal_column, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from game.server.blobs import FileBlobs, TableBlobs, digest, run_id_of
from game.server.db import now
from game.server.tables import QUEUED, REFUSED, RUNNING, VERIFIED, board_rows, boards, players, runs

MAX_ATTEMPTS = 3  # a file that kills its verifier this many times is refused instead of retried for ever


class NameTaken(ValueError):
    """Another player has this name (names are unique case-insensitively)."""


def token_hash(token: str) -> str:
    """What the server keeps of a token: its SHA-256."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_player(engine: Engine, name: str) -> tuple[str, str]:
    """A new player (id, token); NameTaken when the name is in use. Only the token's hash is stored."""
    player_id, token = secrets.token_hex(8), secrets.token_urlsafe(32)
    try:
        with engine.begin() as c:
            c.execute(players.insert().values(id=player_id, name=name, name_key=name.casefold(), token_hash=token_hash(token), created=now()))
    except IntegrityError:
        raise NameTaken(name) from None
    return player_id, token


def player_for_token(engine: Engine, token: str) -> dict | None:
    """The player whose token this is ({"id", "name"}), or None."""
    with engine.connect() as c:
        row = c.execute(select(players.c.id, players.c.name).where(players.c.token_hash == token_hash(token))).mappings().first()
    return dict(row) if row else None


@dataclass(frozen=True)
class Accepted:
    """A submission's run: its id, its status now, and whether this request stored it (False: the same bytes before)."""

    run_id: str
    status: str
    new: bool


def accept_run(engine: Engine, blobs: FileBlobs | TableBlobs, player_id: str, data: bytes, board: Any, physics: int) -> Accepted:
    """Store a prechecked file and its queued run: the file is durable before the row commits; same bytes, same run."""
    sha = digest(data)
    run_id = run_id_of(sha)
    existing = _status(engine, run_id)
    if existing is not None:
        return Accepted(run_id, existing, False)
    try:
        with engine.begin() as c:
            blobs.put(c, sha, data)
            _upsert(c, boards, {"id": board.id, "physics": physics, "doc": board.as_dict()}, ["id"])
            c.execute(runs.insert().values(id=run_id, sha256=sha, player_id=player_id, board_id=board.id, status=QUEUED,
                                           submitted_at=now(), physics=physics, size=len(data), attempts=0))
    except IntegrityError:  # the same bytes, sent twice at once: the other request stored them
        status = _status(engine, run_id)
        if status is None:
            raise
        return Accepted(run_id, status, False)
    return Accepted(run_id, QUEUED, True)


def _status(engine: Engine, run_id: str) -> str | None:
    with engine.connect() as c:
        return c.execute(select(runs.c.status).where(runs.c.id == run_id)).scalar()


def pending(engine: Engine) -> list[str]:
    """Runs accepted and not yet judged (queued, or handed to a verifier that never answered), oldest first."""
    with engine.connect() as c:
        return list(c.execute(select(runs.c.id).where(runs.c.status.in_((QUEUED, RUNNING))).order_by(runs.c.submitted_at, runs.c.id)).scalars())


def start_attempt(engine: Engine, blobs: FileBlobs | TableBlobs, run_id: str) -> bytes | None:
    """Mark the run handed to a verifier (one more attempt) and return its file; None when it needs no verifying (judged
    already, gone), or after MAX_ATTEMPTS, when it is refused instead."""
    with engine.begin() as c:
        r = c.execute(select(runs.c.status, runs.c.attempts, runs.c.sha256).where(runs.c.id == run_id)).mappings().first()
        if r is None or r["status"] not in (QUEUED, RUNNING):
            return None
        if r["attempts"] >= MAX_ATTEMPTS:
            _finish(c, run_id, REFUSED, reason=f"verification stopped {r['attempts']} times without an answer; this file is not ranked")
            return None
        c.execute(update(runs).where(runs.c.id == run_id).values(status=RUNNING, attempts=runs.c.attempts + 1))
        data = blobs.get(c, r["sha256"])
        if data is None:
            _finish(c, run_id, REFUSED, reason="the stored file is missing; submit it again")
        return data


def record_verdict(engine: Engine, run_id: str, verdict: Any) -> bool:
    """The verdict and, when verified, the player's best row on the board, in one transaction. A verdict for a run
    already judged (the same job run twice) changes nothing and returns False."""
    with engine.begin() as c:
        if not verdict.verified:
            return _finish(c, run_id, REFUSED, reason=verdict.reason or "refused")
        done = _finish(c, run_id, VERIFIED, score=float(verdict.score), car=verdict.car, model=verdict.model, created=verdict.created,
                       breakdown=verdict.breakdown)
        if done:
            r = c.execute(select(runs.c.board_id, runs.c.player_id, runs.c.verified_at).where(runs.c.id == run_id)).mappings().one()
            _best(c, {"board_id": r["board_id"], "player_id": r["player_id"], "run_id": run_id, "score": float(verdict.score), "at": r["verified_at"]})
        return done


def _finish(c: Connection, run_id: str, status: str, **values: Any) -> bool:
    """Judge a run still queued or running; False when another verifier judged it first."""
    res = c.execute(update(runs).where(runs.c.id == run_id, runs.c.status.in_((QUEUED, RUNNING)))
                    .values(status=status, verified_at=now(), **values))
    return res.rowcount == 1


def _best(c: Connection, row: dict) -> None:
    """Insert the player's row on the board, or replace it when this score is higher, or equal and verified earlier (ties
    keep the earlier run even when two verdicts commit in the other order)."""
    pg = c.dialect.name == "postgresql"
    ins = (postgresql if pg else sqlite).insert(board_rows).values(**row)
    higher = ins.excluded.score > board_rows.c.score
    earlier = and_(ins.excluded.score == board_rows.c.score, ins.excluded.at < board_rows.c.at)
    upsert = ins.on_conflict_do_update(index_elements=["board_id", "player_id"],
                                       set_={"run_id": ins.excluded.run_id, "score": ins.excluded.score, "at": ins.excluded.at},
                                       where=or_(higher, earlier))
    if pg:  # a row written by an insert has no xmax: the statement says itself whether it added the player's row
        added = bool(c.execute(upsert.returning(literal_column("xmax = 0"))).scalar())
    else:  # SQLite: this transaction holds the database's one write lock since _finish, so nothing comes between
        added = c.execute(select(board_rows.c.run_id).where(board_rows.c.board_id == row["board_id"],
                                                           board_rows.c.player_id == row["player_id"])).first() is None
        c.execute(upsert)
    if added:
        c.execute(update(boards).where(boards.c.id == row["board_id"]).values(row_count=boards.c.row_count + 1))


def _upsert(c: Connection, table, values: dict, keys: list[str]) -> None:
    ins = (postgresql if c.dialect.name == "postgresql" else sqlite).insert(table).values(**values)
    c.execute(ins.on_conflict_do_nothing(index_elements=keys))


def counts(engine: Engine) -> dict[str, int]:
    """Runs by status (for the health of a deployment and the tests)."""
    with engine.connect() as c:
        return dict(c.execute(select(runs.c.status, func.count()).group_by(runs.c.status)).all())


def release(engine: Engine, run_ids: list[str]) -> None:
    """Runs a stopping server was verifying go back to the queue, the cut-short attempt not counted."""
    with engine.begin() as c:
        c.execute(update(runs).where(runs.c.id.in_(run_ids), runs.c.status == RUNNING)
                  .values(status=QUEUED, attempts=func.max(runs.c.attempts - 1, 0) if c.dialect.name == "sqlite" else func.greatest(runs.c.attempts - 1, 0)))
