"""The report's Simulation figures measured once a test process: each car drives ~2 s of CPU (skidpad bisection, sprints,
step steer), and the drives are deterministic (tests/test_report_sim.py measures the kart twice), so a car of a catalog
file with the same bytes is measured once for every report test run in this process (tests/conftest.py's
sim_measured_once puts this in the command's place)."""

from __future__ import annotations

MEASURED: dict[tuple[str, str], object] = {}  # (catalog file digest, car id): that car's Simulation figures


def remember(catalog, car_id: str, figures) -> None:
    """Keep figures measured outside the command (of a catalog read from a file: a changed one has no digest)."""
    if catalog.digest:
        MEASURED[(catalog.digest, car_id)] = figures


def measured_once(real):
    """real (game.report.handling_figures.measure_sim) measuring each car of a catalog file once."""

    def measure(catalog, car_id):
        if not catalog.digest:
            return real(catalog, car_id)
        key = (catalog.digest, car_id)
        if key not in MEASURED:
            MEASURED[key] = real(catalog, car_id)
        return MEASURED[key]

    return measure
