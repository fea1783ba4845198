"""The boards as the API and the web pages read them: boards with their row counts, a board's top rows and your own,
one run's document and its replay's bytes. `request.app.state.store` is the app's Store."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Engine, and_, func, or_, select

from game.server.blobs import FileBlobs, TableBlobs
from game.server.tables import VERIFIED, board_rows, boards, players, runs

MAX_LIMIT = 100


class Store:
    """Reads over one engine; `current` gives this physics version's boards (Board objects, in the game's order)."""

    def __init__(self, engine: Engine, blobs: FileBlobs | TableBlobs, current: Callable[[], Sequence[Any]], physics: int) -> None:
        self.engine = engine
        self.blobs = blobs
        self.current = current
        self.physics = physics

    def boards_with_counts(self) -> list[dict]:
        """This version's boards, then older versions' boards that have rows: each Board.as_dict() plus "runs"."""
        with self.engine.connect() as c:
            kept = c.execute(select(boards.c.id, boards.c.physics, boards.c.doc, boards.c.row_count)).all()
        counts = {bid: n for bid, _, _, n in kept}
        older = sorted(((p, bid, doc, n) for bid, p, doc, n in kept if p != self.physics and n), key=lambda t: (-t[0], t[1]))
        out = [{**b.as_dict(), "runs": counts.get(b.id, 0)} for b in self.current()]
        out += [{**doc, "runs": n} for _, _, doc, n in older]
        return out

    def board(self, board_id: str) -> dict | None:
        """One board's document (this version's, or an older one a run was accepted on) with its "runs", or None."""
        doc = next((b.as_dict() for b in self.current() if b.id == board_id), None)
        with self.engine.connect() as c:
            kept = c.execute(select(boards.c.doc, boards.c.row_count).where(boards.c.id == board_id)).first()
        if kept is None:
            return None if doc is None else {**doc, "runs": 0}
        return {**(doc or kept[0]), "runs": int(kept[1])}

    def top(self, board_id: str, limit: int = 20, player_id: str | None = None) -> tuple[list[dict], dict | None]:
        """The board's best `limit` rows (1..100) in rank order, and the player's own row (None without one)."""
        limit = max(1, min(MAX_LIMIT, int(limit)))
        with self.engine.connect() as c:
            q = _rows().where(board_rows.c.board_id == board_id).order_by(*_ORDER).limit(limit)
            rows = [_row(r, i + 1) for i, r in enumerate(c.execute(q).mappings())]
            you = None
            if player_id is not None:
                mine = c.execute(_rows().where(board_rows.c.board_id == board_id, board_rows.c.player_id == player_id)).mappings().first()
                if mine is not None:
                    you = _row(mine, self._rank(c, board_id, mine["score"], mine["at"], mine["run"]))
        return rows, you

    def run(self, run_id: str) -> dict | None:
        """A run's document: the submission result shape plus player, car, model, dates, breakdown, digest and links."""
        with self.engine.connect() as c:
            r = c.execute(select(runs, players.c.name.label("player_name"), board_rows.c.run_id.label("best_run"),
                                 board_rows.c.at.label("best_at"))
                          .join(players, players.c.id == runs.c.player_id)
                          .outerjoin(board_rows, and_(board_rows.c.board_id == runs.c.board_id, board_rows.c.player_id == runs.c.player_id))
                          .where(runs.c.id == run_id)).mappings().first()
            if r is None:
                return None
            best = r["best_run"] == r["id"]
            rank = None
            if best:
                rank = self._rank(c, r["board_id"], r["score"], r["best_at"], r["id"])
        verified = r["status"] == VERIFIED
        return {"status": r["status"], "board": r["board_id"], "score": r["score"] if verified else None, "rank": rank, "run": r["id"],
                "reason": r["reason"], "player": r["player_name"], "car": r["car"], "model": r["model"], "created": r["created"],
                "submitted_at": r["submitted_at"], "verified_at": r["verified_at"], "breakdown": r["breakdown"] or {}, "sha256": r["sha256"],
                "replay": f"/api/v1/runs/{r['id']}/replay", "best": best, "physics": r["physics"]}

    def replay_bytes(self, run_id: str) -> bytes | None:
        """The run's file as it was submitted, or None when there is no such run."""
        with self.engine.connect() as c:
            sha = c.execute(select(runs.c.sha256).where(runs.c.id == run_id)).scalar()
            return None if sha is None else self.blobs.get(c, sha)

    @staticmethod
    def _rank(c, board_id: str, score: float, at: str, run_id: str) -> int:
        """1 + the rows ahead of this one: a higher score (one range of board_rows_order), or the same score reached
        earlier (the ties, another); counted apart, each is read from the index alone."""
        on_board = board_rows.c.board_id == board_id
        higher = select(func.count()).select_from(board_rows).where(on_board, board_rows.c.score > score).scalar_subquery()
        tied = select(func.count()).select_from(board_rows).where(on_board, board_rows.c.score == score, or_(
            board_rows.c.at < at, and_(board_rows.c.at == at, board_rows.c.run_id < run_id))).scalar_subquery()
        return 1 + int(c.execute(select(higher + tied)).scalar() or 0)


_ORDER = (board_rows.c.score.desc(), board_rows.c.at, board_rows.c.run_id)


def _rows():
    return (select(board_rows.c.score, board_rows.c.at, board_rows.c.run_id.label("run"), players.c.name.label("player"),
                   runs.c.car, runs.c.model, runs.c.created, runs.c.breakdown)
            .join(players, players.c.id == board_rows.c.player_id).join(runs, runs.c.id == board_rows.c.run_id))


def _row(r, rank: int) -> dict:
    """ROW: rank, player, score, car, model, date (the run's own), run, breakdown."""
    return {"rank": rank, "player": r["player"], "score": r["score"], "car": r["car"], "model": r["model"],
            "date": r["created"] or r["at"], "run": r["run"], "breakdown": r["breakdown"] or {}}
