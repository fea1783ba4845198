"""Verification on PostgreSQL through Procrastinate: the API defers a `verify_run` job per run (a queueing lock per run),
and `sideways server worker` runs the jobs in worker processes. The Procrastinate schema is applied at start if absent."""

from __future__ import annotations

import logging

from procrastinate import App, PsycopgConnector, RetryStrategy
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.schema import SchemaManager
from sqlalchemy import Engine, inspect, text
from starlette.concurrency import run_in_threadpool

from game.server import ledger
from game.server.blobs import TableBlobs
from game.server.config import ServerConfig
from game.server.db import MIGRATION_LOCK

log = logging.getLogger("sideways.server")
TASK = "verify_run"
QUEUE = "verify"
# runs accepted and not judged that have no job waiting or running (an API copy stopped between its commit and its defer)
ORPHANS = text("SELECT r.id FROM runs r WHERE r.status IN ('queued', 'running') AND NOT EXISTS ("
               "SELECT 1 FROM procrastinate_jobs j WHERE j.task_name = :task AND j.status IN ('todo', 'doing') "
               "AND j.args->>'run_id' = r.id) ORDER BY r.submitted_at, r.id")


def make_app(config: ServerConfig, engine: Engine | None = None, pool_size: int = 4) -> App:
    """A Procrastinate app on the server's database; with an engine, its task verifies (a worker), else it only defers."""
    app = App(connector=PsycopgConnector(conninfo=config.conninfo, min_size=1, max_size=pool_size))

    def verify_run(run_id: str) -> None:
        """Verify one run and record its verdict (nothing when it is judged already: a retried job is harmless)."""
        if engine is None:
            raise RuntimeError("this process defers jobs and runs none")
        from game.server.work import verify_bytes

        data = ledger.start_attempt(engine, TableBlobs(), run_id)
        if data is not None:
            ledger.record_verdict(engine, run_id, verify_bytes(data))

    app.task(name=TASK, queue=QUEUE, retry=RetryStrategy(max_attempts=5, wait=2))(verify_run)
    return app


def ensure_schema(engine: Engine) -> None:
    """Apply Procrastinate's schema when its tables are absent (under the same advisory lock as the migrations)."""
    with engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        if not inspect(conn).has_table("procrastinate_jobs"):
            conn.connection.driver_connection.execute(SchemaManager.get_schema())  # type: ignore[union-attr]


def orphans(engine: Engine) -> list[str]:
    """Runs waiting for a job that does not exist."""
    with engine.connect() as c:
        return list(c.execute(ORPHANS, {"task": TASK}).scalars())


async def defer(app: App, run_id: str) -> None:
    """One job for the run (a second defer while one waits is a no-op: the queueing lock); `lock` keeps two jobs of the
    same run from running at once."""
    try:
        await app.configure_task(TASK, queueing_lock=run_id, lock=run_id).defer_async(run_id=run_id)
    except AlreadyEnqueued:
        pass


class DeferQueue:
    """What an API process on PostgreSQL does with a run: defer its job. It verifies nothing itself."""

    def __init__(self, config: ServerConfig, engine: Engine) -> None:
        self.config, self.engine = config, engine
        self.app = make_app(config)

    async def start(self) -> None:
        await run_in_threadpool(ensure_schema, self.engine)
        await self.app.open_async()
        for run_id in await run_in_threadpool(orphans, self.engine):
            await defer(self.app, run_id)

    async def enqueue(self, run_id: str) -> None:
        await defer(self.app, run_id)

    async def stop(self) -> None:
        await self.app.close_async()
