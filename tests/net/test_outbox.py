"""The outbox: a run that could not reach its server waits on disk (once per server), counts its tries, and leaves when sent."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import pytest

from game.net import outbox
from game.net.board_client import NetError
from game.net.submit import QUEUED_REASON, flush, submit
from game.safe_json import DataError

RUN = b"SWRP not really a replay, but bytes the outbox keeps as they are"
SHA = hashlib.sha256(RUN).hexdigest()
DOWN = "http://127.0.0.1:9"  # the discard port: nothing listens there


def test_kept_once_per_server_and_gone_with_the_last(tmp_path):
    when = datetime(2026, 12, 3, 21, 0, tzinfo=UTC)
    first = outbox.add(RUN, "http://a.example/", tmp_path, when)
    assert first.path == tmp_path / "outbox" / f"{SHA}.swr" and first.path.read_bytes() == RUN and first.data() == RUN
    assert json.loads((tmp_path / "outbox" / f"{SHA}.json").read_text()) == {
        "servers": {"http://a.example": {"queued": "2026-12-03T21:00:00+00:00", "attempts": 0, "last_error": ""}}}
    outbox.add(RUN, "http://a.example", tmp_path)  # the same run for the same server again: still one entry
    outbox.add(RUN, "http://b.example", tmp_path)
    assert [(p.server, p.sha256) for p in outbox.pending(home=tmp_path)] == [("http://a.example", SHA), ("http://b.example", SHA)]
    assert [p.server for p in outbox.pending("http://b.example/", tmp_path)] == ["http://b.example"]
    outbox.done(outbox.pending("http://a.example", tmp_path)[0])
    assert [p.server for p in outbox.pending(home=tmp_path)] == ["http://b.example"] and first.path.exists()
    outbox.done(outbox.pending("http://b.example", tmp_path)[0])
    assert outbox.pending(home=tmp_path) == [] and sorted(p.name for p in (tmp_path / "outbox").iterdir() if not p.name.startswith(".")) == []


def test_a_try_that_finds_the_server_down_is_counted_with_its_reason(tmp_path):
    item = outbox.add(RUN, DOWN, tmp_path)
    outbox.tried(item, "cannot reach the board server at http://127.0.0.1:9 (connection refused)")
    again = outbox.pending(DOWN, tmp_path)[0]
    assert again.attempts == 1 and again.last_error.endswith("(connection refused)")


def test_a_file_changed_on_disk_is_not_sent_as_that_run(tmp_path):
    item = outbox.add(RUN, DOWN, tmp_path)
    item.path.write_bytes(RUN + b"!")
    with pytest.raises(DataError, match=r"^outbox/[0-9a-f]{64}\.swr: its bytes changed on disk"):
        item.data()


def test_broken_entries_are_skipped_not_fatal(tmp_path):
    folder = tmp_path / "outbox"
    folder.mkdir()
    (folder / f"{'a' * 64}.json").write_text("{broken")
    (folder / f"{'a' * 64}.swr").write_bytes(b"x")
    (folder / f"{'b' * 64}.json").write_text(json.dumps({"servers": {"http://a.example": {}}}))  # its .swr never came
    (folder / "notes.json").write_text("{}")
    assert outbox.pending(home=tmp_path) == []


def test_a_run_for_a_server_that_is_down_waits_in_the_outbox(tmp_path):
    result = submit(RUN, DOWN, "Keiichi", home=tmp_path)
    assert result.as_dict() == {"status": "queued", "board": None, "score": None, "rank": None, "run": SHA[:16], "reason": QUEUED_REASON}
    assert "cannot reach the board server at http://127.0.0.1:9 (connection refused)" in result.note
    assert [p.sha256 for p in outbox.pending(DOWN, tmp_path)] == [SHA]
    assert not (tmp_path / "online.json").exists()  # no identity made up while the server was away


def test_flush_keeps_every_run_while_the_server_is_down(tmp_path):
    from game.net.board_client import BoardClient

    outbox.add(RUN, DOWN, tmp_path)
    outbox.add(RUN + b"2", DOWN, tmp_path)
    (tmp_path / "online.json").write_text(json.dumps({"servers": {DOWN: {"player": "p1", "name": "K", "token": "t" * 43}}}))
    with BoardClient(DOWN) as client:
        done = flush(client, "Keiichi", tmp_path)
    assert done.sent == () and "connection refused" in done.stopped
    assert sorted(p.attempts for p in outbox.pending(DOWN, tmp_path)) == [0, 1]  # it stopped at the first: the server is down


def test_an_outbox_that_cannot_be_written_is_one_line_not_a_crash(tmp_path):
    home = tmp_path / "home"
    home.write_text("a file where the data folder should be")
    with pytest.raises(NetError) as e:
        submit(RUN, DOWN, "Keiichi", home=home)
    assert str(e.value).startswith("cannot reach the board server at http://127.0.0.1:9 (connection refused); and the outbox could not keep the run (")
    assert "\n" not in str(e.value)
