"""Shared fixtures: the shipped catalog and worlds to drive on."""

from __future__ import annotations

import os
import shutil

import pytest

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.world import World

# Debian packages some tests need, by their marker: {marker: {command (or a path pattern): package}}. Missing on a fresh
# desktop or laptop; .ci/run installs them.
MACHINE_PACKAGES = {
    "desktop": {"Xvfb": "xvfb", "xvfb-run": "xvfb", "xdotool": "xdotool", "import": "imagemagick"},  # a real X window
    "postgres": {"/usr/lib/postgresql/*/bin/initdb": "postgresql"},  # a real PostgreSQL server the tests start
    "chromium": {"chromium": "chromium"},  # a real browser, headless
}
MACHINE_SKIP = pytest.StashKey[bool]()  # set on a test skipped for want of them


def missing_packages(marker: str) -> list[str]:
    """The Debian packages a marker's tests need and this machine lacks, in install order."""
    import glob

    def present(tool: str) -> bool:
        return bool(glob.glob(tool)) if tool.startswith("/") else shutil.which(tool) is not None

    return sorted({pkg for tool, pkg in MACHINE_PACKAGES[marker].items() if not present(tool)})


def missing_desktop_packages() -> list[str]:
    """The Debian packages the real-window tests need and this machine lacks."""
    return missing_packages("desktop")


def pytest_collection_modifyitems(session, config, items):
    """The slow modules first (those that boot the game or start servers), each kept whole and in its own order: xdist
    hands out modules in this order, so a long one is never the last to start while the other workers wait."""
    slow = {str(it.path) for it in items if it.get_closest_marker("e2e") or it.get_closest_marker("postgres")
            or "/tests/server/" in str(it.path)}
    items.sort(key=lambda it: str(it.path) not in slow)


def pytest_runtest_setup(item):
    """A test marked desktop, postgres or chromium on a machine without its Debian packages skips, naming them and how to
    install them."""
    for marker in MACHINE_PACKAGES:
        if item.get_closest_marker(marker) is None:
            continue
        missing = missing_packages(marker)
        if missing:
            item.stash[MACHINE_SKIP] = True
            pytest.skip(f"needs the Debian packages {', '.join(missing)}: sudo apt-get install {' '.join(missing)}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """No skipped tests (house rules): a skip, e.g. a test extra that is not installed, fails with its reason.
    The one exception: outside CI, a test marked desktop, postgres or chromium may skip on a machine without its packages."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not (item.stash.get(MACHINE_SKIP, False) and not os.environ.get("CI")):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped tests are not allowed (pip install -e '.[test]'): {reason}"


@pytest.fixture(scope="session")
def child_findings():
    """Run a test module as its own process from the root (`python -m tests.view.NAME`: a fresh headless ursina app) and
    return the JSON line it printed last; a crash fails the test with the child's stderr."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    def run(module: str, timeout: float = 240) -> dict:
        root = Path(__file__).resolve().parent.parent
        proc = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True, timeout=timeout, cwd=root)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return json.loads([s for s in proc.stdout.splitlines() if s.startswith("{")][-1])

    return run


@pytest.fixture(scope="session")
def catalog():
    """The shipped data/cars.json."""
    return load_catalog()


@pytest.fixture(scope="session")
def park(catalog):
    """The default map, built once."""
    return World(load_track("sideways_park", catalog.surfaces), list(catalog.surfaces))


@pytest.fixture(scope="session")
def maps(catalog):
    """The three maps beyond the park, built once: {id: World}."""
    return {t: World(load_track(t, catalog.surfaces), list(catalog.surfaces)) for t in ("mountain_pass", "frozen_lake", "parking_yard")}


@pytest.fixture(scope="session")
def rules():
    """The shipped data/scoring.json."""
    from game.content.scoring_rules import load_scoring_rules

    return load_scoring_rules()


@pytest.fixture(scope="session")
def roster():
    """The shipped data/drift_drivers.json."""
    from game.content.drift_drivers import load_drift_drivers

    return load_drift_drivers()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh SIDEWAYS_HOME for the player's files."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("SIDEWAYS_HOME", str(h))
    return h


@pytest.fixture
def sim_measured_once(monkeypatch):
    """`sideways report` in this test measures each car of a catalog file once a test process (tests/support/sim_figures.py)."""
    import game.commands.report as command
    from tests.support.sim_figures import measured_once

    monkeypatch.setattr(command, "measure_sim", measured_once(command.measure_sim))
