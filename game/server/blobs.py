"""Accepted replay files, content-addressed by SHA-256: files under DATA/replays/ab/<sha256>.swr (written atomically
and fsynced), or rows of the replays table where the workers are on other machines (PostgreSQL)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from sqlalchemy import Connection, select
from sqlalchemy.dialects import postgresql

from game.content.atomic import write_bytes_atomic
from game.server.tables import replays


def run_id_of(sha256: str) -> str:
    """A run's id: the first 16 hex digits of its file's SHA-256 (same bytes, same run)."""
    return sha256[:16]


def digest(data: bytes) -> str:
    """The file's SHA-256 in hex."""
    return hashlib.sha256(data).hexdigest()


class FileBlobs:
    """Replays as files under a folder, each written whole (temp file, fsync, rename, fsync the folder) before its row."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, sha256: str) -> Path:
        """Where the file with this digest lives."""
        return self.folder / sha256[:2] / f"{sha256}.swr"

    def put(self, conn: Connection, sha256: str, data: bytes) -> None:
        """Store the bytes durably (nothing to do when the same file is there already)."""
        target = self.path(sha256)
        if target.is_file() and target.stat().st_size == len(data):
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, data)

    def get(self, conn: Connection, sha256: str) -> bytes | None:
        """The bytes, or None when the file is gone."""
        try:
            return self.path(sha256).read_bytes()
        except FileNotFoundError:
            return None


class TableBlobs:
    """Replays as rows of the replays table, written in the same transaction as their run."""

    def put(self, conn: Connection, sha256: str, data: bytes) -> None:
        """Store the bytes with the transaction that records the run."""
        conn.execute(postgresql.insert(replays).values(sha256=sha256, data=data).on_conflict_do_nothing())

    def get(self, conn: Connection, sha256: str) -> bytes | None:
        """The bytes, or None."""
        data = conn.execute(select(replays.c.data).where(replays.c.sha256 == sha256)).scalar()
        return None if data is None else bytes(data)
