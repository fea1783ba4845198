"""Run the real game, or a test script as a module from the root (`python -m tests.ui.NAME`), in a subprocess; read what it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def with_signals(argv: list[str], ignore: str = "", default: str = "") -> list[str]:
    """ARGV started with the signals named in IGNORE ("INT,HUP") ignored and those in DEFAULT at their default action,
    as a shell starts a job; safe in a threaded test worker, where Popen's preexec_fn is not."""
    opts = [*(["--ignore", ignore] if ignore else []), *(["--default", default] if default else [])]
    return [sys.executable, "-m", "tests.e2e.with_signals", *opts, "--", *argv]  # run it with cwd=ROOT


def run_game(*args: str, timeout: float = 240, env_home: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m game ...` in a subprocess; returns the completed process."""
    env = dict(os.environ)
    if env_home is not None:
        env["SIDEWAYS_HOME"] = str(env_home)
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def run_script(module: str, *args: str, timeout: float = 300, env_home: Path | None = None) -> dict:
    """`python -m MODULE ARGS` from the root (a test script, e.g. tests.ui.screen_flow); the JSON object it printed last."""
    env = dict(os.environ)
    if env_home is not None:
        env["SIDEWAYS_HOME"] = str(env_home)
    p = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def last_json(stdout: str) -> dict:
    """The JSON object on the last stdout line."""
    return json.loads(stdout.strip().splitlines()[-1])


def render_result(module: str, timeout: float = 300) -> dict:
    """`python -m MODULE` from the root, a render test's child: the JSON after its last "RESULT " line, once it exited
    cleanly and no shader failed to compile or link (a broken shader draws nothing and says so only on stderr)."""
    p = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    assert p.returncode == 0 and lines, p.stdout[-3000:] + p.stderr[-3000:]
    bad = [ln for ln in p.stderr.lower().splitlines() if "error" in ln and ("shader" in ln or "glsl" in ln)]
    assert not bad, bad
    return json.loads(lines[-1][len("RESULT "):])
