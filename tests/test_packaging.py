"""The wheel carries the game's data and assets, and a game installed from it finds them through importlib.resources."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "data", "assets")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel `pip wheel .` builds from a clean copy of the sources (the checkout gets no build/ or egg-info)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", str(out), str(src)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    return next(out.glob("sideways-*.whl"))


def _shipped(folder: str) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_the_wheel_contains_every_data_and_asset_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"game/{name}" for name in _shipped("data") | _shipped("assets")}
    assert "game/data/cars.json" in expected and "game/data/tracks/sideways_park.json" in expected
    assert {"game/data/events.json", "game/data/ghosts/rin_pad_hook.swr", "game/data/ghosts/vera_island_loop.swr"} <= expected  # the career's ghosts
    assert any(n.startswith("game/assets/sounds/") for n in expected)
    assert expected <= names, sorted(expected - names)[:10]
    pages = _shipped("game/server/templates")  # the server's web pages: templates and stylesheet
    assert {"game/server/templates/base.html", "game/server/templates/site.css"} <= pages <= names, sorted(pages - names)
    assert not any(n.startswith(("data/", "assets/", "tests/", "tools/")) for n in names)  # nothing outside the package
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "sideways = game.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()


def outer_site_dirs() -> list[str]:
    """The folders this interpreter imports installed packages from, whether it runs in a venv or is the system
    Python (a venv's `system_site_packages` would give the base interpreter's, without the venv's own)."""
    dirs = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()}
    if site.ENABLE_USER_SITE:
        dirs.add(site.getusersitepackages())
    dirs.update(p for p in sys.path if Path(p).name in ("site-packages", "dist-packages"))
    return sorted(d for d in dirs if Path(d).is_dir())


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; ursina and the other dependencies come from this interpreter's own
    site folders, through a .pth file (read after the venv's own site-packages, so the wheel's `game` wins)."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    inner = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    (Path(inner) / "zz_outer_site.pth").write_text("".join(f"{d}\n" for d in outer_site_dirs()), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--quiet", str(wheel)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    return env_dir


def _clean_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["SIDEWAYS_HOME"] = str(home)
    return env


def test_a_game_installed_from_the_wheel_finds_its_data_inside_the_package(installed, tmp_path):
    py = installed / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True).stdout.strip()
    code = "from game import paths; from game.content.catalog import load_catalog; print(paths.DATA_DIR, paths.ASSETS_DIR, len(load_catalog().cars))"
    run = subprocess.run([str(py), "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path, env=_clean_env(tmp_path))
    assert run.returncode == 0, run.stderr[-3000:]
    data, assets, cars = run.stdout.split()
    assert data == f"{site}/game/data" and assets == f"{site}/game/assets" and int(cars) == 6


@pytest.mark.e2e
def test_the_installed_sideways_command_plays_headless(installed, tmp_path):
    run = subprocess.run([str(installed / "bin" / "sideways"), "play", "--headless", "--frames", "5", "--stats", "--size", "320x180"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path, env=_clean_env(tmp_path / "home"))
    assert run.returncode == 0, run.stderr[-3000:]
    assert '"frames": 5' in run.stdout.splitlines()[-1]
    assert f"asset_folder: {installed}" in run.stdout  # ursina loads the sounds from the installed package
