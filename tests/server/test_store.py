"""The store's reads on real databases (SQLite and PostgreSQL): a board's rows come in rank order (higher score first,
then the earlier, then the lower run id) and each player's own rank agrees with it, ties included."""

from __future__ import annotations

import random

import pytest

from game.server.blobs import FileBlobs
from game.server.db import migrate, now, open_engine
from game.server.store import Store
from game.server.tables import VERIFIED, board_rows, boards, players, runs
from game.server.verdict import Board

BOARD = Board(id="qualifying-sideways_park-pad_hook-arcade-p1", kind="qualifying", title="Qualifying", map="sideways_park")
ROWS = 60


@pytest.fixture(scope="module")
def store(database_url, tmp_path_factory):
    from game.server.config import ServerConfig

    engine = open_engine(ServerConfig(data=tmp_path_factory.mktemp("data"), database=database_url).url)
    migrate(engine)
    yield Store(engine, FileBlobs(tmp_path_factory.mktemp("replays")), lambda: (BOARD,), 1)
    engine.dispose()


@pytest.fixture(scope="module")
def expected(store) -> list[str]:
    """ROWS players on BOARD, three scores and two times only (so ties on both): their ids in rank order."""
    rng = random.Random(3)
    made = []
    for _ in range(ROWS):
        pid = f"{rng.getrandbits(64):016x}"
        made.append({"board_id": BOARD.id, "player_id": pid, "run_id": pid, "score": rng.choice((50.5, 70.0, 91.2)),
                     "at": rng.choice(("2026-01-01T10:00:00Z", "2026-01-02T10:00:00Z"))})
    with store.engine.begin() as c:
        c.execute(boards.insert().values(id=BOARD.id, physics=1, doc=BOARD.as_dict()))
        c.execute(players.insert(), [{"id": r["player_id"], "name": f"p{i}", "name_key": f"p{i}", "token_hash": r["player_id"] * 4,
                                      "created": now()} for i, r in enumerate(made)])
        c.execute(runs.insert(), [{"id": r["run_id"], "sha256": r["run_id"] * 4, "player_id": r["player_id"], "board_id": BOARD.id,
                                   "status": VERIFIED, "score": r["score"], "submitted_at": r["at"], "physics": 1, "size": 1} for r in made])
        c.execute(board_rows.insert(), made)
    return [r["run_id"] for r in sorted(made, key=lambda r: (-r["score"], r["at"], r["run_id"]))]


def test_a_boards_rows_come_in_rank_order_and_each_players_rank_agrees(store, expected):
    rows, you = store.top(BOARD.id, 100)
    assert you is None and [r["run"] for r in rows] == expected and [r["rank"] for r in rows] == list(range(1, ROWS + 1))
    for rank, pid in enumerate(expected, 1):
        top, you = store.top(BOARD.id, 5, pid)
        assert you is not None and (you["run"], you["rank"]) == (pid, rank)
        assert [r["run"] for r in top] == expected[:5]

