"""The command-line tools end with one line on a full disk and quietly when the reader stops early (`| head`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.cli import main
from tests.support.e2e_helpers import with_signals

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLEET = {"dt": 0.02, "frames": 3000, "cars": [{"x": 100, "y": 100, "target": {"x": 600, "y": 100}}]}


@pytest.fixture()
def files(tmp_path):
    (tmp_path / "in.jsonl").write_text('{"t": 0, "throttle": 1}\n{"t": 30, "steer": 0.5}\n')
    (tmp_path / "fleet.json").write_text(json.dumps(FLEET))
    return tmp_path


def _commands(d) -> dict[str, list[str]]:
    return {
        "sim": ["sim", "--car", "hatch", "--surface", "asphalt", "--inputs", str(d / "in.jsonl")],
        "fleet": ["fleet", "--scenario", str(d / "fleet.json")],
        "report": ["report", "--car", "hatch"],  # the car the report measures quickest (the kart takes twice as long)
    }


def _game(args, **kw):
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.parametrize("name", ["sim", "fleet", "report"])
def test_a_full_disk_on_stdout_is_one_line(files, name):
    with open("/dev/full", "w") as full:
        p = _game(_commands(files)[name], stdout=full)
        _, err = p.communicate(timeout=120)
    assert p.returncode == 2 and err == f"sideways {name}: stdout: cannot write (No space left on device)\n"


@pytest.mark.parametrize("name", ["sim", "fleet"])
def test_a_full_disk_for_out_is_one_line(files, capsys, name):
    assert main([*_commands(files)[name], "--out", "/dev/full"]) == 2
    assert capsys.readouterr().err == f"sideways {name}: /dev/full: cannot write (No space left on device)\n"


@pytest.mark.parametrize("name, lines", [("sim", 1), ("fleet", 1), ("report", 0)])
def test_a_reader_that_stops_early_ends_the_command_quietly(files, name, lines):
    p = _game(_commands(files)[name], stdout=subprocess.PIPE)
    read = [p.stdout.readline() for _ in range(lines)]  # the report's table fits a pipe: stop before it is written
    p.stdout.close()  # as `| head -1` does
    err = p.stderr.read()
    p.wait(timeout=120)
    assert all(read) and err == "" and p.returncode == 0


@pytest.mark.parametrize("line, message", [
    ('{"t": 1e6}', "t: must be 0..3600, got 1e+06"),
    ('{"t": Infinity}', "Infinity is not a number JSON allows"),
])
def test_the_implicit_length_obeys_the_hour_cap(files, capsys, line, message):
    (files / "long.jsonl").write_text('{"t": 0, "throttle": 1}\n' + line + "\n")
    assert main(["sim", "--car", "hatch", "--surface", "asphalt", "--inputs", str(files / "long.jsonl")]) == 2
    assert capsys.readouterr().err == f"sideways sim: {files / 'long.jsonl'}:2: {message}\n"


def test_ctrl_c_before_any_drive_is_one_line_not_a_traceback(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    inputs = tmp_path / "in.jsonl"
    inputs.write_text('{"t": 0, "throttle": 1}\n')
    env = dict(os.environ, SIDEWAYS_HOME=str(tmp_path / "home"))
    # Ctrl+C's default action, as in a player's shell (a background job's runner ignores it); set by a tiny exec wrapper,
    # not preexec_fn, which can deadlock a child forked from a threaded test worker
    game = [sys.executable, "-m", "game", "sim", "--car", "hatch", "--inputs", str(inputs), "--seconds", "3600", "--out", str(tmp_path / "out.csv")]
    proc = subprocess.Popen(with_signals(game, default="INT"), cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    time.sleep(3.0)  # long enough to be simulating (the whole run would take minutes)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "sideways sim: interrupted\n", err[-2000:]
