"""The JSON API under /api/v1: health, players, runs (submit, read, download) and boards. Every error is
{"status": "refused" | "error", "reason": one line}."""

from __future__ import annotations

import json
import re

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from game import __version__
from game.server import ledger
from game.server.body import TooLarge, read_capped
from game.server.ratelimit import Limited
from game.server.tables import QUEUED, RUNNING
from game.sim.replay.format import MAX_FILE_BYTES

router = APIRouter(prefix="/api/v1")
NAME_CHARS = 24
NAME_BODY_BYTES = 4096
RUN_ID = re.compile(r"[0-9a-f]{16}")


class ApiError(Exception):
    """An answer other than success: HTTP code, one-line reason, "refused" (the submission) or "error" (the request)."""

    def __init__(self, code: int, reason: str, status: str = "error", headers: dict | None = None) -> None:
        super().__init__(reason)
        self.code, self.reason, self.status, self.headers = code, reason, status, headers or {}


def limit(request: Request, rule: str, key: str, what: str) -> None:
    """Count the request against a rate limit; 429 with Retry-After when over."""
    try:
        request.app.state.limits.hit(rule, key, what)
    except Limited as e:
        raise ApiError(429, str(e), headers={"Retry-After": str(e.retry_after)}) from None


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.get("/health")
async def health(request: Request) -> dict:
    return {"ok": True, "physics": request.app.state.physics, "game_version": __version__}


def check_name(raw: object) -> str:
    """A display name: 1-24 printable characters once stripped, kept as given."""
    if not isinstance(raw, str):
        raise ApiError(422, 'the body must be {"name": "..."} with a name of 1 to 24 characters', "refused")
    name = raw.strip()
    if not 1 <= len(name) <= NAME_CHARS:
        raise ApiError(422, f"a name is 1 to {NAME_CHARS} characters (this one has {len(name)})", "refused")
    if not name.isprintable():
        raise ApiError(422, "a name holds printable characters only (no control characters, line breaks or tabs)", "refused")
    return name


@router.post("/players", status_code=201)
async def register(request: Request) -> JSONResponse:
    limit(request, "register_per_address", address(request), "new players from this address")
    try:
        body = await read_capped(request, NAME_BODY_BYTES, "the request")
        doc = json.loads(body)
    except TooLarge as e:
        raise ApiError(413, str(e), headers={"Connection": "close"}) from None
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, 'the body is not JSON; send {"name": "..."}') from None
    name = check_name(doc.get("name") if isinstance(doc, dict) else None)
    try:
        player_id, token = await run_in_threadpool(ledger.create_player, request.app.state.engine, name)
    except ledger.NameTaken:
        raise ApiError(409, "that name is taken; choose another", "refused") from None
    return JSONResponse({"player": player_id, "name": name, "token": token}, status_code=201)


def bearer(request: Request) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, or None without one."""
    auth = request.headers.get("authorization")
    if auth is None:
        return None
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


async def player_of(request: Request, required: bool) -> dict | None:
    """The player the request's token belongs to; 401 for an unknown token (or none, where one is required)."""
    token = bearer(request)
    if token is None:
        if required:
            raise ApiError(401, "no token: register with POST /api/v1/players and send Authorization: Bearer TOKEN")
        return None
    player = await run_in_threadpool(ledger.player_for_token, request.app.state.engine, token)
    if player is None:
        raise ApiError(401, "unknown token: register again with POST /api/v1/players")
    return player


def result(doc: dict) -> dict:
    """A run's document in the submission result shape (running shows as queued, with "running": true)."""
    return {**doc, "status": QUEUED if doc["status"] == RUNNING else doc["status"], "running": doc["status"] == RUNNING}


@router.post("/runs")
async def submit(request: Request) -> JSONResponse:
    player = await player_of(request, required=True)
    assert player is not None
    limit(request, "submit_per_player", player["id"], "runs from this player")
    limit(request, "submit_per_address", address(request), "runs from this address")
    state = request.app.state
    try:
        data = await read_capped(request, MAX_FILE_BYTES, "the replay")
    except TooLarge as e:  # the connection closes: the client stops sending the rest
        raise ApiError(413, str(e), "refused", headers={"Connection": "close"}) from None
    if not data:
        raise ApiError(422, "the body is empty: send the replay file's bytes", "refused")
    from game.server.verdict import Refused
    from game.server.verify import precheck

    try:
        _replay, board = await run_in_threadpool(precheck, data, state.shipped)
    except Refused as e:
        raise ApiError(422, str(e), "refused") from None
    accepted = await run_in_threadpool(ledger.accept_run, state.engine, state.blobs, player["id"], data, board, state.physics)
    if accepted.new or accepted.status in (QUEUED, RUNNING):
        await state.queue.enqueue(accepted.run_id)
    doc = await run_in_threadpool(state.store.run, accepted.run_id)
    return JSONResponse(result(doc), status_code=202 if doc["status"] in (QUEUED, RUNNING) else 200)


def run_id(run: str) -> str:
    if not RUN_ID.fullmatch(run):
        raise ApiError(404, "no such run (a run id is 16 hex digits)")
    return run


@router.get("/runs/{run}")
async def get_run(request: Request, run: str) -> dict:
    limit(request, "read_per_address", address(request), "requests from this address")
    doc = await run_in_threadpool(request.app.state.store.run, run_id(run))
    if doc is None:
        raise ApiError(404, f"no run {run}")
    return result(doc)


@router.get("/runs/{run}/replay")
async def get_replay(request: Request, run: str) -> Response:
    limit(request, "read_per_address", address(request), "requests from this address")
    data = await run_in_threadpool(request.app.state.store.replay_bytes, run_id(run))
    if data is None:
        raise ApiError(404, f"no run {run}")
    from game.server.blobs import digest

    return Response(data, media_type="application/octet-stream", headers={"X-Sideways-Sha256": digest(data),
                    "Content-Disposition": f'attachment; filename="{run}.swr"'})


@router.get("/boards")
async def list_boards(request: Request) -> dict:
    limit(request, "read_per_address", address(request), "requests from this address")
    return {"physics": request.app.state.physics, "boards": await run_in_threadpool(request.app.state.store.boards_with_counts)}


@router.get("/boards/{board}")
async def get_board(request: Request, board: str) -> dict:
    limit(request, "read_per_address", address(request), "requests from this address")
    raw = request.query_params.get("limit", "20")
    if not raw.isdigit() or not 1 <= int(raw) <= 100:
        raise ApiError(422, "limit must be a whole number from 1 to 100")
    player = await player_of(request, required=False)
    store = request.app.state.store
    doc = await run_in_threadpool(store.board, board)
    if doc is None:
        from game.safe_json import shown

        raise ApiError(404, f"no board {shown(board)}")
    rows, you = await run_in_threadpool(store.top, board, int(raw), player["id"] if player else None)
    return {"board": doc, "rows": rows, "you": you}
