"""Many players at once on a real server (SQLite and PostgreSQL, two verifying processes): 20 clients, each its own
player, submit 200 distinct runs (60 on SQLite) over loopback at the same moment; every one ends verified, and the board holds one row
per player (their best run, the earlier of equal ones) ranked 1..20 by score, ties by the earlier run, with no duplicates
in the API's answer or in the database."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from sqlalchemy import func, select

from game.server import ledger
from game.server.tables import VERIFIED, board_rows, replays, runs
from tests.support import board_runs
from tests.support.board_server import board_server

BOARD = board_runs.QUALIFYING_BOARD
CLIENTS = 20
EACH = {"sqlite": 3, "postgres": 10}  # runs per client: 200 at once through the deployment made for many players (API +
# workers on PostgreSQL); 60 on the embedded server, whose one writer takes them in turn all the same (the suite's time)
SCALES = (0.95, 0.96, 0.97, 1.0, 0.98, 0.995, 0.99)  # the Qualifying inputs steered less: seven runs, seven scores
WAIT_S = 240.0


def plan(each: int) -> list[list[tuple[float, bytes]]]:
    """Each client's ten runs: distinct bytes of one, two or three of the scored runs (one: ten equal scores, a tie the
    board settles by the earlier run; more: the board keeps the best)."""
    scales = [[SCALES[(p + j % (1 + p % 3)) % len(SCALES)] for j in range(each)] for p in range(CLIENTS)]
    made = {}
    for s in SCALES:
        at = [p * each + j for p in range(CLIENTS) for j in range(each) if scales[p][j] == s]
        made.update(zip(at, board_runs.variants(board_runs.qualifying_run() if s == 1.0 else board_runs.steered_run(s), at), strict=True))
    return [[(scales[p][j], made[p * each + j]) for j in range(each)] for p in range(CLIENTS)]


@pytest.fixture(scope="module")
def crowd(backend, request, tmp_path_factory):
    """The module's own server with the 200 runs submitted at once and judged: (server, {run: (player name, scale)})."""
    database = request.getfixturevalue("pg_cluster").database() if backend == "postgres" else ""
    files = plan(EACH[backend])
    with board_server(tmp_path_factory.mktemp(f"crowd-{backend}"), database, workers=2) as server:
        start = threading.Barrier(CLIENTS, timeout=60)

        def client(p: int) -> list[tuple[str, float]]:
            name = f"Crowd {p:02d}"
            with httpx.Client(base_url=server.url, timeout=60) as http:
                r = http.post("api/v1/players", json={"name": name})
                assert r.status_code == 201, r.text
                auth = {"Authorization": f"Bearer {r.json()['token']}", "Content-Type": "application/octet-stream"}
                start.wait()  # every client registered: all submit at once
                out = []
                for scale, data in files[p]:
                    r = http.post("api/v1/runs", content=data, headers=auth)
                    assert r.status_code in (200, 202) and r.json()["status"] in ("queued", VERIFIED), r.text
                    out.append((r.json()["run"], scale))
                return out

        with ThreadPoolExecutor(CLIENTS) as pool:
            sent = list(pool.map(client, range(CLIENTS)))
        engine = server.engine()
        try:
            deadline = time.monotonic() + WAIT_S
            while sum(ledger.counts(engine).get(s, 0) for s in ("queued", "running")):
                assert time.monotonic() < deadline, f"runs still waiting after {WAIT_S} s: {ledger.counts(engine)}"
                time.sleep(0.25)
        finally:
            engine.dispose()
        yield server, {run: (f"Crowd {p:02d}", scale) for p, mine in enumerate(sent) for run, scale in mine}, EACH[backend]


def test_two_hundred_runs_at_once_all_end_verified_each_stored_once(crowd):
    server, sent, each = crowd
    assert len(sent) == CLIENTS * each  # 200 (60) distinct run ids answered
    engine = server.engine()
    try:
        with engine.connect() as c:
            stored = c.execute(select(runs.c.id, runs.c.status, runs.c.score)).all()
            files = c.execute(select(func.count()).select_from(replays)).scalar() if server.postgres else len(server.blob_files())
    finally:
        engine.dispose()
    assert sorted(r.id for r in stored) == sorted(sent) and files == CLIENTS * each
    assert {r.status for r in stored} == {VERIFIED}
    scores = defaultdict(set)
    for r in stored:
        scores[sent[r.id][1]].add(r.score)
    assert all(len(s) == 1 for s in scores.values()) and len({min(s) for s in scores.values()}) == len(SCALES)  # same run, same score
    assert min(scores[1.0]) == board_runs.QUALIFYING_TOTAL


def test_the_board_has_one_row_per_player_ranked_by_score_then_the_earlier_run(crowd):
    server, sent, _ = crowd
    with httpx.Client(base_url=server.url, timeout=60) as http:
        top = http.get(f"api/v1/boards/{BOARD}", params={"limit": 100}).json()
        rows = top["rows"]
        listed = {b["id"]: b["runs"] for b in http.get("api/v1/boards").json()["boards"]}
        with ThreadPoolExecutor(8) as pool:
            docs = dict(zip(sent, pool.map(lambda run: http.get(f"api/v1/runs/{run}").json(), sent), strict=True))
    engine = server.engine()
    try:
        with engine.connect() as c:
            table = c.execute(select(board_rows.c.player_id, board_rows.c.run_id, board_rows.c.score, board_rows.c.at)
                              .where(board_rows.c.board_id == BOARD)).all()
            verified_at = dict(c.execute(select(runs.c.id, runs.c.verified_at)).all())
    finally:
        engine.dispose()
    # the API: ranks 1..20, one row per player, each their best score, in score order
    assert [r["rank"] for r in rows] == list(range(1, CLIENTS + 1))
    assert top["board"]["runs"] == listed[BOARD] == CLIENTS  # the board's count kept through all of it
    assert sorted(r["player"] for r in rows) == sorted({name for name, _ in sent.values()})
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    mine = defaultdict(list)
    for run, (name, _scale) in sent.items():
        mine[name].append(run)
    for row in rows:
        best = max(docs[run]["score"] for run in mine[row["player"]])
        ties = [run for run in mine[row["player"]] if docs[run]["score"] == best]
        assert row["score"] == best and row["run"] in ties
        assert verified_at[row["run"]] == min(verified_at[run] for run in ties)  # of equal runs, the one verified first
        assert [run for run in mine[row["player"]] if docs[run]["best"]] == [row["run"]]
        assert docs[row["run"]]["rank"] == row["rank"]
    # the database: no duplicate rows, and the API's order is the server's (score, then the earlier run, then run id)
    assert len(table) == CLIENTS and len({r.player_id for r in table}) == CLIENTS and len({r.run_id for r in table}) == CLIENTS
    assert [r.run_id for r in sorted(table, key=lambda r: (-r.score, r.at, r.run_id))] == [r["run"] for r in rows]
    assert len({r["score"] for r in rows}) < CLIENTS  # players tied on score, ordered by the earlier run
