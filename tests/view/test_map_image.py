"""The map from above (picker preview, minimap): pixels where the data puts roads, bays, parked cars and walls."""

from __future__ import annotations

import numpy as np
import pytest

from game.view.world.map_image import BAY_RGBA, MapImage, surfaces_line
from game.view.world.textures import hex_rgb


@pytest.fixture(scope="module")
def yard(catalog, maps):
    return MapImage(maps["parking_yard"].track, catalog.surfaces, 800)  # 0.25 m per pixel


def _px(img: MapImage, x: float, z: float) -> np.ndarray:
    c, r = img.px(x, z)
    return np.asarray(img.image)[int(r), int(c), :3].astype(int)


def test_world_to_pixel_mapping_is_north_up(yard):
    assert yard.size == (800, 640)
    assert yard.px(-100, 80) == (0, 0) and yard.px(100, -80) == (800, 640)
    assert yard.uv(0, 0) == (0.5, 0.5) and yard.uv(-100, -80) == (0, 0)


def test_parked_cars_bays_and_surfaces_where_the_data_puts_them(catalog, yard, maps):
    car = maps["parking_yard"].track.parked_cars[0]
    assert tuple(_px(yard, car.x, car.z)) == tuple(int(v * 255) for v in hex_rgb(car.color))
    garage = next(b for b in maps["parking_yard"].track.bays if b.id == "garage")
    back_line = (garage.x + garage.length_m / 2, garage.z)  # heading 90: the back line is at +x
    assert tuple(_px(yard, *back_line)) == BAY_RGBA[:3]
    asphalt = hex_rgb(catalog.surfaces["asphalt"].color) * 255
    assert np.abs(_px(yard, 30, 10) - asphalt).max() < 40  # open lot, lightly hill-shaded at most
    assert yard.surface_share["asphalt"] == pytest.approx(176 * 136 / (200 * 160), abs=0.03)
    assert surfaces_line({"grass": 0.7, "asphalt": 0.296, "ice": 0.004}) == "Grass 70%   Asphalt 30%"
