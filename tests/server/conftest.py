"""The server tests' fixtures: one real PostgreSQL cluster and one real server per backend for the test session, made
when first asked for and stopped at its end (servers before the cluster), and the backends the same tests run on."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


class Machines:
    """What the session started: the PostgreSQL cluster and a server per backend (two verifying processes each)."""

    def __init__(self, stack: ExitStack, tmp_path_factory) -> None:
        self.stack, self.tmp = stack, tmp_path_factory
        self._cluster = None
        self._servers: dict = {}

    def cluster(self):
        if self._cluster is None:
            from tests.support.pg_cluster import PgCluster

            self._cluster = PgCluster()
            self.stack.callback(self._cluster.stop)
        return self._cluster

    def server(self, backend: str):
        if backend not in self._servers:
            from tests.support.board_server import board_server

            database = self.cluster().database() if backend == "postgres" else ""
            self._servers[backend] = self.stack.enter_context(board_server(self.tmp.mktemp(f"server-{backend}"), database, workers=2))
        return self._servers[backend]


@pytest.fixture(scope="session")
def machines(tmp_path_factory):
    with ExitStack() as stack:
        yield Machines(stack, tmp_path_factory)


@pytest.fixture(scope="session")
def pg_cluster(machines):
    """A PostgreSQL server in a temporary folder (Debian's postgresql package)."""
    from tests.conftest import missing_packages

    if missing_packages("postgres"):
        pytest.skip("needs the Debian package postgresql: sudo apt-get install postgresql")
    return machines.cluster()


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
def server(backend, request, machines):
    """The session's real server on this module's backend (the durability tests kill and restart it)."""
    if backend == "postgres":
        request.getfixturevalue("pg_cluster")  # skips where PostgreSQL is missing
    return machines.server(backend)
