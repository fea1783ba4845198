"""What the board client makes of a server that answers badly (a real HTTP server on loopback sends each answer):
every failure is one NetError line naming what was wrong, nothing untrusted is taken as it came."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from game.net.board_client import BAD_ANSWER, HTTP, REFUSED, TIMEOUT, UNREACHABLE, BoardClient, NetError

ANSWERS: dict[str, tuple[int, dict[str, str], bytes]] = {}  # path -> (status, headers, body)


class Handler(BaseHTTPRequestHandler):
    def _answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        status, headers, body = ANSWERS.get(self.path.split("?")[0], (404, {}, b'{"status": "error", "reason": "no such page"}'))
        if headers.get("sleep"):
            time.sleep(float(headers["sleep"]))
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the client stopped reading (an answer too big): as it should
            pass

    do_GET = do_POST = _answer

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def url():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _fails(call, answers: dict) -> NetError:
    ANSWERS.clear()
    ANSWERS.update({k: (v[0], v[1] if len(v) > 2 else {}, v[-1]) for k, v in answers.items()})
    with pytest.raises(NetError) as e:
        call()
    assert "\n" not in str(e.value) and "\x1b" not in str(e.value)
    return e.value


def test_a_server_that_is_not_there(url):
    with BoardClient("http://127.0.0.1:9") as c:
        e = _fails(c.health, {})
    assert e.kind == UNREACHABLE and e.offline and str(e) == "cannot reach the board server at http://127.0.0.1:9 (connection refused)"


def test_a_server_that_does_not_answer_in_time(url):
    with BoardClient(url, timeout_s=0.2) as c:
        e = _fails(c.health, {"/api/v1/health": (200, {"sleep": "1"}, b"{}")})
    assert e.kind == TIMEOUT and e.offline and str(e) == f"the board server at {url} did not answer within 0.2 s"


@pytest.mark.parametrize("body, what", [
    (b"<html>hello</html>", "broken JSON at line 1, column 1"),
    (b"[1, 2]", "expected an object, got list"),
    (json.dumps({"physics": 1, "boards": {"a": 1}}).encode(), "field 'boards' is missing or wrong"),
    (json.dumps({"physics": 1, "boards": [{"id": "../../etc", "kind": "k", "title": "t"}]}).encode(), "board: field 'id' is missing or wrong"),
    (json.dumps({"physics": True, "boards": []}).encode(), "field 'physics' is missing or wrong"),
    (b'{"physics": 1, "boards": [' + b",".join([b"[" * 40 + b"]" * 40]) + b"]}", "nested too deeply"),
    (b" " * (5 * 1024 * 1024), "over 4096 KB"),
])
def test_an_answer_that_is_not_the_json_expected(url, body, what):
    with BoardClient(url) as c:
        e = _fails(c.boards, {"/api/v1/boards": (200, body)})
    assert e.kind == BAD_ANSWER and str(e).startswith(f"the board server at {url} sent an answer the game cannot use (") and what in str(e)


def test_rows_and_runs_are_checked_field_by_field(url):
    row = {"rank": 1, "player": "K", "score": 88.5, "car": "hatch", "model": "arcade", "date": "2026-12-03", "run": "0" * 16, "breakdown": {}}
    board = {"id": "timed-sideways_park-p1", "kind": "timed", "title": "Timed Run"}
    with BoardClient(url) as c:
        e = _fails(lambda: c.top("timed-sideways_park-p1"), {"/api/v1/boards/timed-sideways_park-p1": (200, json.dumps(
            {"board": board, "rows": [row, {**row, "rank": "2"}], "you": None}).encode())})
        assert "row: field 'rank' is missing or wrong" in str(e)
        e = _fails(lambda: c.run("0" * 16), {f"/api/v1/runs/{'0' * 16}": (200, json.dumps({"status": "maybe", "run": "0" * 16}).encode())})
        assert "run: field 'status' is missing or wrong" in str(e)
        ANSWERS[f"/api/v1/boards/{board['id']}"] = (200, {}, json.dumps({"board": board, "rows": [row], "you": row}).encode())
        assert c.top(board["id"])["rows"] == [row]


def test_the_servers_reason_is_one_escaped_line(url):
    body = json.dumps({"status": "refused", "reason": "name \x1b[31mtaken\nreally"}).encode()
    with BoardClient(url) as c:
        e = _fails(lambda: c.register("K"), {"/api/v1/players": (409, body)})
    assert e.kind == REFUSED and not e.offline and e.status == 409 and str(e) == "name \\x1b[31mtaken\\nreally"


@pytest.mark.parametrize("status, headers, body, words, offline", [
    (500, {}, b"Internal Server Error", "answered 500", True),
    (503, {}, json.dumps({"status": "error", "reason": "database down"}).encode(), "answered 503: database down", True),
    (429, {"Retry-After": "3"}, b"{}", "is busy (rate limited); try again in 3 s", True),
    (302, {"Location": "http://elsewhere/"}, b"", "answered 302 (a redirect); check the address", False),
    (404, {}, b"not json", "answered 404", False),
])
def test_error_statuses(url, status, headers, body, words, offline):
    with BoardClient(url) as c:
        e = _fails(c.health, {"/api/v1/health": (status, headers, body)})
    assert e.kind in (HTTP, REFUSED) and words in str(e) and e.offline is offline


def test_a_replay_whose_bytes_are_not_the_run_is_not_used(url):
    data = b"SWRP" + bytes(range(200))
    rid = hashlib.sha256(data).hexdigest()[:16]
    with BoardClient(url) as c:
        e = _fails(lambda: c.replay("f" * 16), {f"/api/v1/runs/{'f' * 16}/replay": (200, data)})
        assert e.kind == BAD_ANSWER and f"the replay of run {'f' * 16} from {url} does not match its digest" in str(e)
        e = _fails(lambda: c.replay(rid), {f"/api/v1/runs/{rid}/replay": (200, {"X-Sideways-Sha256": "0" * 64}, data)})
        assert "does not match its digest" in str(e)
        e = _fails(lambda: c.replay(rid), {f"/api/v1/runs/{rid}/replay": (200, data)})  # the right bytes, but not a replay
        assert e.kind == BAD_ANSWER and str(e).startswith(f"run {rid}: ") and str(e).endswith(f"(downloaded from {url})")
        e = _fails(lambda: c.replay("../../x"), {})
        assert str(e) == "'../../x' is not a run id (16 hex digits)"
