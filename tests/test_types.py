"""The type checker: mypy passes on the packages pyproject.toml's [tool.mypy] names, and its pending list only shrinks."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game/sim", "game/shell", "game/content")  # the packages issue 32 puts under the type checker


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def run_mypy(*args: str) -> subprocess.CompletedProcess:
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def pending_modules() -> list[str]:
    """The module patterns whose errors are ignored for now (the override with ignore_errors)."""
    return [m for o in mypy_config().get("overrides", []) if o.get("ignore_errors") for m in o["module"]]


def test_the_checked_packages_pass_mypy():
    proc = run_mypy()
    assert proc.returncode == 0, f"mypy (configured in pyproject.toml [tool.mypy]):\n{proc.stdout}{proc.stderr}"


def test_every_package_to_check_that_exists_is_checked():
    files = mypy_config()["files"]
    missing = [p for p in CHECKED if (ROOT / p).is_dir() and p not in files]
    assert not missing, f"add these to [tool.mypy] files in pyproject.toml: {missing}"


def test_each_pending_module_still_has_errors(tmp_path):
    """A module whose errors are all fixed leaves the pending list (ignore_errors would hide new ones there)."""
    pending = pending_modules()
    cfg = mypy_config()
    lines = ["[mypy]", *(_ini(k, v) for k, v in cfg.items() if k not in ("overrides", "cache_dir")),
             f"cache_dir = {ROOT / cfg['cache_dir'] / 'pending'}"]
    for o in cfg.get("overrides", []):
        if not o.get("ignore_errors"):
            lines += [f"[mypy-{','.join(o['module'])}]", *(_ini(k, v) for k, v in o.items() if k != "module")]
    ini = tmp_path / "mypy.ini"
    ini.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = run_mypy("--config-file", str(ini))
    errors = [line.split(":", 1)[0] for line in proc.stdout.splitlines() if ": error:" in line]
    clean = [m for m in pending if not any(_in(path, m) for path in errors)]
    print(f"pending errors ({len(errors)}):\n{proc.stdout}")
    assert pending, "no module is pending any more: delete this test with the last ignore_errors override"
    assert not clean, f"no errors left in {clean}: take them off the ignore_errors list in pyproject.toml"


def _ini(key: str, value) -> str:
    """A [tool.mypy] setting as a mypy.ini line."""
    return f"{key} = {', '.join(value) if isinstance(value, list) else value}"


def _in(path: str, module: str) -> bool:
    """Whether the file at `path` is the module, or in the package, that the mypy pattern names."""
    base = module.removesuffix(".*").replace(".", "/")
    return path == f"{base}.py" or (module.endswith(".*") and path.startswith(f"{base}/"))
