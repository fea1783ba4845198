"""A real `sideways server` for the tests: a subprocess on 127.0.0.1, port 0, with SQLite in a temporary folder or a
PostgreSQL database (then with `sideways server worker` processes beside it); yields its URL and is always torn down."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY = "Sideways server ready at "
START_S = 90.0


class BoardServer:
    """The server's processes: `url` once ready; `kill()` SIGKILLs everything, `start()` brings it back on the same data."""

    def __init__(self, folder: Path, database: str = "", workers: int = 1, env: dict | None = None) -> None:
        self.folder, self.database, self.workers = folder, database, workers
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), "SIDEWAYS_HOME": str(folder / "home"), "SIDEWAYS_SERVER_HEARTBEAT_S": "0.5",
                    "SIDEWAYS_SERVER_STALLED_S": "2", **(env or {})}
        self.api: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.url = ""

    @property
    def postgres(self) -> bool:
        return bool(self.database)

    def _spawn(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "game", "server", *args], cwd=ROOT, env=self.env, stdout=subprocess.PIPE,
                                stderr=open(self.folder / "server.log", "ab"), text=True, start_new_session=True)  # noqa: SIM115

    def start(self) -> None:
        """Start the API (and the workers, on PostgreSQL) and wait for the ready line."""
        db = ["--database", self.database] if self.database else []
        self.api = self._spawn("--port", "0", "--data", str(self.folder / "data"), "--workers", str(self.workers), *db)
        self.url = _ready_url(self.api, self.folder)
        if self.database:
            self.start_worker()

    def start_worker(self) -> None:
        self.worker = self._spawn("worker", "--database", self.database, "--workers", str(self.workers))
        _ready_line(self.worker, self.folder)

    def children(self, proc: subprocess.Popen | None = None) -> list[int]:
        """The process ids a server process started (its verifying processes), from /proc."""
        parent = (proc or self.worker or self.api).pid  # type: ignore[union-attr]
        out = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == parent:
                    out.append(int(entry.name))
        return out

    def verifiers(self, proc: subprocess.Popen | None = None) -> list[int]:
        """The verifying processes among children(proc): the pool's or the workers', not multiprocessing's resource tracker."""
        out = []
        for pid in self.children(proc):
            try:
                if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                    out.append(pid)
            except OSError:
                continue
        return out

    def kill(self, proc: subprocess.Popen | None = None) -> None:
        """SIGKILL a process and everything it started (its session), or all of the server's."""
        for p in [proc] if proc else [self.api, self.worker]:
            if p is not None and p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait(10)

    def stop(self) -> None:
        """SIGTERM (a clean stop), then SIGKILL whatever is still there after 15 s."""
        for p in (self.worker, self.api):
            if p is not None and p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in (self.worker, self.api):
            if p is not None:
                try:
                    p.wait(15)
                except subprocess.TimeoutExpired:
                    pass
        self.kill()
        for p in (self.worker, self.api):
            if p is not None and p.stdout:
                p.stdout.close()

    def engine(self):
        """A SQLAlchemy engine on the server's own database (for tests that look behind the API)."""
        from game.server.config import ServerConfig
        from game.server.db import open_engine

        return open_engine(ServerConfig(data=self.folder / "data", database=self.database).url)

    def blob_files(self) -> list[Path]:
        """The replay files the embedded server keeps."""
        return sorted((self.folder / "data" / "replays").rglob("*.swr"))

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""


def _ready_line(proc: subprocess.Popen, folder: Path) -> str:
    deadline = time.monotonic() + START_S
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            line = proc.stdout.readline()
            if line:
                return line.strip()
        if proc.poll() is not None:
            break
    log = (folder / "server.log").read_text(errors="replace")[-3000:]
    raise AssertionError(f"the server did not become ready (exit {proc.poll()}):\n{log}")


def _ready_url(proc: subprocess.Popen, folder: Path) -> str:
    line = _ready_line(proc, folder)
    assert line.startswith(READY), line
    return line.removeprefix(READY)


@contextmanager
def board_server(folder: Path, database: str = "", workers: int = 1, env: dict | None = None) -> Iterator[BoardServer]:
    """A running server (SQLite under `folder`, or the PostgreSQL `database` with its workers); stopped on exit."""
    folder.mkdir(parents=True, exist_ok=True)
    server = BoardServer(folder, database, workers, env)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def register(url: str, name: str) -> str:
    """A new player's token (POST /api/v1/players)."""
    import httpx

    r = httpx.post(f"{url}api/v1/players", json={"name": name}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["token"]


def submit(url: str, token: str, data: bytes):
    """POST /api/v1/runs with the file's bytes: the httpx response."""
    import httpx

    return httpx.post(f"{url}api/v1/runs", content=data, headers={"Authorization": f"Bearer {token}",
                      "Content-Type": "application/octet-stream"}, timeout=60)


def wait_judged(url: str, run: str, timeout_s: float = 90.0) -> dict:
    """The run's document once it is verified or refused (polled; fails after timeout_s)."""
    import httpx

    deadline = time.monotonic() + timeout_s
    while True:
        doc = httpx.get(f"{url}api/v1/runs/{run}", timeout=30).json()
        if doc["status"] != "queued":
            return doc
        assert time.monotonic() < deadline, f"run {run} still queued after {timeout_s} s: {doc}"
        time.sleep(0.1)
