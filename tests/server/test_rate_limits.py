"""Rate limits per player and per address: the request past a window is refused with 429, one line naming the limit
and a Retry-After the client can wait; other players and other addresses are not held back. The real app on a real
SQLite database, served in process (starlette's TestClient), with windows small enough to fill."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from game.server.app import create_app
from game.server.config import Limits, ServerConfig
from tests.support import board_runs

LIMITS = Limits(register_per_address="3/minute", submit_per_player="2/minute", submit_per_address="3/minute",
                read_per_address="5/minute")


@pytest.fixture()
def app(tmp_path):
    return create_app(ServerConfig(data=tmp_path, workers=1, limits=LIMITS))


def client(app, address: str) -> TestClient:
    """Requests from `address`; the app is started (its lifespan) by the first client entered with `with`."""
    return TestClient(app, client=(address, 50000))


def register(c: TestClient, name: str) -> str:
    r = c.post("/api/v1/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def refused(r, limit: str) -> None:
    """A 429 naming the limit, one line, with a Retry-After of a whole number of seconds within the window."""
    assert r.status_code == 429, r.text
    doc = r.json()
    assert doc["status"] == "error" and limit in doc["reason"] and "\n" not in doc["reason"], doc
    assert 1 <= int(r.headers["Retry-After"]) <= 60


def test_new_players_from_one_address_are_limited_and_another_address_is_not(app):
    with client(app, "10.0.0.1") as a:
        b = client(app, "10.0.0.2")
        for i in range(3):
            register(a, f"Alpha {i}")
        refused(a.post("/api/v1/players", json={"name": "Alpha 3"}), "too many new players from this address (3 per 1 minute)")
        register(b, "Bravo")  # its own window


def test_submissions_are_limited_per_player_then_per_address(app):
    data = board_runs.qualifying_run()
    with client(app, "10.0.0.3") as a:
        first, second = register(a, "First"), register(a, "Second")

        def send(token: str, i: int):
            return a.post("/api/v1/runs", content=board_runs.variant(data, 200 + i),
                          headers={"Authorization": f"Bearer {token}", "Content-Type": "application/octet-stream"})

        assert [send(first, i).status_code for i in range(2)] == [202, 202]
        refused(send(first, 2), "too many runs from this player (2 per 1 minute)")
        assert send(second, 3).status_code == 202  # another player from the same address still gets through ...
        refused(send(second, 4), "too many runs from this address (3 per 1 minute)")  # ... until the address is full


def test_reads_are_limited_per_address_on_the_api_and_the_pages(app):
    with client(app, "10.0.0.4") as a:
        b = client(app, "10.0.0.5")
        assert [a.get(path).status_code for path in ("/api/v1/boards", "/", "/api/v1/boards", "/", "/api/v1/boards")] == [200] * 5
        refused(a.get("/api/v1/boards"), "per 1 minute")
        assert a.get("/").status_code == 429
        assert b.get("/api/v1/boards").status_code == 200


def test_an_operator_sets_the_limits_from_the_environment_and_a_bad_one_is_one_line(monkeypatch):
    from game.server.config import ConfigError, limits_from_env

    monkeypatch.setenv("SIDEWAYS_SERVER_LIMIT_SUBMIT_PER_PLAYER", "10/minute;100/day")
    assert limits_from_env() == Limits(submit_per_player="10/minute;100/day")
    monkeypatch.setenv("SIDEWAYS_SERVER_LIMIT_READ_PER_ADDRESS", "lots")
    with pytest.raises(ConfigError, match=r"^SIDEWAYS_SERVER_LIMIT_READ_PER_ADDRESS='lots': not a rate limit \(write it as 60/minute"):
        limits_from_env()
