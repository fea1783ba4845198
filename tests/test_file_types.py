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
])
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
])
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
                 "--track", str(tmp_path / f"{LONG}.json"))
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.endswith("a name in the path is 305 bytes long (at most 255)\n")


GHOST = "ghosts/rin_pad_hook.swr"


def _loop(folder: Path, name: str = "loop.json") -> Path:
    """A symbolic link that leads to itself: resolving it raised RuntimeError (Python 3.11) or OSError (newer)."""
    link = folder / name
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(link)
    return link


@pytest.fixture
def events_with_looped_ghost(tmp_path) -> Path:
    """A copy of the shipped events file beside a ghosts/ folder whose park ghost is a symbolic link loop."""
    events = tmp_path / "mod" / "events.json"
    events.parent.mkdir()
    events.write_bytes((paths.DATA_DIR / "events.json").read_bytes())
    for swr in (paths.DATA_DIR / "ghosts").glob("*.swr"):
        (events.parent / "ghosts").mkdir(exist_ok=True)
        (events.parent / "ghosts" / swr.name).write_bytes(swr.read_bytes())
    (events.parent / GHOST).unlink()
    _loop(events.parent, GHOST)
    return events


INPUTS = str(ROOT / "tests" / "e2e" / "timed_drift.jsonl")
SHIPPED_GHOST = str(paths.DATA_DIR / GHOST)  # a Qualifying replay: judge and replay read it before the catalog


@pytest.mark.parametrize("args", [
    ["play", "--headless", "--frames", "1", "--catalog", "{loop}"],
    ["play", "--headless", "--frames", "1", "--track", "{loop}"],
    ["sim", "--car", "hatch", "--inputs", INPUTS, "--catalog", "{loop}"],
    ["sim", "--car", "hatch", "--inputs", INPUTS, "--track", "{loop}"],
    ["report", "--catalog", "{loop}"],
    ["replay", SHIPPED_GHOST, "--headless", "--catalog", "{loop}"],
    ["judge", SHIPPED_GHOST, "--catalog", "{loop}"],
    ["career", "--catalog", "{loop}"],
    ["career", "--events", "{loop}"],
])
def test_a_symlink_loop_named_as_a_data_file_is_one_line(tmp_path, monkeypatch, capsys, args) -> None:
    from game.cli import main

    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))
    loop = _loop(tmp_path)
    assert main([a.format(loop=loop) for a in args]) == 2
    (line,) = capsys.readouterr().err.splitlines()  # replay and judge name their replay file first
    assert line.startswith(f"sideways {args[0]}: ") and line.endswith(f" {loop}: cannot read (Too many levels of symbolic links)")


def test_a_ghost_file_that_is_a_symlink_loop_is_one_line(tmp_path, monkeypatch, capsys, events_with_looped_ghost) -> None:
    from game.cli import main
    from game.content.catalog import load_catalog
    from game.content.events import load_career, load_ghost
    from game.sim.replay.format import ReplayError

    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))
    ghost = events_with_looped_ghost.parent / GHOST
    assert main(["career", "--events", str(events_with_looped_ghost)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"sideways career: {events_with_looped_ghost}: events[park_ghost_rin].ghost: ")
    assert line.endswith(f"{ghost}: cannot read (Too many levels of symbolic links)")
    event = load_career(load_catalog()).get("park_ghost_rin")  # the shipped events, then the ghost swapped for a loop
    with pytest.raises(ReplayError, match=r"^[^\n]*: cannot read \(Too many levels of symbolic links\)$"):
        load_ghost(event, data_dir=events_with_looped_ghost.parent)


def test_display_path_names_any_path_without_raising_in_one_short_line(tmp_path) -> None:
    from game.content.user_paths import PATH_CHARS, display_path

    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    for path in (_loop(tmp_path), fifo):
        assert display_path(path) == str(path)
    assert display_path(tmp_path / "a\0b\x1b[2J\n.json") == str(tmp_path) + "/a\\x00b\\x1b[2J\\n.json"
    long = display_path(tmp_path / LONG / "x.json")  # its start and its end, the file's name
    assert len(long) == PATH_CHARS and long.startswith(str(tmp_path)[:40] + "...") and long.endswith("aaa/x.json")
    assert display_path(paths.DATA_DIR / "cars.json") == "data/cars.json"


def test_a_symlink_loop_in_place_of_the_players_cars_json_is_one_line_not_the_shipped_cars(tmp_path, monkeypatch, capsys) -> None:
    from game.cli import main

    home = tmp_path / "home"
    monkeypatch.setenv("SIDEWAYS_HOME", str(home))
    loop = _loop(home, "cars.json")  # exists() is False for a loop: the shipped cars used to be measured in silence
    assert main(["report"]) == 2
    assert capsys.readouterr() == ("", f"sideways report: {loop}: cannot read (Too many levels of symbolic links)\n")
