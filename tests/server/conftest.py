"""The server tests' fixtures: one real PostgreSQL cluster per test session, and the backends the same tests run on."""

from __future__ import annotations

import pytest

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def pg_cluster():
    """A PostgreSQL server in a temporary folder (Debian's postgresql package), stopped after the session."""
    from tests.conftest import missing_packages

    if missing_packages("postgres"):
        pytest.skip("needs the Debian package postgresql: sudo apt-get install postgresql")
    from tests.support.pg_cluster import PgCluster

    cluster = PgCluster()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request) -> str:
    """"sqlite" or "postgres": a module's tests run once on each."""
    return request.param


@pytest.fixture(scope="module")
def database_url(backend, request, tmp_path_factory) -> str:
    """A fresh database on the backend: a SQLite file's URL, or a new PostgreSQL database's."""
    if backend == "postgres":
        return request.getfixturevalue("pg_cluster").database()
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'boards.sqlite3'}"


@pytest.fixture(scope="module")
def server(backend, request, tmp_path_factory):
    """A real server for the module on the backend (two verifying processes), stopped after it."""
    from tests.support.board_server import board_server

    database = request.getfixturevalue("pg_cluster").database() if backend == "postgres" else ""
    with board_server(tmp_path_factory.mktemp("server"), database, workers=2) as s:
        yield s
