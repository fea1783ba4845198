"""The ledger on real databases (SQLite and PostgreSQL): a player's board keeps their best, a verdict recorded twice
makes one row, names are unique case-insensitively and only a token's hash is kept; the migrations match the tables."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from game.server import ledger
from game.server.blobs import FileBlobs, TableBlobs
from game.server.db import migrate, open_engine
from game.server.tables import board_rows, metadata, players, runs
from game.server.verdict import Board, Verdict

BOARD = Board(id="qualifying-sideways_park-pad_hook-arcade-p1", kind="qualifying", title="Qualifying", map="sideways_park")


@pytest.fixture(scope="module")
def engine(database_url, tmp_path_factory):
    from game.server.config import ServerConfig

    eng = open_engine(ServerConfig(data=tmp_path_factory.mktemp("data"), database=database_url).url)
    migrate(eng)
    yield eng
    eng.dispose()


@pytest.fixture(scope="module")
def blobs(engine, tmp_path_factory):
    return TableBlobs() if engine.dialect.name == "postgresql" else FileBlobs(tmp_path_factory.mktemp("replays"))


def verified(score: float) -> Verdict:
    return Verdict(verified=True, board=BOARD, score=score, car="hatch", model="arcade", created="2026-01-01T12:00:00", breakdown={"score": score})


def submit(engine, blobs, player: str, tag: str) -> str:
    return ledger.accept_run(engine, blobs, player, f"file {tag}".encode(), BOARD, 1).run_id


def best(engine, player: str) -> tuple[str, float]:
    with engine.connect() as c:
        rows = c.execute(select(board_rows.c.run_id, board_rows.c.score).where(board_rows.c.player_id == player)).all()
    assert len(rows) == 1
    return rows[0][0], rows[0][1]


def test_a_players_board_row_keeps_their_best(engine, blobs):
    player, _ = ledger.create_player(engine, "keeper")
    a, b, c = (submit(engine, blobs, player, f"keep {i}") for i in range(3))
    ledger.record_verdict(engine, a, verified(50.0))
    assert best(engine, player) == (a, 50.0)
    ledger.record_verdict(engine, b, verified(70.5))
    assert best(engine, player) == (b, 70.5)
    ledger.record_verdict(engine, c, verified(60.0))  # lower: the row stays
    assert best(engine, player) == (b, 70.5)
    with engine.connect() as conn:
        assert conn.execute(select(runs.c.status).where(runs.c.id == c)).scalar() == "verified"


def test_a_tie_keeps_the_run_verified_first_whichever_commits_first(engine, blobs, monkeypatch):
    player, _ = ledger.create_player(engine, "tied")
    early, late, later = (submit(engine, blobs, player, f"tie {i}") for i in range(3))
    monkeypatch.setattr(ledger, "now", lambda: "2026-01-01T12:00:05Z")
    ledger.record_verdict(engine, late, verified(80.0))
    monkeypatch.setattr(ledger, "now", lambda: "2026-01-01T12:00:04Z")  # its clock read first, its commit second
    ledger.record_verdict(engine, early, verified(80.0))
    assert best(engine, player) == (early, 80.0)
    monkeypatch.setattr(ledger, "now", lambda: "2026-01-01T12:00:06Z")
    ledger.record_verdict(engine, later, verified(80.0))
    assert best(engine, player) == (early, 80.0)


def test_a_verdict_recorded_twice_makes_one_row(engine, blobs):
    player, _ = ledger.create_player(engine, "twice")
    run = submit(engine, blobs, player, "twice")
    assert ledger.record_verdict(engine, run, verified(40.0)) is True
    assert ledger.record_verdict(engine, run, verified(99.0)) is False  # the same job run again: nothing changes
    assert best(engine, player) == (run, 40.0)


def test_same_bytes_are_one_run(engine, blobs):
    player, _ = ledger.create_player(engine, "samebytes")
    first = ledger.accept_run(engine, blobs, player, b"same bytes", BOARD, 1)
    again = ledger.accept_run(engine, blobs, player, b"same bytes", BOARD, 1)
    assert first.new and not again.new and first.run_id == again.run_id
    with engine.connect() as c:
        assert c.execute(select(runs.c.id).where(runs.c.id == first.run_id)).all() == [(first.run_id,)]


def test_names_are_unique_case_insensitively_and_tokens_kept_as_hashes(engine):
    player, token = ledger.create_player(engine, "Ümit <b>")
    with pytest.raises(ledger.NameTaken):
        ledger.create_player(engine, "ümit <B>")
    assert ledger.player_for_token(engine, token) == {"id": player, "name": "Ümit <b>"}
    assert ledger.player_for_token(engine, token + "x") is None
    with engine.connect() as c:
        kept = c.execute(select(players.c.token_hash).where(players.c.id == player)).scalar()
    assert kept == ledger.token_hash(token) and token not in kept


def test_the_migrations_make_exactly_the_tables_the_code_uses(engine):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with engine.connect() as c:
        assert compare_metadata(MigrationContext.configure(c), metadata) == []


def test_a_boards_row_count_is_its_players_however_often_they_improve(engine, blobs):
    from game.server.store import Store

    counted = Board(id="timed-sideways_park-p1", kind="timed", title="Timed Run", map="sideways_park")
    store = Store(engine, blobs, lambda: (counted,), 1)
    before = store.board(counted.id)["runs"]
    for p in range(3):
        player, _ = ledger.create_player(engine, f"counted {p}")
        for i, score in enumerate((40.0, 55.0, 50.0)):  # a first row, a better one, a worse one
            run = ledger.accept_run(engine, blobs, player, f"counted {p} {i}".encode(), counted, 1).run_id
            ledger.record_verdict(engine, run, Verdict(verified=True, board=counted, score=score + p, car="hatch", model="arcade",
                                                       created="2026-01-01T12:00:00", breakdown={}))
            assert store.board(counted.id)["runs"] == before + p + 1
    with engine.connect() as c:
        rows = c.execute(select(board_rows.c.player_id).where(board_rows.c.board_id == counted.id)).all()
    assert len(rows) == store.board(counted.id)["runs"] == before + 3
    assert {b["id"]: b["runs"] for b in store.boards_with_counts()}[counted.id] == before + 3
