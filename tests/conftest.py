"""Shared fixtures: the shipped catalog and worlds to drive on."""

from __future__ import annotations

import pytest

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.world import World


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """No skipped tests (house rules): a skip, e.g. a test extra that is not installed, fails with its reason."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped tests are not allowed (pip install -e '.[test]'): {reason}"


@pytest.fixture(scope="session")
def child_findings():
    """Run a test file as its own process (a fresh headless ursina app) and return the JSON line it printed last;
    a crash fails the test with the child's stderr."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    def run(script: str, timeout: float = 240) -> dict:
        root = Path(__file__).resolve().parent.parent
        proc = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=timeout, cwd=root)
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
