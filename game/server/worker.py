"""`sideways server worker`: N processes each running Procrastinate's worker on the `verify` queue, and a supervisor
that restarts a process that dies and retries the jobs of workers that stopped sending heartbeats (killed mid-run)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
import sys
from multiprocessing.process import BaseProcess

from game.server.config import ServerConfig

log = logging.getLogger("sideways.server")


def worker_process(config: ServerConfig, index: int) -> None:
    """One verifying process: its own engine and Procrastinate worker, one job at a time, until SIGTERM/SIGINT."""
    from game.server.db import open_engine
    from game.server.queue_pg import QUEUE, make_app
    from game.server.work import warm

    warm()
    engine = open_engine(config.url)
    app = make_app(config, engine, pool_size=2)

    async def main() -> None:
        async with app.open_async():
            await app.run_worker_async(queues=[QUEUE], name=f"sideways-{index}", concurrency=1, install_signal_handlers=True,
                                       update_heartbeat_interval=config.heartbeat_s, stalled_worker_timeout=config.stalled_s,
                                       delete_jobs="successful")

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        engine.dispose()


async def supervise(config: ServerConfig, ready=None) -> None:
    """Keep `config.workers` processes running, retry stalled jobs, requeue runs that lost their job, until a signal."""
    from starlette.concurrency import run_in_threadpool

    from game.server.db import open_engine
    from game.server.queue_pg import TASK, defer, make_app, orphans

    engine = open_engine(config.url)
    ctx = multiprocessing.get_context("spawn")
    procs: list[BaseProcess | None] = [None] * max(1, config.workers)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    app = make_app(config)
    async with app.open_async():
        for run_id in await run_in_threadpool(orphans, engine):
            await defer(app, run_id)
        if ready is not None:
            ready()
        while not stop.is_set():
            for i, p in enumerate(procs):
                if p is None or not p.is_alive():
                    if p is not None:
                        log.warning("worker process %s stopped (exit %s); starting another", p.pid, p.exitcode)
                    procs[i] = ctx.Process(target=worker_process, args=(config, i), daemon=False)
                    procs[i].start()  # type: ignore[union-attr]
            for job in await app.job_manager.get_stalled_jobs(task_name=TASK, seconds_since_heartbeat=config.stalled_s):
                try:
                    await app.job_manager.retry_job(job)
                    log.warning("retrying job %s (run %s): its worker stopped answering", job.id, job.task_kwargs.get("run_id"))
                except Exception as e:  # another supervisor retried it first
                    log.info("job %s not retried here: %s", job.id, e)
            try:
                await asyncio.wait_for(stop.wait(), timeout=config.heartbeat_s)
            except TimeoutError:
                pass
    for p in procs:
        if p is not None and p.is_alive():
            p.terminate()  # SIGTERM: Procrastinate finishes or abandons its job cleanly
    for p in procs:
        if p is not None:
            await run_in_threadpool(p.join, 30)
    engine.dispose()


def run_workers(config: ServerConfig, announce) -> int:
    """Run the supervisor until SIGINT/SIGTERM; `announce()` once the workers are starting."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(supervise(config, announce))
    return 0
