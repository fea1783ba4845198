"""Clicking the ground: the camera ray is marched over the sim's ground to the point under the pointer."""

from __future__ import annotations

import pytest

from game.sim.world import FlatWorld
from game.view.world.ground_pick import march


class Slope(FlatWorld):
    """Ground rising 1 m per 10 m toward +z."""

    def ground(self, x, z):
        return 0.1 * z, 0.0, 1.0, 0.0, self.surface


def test_ray_meets_flat_ground_where_it_crosses_zero():
    x, z = march(FlatWorld("asphalt"), (0.0, 10.0, -20.0), (40.0, -30.0, 60.0))  # crosses y = 0 a quarter of the way
    assert (x, z) == pytest.approx((10.0, 0.0), abs=0.01)


def test_ray_meets_a_slope_and_misses_the_sky():
    x, z = march(Slope("asphalt"), (0.0, 10.0, 0.0), (0.0, 10.0 - 100.0, 100.0))  # y = 10 - d/sqrt2 meets 0.1 z
    assert z == pytest.approx(10.0 / 1.1, abs=0.01) and x == 0.0
    assert march(FlatWorld("asphalt"), (0.0, 10.0, 0.0), (0.0, 50.0, 100.0)) is None  # pointing at the sky
    assert march(FlatWorld("asphalt"), (0.0, -1.0, 0.0), (0.0, -5.0, 10.0)) is None  # under the ground already
