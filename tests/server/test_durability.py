"""Nothing accepted is lost, on a real server (SQLite and PostgreSQL) killed with SIGKILL: a run answered "queued" is on
disk (its row and its file) before the answer; a verifying process killed mid-run leaves its run to be retried, with one
row on the board; a server killed with runs queued and started again verifies them all, none lost, none twice."""

from __future__ import annotations

import hashlib
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select, text

from game.server.tables import QUEUED, RUNNING, VERIFIED, board_rows, replays, runs
from tests.support import board_runs
from tests.support.board_server import board_server, register, submit, wait_judged

WAIT_S = 90.0


@pytest.fixture(scope="module")
def own(backend, request, tmp_path_factory):
    """This module's own server, one verifying process (so a slow run keeps it busy): its tests kill and restart it."""
    database = request.getfixturevalue("pg_cluster").database() if backend == "postgres" else ""
    with board_server(tmp_path_factory.mktemp(f"durable-{backend}"), database, workers=1) as server:
        yield server


def looked_up(server, query, **params) -> list:
    """The rows of a query on the server's own database (behind the API)."""
    engine = server.engine()
    try:
        with engine.connect() as c:
            return list(c.execute(query, params).all())
    finally:
        engine.dispose()


def status(server, run: str) -> str:
    return looked_up(server, select(runs.c.status).where(runs.c.id == run))[0][0]


def wait_until(what: str, check, timeout_s: float = WAIT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, f"not {what} after {timeout_s} s"
        time.sleep(0.05)


def accepted(server, token: str, data: bytes) -> str:
    """Submit and check the answer is 202 "queued": the run's id."""
    r = submit(server.url, token, data)
    assert r.status_code == 202 and r.json()["status"] == "queued", r.text
    return r.json()["run"]


def test_a_run_answered_queued_is_on_disk_and_verified_after_a_restart(own):
    token = register(own.url, "Durable")
    slow = accepted(own, token, board_runs.variant(board_runs.timed_run(), 1))  # keeps the one verifier busy
    data = board_runs.variant(board_runs.qualifying_run(), 101)
    run = accepted(own, token, data)
    own.kill()  # the moment the answer came: SIGKILL, nothing flushed or closed
    sha = hashlib.sha256(data).hexdigest()
    [(state, digest, size, player)] = looked_up(own, select(runs.c.status, runs.c.sha256, runs.c.size, runs.c.player_id).where(runs.c.id == run))
    assert (state, digest, size) == (QUEUED, sha, len(data))
    if own.postgres:
        kept = [bytes(d) for (d,) in looked_up(own, select(replays.c.data).where(replays.c.sha256 == sha))]
    else:
        kept = [p.read_bytes() for p in own.blob_files() if p.name == f"{sha}.swr"]
    assert kept == [data]
    own.start()
    doc = wait_judged(own.url, run, WAIT_S)
    assert (doc["status"], doc["score"], doc["best"], doc["rank"]) == (VERIFIED, board_runs.QUALIFYING_TOTAL, True, 1)
    assert wait_judged(own.url, slow, WAIT_S)["status"] == VERIFIED
    on_board = looked_up(own, select(board_rows.c.run_id).where(board_rows.c.player_id == player, board_rows.c.board_id == board_runs.QUALIFYING_BOARD))
    assert on_board == [(run,)]


def test_a_verifier_killed_mid_run_leaves_the_run_retried_with_one_row(own):
    token = register(own.url, "Survivor")
    run = accepted(own, token, board_runs.variant(board_runs.timed_run(), 2))  # about 1.5 s to verify
    wait_until("handed to a verifier", lambda: status(own, run) == RUNNING)
    if own.postgres:
        job = text("SELECT status FROM procrastinate_jobs WHERE args->>'run_id' = :run")
        wait_until("a job being done", lambda: looked_up(own, job, run=run) == [("doing",)])
    wait_until("a verifying process", lambda: len(own.verifiers()) == 1)
    [victim] = own.verifiers()  # the pool's process (SQLite) or the worker process (PostgreSQL): the one verifier
    os.kill(victim, signal.SIGKILL)
    assert status(own, run) == RUNNING  # killed mid-run: no verdict yet
    doc = wait_judged(own.url, run, WAIT_S)
    assert (doc["status"], doc["best"]) == (VERIFIED, True) and isinstance(doc["rank"], int)
    [(player, attempts)] = looked_up(own, select(runs.c.player_id, runs.c.attempts).where(runs.c.id == run))
    assert attempts == 2
    assert looked_up(own, select(runs.c.id).where(runs.c.player_id == player)) == [(run,)]
    assert looked_up(own, select(board_rows.c.run_id).where(board_rows.c.player_id == player)) == [(run,)]
    said = [line for line in own.log().splitlines() if "retrying" in line and f"run {run}" in line]
    assert said, own.log()


def test_a_server_killed_with_runs_queued_verifies_them_all_once_restarted(own):
    n = 8
    tokens = [register(own.url, f"Queued {i}") for i in range(n)]
    files = [board_runs.variant(board_runs.timed_run(), 3)] + [board_runs.variant(board_runs.qualifying_run(), 200 + i) for i in range(n - 1)]
    ids = [accepted(own, tokens[0], files[0])]  # the slow one first: it keeps the one verifier busy
    with ThreadPoolExecutor(n - 1) as pool:  # then the others at once
        ids += pool.map(accepted, [own] * (n - 1), tokens[1:], files[1:])
    own.kill()  # the API and, on PostgreSQL, the workers
    waiting = looked_up(own, select(runs.c.id).where(runs.c.id.in_(ids), runs.c.status.in_((QUEUED, RUNNING))))
    assert len(waiting) > n // 2, waiting  # most still queued when it died
    own.start()
    docs = [wait_judged(own.url, run, WAIT_S) for run in ids]
    assert [(d["status"], d["best"]) for d in docs] == [(VERIFIED, True)] * n
    stored = looked_up(own, select(runs.c.id, runs.c.player_id, runs.c.status).where(runs.c.id.in_(ids)))
    assert sorted(r[0] for r in stored) == sorted(ids) and {r[2] for r in stored} == {VERIFIED}
    players = [r[1] for r in sorted(stored, key=lambda r: ids.index(r[0]))]
    rows = looked_up(own, select(board_rows.c.player_id, board_rows.c.run_id).where(board_rows.c.player_id.in_(players)))
    assert sorted(rows) == sorted(zip(players, ids, strict=True))  # one row each, the run's own: none lost, none twice
