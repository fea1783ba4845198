"""The server's ASGI app: `create_app(config)` opens the database (migrated at start), loads the game's shipped data,
starts the verification queue (the embedded process pool, or Procrastinate on PostgreSQL) and serves the API and pages."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from game.safe_json import one_line, shown
from game.server.api import ApiError, router
from game.server.blobs import FileBlobs, TableBlobs
from game.server.config import ServerConfig
from game.server.db import migrate, open_engine
from game.server.pages import router as pages
from game.server.ratelimit import RateLimits
from game.server.store import Store

log = logging.getLogger("sideways.server")


def create_app(config: ServerConfig) -> FastAPI:
    """The app for one server process; nothing is opened until it starts (its lifespan)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        from game.server.boards import boards
        from game.server.shipped import Shipped
        from game.sim.physics_version import PHYSICS_VERSION

        state = app.state
        state.config = config
        state.engine = open_engine(config.url)
        await run_in_threadpool(migrate, state.engine)
        state.shipped = await run_in_threadpool(Shipped.load)
        current = tuple(boards(state.shipped))
        state.physics = PHYSICS_VERSION
        state.blobs = TableBlobs() if config.postgres else FileBlobs(config.data / "replays")
        state.store = Store(state.engine, state.blobs, lambda: current, PHYSICS_VERSION)
        state.limits = RateLimits(config.limits)
        state.queue = make_queue(config, state)
        await state.queue.start()
        try:
            yield
        finally:
            await state.queue.stop()
            state.engine.dispose()

    app = FastAPI(title="Sideways boards", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.include_router(router)
    app.include_router(pages)
    install_error_handlers(app)
    return app


def make_queue(config: ServerConfig, state):
    """The embedded process pool, or (PostgreSQL) Procrastinate jobs that `sideways server worker` runs."""
    if config.postgres:
        from game.server.queue_pg import DeferQueue

        return DeferQueue(config, state.engine)
    from game.server.queue_pool import PoolQueue

    return PoolQueue(state.engine, state.blobs, config.workers)


def error(code: int, reason: str, status: str = "error", headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"status": status, "reason": one_line(reason)}, status_code=code, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """Every failure answers JSON with one reason line: ours, the router's (404, 405), a bad parameter, a crash."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, e: ApiError) -> JSONResponse:
        return error(e.code, e.reason, e.status, e.headers)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, e: HTTPException) -> JSONResponse:
        reason = {404: "not found", 405: "method not allowed"}.get(e.status_code, str(e.detail))
        return error(e.status_code, f"{reason}: {request.method} {shown(request.url.path, quote=False)}", headers=getattr(e, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return error(422, f"{where}: {first.get('msg', 'invalid')}")

    @app.exception_handler(Exception)
    async def crash(_request: Request, e: Exception) -> JSONResponse:
        log.exception("internal error")
        return error(500, f"internal error ({type(e).__name__}); the server logged it")
