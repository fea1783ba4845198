"""The board server's HTTP API from the game's side (httpx): every answer checked as untrusted, every failure one NetError line."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

import httpx

from game.content.online_settings import check_url
from game.safe_json import DataError, one_line, parse_json_bytes, shown
from game.sim.replay.format import MAX_FILE_BYTES as MAX_REPLAY_BYTES
from game.sim.replay.format import Replay, ReplayError

API = "/api/v1"
MAX_ANSWER_BYTES = 4 * 1024 * 1024  # a JSON answer (a top 100 with each row's breakdown is a few hundred KB)
MAX_TEXT = 400  # characters of any text field an answer may hold (a reason, a name, a title)
RUN_ID = re.compile(r"[0-9a-f]{16}")
BOARD_ID = re.compile(r"[a-z0-9_-]{1,96}")
STATUSES = ("verified", "refused", "queued")
UNREACHABLE, TIMEOUT, REFUSED, HTTP, BAD_ANSWER = "unreachable", "timeout", "refused", "http", "bad answer"


class NetError(Exception):
    """A talk with the board server that failed; str() is one line. kind: unreachable, timeout, refused (the server's
    reason for a 4xx), http (another error status) or bad answer; status: the HTTP code (0 when none came)."""

    def __init__(self, message: str, kind: str, status: int = 0, reason: str = ""):
        super().__init__(one_line(message))
        self.kind, self.status, self.reason = kind, status, reason

    @property
    def offline(self) -> bool:
        """Whether the run should wait and be tried again (no answer, a server error, rate limited), not be dropped."""
        return self.kind in (UNREACHABLE, TIMEOUT, BAD_ANSWER) or self.status >= 500 or self.status == 429


@dataclass(frozen=True)
class Result:
    """Where a submitted run stands (the `--json` document's fields), plus the run's page details when the server sent them
    and one more line for the player (an identity file set aside, an outbox note), never part of the document."""

    status: str  # "verified" | "refused" | "queued"
    run: str
    board: str | None = None
    score: float | None = None
    rank: int | None = None
    reason: str = ""
    details: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """Exactly {"status", "board", "score", "rank", "run", "reason"}."""
        return {"status": self.status, "board": self.board, "score": self.score, "rank": self.rank, "run": self.run,
                "reason": self.reason}


class Download(NamedTuple):
    """A run's replay as downloaded: its bytes (sha256 checked against the run id) and the replay they read as."""

    data: bytes
    replay: Replay


def run_id_of(data: bytes) -> str:
    """A run's id: the first 16 hex digits of its file's sha256 (the same bytes are the same run)."""
    return hashlib.sha256(data).hexdigest()[:16]


class BoardClient:
    """One board server's API; each call blocks (the game calls it on a worker thread, never the frame's)."""

    def __init__(self, url: str, timeout_s: float = 10.0):
        """ValueError (one line) for an address that is not http(s)://HOST[:PORT][/PATH]."""
        self.url = check_url(url, "the board server's address")
        self.timeout_s = timeout_s
        self._http = httpx.Client(base_url=self.url, timeout=timeout_s, follow_redirects=False,
                                  headers={"User-Agent": "sideways"})

    def close(self) -> None:
        """Close the connections."""
        self._http.close()

    def __enter__(self) -> BoardClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def health(self) -> dict[str, Any]:
        """{"ok", "physics", "game_version"}."""
        return _shaped(lambda d: {"ok": _value(d, "ok", bool), "physics": _value(d, "physics", int),
                                  "game_version": _text(d, "game_version", 40)}, self._json("GET", "/health"), self.url, "health")

    def register(self, name: str) -> dict[str, str]:
        """A new player: {"player", "name", "token"}; NetError kind refused with the server's reason (a name taken...)."""
        return _shaped(lambda d: {k: _text(d, k, 200) for k in ("player", "name", "token")},
                       self._json("POST", "/players", json={"name": name}), self.url, "player")

    def submit(self, data: bytes, token: str) -> Result:
        """Send a replay's bytes: queued (stored, to be verified) or the verdict the same bytes had already; a run the
        server refuses on sight (422, 413) comes back refused with its reason, other failures are NetError."""
        try:
            doc = self._json("POST", "/runs", content=data, headers={**_auth(token), "Content-Type": "application/octet-stream"})
        except NetError as e:
            if e.kind == REFUSED and e.status in (413, 422):
                return Result("refused", run_id_of(data), reason=e.reason)
            raise
        return _result(doc, self.url)

    def run(self, run_id: str) -> Result:
        """Where a run stands, with its page's details (player, car, model, created, verified_at, breakdown, sha256, best)."""
        return _result(self._json("GET", f"/runs/{_checked_id(run_id)}"), self.url)

    def wait(self, run_id: str, timeout_s: float) -> Result:
        """Ask until the run is verified or refused, for at most timeout_s; still queued after that: the queued result."""
        deadline, pause = time.monotonic() + timeout_s, 0.05
        while True:
            result = self.run(run_id)
            left = deadline - time.monotonic()
            if result.status != "queued" or left <= 0:
                return result
            time.sleep(min(pause, left))
            pause = min(pause * 2, 0.5)

    def boards(self) -> dict[str, Any]:
        """{"physics": N, "boards": [board docs, each with "runs"]}."""
        def build(d: dict[str, Any]) -> dict[str, Any]:
            boards = _value(d, "boards", list)
            if len(boards) > 10_000:
                raise _Shape("boards")
            return {"physics": _value(d, "physics", int), "boards": [_board(b, self.url) for b in boards]}

        return _shaped(build, self._json("GET", "/boards"), self.url, "boards")

    def top(self, board: str, limit: int = 20, token: str | None = None) -> dict[str, Any]:
        """{"board": board doc, "rows": [ROW...], "you": ROW | None}; ROW: rank, player, score, car, model, date, run, breakdown."""
        if not BOARD_ID.fullmatch(board):
            raise NetError(f"{shown(board)} is not a board id (letters a-z, digits, - and _)", REFUSED)

        def build(d: dict[str, Any]) -> dict[str, Any]:
            rows = _value(d, "rows", list)
            if len(rows) > 100:
                raise _Shape("rows")
            you = d.get("you")
            return {"board": _board(_value(d, "board", dict), self.url), "rows": [_row(r, self.url) for r in rows],
                    "you": None if you is None else _row(you, self.url)}

        doc = self._json("GET", f"/boards/{board}", params={"limit": limit}, headers=_auth(token) if token else None)
        return _shaped(build, doc, self.url, "board")

    def replay(self, run_id: str) -> Download:
        """A run's replay: its sha256 must start with the run id (and equal the server's X-Sideways-Sha256), and the replay
        reader must take it."""
        from game.content.replays import parse_replay

        rid = _checked_id(run_id)
        answer = self._send("GET", f"/runs/{rid}/replay", MAX_REPLAY_BYTES)
        data = answer.body
        digest = hashlib.sha256(data).hexdigest()
        claimed = answer.headers.get("X-Sideways-Sha256")
        if not digest.startswith(rid) or (claimed is not None and claimed.lower() != digest):
            raise NetError(f"the replay of run {rid} from {self.url} does not match its digest (sha256 {digest[:16]}...); "
                           "not used", BAD_ANSWER)
        try:
            return Download(data, parse_replay(data, f"run {rid}"))
        except ReplayError as e:
            raise NetError(f"{e} (downloaded from {self.url})", BAD_ANSWER) from None

    def _json(self, method: str, path: str, **kw: Any) -> dict[str, Any]:
        """A JSON object answer to one request."""
        doc = _parse(self._send(method, path, MAX_ANSWER_BYTES, **kw).body, self.url)
        if not isinstance(doc, dict):
            raise _bad(self.url, f"expected an object, got {type(doc).__name__}")
        return doc

    def _send(self, method: str, path: str, most: int, **kw: Any) -> _Answer:
        """One request, its body read up to `most` bytes; NetError for no answer, a body too big, or an error status."""
        where = f"the board server at {self.url}"
        try:
            with self._http.stream(method, API + path, **kw) as response:
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > most:
                        raise _bad(self.url, f"over {most // 1024} KB")
        except httpx.TimeoutException:
            raise NetError(f"{where} did not answer within {self.timeout_s:g} s", TIMEOUT) from None
        except (httpx.TransportError, httpx.InvalidURL) as e:
            raise NetError(f"cannot reach {where} ({_why(e)})", UNREACHABLE) from None
        answer = _Answer(response.status_code, response.headers, bytes(body))
        if 300 <= answer.status < 400:
            raise NetError(f"{where} answered {answer.status} (a redirect); check the address", HTTP, answer.status)
        if not 200 <= answer.status < 300:
            raise _http_error(answer, self.url)
        return answer


class _Answer(NamedTuple):
    """A response as read: its status, headers and body (at most the bytes asked for)."""

    status: int
    headers: httpx.Headers
    body: bytes


def _why(e: Exception) -> str:
    """What a transport error says, short: 'connection refused' rather than '[Errno 111] Connection refused'."""
    text = re.sub(r"\[Errno -?\d+\]\s*", "", str(e)).strip() or type(e).__name__
    return shown(text[:1].lower() + text[1:], quote=False)


def _http_error(answer: _Answer, url: str) -> NetError:
    """An error status as one line: the server's own reason when its body says one."""
    code = answer.status
    reason = ""
    try:
        doc = parse_json_bytes(answer.body, "answer")
        if isinstance(doc, dict) and isinstance(doc.get("reason"), str):
            reason = shown(doc["reason"], MAX_TEXT, quote=False)
    except DataError:
        pass
    if code == 429:
        wait = answer.headers.get("Retry-After", "")
        later = f"; try again in {shown(wait, 10, quote=False)} s" if wait.isdigit() else ""
        return NetError(f"the board server at {url} is busy (rate limited){later}", HTTP, code, reason)
    if 400 <= code < 500 and reason:
        return NetError(reason, REFUSED, code, reason)
    return NetError(f"the board server at {url} answered {code}" + (f": {reason}" if reason else ""), HTTP, code, reason)


def _parse(raw: bytes, url: str) -> Any:
    try:
        return parse_json_bytes(raw, "answer")
    except DataError as e:
        raise _bad(url, str(e).removeprefix("answer: ")) from None


def _bad(url: str, what: str) -> NetError:
    return NetError(f"the board server at {url} sent an answer the game cannot use ({what})", BAD_ANSWER)


class _Shape(ValueError):
    """A field of an answer that is missing or of the wrong kind."""


def _value(doc: Mapping[str, Any], key: str, kind: type) -> Any:
    v = doc.get(key)
    if kind is int and (isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10**12):
        raise _Shape(key)
    if kind is float and (isinstance(v, bool) or not isinstance(v, (int, float))):
        raise _Shape(key)
    if kind not in (int, float) and not isinstance(v, kind):
        raise _Shape(key)
    return v


def _text(doc: Mapping[str, Any], key: str, most: int = MAX_TEXT, optional: bool = False) -> str:
    v = doc.get(key)
    if optional and v is None:
        return ""
    if not isinstance(v, str) or len(v) > most:
        raise _Shape(key)
    return v


def _optional(doc: Mapping[str, Any], key: str, kind: type) -> Any:
    return None if doc.get(key) is None else _value(doc, key, kind)


def _shaped(build: Callable[[Any], Any], doc: Any, url: str, what: str) -> Any:
    """build(doc), an answer of the wrong shape becoming one NetError naming the field."""
    try:
        if not isinstance(doc, dict):
            raise _Shape(what)
        return build(doc)
    except _Shape as e:
        raise _bad(url, f"{what}: field {shown(str(e))} is missing or wrong") from None


def _result(doc: Any, url: str) -> Result:
    def build(d: dict[str, Any]) -> Result:
        status = "queued" if d.get("status") in ("running", "queued") else d.get("status")
        if status not in STATUSES:
            raise _Shape("status")
        run = _text(d, "run", 16)
        board = None if d.get("board") is None else _text(d, "board", 96)
        if not RUN_ID.fullmatch(run) or (board is not None and not BOARD_ID.fullmatch(board)):
            raise _Shape("run" if not RUN_ID.fullmatch(run) else "board")
        rank = _optional(d, "rank", int)
        reason = "" if d.get("reason") is None else _text(d, "reason")
        details = {k: v for k, v in d.items() if k not in ("status", "board", "score", "rank", "run", "reason")}
        return Result(status, run, board, _optional(d, "score", float), rank, one_line(reason), MappingProxyType(details))

    return _shaped(build, doc, url, "run")


def _board(doc: Any, url: str) -> dict[str, Any]:
    def build(d: dict[str, Any]) -> dict[str, Any]:
        board: dict[str, Any] = {k: _text(d, k) for k in ("id", "kind", "title")}
        if not BOARD_ID.fullmatch(board["id"]):
            raise _Shape("id")
        board.update({k: d[k] for k in ("map", "course", "model", "event", "counts") if isinstance(d.get(k), str) and len(d[k]) <= MAX_TEXT})
        board["physics"] = _optional(d, "physics", int)
        board["runs"] = _optional(d, "runs", int) or 0
        return board

    return _shaped(build, doc, url, "board")


def _row(doc: Any, url: str) -> dict[str, Any]:
    def build(d: dict[str, Any]) -> dict[str, Any]:
        row = {"rank": _value(d, "rank", int), "player": _text(d, "player", 100), "score": _value(d, "score", float),
               **{k: _text(d, k, 100, optional=True) for k in ("car", "model", "date")}, "run": _text(d, "run", 16)}
        if not RUN_ID.fullmatch(row["run"]):
            raise _Shape("run")
        row["breakdown"] = d.get("breakdown") if isinstance(d.get("breakdown"), dict) else {}
        return row

    return _shaped(build, doc, url, "row")


def _auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _checked_id(run_id: str) -> str:
    """A run id as the API takes it (16 lowercase hex digits); NetError naming it otherwise."""
    rid = run_id.strip().lower() if isinstance(run_id, str) else ""
    if not RUN_ID.fullmatch(rid):
        raise NetError(f"{shown(run_id)} is not a run id (16 hex digits)", REFUSED)
    return rid
