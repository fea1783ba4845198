"""The type checker: mypy passes on the packages pyproject.toml's [tool.mypy] names, with none of their errors ignored."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game/sim", "game/shell", "game/content", "game/server")  # the packages issues 32 and 33 put under the type checker


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def run_mypy(*args: str) -> subprocess.CompletedProcess:
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def ignored_modules() -> list[str]:
    """The module patterns whose errors the config hides (ignore_errors, in [tool.mypy] itself or an override)."""
    cfg = mypy_config()
    return ["*"] * bool(cfg.get("ignore_errors")) + [m for o in cfg.get("overrides", []) if o.get("ignore_errors") for m in o["module"]]


def test_the_checked_packages_pass_mypy():
    proc = run_mypy()
    assert proc.returncode == 0, f"mypy (configured in pyproject.toml [tool.mypy]):\n{proc.stdout}{proc.stderr}"


def test_every_package_to_check_that_exists_is_checked():
    files = mypy_config()["files"]
    missing = [p for p in CHECKED if (ROOT / p).is_dir() and p not in files]
    assert not missing, f"add these to [tool.mypy] files in pyproject.toml: {missing}"


def test_no_checked_module_has_its_errors_ignored():
    """The pass is honest: no override hides a module's errors (fix them, or an ignore with its code and a reason)."""
    ignored = ignored_modules()
    assert not ignored, f"drop ignore_errors for {ignored} in pyproject.toml and fix what mypy then reports"
