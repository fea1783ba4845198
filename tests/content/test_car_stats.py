"""Garage stat bars follow the catalog (so retuned cars show) and the paint palette is usable."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys

import pytest

from game.content.car_stats import BAR_FLOOR, PAINTS, STATS, bar, paint_name, stat_bars
from game.content.profile import HEX_RE


def test_every_car_has_every_stat_in_range(catalog) -> None:
    bars = stat_bars(catalog)
    assert set(bars) == set(catalog.cars)
    for cid, b in bars.items():
        assert list(b) == list(STATS), cid
        for s, v in b.items():
            assert BAR_FLOOR <= v <= 1.0, (cid, s, v)


def test_the_best_car_in_each_stat_fills_its_bar(catalog) -> None:
    bars = stat_bars(catalog)
    for s in STATS:
        best = max(catalog.cars.values(), key=lambda c: getattr(c, s))
        assert bars[best.id][s] == pytest.approx(1.0), s


def test_bars_keep_the_catalog_order_and_honest_ratios(catalog) -> None:
    bars = stat_bars(catalog)
    cars = catalog.cars
    for s in STATS:
        ranked = sorted(cars, key=lambda c: getattr(cars[c], s))
        lengths = [bars[c][s] for c in ranked]
        assert lengths == sorted(lengths), s
    # the hypercar is the fastest and the slipperiest; the rally car leads off-road
    assert bars["zenith_hyper"]["top_speed"] > bars["hatch"]["top_speed"] > bars["kart"]["top_speed"]
    assert bars["zenith_hyper"]["grip"] < bars["kart"]["grip"]
    assert bars["rally_lynx"]["offroad"] == pytest.approx(1.0)
    # value / best, lifted onto [floor, 1]
    kart, hyper = cars["kart"], cars["zenith_hyper"]
    assert bars["kart"]["top_speed"] == pytest.approx(BAR_FLOOR + (1 - BAR_FLOOR) * kart.top_speed / hyper.top_speed)


def test_weakest_still_shows_a_sliver(catalog) -> None:
    bars = stat_bars(catalog)
    assert min(b["offroad"] for b in bars.values()) >= BAR_FLOOR > 0.0


def test_a_retuned_catalog_changes_the_bars(catalog) -> None:
    cars = dict(catalog.cars)
    cars["kart"] = dataclasses.replace(cars["kart"], top_speed=100.0)
    retuned = dataclasses.replace(catalog, cars=cars)
    before, after = stat_bars(catalog), stat_bars(retuned)
    assert after["kart"]["top_speed"] == pytest.approx(1.0)
    assert after["zenith_hyper"]["top_speed"] < before["zenith_hyper"]["top_speed"]


@pytest.mark.parametrize("value, best, expected", [
    (5.0, 10.0, BAR_FLOOR + (1 - BAR_FLOOR) * 0.5),
    (10.0, 10.0, 1.0),
    (0.0, 10.0, BAR_FLOOR),
    (-3.0, 10.0, BAR_FLOOR),
    (1.0, 0.0, BAR_FLOOR),
    (float("nan"), 10.0, BAR_FLOOR),
])
def test_bar_edges(value: float, best: float, expected: float) -> None:
    assert bar(value, best) == pytest.approx(expected)


def test_palette_is_named_valid_and_distinct() -> None:
    assert 8 <= len(PAINTS) <= 16
    names = [n for n, _ in PAINTS]
    hexes = [h for _, h in PAINTS]
    assert len(set(names)) == len(names) and len(set(hexes)) == len(hexes)
    for name, h in PAINTS:
        assert name.strip() and HEX_RE.match(h) and h == h.lower(), name
    assert paint_name("#D7263D") == "Racing Red"
    assert paint_name("#123456") == "#123456"


def test_module_is_pure() -> None:
    code = "import sys, game.content.car_stats; print(any(m.split('.')[0] in ('ursina', 'panda3d') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert re.fullmatch(r"False\s*", out)
