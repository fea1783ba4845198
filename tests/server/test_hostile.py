"""Hostile submissions on a real server (SQLite and PostgreSQL): each refused in one line with nothing stored; names with
markup, SQL or a path are stored and returned exactly as given; a 100 MB body is refused without being held in memory."""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import struct
import zlib

import httpx
import pytest
from sqlalchemy import func, select

from game.server.tables import replays, runs
from game.sim.physics_version import PHYSICS_VERSION
from tests.support import board_runs
from tests.support.board_server import register, submit

MB = 1024 * 1024


def header_edited(data: bytes, edit) -> bytes:
    """The file with its header JSON text passed through edit(text) and the envelope (length, checksum) made right again:
    a crafted file the game's own writer would never produce."""
    prefix = struct.Struct("<4sHII")
    magic, version, _, _ = prefix.unpack_from(data)
    body = zlib.decompress(data[prefix.size:])
    (n,) = struct.unpack_from("<I", body)
    head = edit(body[4:4 + n].decode()).encode()
    body = struct.pack("<I", len(head)) + head + body[4 + n:]
    return prefix.pack(magic, version, len(body), zlib.crc32(body)) + zlib.compress(body, 9)


def nan_final(text: str) -> str:
    doc = json.loads(text)
    doc["final"] = ["NaN_HERE", 0, 0, 0]
    return json.dumps(doc).replace('"NaN_HERE"', "NaN")


def stored(server, data: bytes) -> bool:
    """True when anything of these bytes is kept: a run row, a replay file or a replay row."""
    sha = hashlib.sha256(data).hexdigest()
    engine = server.engine()
    try:
        with engine.connect() as c:
            rows = c.execute(select(func.count()).select_from(runs).where(runs.c.sha256 == sha)).scalar()
            if server.postgres:
                rows += c.execute(select(func.count()).select_from(replays).where(replays.c.sha256 == sha)).scalar()
    finally:
        engine.dispose()
    return bool(rows) or any(p.name.startswith(sha) for p in server.blob_files())


HOSTILE = {
    "truncated": (lambda: board_runs.qualifying_run()[:1000], "truncated replay"),
    "empty": (lambda: b"", "the body is empty: send the replay file's bytes"),
    "random bytes": (lambda: os.urandom(3000), "not a Sideways replay"),
    "millions of steps": (lambda: board_runs.reencoded(board_runs.qualifying_run(), steps=5_000_000), "header field 'steps'"),
    "a body claiming 2 GB": (lambda: board_runs.qualifying_run()[:6] + struct.pack("<I", 2**31) + board_runs.qualifying_run()[10:], "replay too big"),
    "NaN in the header": (lambda: header_edited(board_runs.qualifying_run(), nan_final), "NaN is not a number JSON allows"),
    "another physics version": (lambda: board_runs.other_physics_run(0), f"recorded on physics 0; this server ranks {PHYSICS_VERSION}"),
    "a modded catalog": (board_runs.modded_run, "a modded car has no place on a shipped board"),
    "the autopilot": (board_runs.autopilot_run, "driven by the autopilot"),
    "a crafted track id": (lambda: board_runs.reencoded(board_runs.qualifying_run(), track_id="../../etc/passwd"), "not a track id"),
    "a crafted car id": (lambda: board_runs.reencoded(board_runs.qualifying_run(), car_id="<script>"), "not a car id"),
    "a mode with no board": (board_runs.free_run, "a Free Drift run has no board"),
}


@pytest.fixture(scope="module")
def token(server):
    return register(server.url, "Hostile")


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line_with_nothing_stored(server, token, case):
    make, why = HOSTILE[case]
    data = make()
    r = submit(server.url, token, data)
    assert r.status_code == 422, r.text
    doc = r.json()
    assert doc["status"] == "refused" and why in doc["reason"] and "\n" not in doc["reason"] and len(doc["reason"]) < 400
    assert not stored(server, data)


def peak_memory_kb(pid: int) -> int:
    return int(next(line.split()[1] for line in open(f"/proc/{pid}/status") if line.startswith("VmHWM:")))


def test_a_100_mb_body_is_refused_while_it_streams(server, token):
    sent = 0
    peak_before = peak_memory_kb(server.api.pid)

    def body():
        nonlocal sent
        chunk = b"\0" * MB
        for _ in range(100):
            sent += len(chunk)
            yield chunk

    headers = {"Authorization": f"Bearer {token}"}
    try:
        r = httpx.post(f"{server.url}api/v1/runs", content=body(), headers=headers, timeout=60)
        status, reason = r.status_code, r.json()["reason"]
    except httpx.TransportError:  # the server answered and closed while the client was still sending: it read no further
        status, reason = 413, "too large"
    assert status == 413 and "too large" in reason
    conn = http.client.HTTPConnection(httpx.URL(server.url).host, httpx.URL(server.url).port, timeout=60)
    conn.putrequest("POST", "/api/v1/runs")  # the headers of a 100 MB upload, then not a byte of it: answered at once
    for key, value in {**headers, "Content-Length": str(100 * MB)}.items():
        conn.putheader(key, value)
    conn.endheaders()
    declared = conn.getresponse()
    assert (declared.status, json.loads(declared.read())["reason"]) == (413, "the replay is too large (104857600 bytes; at most 4194304)")
    conn.close()
    print(f"100 MB upload: refused after the client had sent {sent / MB:.0f} MB; the server's peak memory grew by "
          f"{(peak_memory_kb(server.api.pid) - peak_before) / 1024:.1f} MB")


NAMES = ["<script>alert(1)", "';DROP TABLE players;--", "<red>Al<default>[b]x[/b]", "../../etc/passwd", "C:\\Windows\\system32",
         "%s%n {0} ${x}", "Zoë 🏁 ドリフト"]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_markup_sql_or_a_path_is_stored_and_returned_as_given(server, name, tmp_path):
    r = httpx.post(f"{server.url}api/v1/players", json={"name": name})
    assert r.status_code == 201 and r.json()["name"] == name, r.text
    data = board_runs.variant(board_runs.qualifying_run(), 100 + NAMES.index(name))
    run = submit(server.url, r.json()["token"], data).json()["run"]
    assert httpx.get(f"{server.url}api/v1/runs/{run}").json()["player"] == name
    assert httpx.get(f"{server.url}api/v1/health").status_code == 200  # the players table is still there
    assert not any(p.name == "passwd" for p in server.folder.rglob("*"))


@pytest.mark.parametrize("body, reason", [
    ({"name": ""}, "a name is 1 to 24 characters (this one has 0)"),
    ({"name": "   "}, "a name is 1 to 24 characters (this one has 0)"),
    ({"name": "x" * 25}, "a name is 1 to 24 characters (this one has 25)"),
    ({"name": "two\nlines"}, "a name holds printable characters only (no control characters, line breaks or tabs)"),
    ({"name": "nul\0"}, "a name holds printable characters only (no control characters, line breaks or tabs)"),
    ({"name": "rtl\u202eevil"}, "a name holds printable characters only (no control characters, line breaks or tabs)"),
    ({"name": 5}, 'the body must be {"name": "..."} with a name of 1 to 24 characters'),
    (["name"], 'the body must be {"name": "..."} with a name of 1 to 24 characters'),
])
def test_a_bad_name_is_refused_in_one_line(server, body, reason):
    r = httpx.post(f"{server.url}api/v1/players", json=body)
    assert (r.status_code, r.json()) == (422, {"status": "refused", "reason": reason})


def test_a_taken_name_is_refused_whatever_its_case(server):
    register(server.url, "Same Name")
    r = httpx.post(f"{server.url}api/v1/players", json={"name": "  same NAME "})
    assert (r.status_code, r.json()["reason"]) == (409, "that name is taken; choose another")
