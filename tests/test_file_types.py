"""Anything but a regular file in place of a file the game reads (FIFO, device, socket) is refused at once with one
line, and a path the system would refuse for its length is refused up front, naming what is wrong with it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import paths
from game.safe_json import DataError, read_bytes

ROOT = Path(__file__).resolve().parent.parent
HANG_S = 60  # a read that blocks on a FIFO never returns: the child is killed long before the suite would hang


def _child(code: str, home: Path, *args: str) -> subprocess.CompletedProcess:
    """Run Python code (or `python -m game ARGS` when code is empty) in a child with this SIDEWAYS_HOME."""
    cmd = [sys.executable, "-m", "game", *args] if not code else [sys.executable, "-c", textwrap.dedent(code), *args]
    env = dict(os.environ, SIDEWAYS_HOME=str(home))
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=HANG_S, cwd=ROOT, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"blocked on a FIFO for {HANG_S} s: {' '.join(cmd[:3])}")


@pytest.fixture
def home(tmp_path):
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.mark.parametrize("name, load", [
    ("profile.json", "from game.content.profile import load_profile as f; r = f(p, ['hatch'], ['hatch'], 6000)"),
    ("settings.json", "from game.content.settings import load_settings as f; r = f(p)"),
])  # fmt: skip
def test_a_fifo_in_place_of_a_player_file_is_set_aside_not_waited_on(home, name, load) -> None:
    os.mkfifo(home / name)
    out = _child(f"import sys; from pathlib import Path; p = Path(sys.argv[1]); {load}; print(r.message)", home, str(home / name))
    assert out.returncode == 0, out.stderr
    message = out.stdout.strip()
    assert "\n" not in message and "moved aside" in message and "fresh one" in message, message
    assert not (home / name).exists()  # the FIFO was moved aside; the next save writes a real file


def test_a_fifo_in_place_of_a_replay_is_one_line(home) -> None:
    fifo = home / "run.swr"
    os.mkfifo(fifo)
    out = _child("", home, "replay", str(fifo), "--headless")
    assert out.returncode == 2 and out.stderr == f"sideways replay: {fifo}: is a pipe (FIFO), not a regular file\n", out.stderr


def test_a_fifo_as_inputs_is_one_line(home) -> None:
    fifo = home / "inputs.jsonl"
    os.mkfifo(fifo)
    out = _child("", home, "sim", "--car", "hatch", "--inputs", str(fifo))
    assert out.returncode == 2 and out.stderr == f"sideways sim: {fifo}: is a pipe (FIFO), not a regular file\n", out.stderr


def test_a_fifo_in_place_of_the_players_cars_json_is_one_line_not_the_shipped_cars(home) -> None:
    os.mkfifo(home / "cars.json")
    out = _child("", home, "report")
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "cars.json: is a pipe (FIFO), not a regular file" in out.stderr


def test_devices_sockets_and_folders_are_refused_by_the_one_reader(tmp_path) -> None:
    sock_path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(sock_path))
        with pytest.raises(DataError, match=r"^x: is a socket, not a regular file$"):
            read_bytes(sock_path, "x")
    with pytest.raises(DataError, match=r"^x: is a device, not a regular file$"):
        read_bytes("/dev/zero", "x")  # used to read 8 MB of zeros before saying 'too big'
    with pytest.raises(DataError, match=r"^x: is a folder, not a file$"):
        read_bytes(tmp_path, "x")


LONG = "a" * 300


@pytest.mark.parametrize("args", [
    ["play", "--headless", "--frames", "1"],
    ["sim", "--car", "hatch", "--inputs", str(ROOT / "tests" / "e2e" / "timed_drift.jsonl")],
    ["report"],
])  # fmt: skip
def test_a_home_folder_name_too_long_for_the_system_is_one_line(tmp_path, args) -> None:
    out = _child("", tmp_path / LONG, *args)  # used to be OSError [Errno 36] File name too long, from is_file()
    assert out.returncode == 2, out.stderr
    (line,) = out.stderr.splitlines()
    assert line.startswith(f"sideways {args[0]}: SIDEWAYS_HOME ") and line.endswith("a name in the path is 300 bytes long (at most 255)")


def test_a_home_path_too_long_to_hold_the_files_is_refused(monkeypatch) -> None:
    monkeypatch.setenv("SIDEWAYS_HOME", "/tmp/" + "/".join(["b" * 200] * 19))
    with pytest.raises(paths.HomeError, match=r"the path is too long to hold the game's files \(3823 bytes; at most 3583\)$"):
        paths.user_home()


def test_a_track_path_too_long_is_one_line(tmp_path) -> None:
    out = _child("", tmp_path, "sim", "--car", "hatch", "--inputs", str(ROOT / "tests" / "e2e" / "timed_drift.jsonl"),
                 "--track", str(tmp_path / f"{LONG}.json"))  # fmt: skip
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.endswith("a name in the path is 305 bytes long (at most 255)\n")
