"""The database: an engine for the configured URL (SQLite in WAL mode, or PostgreSQL through psycopg 3) and the
Alembic migrations shipped in this package, applied at start so a fresh folder or database needs no setup."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import SQLAlchemyError

from game.safe_json import one_line

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x53574159  # the advisory lock copies of the server starting at once take in turn on PostgreSQL


class DatabaseError(RuntimeError):
    """The database cannot be opened or brought up to date; the message is one line."""


def now() -> str:
    """The current time as the tables keep it: ISO 8601 UTC to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def open_engine(url: str) -> Engine:
    """An engine for the URL; SQLite files get WAL, a busy timeout and foreign keys on every connection."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the answer that says "accepted"
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def migrate(engine: Engine) -> None:
    """Bring the tables up to the newest migration (Alembic, programmatically); one copy at a time on PostgreSQL."""
    from alembic.operations import Operations
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            ctx = MigrationContext.configure(conn, opts={"script": script, "fn": lambda rev, _ctx: script._upgrade_revs("head", rev)})
            with Operations.context(ctx):
                ctx.run_migrations()
    except SQLAlchemyError as e:
        raise DatabaseError(one_line(f"cannot bring the database up to date: {describe(e)}")) from None


def describe(e: BaseException) -> str:
    """A database error as one short line (the driver's first line, without SQLAlchemy's background link)."""
    orig = getattr(e, "orig", None) or e
    first = (str(orig).strip().splitlines() or [type(orig).__name__])[0]
    return one_line(first)[:200]
