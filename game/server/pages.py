"""The server's web pages: the boards, a board's table and a run's breakdown, rendered from Jinja2 templates."""

from __future__ import annotations

import re
from functools import cache

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, PackageLoader

from game.safe_json import shown
from game.server import page_views
from game.server.api import address
from game.server.ratelimit import Limited

router = APIRouter(include_in_schema=False)
BOARD_ID = re.compile(r"[a-z0-9_-]{1,96}")
RUN_ID = re.compile(r"[0-9a-f]{16}")
LIMIT = re.compile(r"[0-9]{1,3}")
LIMIT_DEFAULT, LIMIT_MAX = 20, 100
REFRESH_S = 3  # a run still being verified reloads its page this often
LOADER = PackageLoader("game.server", "templates")  # the templates and the stylesheet, packaged beside this module


@cache
def templates() -> Environment:
    """The pages' templates, escaping every value they show."""
    env = Environment(loader=LOADER, autoescape=True)
    env.filters.update(score=page_views.score_text, date=page_views.date_text, brief=page_views.brief, handling=page_views.handling_name,
                       car=page_views.car_name)
    return env


def page(name: str, status: int = 200, **values) -> HTMLResponse:
    """A template rendered as an HTML response."""
    return HTMLResponse(templates().get_template(name).render(**values), status_code=status)


def problem(status: int, line: str, headers: dict | None = None) -> HTMLResponse:
    """The 404, 400 or 429 page: one line saying what is wrong."""
    heading = {404: "Not found", 429: "Slow down"}.get(status, "Bad request")
    response = page("problem.html", status=status, heading=heading, line=line, title=heading)
    response.headers.update(headers or {})
    return response


def _store(request: Request):
    """The app's storage (game/server/store.py: boards_with_counts, board, top, run; physics: the version it ranks)."""
    return request.app.state.store


def _over_limit(request: Request) -> HTMLResponse | None:
    """The 429 page when this address is over the server's read limit (the API's), else None."""
    try:
        request.app.state.limits.hit("read_per_address", address(request), "requests from this address")
    except Limited as e:
        return problem(429, str(e), {"Retry-After": str(e.retry_after)})
    return None


@router.get("/", response_class=HTMLResponse)
def boards_page(request: Request) -> HTMLResponse:
    """Every board, grouped as the game groups its modes, with its run count and leader."""
    if limited := _over_limit(request):
        return limited
    store = _store(request)
    boards = store.boards_with_counts()
    leaders = {}
    for b in boards:
        if b.get("runs"):
            rows, _you = store.top(b["id"], 1)
            if rows:
                leaders[b["id"]] = rows[0]
    physics = store.physics
    runs = sum(int(b.get("runs") or 0) for b in boards)
    return page("boards.html", title="Leaderboards", sections=page_views.sections(boards, leaders, physics), physics=physics, runs=runs)


@router.get("/boards/{board_id}", response_class=HTMLResponse)
def board_page(request: Request, board_id: str, limit: str | None = None) -> HTMLResponse:
    """One board's table: rank, player, verified score, car, handling, date, the breakdown in brief, the run."""
    if limited := _over_limit(request):
        return limited
    count = LIMIT_DEFAULT
    if limit is not None:
        if not (LIMIT.fullmatch(limit) and 1 <= int(limit) <= LIMIT_MAX):
            return problem(400, f"limit must be a whole number from 1 to {LIMIT_MAX}, not {shown(limit)}")
        count = int(limit)
    store = _store(request)
    board = store.board(board_id) if BOARD_ID.fullmatch(board_id) else None
    if board is None:
        return problem(404, f"no board {shown(board_id)} on this server")
    rows, _you = store.top(board_id, count)
    return page("board.html", title=board.get("title", board_id), board=board, rows=rows, limit=count,
                more=len(rows) == count < LIMIT_MAX, physics=store.physics, section=page_views.section_of(board, store.physics))


@router.get("/runs/{run_id}", response_class=HTMLResponse)
def run_page(request: Request, run_id: str) -> HTMLResponse:
    """A run: its verdict (queued, verified or refused with the reason), breakdown and replay download."""
    if limited := _over_limit(request):
        return limited
    store = _store(request)
    run = store.run(run_id) if RUN_ID.fullmatch(run_id) else None
    if run is None:
        return problem(404, f"no run {shown(run_id)} on this server")
    board = store.board(run["board"]) if run.get("board") else None
    breakdown = run.get("breakdown") if isinstance(run.get("breakdown"), dict) else {}
    pending = run.get("status") in ("queued", "running")
    judged = page_views.judged(breakdown)
    skip = page_views.JUDGED_SHOWN if judged else ("score",)
    return page("run.html", title=f"Run {run_id}", run=run, board=board, breakdown=breakdown, judged=judged,
                stats=page_views.stats(breakdown, skip), tables=page_views.tables(breakdown, skip),
                refresh=REFRESH_S if pending else None, physics=store.physics)


@router.get("/site.css")
def stylesheet() -> Response:
    """The pages' one stylesheet (no fonts or scripts from elsewhere: the pages work offline)."""
    css, _path, _uptodate = LOADER.get_source(templates(), "site.css")
    return Response(css, media_type="text/css", headers={"Cache-Control": "public, max-age=300"})
