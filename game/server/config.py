"""What a `sideways server` runs with: where it listens, its database and data folder, and how many verifiers."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.safe_json import shown

SQLITE_FILE = "boards.sqlite3"
POSTGRES_SCHEMES = ("postgresql", "postgresql+psycopg", "postgres")


class ConfigError(ValueError):
    """A server setting that cannot be used; the message is one line."""


@dataclass(frozen=True)
class Limits:
    """Moving-window rate limits (the `limits` library's notation), counted in each API process's memory."""

    register_per_address: str = "30/minute;300/day"
    submit_per_player: str = "60/minute"
    submit_per_address: str = "600/minute"
    read_per_address: str = "1200/minute"


@dataclass(frozen=True)
class ServerConfig:
    """A server's settings: `database` is a SQLAlchemy URL (SQLite under `data` when empty)."""

    data: Path
    database: str = ""
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    limits: Limits = field(default_factory=Limits)
    heartbeat_s: float = 2.0  # a PostgreSQL worker's heartbeat; a job whose worker missed stalled_s of them is retried
    stalled_s: float = 10.0

    @property
    def url(self) -> str:
        """The database URL SQLAlchemy opens (psycopg 3 for PostgreSQL)."""
        if not self.database:
            return f"sqlite:///{self.data / SQLITE_FILE}"
        scheme, _, rest = self.database.partition("://")
        return f"postgresql+psycopg://{rest}" if scheme in POSTGRES_SCHEMES else self.database

    @property
    def postgres(self) -> bool:
        """True when the boards live in PostgreSQL (jobs go through Procrastinate; this process verifies nothing)."""
        return self.url.startswith("postgresql")

    @property
    def conninfo(self) -> str:
        """The libpq connection string psycopg and Procrastinate take."""
        return "postgresql://" + self.database.partition("://")[2]


def default_workers() -> int:
    """One verifier per core this process may use, at least one."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def check_database(database: str) -> str:
    """A --database value this server can open: empty (SQLite under the data folder), sqlite:///FILE or postgresql://..."""
    if not database:
        return ""
    scheme, sep, rest = database.partition("://")
    if not sep or not rest:
        raise ConfigError(f"--database {shown(database)}: not a URL (postgresql://USER@HOST/DB or sqlite:///FILE)")
    if scheme not in (*POSTGRES_SCHEMES, "sqlite"):
        raise ConfigError(f"--database {shown(database)}: unknown kind {shown(scheme)} (postgresql:// or sqlite:///)")
    return database


def limits_from_env() -> Limits:
    """The rate limits, each from SIDEWAYS_SERVER_LIMIT_<NAME> when set ("30/minute;300/day", the `limits` notation)."""
    from limits import parse_many

    chosen = {}
    for name in Limits.__dataclass_fields__:
        env = f"SIDEWAYS_SERVER_LIMIT_{name.upper()}"
        raw = os.environ.get(env)
        if raw is None:
            continue
        try:
            parse_many(raw)
        except ValueError:
            raise ConfigError(f"{env}={shown(raw)}: not a rate limit (write it as 60/minute, or 30/minute;300/day)") from None
        chosen[name] = raw
    return Limits(**chosen)


def timing_from_env() -> dict:
    """Heartbeat and stalled-job timing from SIDEWAYS_SERVER_HEARTBEAT_S / SIDEWAYS_SERVER_STALLED_S (the tests shorten them)."""
    out = {}
    for key, env in (("heartbeat_s", "SIDEWAYS_SERVER_HEARTBEAT_S"), ("stalled_s", "SIDEWAYS_SERVER_STALLED_S")):
        raw = os.environ.get(env)
        if raw:
            try:
                value = float(raw)
            except ValueError:
                raise ConfigError(f"{env}={shown(raw)}: not a number of seconds") from None
            if not 0.1 <= value <= 3600:
                raise ConfigError(f"{env}={shown(raw)}: out of range (0.1 to 3600 seconds)")
            out[key] = value
    return out
