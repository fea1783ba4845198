"""Run the real game offscreen in a subprocess (one ursina app per process) and read what it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WITH_SIGNALS = Path(__file__).resolve().with_name("with_signals.py")


def with_signals(argv: list[str], ignore: str = "", default: str = "") -> list[str]:
    """ARGV started with the signals named in IGNORE ("INT,HUP") ignored and those in DEFAULT at their default action,
    as a shell starts a job; safe in a threaded test worker, where Popen's preexec_fn is not."""
    opts = [*(["--ignore", ignore] if ignore else []), *(["--default", default] if default else [])]
    return [sys.executable, str(WITH_SIGNALS), *opts, "--", *argv]


def run_game(*args: str, timeout: float = 240, env_home: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m game ...` in a subprocess; returns the completed process."""
    env = dict(os.environ)
    if env_home is not None:
        env["SIDEWAYS_HOME"] = str(env_home)
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def run_script(path: Path, *args: str, timeout: float = 300, env_home: Path | None = None) -> dict:
    """Run a python script that prints one JSON object as its last stdout line; return that object."""
    env = dict(os.environ)
    if env_home is not None:
        env["SIDEWAYS_HOME"] = str(env_home)
    p = subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def last_json(stdout: str) -> dict:
    """The JSON object on the last stdout line."""
    return json.loads(stdout.strip().splitlines()[-1])
