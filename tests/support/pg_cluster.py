"""A real PostgreSQL server for the tests: Debian's initdb and pg_ctl (from /usr/lib/postgresql/*/bin) start a cluster in
a temporary folder, listening on a unix socket only (run as the `postgres` user when the tests run as root)."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def pg_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None without the postgresql package."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgCluster:
    """One cluster for a test session; `database()` makes a fresh database and returns its URL."""

    _names = itertools.count(1)

    def __init__(self) -> None:
        bindir = pg_bin()
        assert bindir is not None, "no PostgreSQL: sudo apt-get install postgresql"
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="sideways-pg-"))  # under /tmp itself: the postgres user can reach it
        self.data, self.sock = self.root / "data", self.root / "sock"
        self.sock.mkdir()
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.sock, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
        opts = f"-p {self.port} -k {self.sock} -c listen_addresses='' -c fsync=off -c max_connections=300"
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "log"), "-w", "-t", "60", "start")

    def _run(self, tool: str, *args: str) -> None:
        cmd = [str(self.bin / tool), *args]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=self.root)
        assert p.returncode == 0, f"{tool} failed: {p.stderr[-2000:]}"

    def url(self, db: str = "postgres") -> str:
        return f"postgresql://postgres@/{db}?host={self.sock}&port={self.port}"

    def database(self) -> str:
        """A new, empty database's URL."""
        import psycopg

        name = f"boards_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # a name made here, not input
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
