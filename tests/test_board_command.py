"""`sideways board submit|list|top|get` against a real server on loopback: a run comes back verified with the total
`sideways judge` gives it, a refused one says why in one line, and one sent while the server is down waits in the outbox
until the server is back."""

from __future__ import annotations

import json
import socket

import pytest

from game import paths
from game.cli import main
from game.content.online_settings import OnlineSettings
from game.content.settings import Settings, save_settings
from game.net import outbox
from game.net.board_client import BoardClient, run_id_of
from game.net.submit import NO_NAME, QUEUED_REASON
from game.sim.physics_version import PHYSICS_VERSION
from tests.support import board_runs
from tests.support.board_server import BoardServer

BOARD = board_runs.QUALIFYING_BOARD
KEYS = ["status", "board", "score", "rank", "run", "reason"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _OnPort(BoardServer):
    """The test server on one fixed port, so that it can go down and come back at the same address."""

    port = 0

    def _spawn(self, *args: str):
        args = tuple(str(self.port) if a == "0" and args[i - 1] == "--port" else a for i, a in enumerate(args))
        return super()._spawn(*args)

    def start(self) -> None:
        super().start()
        self.url = self.url.rstrip("/")  # as the game keys a server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module (SQLite, one verifier), on a port of its own."""
    srv = _OnPort(tmp_path_factory.mktemp("board_server"))
    srv.port = _free_port()
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The runs submitted, as files: the verified Qualifying run, two variants of it, and one recorded on another physics."""
    folder = tmp_path_factory.mktemp("runs")
    runs = {"q": board_runs.qualifying_run(), "q1": board_runs.variant(board_runs.qualifying_run(), 1),
            "q2": board_runs.variant(board_runs.qualifying_run(), 2), "old": board_runs.other_physics_run(0)}
    for name, data in runs.items():
        (folder / f"{name}.swr").write_bytes(data)
    return {name: str(folder / f"{name}.swr") for name in runs}


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """The player's folder (one identity for the module: registered by the first submission)."""
    return tmp_path_factory.mktemp("home")


@pytest.fixture(autouse=True)
def _in_home(home, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(home))


def _run(capsys, *args) -> tuple[int, str, str]:
    code = main(["board", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_submit_is_verified_with_the_total_judge_gives(server, files, home, capsys):
    code, out, err = _run(capsys, "submit", files["q"], "--server", server.url, "--name", "Keiichi", "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert list(doc) == KEYS
    assert main(["judge", files["q"], "--json"]) == 0
    judged = round(json.loads(capsys.readouterr().out)["judging"]["total"], 1)  # judge's "92.9 / 100"; boards keep 1 decimal
    assert doc == {"status": "verified", "board": BOARD, "score": judged, "rank": 1, "run": doc["run"], "reason": ""}
    assert judged == board_runs.QUALIFYING_TOTAL
    assert json.loads((home / "online.json").read_text())["servers"][server.url]["name"] == "Keiichi"
    code, out, _ = _run(capsys, "submit", files["q"], "--server", server.url)  # the same bytes again: the same run, no new name
    assert code == 0 and out == f"{files['q']}: verified on {BOARD}: score {judged:g}, rank 1 (run {doc['run']})\n"


def test_no_wait_answers_queued_and_the_server_from_settings(server, files, capsys):
    save_settings(paths.user_home() / "settings.json", Settings(online=OnlineSettings(server.url + "/", "Keiichi")))
    code, out, err = _run(capsys, "submit", files["q1"], "--no-wait", "--json")
    doc = json.loads(out)
    assert (code, err) == (0, "") and doc["status"] == "queued" and doc["reason"] == "" and doc["score"] is None
    with BoardClient(server.url) as client:
        done = client.wait(run_id_of(open(files["q1"], "rb").read()), 60)
    assert done.status == "verified" and done.score == board_runs.QUALIFYING_TOTAL
    assert done.rank is None and done.details["best"] is False  # the same score again: the player's first run stays their row


def test_a_refused_run_says_why_in_one_line(server, files, capsys):
    code, out, err = _run(capsys, "submit", files["old"], "--server", server.url)
    assert code == 1 and err == ""
    assert out == f"{files['old']}: refused: recorded on physics 0; this server ranks {PHYSICS_VERSION}\n"
    code, out, _ = _run(capsys, "submit", files["old"], "--server", server.url, "--json")
    doc = json.loads(out)
    assert code == 1 and doc == {"status": "refused", "board": None, "score": None, "rank": None, "run": doc["run"],
                                 "reason": f"recorded on physics 0; this server ranks {PHYSICS_VERSION}"}


def test_list_top_and_get(server, files, tmp_path, capsys):
    _run(capsys, "submit", files["q"], "--server", server.url, "--name", "Keiichi")
    code, out, _ = _run(capsys, "list", "--server", server.url)
    assert code == 0 and out.splitlines()[1].split() == ["BOARD", "RUNS", "TITLE"]
    mine = next(line for line in out.splitlines() if line.startswith(BOARD + " "))
    assert mine.split()[1] == "1"
    code, out, _ = _run(capsys, "list", "--server", server.url, "--json")
    assert next(b for b in json.loads(out)["boards"] if b["id"] == BOARD)["runs"] == 1
    code, out, _ = _run(capsys, "top", BOARD, "--server", server.url, "--limit", "5")
    lines = out.splitlines()
    assert code == 0 and lines[1].split() == ["RANK", "PLAYER", "SCORE", "CAR", "HANDLING", "DATE", "RUN"]
    assert lines[2].split()[:5] == ["1", "Keiichi", f"{board_runs.QUALIFYING_TOTAL:g}", "hatch", "arcade"]
    code, out, _ = _run(capsys, "top", BOARD, "--server", server.url, "--json")
    doc = json.loads(out)
    assert doc["you"]["player"] == "Keiichi" and doc["rows"][0]["run"] == doc["you"]["run"]
    run = doc["rows"][0]["run"]
    out_file = tmp_path / "best.swr"
    code, out, _ = _run(capsys, "get", run, "--server", server.url, "--out", out_file)
    assert code == 0 and out.startswith(f"{out_file}: run {run}, qualifying on sideways_park, car hatch")
    assert out_file.read_bytes() in {open(files[k], "rb").read() for k in ("q", "q1")}
    code, _, err = _run(capsys, "get", run, "--server", server.url, "--out", tmp_path)  # a folder: not a file it can write
    assert code == 2 and err.startswith(f"sideways board: {tmp_path}: cannot write (") and err.count("\n") == 1
    code, _, err = _run(capsys, "get", "0" * 16, "--server", server.url, "--out", out_file)
    assert code == 2 and err == f"sideways board: no run {'0' * 16}\n"


def test_a_run_sent_while_the_server_is_down_waits_and_goes_when_it_is_back(server, files, home, capsys):
    server.kill()
    try:
        code, out, err = _run(capsys, "submit", files["q2"], "--server", server.url, "--json")
        assert code == 2 and json.loads(out) == {"status": "queued", "board": None, "score": None, "rank": None,
                                                  "run": json.loads(out)["run"], "reason": QUEUED_REASON}
        assert err == f"sideways board: cannot reach the board server at {server.url} (connection refused)\n"
        assert [p.path.read_bytes() for p in outbox.pending(server.url, home)] == [open(files["q2"], "rb").read()]
        code, out, _ = _run(capsys, "submit", files["q2"], "--server", server.url)
        assert code == 2 and out.startswith(f"{files['q2']}: queued: {QUEUED_REASON} (run ")
        assert len(outbox.pending(server.url, home)) == 1  # the same run waits once
    finally:
        server.start()
    code, out, _ = _run(capsys, "submit", files["q"], "--server", server.url, "--json")  # any submission flushes the outbox
    assert code == 0 and json.loads(out)["status"] == "verified"
    assert outbox.pending(home=home) == [] and not [p for p in (home / "outbox").iterdir() if not p.name.startswith(".")]
    with BoardClient(server.url) as client:
        assert client.wait(run_id_of(open(files["q2"], "rb").read()), 60).status == "verified"


def test_without_a_server_or_a_name(server, files, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    for args in (["submit", files["q"]], ["list"], ["top", BOARD], ["get", "0" * 16, "--out", tmp_path / "x.swr"]):
        code, out, err = _run(capsys, *args)
        assert (code, out) == (2, "") and err == "sideways board: no server set; pass --server URL or set one in Settings → Online\n"
    code, out, err = _run(capsys, "submit", files["q"], "--server", server.url)
    assert (code, out) == (2, "") and err == f"sideways board: {NO_NAME}\n"
    code, out, err = _run(capsys, "submit", files["q"], "--server", server.url, "--name", "K\x1b[2J" + "x" * 30)
    assert (code, out) == (2, "")
    assert err == "sideways board: --name must be printable text of 1 to 24 characters, got 'K\\x1b[2J" + "x" * 30 + "'\n"
    code, _, err = _run(capsys, "submit", tmp_path / "none.swr", "--server", server.url)
    assert code == 2 and err.startswith("sideways board: ") and "none.swr" in err and err.count("\n") == 1


def test_submit_as_the_game_calls_it(server, files, tmp_path):
    """game.net.submit (the results screen's Submit runs it on a worker): a kept token the server no longer knows is
    replaced by registering again; a name someone has is refused in one line; a broken identity file is set aside, said."""
    from game.net.identity import Identity, identity_for, save_identity
    from game.net.submit import submit

    data = open(files["q"], "rb").read()
    save_identity(server.url, Identity("0" * 16, "Tomo", "x" * 43), tmp_path)  # a token from a server since wiped
    result = submit(data, server.url, "", wait_s=60, home=tmp_path)
    assert (result.status, result.score, result.note) == ("verified", board_runs.QUALIFYING_TOTAL, "")
    assert identity_for(server.url, tmp_path)[0].name == "Tomo" and identity_for(server.url, tmp_path)[0].token != "x" * 43
    other = tmp_path / "other"
    other.mkdir()
    (other / "online.json").write_text("{not json")
    taken = submit(data, server.url, "keiichi", home=other)  # names are unique whatever their case
    assert taken.status == "refused" and taken.reason == "the name 'keiichi' was refused: that name is taken; choose another"
    assert taken.note.startswith("Your online identity file was unreadable and was moved aside to online.json.corrupt-")


def test_flush_drops_a_refused_run_with_its_reason(server, files, home):
    from game.net.submit import flush

    outbox.add(open(files["old"], "rb").read(), server.url, home)
    with BoardClient(server.url) as client:
        done = flush(client, "", home)
    assert [(r.status, r.reason) for r in done.sent] == [("refused", f"recorded on physics 0; this server ranks {PHYSICS_VERSION}")]
    assert done.stopped == "" and outbox.pending(server.url, home) == []
