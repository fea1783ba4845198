"""Shared fixtures: the shipped catalog and worlds to drive on."""

from __future__ import annotations

import pytest

from game.content.catalog import load_catalog
from game.content.tracks import load_track
from game.sim.world import World


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
