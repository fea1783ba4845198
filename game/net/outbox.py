"""Runs waiting for a board server that could not be reached: outbox/<sha256>.swr in the user data folder, with
<sha256>.json beside it ({"servers": {URL: {"queued", "attempts", "last_error"}}}); both written atomically."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import paths
from game.content.atomic import locked, write_bytes_atomic, write_json_atomic
from game.content.online_settings import normal_url, url_problem
from game.safe_json import DataError, read_bytes, read_json_file, shown
from game.sim.replay.format import MAX_FILE_BYTES

OUTBOX_DIR = "outbox"
_NAME = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Pending:
    """One run waiting for one server."""

    sha256: str
    server: str
    queued: str  # when it was put in the outbox (ISO 8601, UTC)
    attempts: int  # tries since then that found the server down
    last_error: str
    folder: Path

    @property
    def path(self) -> Path:
        """The replay file."""
        return self.folder / f"{self.sha256}.swr"

    def data(self) -> bytes:
        """The replay's bytes; DataError if they are gone or are no longer the bytes the name says."""
        data = read_bytes(self.path, f"outbox/{self.path.name}", MAX_FILE_BYTES)
        if hashlib.sha256(data).hexdigest() != self.sha256:
            raise DataError(f"outbox/{self.path.name}: its bytes changed on disk (not the run it was)")
        return data


def outbox_dir(home: Path | None = None) -> Path:
    """Where waiting runs are kept: user_home()/outbox."""
    return (home or paths.user_home()) / OUTBOX_DIR


def _meta_path(folder: Path, sha: str) -> Path:
    return folder / f"{sha}.json"


def _lock(folder: Path):
    """The outbox's one lock (a read-change-write of any entry holds it)."""
    return locked(folder / "outbox")


def _read_meta(path: Path) -> dict[str, dict[str, Any]]:
    """The servers a run waits for; {} for a file that is missing or not what the outbox writes."""
    try:
        raw, _ = read_json_file(path, path.name)
    except DataError:
        return {}
    servers = raw.get("servers") if isinstance(raw, dict) else None
    if not isinstance(servers, dict):
        return {}
    return {u: v for u, v in servers.items() if isinstance(v, dict) and isinstance(u, str) and u and not url_problem(u)}


def add(data: bytes, server: str, home: Path | None = None, now: datetime | None = None) -> Pending:
    """Keep a run for a server until it can be sent (the same run for the same server is kept once); OSError when it
    cannot be written (the player is told; nothing else is lost)."""
    folder = outbox_dir(home)
    sha = hashlib.sha256(data).hexdigest()
    url = normal_url(server)
    meta = _meta_path(folder, sha)
    with _lock(folder):
        servers = _read_meta(meta)
        entry = servers.setdefault(url, {"queued": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
                                         "attempts": 0, "last_error": ""})
        if not (folder / f"{sha}.swr").is_file():
            write_bytes_atomic(folder / f"{sha}.swr", data)
        write_json_atomic(meta, {"servers": servers})
    return _pending(folder, sha, url, entry)


def _pending(folder: Path, sha: str, url: str, entry: dict[str, Any]) -> Pending:
    attempts = entry.get("attempts")
    return Pending(sha, url, str(entry.get("queued", ""))[:40], attempts if type(attempts) is int and attempts >= 0 else 0,
                   shown(entry.get("last_error", ""), quote=False) if entry.get("last_error") else "", folder)


def pending(server: str | None = None, home: Path | None = None) -> list[Pending]:
    """The runs waiting (for one server, or all), oldest first; a .json without its .swr is not a run and is skipped."""
    folder = outbox_dir(home)
    try:
        metas = sorted(p for p in folder.glob("*.json") if _NAME.fullmatch(p.stem))
    except OSError:
        return []
    out = []
    for meta in metas:
        if not (folder / f"{meta.stem}.swr").is_file():
            continue
        for url, entry in _read_meta(meta).items():
            if server is None or normal_url(url) == normal_url(server):
                out.append(_pending(folder, meta.stem, normal_url(url), entry))
    return sorted(out, key=lambda p: (p.queued, p.sha256))


def done(item: Pending) -> None:
    """The server took the run (or refused it for good): it no longer waits for that server; the files go with the last
    server. OSError if the outbox cannot be changed."""
    meta = _meta_path(item.folder, item.sha256)
    with _lock(item.folder):
        servers = _read_meta(meta)
        servers.pop(item.server, None)
        if servers:
            write_json_atomic(meta, {"servers": servers})
            return
        item.path.unlink(missing_ok=True)
        meta.unlink(missing_ok=True)


def tried(item: Pending, error: str) -> None:
    """The server was still down: count the try and keep why. OSError if the outbox cannot be changed."""
    meta = _meta_path(item.folder, item.sha256)
    with _lock(item.folder):
        servers = _read_meta(meta)
        if item.server in servers:
            servers[item.server] = {**servers[item.server], "attempts": item.attempts + 1, "last_error": error[:200]}
            write_json_atomic(meta, {"servers": servers})
