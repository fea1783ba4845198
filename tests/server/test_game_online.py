"""The game against a real board server (the session's SQLite one): Settings → Online typed in, a run submitted from its
results and its rank shown, Leaderboards' top run raced as a ghost and chased as a lead; and the online thread's
requests as the screens use them: offline runs wait in the outbox and go out later, no server or no name is one line."""

from __future__ import annotations

import re
import socket
import time
import uuid

import pytest

from game.content.online_settings import OnlineSettings
from game.net import outbox
from game.shell.online import NAME_FIRST, NO_SERVER, Online, Submission
from tests.support import board_runs
from tests.support.e2e_helpers import run_script


@pytest.fixture(scope="module")
def sqlite_server(machines):
    return machines.server("sqlite")


def finished(sub: Submission, timeout_s: float = 60.0) -> Submission:
    deadline = time.monotonic() + timeout_s
    while not sub.finished:
        assert time.monotonic() < deadline, f"no verdict in {timeout_s} s: {sub.line}"
        sub.poll()
        time.sleep(0.02)
    return sub


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.e2e
def test_a_player_sets_the_server_submits_from_the_results_and_races_and_chases_the_top_run(sqlite_server, tmp_path):
    name = f"Flow {uuid.uuid4().hex[:6]}"
    home = tmp_path / "home"
    home.mkdir()
    out = run_script("tests.ui.online_flow", sqlite_server.url, name, env_home=home, timeout=600)

    assert out["main_options"] == ["Drive", "Garage", "Leaderboards", "Settings", "Quit"]
    assert out["rows"] == ["Server", "Your name", "Offer Submit on results"]
    assert out["bad_url"] == ["Server must be an http:// or https:// address (or empty for none)", "ftp://nowhere"]  # still typing
    assert out["typing_after"] is None and out["back_at"] == "main"
    assert out["in_game"] == [sqlite_server.url, name, True]
    assert out["on_disk"] == {"server": sqlite_server.url, "name": name, "submit": True}  # saved at once

    assert out["results_options"] == ["Drive again", "Submit", "Main menu"]
    assert out["first_line"] == "Verifying…"
    result = out["result"]
    assert (result["status"], result["board"], result["score"]) == ("verified", board_runs.QUALIFYING_BOARD, board_runs.QUALIFYING_TOTAL)
    m = re.fullmatch(r"Verified 92\.9 · rank (\d+) of (\d+) on Qualifying · Sideways Park · Pad Hook · Arcade", out["verdict"])
    assert m and int(m[1]) == result["rank"] <= int(m[2]), out["verdict"]
    assert out["verdict_shown"] == out["verdict"]  # on screen, whole
    assert out["button"] == "Submitted"

    assert out["listed"] == 40  # every board of the shipped game
    assert out["you"] == result["rank"]  # your own row under the top 20, at the rank the results said
    rank, player, score, car = out["top_row"]
    assert rank == 1 and score == board_runs.QUALIFYING_TOTAL and car == "hatch"
    assert out["details"].splitlines()[1] == "Line 31.1  ·  Angle 32.4  ·  Style 29.3"  # the top run's breakdown
    assert out["ghost"] == {"mode": "qualifying", "track": "sideways_park", "course": "pad_hook", "model": "arcade", "ghost_car": True,
                            "ghost_is_board_run": True, "ghost_run_steps": 1138}
    assert out["highlighted_again"] == board_runs.QUALIFYING_BOARD  # Leaderboards open again on the board last driven against
    assert out["chase"] == {"mode": "tandem", "role": "chase", "notice": f"{player}'s 92.9", "lead_is_board_run": True,
                            "course": "pad_hook"}


def test_a_run_submitted_while_the_server_is_down_waits_in_the_outbox(tmp_path):
    settings = OnlineSettings(server=f"http://127.0.0.1:{free_port()}", name="Later")
    online = Online(lambda: settings, home=tmp_path)
    data = board_runs.variant(board_runs.qualifying_run(), 41)
    try:
        sub = finished(Submission(online, data))
        assert (sub.line.text, sub.result.status) == ("Server unreachable: the run waits in the outbox and goes out with your next "
                                                      "submission.", "queued")
        assert [p.sha256[:16] for p in outbox.pending(settings.server, tmp_path)] == [sub.result.run]
        assert [p.data() for p in outbox.pending(settings.server, tmp_path)] == [data]
    finally:
        online.close()


def test_the_outbox_goes_out_when_the_game_starts_with_the_server_up(sqlite_server, tmp_path):
    server = sqlite_server.url.rstrip("/")
    data = board_runs.variant(board_runs.qualifying_run(), 42)
    outbox.add(data, server, tmp_path)
    settings = OnlineSettings(server=sqlite_server.url, name=f"Boot {uuid.uuid4().hex[:6]}")
    online = Online(lambda: settings, home=tmp_path)
    try:
        flushed = online.flush().result(timeout=60)
        assert [r.status for r in flushed.sent] == ["queued"] and not flushed.stopped
        assert outbox.pending(server, tmp_path) == []
        sub = finished(Submission(online, data))  # the same bytes again: the same run, now verified
        assert sub.result.run == flushed.sent[0].run and sub.result.status == "verified"
        assert sub.line.text.startswith("Verified 92.9 · rank ")
    finally:
        online.close()


def test_no_server_or_no_name_is_one_line_and_nothing_is_sent(sqlite_server, tmp_path):
    data = board_runs.variant(board_runs.qualifying_run(), 43)
    none = Online(lambda: OnlineSettings(), home=tmp_path)
    sub = finished(Submission(none, data))
    assert (sub.line.text, sub.line.tone) == (NO_SERVER, "bad")
    nameless = Online(lambda: OnlineSettings(server=sqlite_server.url), home=tmp_path)
    try:
        sub = finished(Submission(nameless, data))
        assert (sub.line.text, sub.line.tone) == (NAME_FIRST, "bad")
        assert outbox.pending(None, tmp_path) == []
    finally:
        nameless.close()


def test_a_replay_file_that_cannot_be_read_is_one_line(tmp_path):
    online = Online(lambda: OnlineSettings(server="http://127.0.0.1:9", name="Nobody"), home=tmp_path)
    try:
        sub = finished(Submission(online, tmp_path / "gone.swr"))
        assert sub.line.tone == "bad" and "gone.swr" in sub.line.text and "\n" not in sub.line.text
    finally:
        online.close()
