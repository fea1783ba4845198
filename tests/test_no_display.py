"""No display to open a window on: one line and exit code 2, for `sideways` / `play` and a windowed `replay`, within a bounded
wait even for a display that accepts the connection and never answers (a stale ssh -X)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import game.shell.launch
import game.shell.launch_checks
import game.view.boot.ursina_app
from game.content.replays import file_digest
from game.content.scoring_rules import load_scoring_rules
from game.content.tracks import track_path
from game.shell.request import Opening
from game.sim.controls import Controls
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup

ROOT = Path(__file__).resolve().parents[1]
SOCKETS = Path("/tmp/.X11-unix")
HINT = {"play": "; try `sideways play --headless`\n", "replay": "; try `sideways replay FILE --headless`\n"}


def free_display() -> int:
    """A display number nothing listens on (no socket file, no lock file, no abstract socket)."""
    unix = Path("/proc/net/unix").read_text() if Path("/proc/net/unix").exists() else ""
    for n in range(97, 400):
        if not (SOCKETS / f"X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists() and f"/tmp/.X11-unix/X{n}\n" not in unix:
            return n
    raise AssertionError("no free X display number")


@contextlib.contextmanager
def silent_display():
    """A display that accepts connections on /tmp/.X11-unix/X<n> and never says a word; removed afterwards."""
    n = free_display()
    made_dir = not SOCKETS.exists()
    if made_dir:
        SOCKETS.mkdir()
        SOCKETS.chmod(0o1777)  # as an X server makes it
    path = SOCKETS / f"X{n}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])  # accepted, then never answered
            except OSError:  # socket.timeout is a TimeoutError, an OSError
                continue

    t = threading.Thread(target=accept, daemon=True)
    t.start()
    try:
        yield f":{n}"
    finally:
        stop.set()
        t.join(5)
        for c in held:
            c.close()
        server.close()
        path.unlink(missing_ok=True)
        if made_dir:
            with contextlib.suppress(OSError):
                SOCKETS.rmdir()


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory, catalog, park) -> Path:
    """A short Free Drift on the park, recorded as the game records one (so `replay` gets as far as opening its window)."""
    rules = load_scoring_rules()
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, track_id="sideways_park", track_digest=file_digest(track_path("sideways_park")),
                   created="2026-12-01T10:00:00"))
    for _ in range(120):
        run.step(Controls(throttle=1.0))
    run.finish()
    path = tmp_path_factory.mktemp("replays") / "drive.swr"
    path.write_bytes(run.replay().to_bytes())
    return path


def sideways(command: str, display: str | None, replay_file: Path, home: Path) -> subprocess.CompletedProcess:
    """`python -m game play` (or `replay FILE`) with this DISPLAY (None: not set); a hang fails on the timeout."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SIDEWAYS_HOME"] = str(home)
    if display is not None:
        env["DISPLAY"] = display
    args = ["play"] if command == "play" else ["replay", str(replay_file)]
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=90, cwd=ROOT, env=env)


@pytest.mark.parametrize("command", ["play", "replay"])
@pytest.mark.parametrize("display, says", [(None, "cannot open a window: DISPLAY is not set"),
                                           ("garbage", "cannot open a window on DISPLAY=garbage (no X server answers there)"),
                                           ("free", "cannot open a window on DISPLAY=:{n} (no X server answers there)")],
                         ids=["unset", "garbage", "nothing-there"])
def test_no_display_is_one_line_and_exit_2(command, display, says, replay_file, tmp_path):
    if display == "free":
        n = free_display()
        display, says = f":{n}", says.format(n=n)
    p = sideways(command, display, replay_file, tmp_path)
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr[-3000:]
    assert p.stderr.startswith(f"sideways {command}: {says}") and p.stderr.endswith(HINT[command])
    assert p.stdout == ""


@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_display_that_never_answers_is_a_bounded_wait(command, replay_file, tmp_path):
    with silent_display() as display:
        p = sideways(command, display, replay_file, tmp_path)  # used to hang in XOpenDisplay for minutes
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr[-3000:]
    wait = f"{game.shell.launch_checks.DISPLAY_ANSWER_S:g} s"
    assert p.stderr == f"sideways {command}: cannot open a window on DISPLAY={display} (it accepted the connection but did not " \
                       f"answer within {wait}){HINT[command]}"


def test_a_window_the_display_refuses_is_one_line(monkeypatch, capsys, catalog, tmp_path):
    """The display answered, yet Panda3D could not open a window on it (no usable OpenGL): one line, exit 2."""
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(game.shell.launch_checks, "display_problem", lambda *a, **k: None)

    def refuse(**kwargs):
        raise Exception("Could not open window.")  # what ShowBase.openMainWindow raises

    monkeypatch.setattr(game.view.boot.ursina_app, "make_app", refuse)
    assert game.shell.launch.run(catalog, Opening()) == 2
    err = capsys.readouterr().err
    assert err == "sideways play: cannot open a window on DISPLAY=:0 (Panda3D could not open it; see the lines above); " \
                  "try `sideways play --headless`\n"
