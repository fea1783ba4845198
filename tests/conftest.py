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
