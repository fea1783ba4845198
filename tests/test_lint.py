"""The code passes ruff with the rules in pyproject.toml's [tool.ruff] (ruff is one of the test extras)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_code_passes_ruff():
    assert importlib.util.find_spec("ruff") is not None, "ruff is not installed: pip install -e '.[test]'"
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, f"ruff check . (fix with `ruff check --fix .` where it offers):\n{proc.stdout}{proc.stderr}"
