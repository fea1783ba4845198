"""The embedded verification queue: a process pool inside `sideways server`. Runs left queued or running by a stopped or
killed server are queued again at start; a pool broken by a killed worker is rebuilt and its jobs retried."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from game.server import ledger
from game.server.blobs import FileBlobs, TableBlobs
from game.server.work import verify_bytes, warm

log = logging.getLogger("sideways.server")


class PoolQueue:
    """At most `workers` runs verify at once, one per pool process; the verdict is recorded by this process."""

    def __init__(self, engine: Engine, blobs: FileBlobs | TableBlobs, workers: int) -> None:
        self.engine, self.blobs, self.workers = engine, blobs, max(1, workers)
        self.slots = asyncio.Semaphore(self.workers)
        self.tasks: dict[str, asyncio.Task] = {}
        self.running: set[str] = set()
        self.pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=warm)

    async def start(self) -> None:
        """Queue again every run a previous server accepted and did not judge."""
        for run_id in await run_in_threadpool(ledger.pending, self.engine):
            await self.enqueue(run_id)

    async def enqueue(self, run_id: str) -> None:
        """Verify the run when a slot frees (nothing to do when it is on its way already)."""
        if run_id not in self.tasks:
            task = asyncio.get_running_loop().create_task(self._verify(run_id))
            self.tasks[run_id] = task
            task.add_done_callback(lambda _t: self.tasks.pop(run_id, None))

    async def _verify(self, run_id: str) -> None:
        async with self.slots:
            while True:
                data = await run_in_threadpool(ledger.start_attempt, self.engine, self.blobs, run_id)
                if data is None:
                    return
                pool = self.pool
                self.running.add(run_id)
                try:
                    verdict = await asyncio.get_running_loop().run_in_executor(pool, verify_bytes, data)
                except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, and this run again
                    log.warning("a verifier process died; rebuilding the pool and retrying run %s", run_id)
                    self._rebuild(pool)
                    continue
                finally:
                    self.running.discard(run_id)
                await run_in_threadpool(ledger.record_verdict, self.engine, run_id, verdict)
                return

    def _rebuild(self, broken: ProcessPoolExecutor) -> None:
        if self.pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()

    async def stop(self) -> None:
        """Stop verifying: runs cut short go back to the queue for the next start, their attempt not counted."""
        interrupted = sorted(self.running)
        for task in list(self.tasks.values()):
            task.cancel()
        procs = list((getattr(self.pool, "_processes", None) or {}).values())  # shutdown() forgets them
        self.pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            proc.terminate()
        if interrupted:
            await run_in_threadpool(ledger.release, self.engine, interrupted)
