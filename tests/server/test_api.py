"""The API on a real server (SQLite and PostgreSQL): a run is verified at the server's own score and ranked; same bytes
are one run; a tie keeps the earlier run; a run refused on re-simulation says why; every error is one JSON line."""

from __future__ import annotations

import hashlib

import httpx
import pytest

from tests.support import board_runs
from tests.support.board_server import register, submit, wait_judged

BOARD = board_runs.QUALIFYING_BOARD


def test_health_names_the_physics_version(server):
    from game.sim.physics_version import PHYSICS_VERSION

    assert httpx.get(f"{server.url}api/v1/health").json() == {"ok": True, "physics": PHYSICS_VERSION, "game_version": "0.1.0"}


def test_a_run_claiming_a_higher_score_ranks_at_its_resimulated_score(server):
    token = register(server.url, "Claimer")
    data = board_runs.claimed_higher_run()
    r = submit(server.url, token, data)
    assert r.status_code == 202 and r.json()["status"] == "queued", r.text
    run = r.json()["run"]
    assert run == hashlib.sha256(data).hexdigest()[:16]
    doc = wait_judged(server.url, run)
    assert (doc["status"], doc["board"], doc["score"], doc["player"], doc["best"]) == ("verified", BOARD, board_runs.QUALIFYING_TOTAL, "Claimer", True)
    assert doc["breakdown"]["score"] == board_runs.QUALIFYING_TOTAL and doc["car"] == "hatch" and doc["model"] == "arcade"
    top = httpx.get(f"{server.url}api/v1/boards/{BOARD}", params={"limit": 100}, headers={"Authorization": f"Bearer {token}"}).json()
    mine = [row for row in top["rows"] if row["run"] == run]
    assert mine == [top["you"]] and mine[0]["score"] == board_runs.QUALIFYING_TOTAL and mine[0]["rank"] == doc["rank"]
    listed = {b["id"]: b for b in httpx.get(f"{server.url}api/v1/boards").json()["boards"]}
    assert listed[BOARD]["runs"] == len(top["rows"])
    got = httpx.get(f"{server.url}api/v1/runs/{run}/replay")
    assert got.content == data and got.headers["x-sideways-sha256"] == hashlib.sha256(data).hexdigest()


def test_same_bytes_twice_is_one_run(server):
    token = register(server.url, "Twice")
    data = board_runs.variant(board_runs.qualifying_run(), 1)
    first = submit(server.url, token, data).json()
    wait_judged(server.url, first["run"])
    again = submit(server.url, token, data)
    assert again.status_code == 200 and again.json()["run"] == first["run"] and again.json()["status"] == "verified"
    rows = httpx.get(f"{server.url}api/v1/boards/{BOARD}", params={"limit": 100}).json()["rows"]
    assert [row["player"] for row in rows].count("Twice") == 1


def test_a_tie_keeps_the_players_earlier_run(server):
    token = register(server.url, "Tied")
    runs = []
    for i in (2, 3):
        runs.append(submit(server.url, token, board_runs.variant(board_runs.qualifying_run(), i)).json()["run"])
        wait_judged(server.url, runs[-1])
    first, second = (httpx.get(f"{server.url}api/v1/runs/{r}").json() for r in runs)
    assert (first["best"], second["best"]) == (True, False)
    assert isinstance(first["rank"], int) and second["rank"] is None and second["status"] == "verified"


def test_a_run_cut_short_is_refused_after_resimulation_with_the_reason(server):
    token = register(server.url, "Short")
    r = submit(server.url, token, board_runs.cut_short_run())
    assert r.status_code == 202, r.text
    doc = wait_judged(server.url, r.json()["run"])
    assert doc["status"] == "refused" and "finish" in doc["reason"] and "\n" not in doc["reason"]
    rows = httpx.get(f"{server.url}api/v1/boards/{BOARD}", params={"limit": 100}).json()["rows"]
    assert "Short" not in [row["player"] for row in rows]


@pytest.mark.parametrize("method, path, code, reason", [
    ("GET", "api/v1/runs/0123456789abcdef", 404, "no run 0123456789abcdef"),
    ("GET", "api/v1/runs/not-a-run", 404, "no such run (a run id is 16 hex digits)"),
    ("GET", "api/v1/boards/no-such-board", 404, "no board 'no-such-board'"),
    ("GET", f"api/v1/boards/{BOARD}?limit=0", 422, "limit must be a whole number from 1 to 100"),
    ("GET", f"api/v1/boards/{BOARD}?limit=101", 422, "limit must be a whole number from 1 to 100"),
    ("GET", "api/v1/nothing", 404, "not found: GET /api/v1/nothing"),
    ("DELETE", "api/v1/boards", 405, "method not allowed: DELETE /api/v1/boards"),
    ("POST", "api/v1/runs", 401, "no token: register with POST /api/v1/players and send Authorization: Bearer TOKEN"),
])
def test_every_error_is_one_json_line(server, method, path, code, reason):
    r = httpx.request(method, f"{server.url}{path}", content=b"x" if method == "POST" else None)
    assert (r.status_code, r.json()) == (code, {"status": "error", "reason": reason})


def test_an_unknown_token_is_refused(server):
    r = submit(server.url, "not-a-token", board_runs.qualifying_run())
    assert (r.status_code, r.json()["reason"]) == (401, "unknown token: register again with POST /api/v1/players")
    bad = httpx.get(f"{server.url}api/v1/boards/{BOARD}", headers={"Authorization": "Basic abc"})
    assert (bad.status_code, bad.json()["reason"]) == (401, "the Authorization header must be 'Bearer TOKEN'")
