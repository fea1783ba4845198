"""data/bodies.json: the shipped styles load, bad data gets one line naming file, body and field, unknown styles fall back."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from game.content.bodies import BODIES_PATH, bodies_from_dict, load_bodies
from game.content.catalog import catalog_from_dict, load_catalog
from game.paths import DEFAULT_CATALOG
from game.safe_json import DataError


@pytest.fixture(scope="module")
def raw() -> dict:
    return json.loads(BODIES_PATH.read_text(encoding="utf-8"))


def _body(data: dict, bid: str) -> dict:
    return next(b for b in data["bodies"] if b["id"] == bid)


def test_the_shipped_file_has_every_style_the_cars_use():
    bodies = load_bodies()
    assert set(bodies.styles) >= {"kart", "hatch", "rally", "coupe", "muscle", "hyper"}
    for car in load_catalog().cars.values():
        assert bodies.for_car(car).id == car.body
    hyper = bodies.styles["hyper"]
    assert hyper.spoiler.kind == "wing" and hyper.glasshouse is not None and hyper.sections[0][0] == -1.0
    assert bodies.styles["kart"].glasshouse is None and bodies.styles["muscle"].spoiler.kind == "ducktail"


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: _body(d, "hatch").update(arch_gap=2), "data/bodies.json: bodies[hatch].arch_gap: must be <= 0.6, got 2"),
    (lambda d: _body(d, "rally")["spoiler"].update(kind="fin"), "data/bodies.json: bodies[rally].spoiler.kind: must be one of none, roof, ducktail, wing"),
    (lambda d: _body(d, "coupe").update(arch_flair={}), "data/bodies.json: bodies[coupe].arch_flair: unknown field (did you mean 'arch_flare'?)"),
    (lambda d: _body(d, "hyper")["sections"][2]["points"].pop(),
     "data/bodies.json: bodies[hyper].sections[2].points: must have 4 corners as sections[0], got 3"),
    (lambda d: _body(d, "hyper")["sections"][3].update(u=-0.99),
     "data/bodies.json: bodies[hyper].sections[3].u: must be > the section before (-0.45), got -0.99"),
    (lambda d: _body(d, "hatch")["glasshouse"]["side_glass"].pop(),
     "data/bodies.json: bodies[hatch].glasshouse.side_glass: needs one entry per gap between keys (4), got 3"),
    (lambda d: d["bodies"].append(copy.deepcopy(_body(d, "kart"))), "data/bodies.json: bodies[kart].id: used twice"),
])
def test_bad_data_is_one_line_naming_file_body_and_field(raw, edit, message):
    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(DataError) as err:
        bodies_from_dict(data, "data/bodies.json")
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_an_unknown_or_missing_style_gets_the_nearest_by_length_height_and_mass():
    bodies, cars = load_bodies(), load_catalog().cars
    van = replace(cars["bruiser_v8"], body="van", length_m=4.9, height_m=1.4, mass_kg=1700)
    assert bodies.for_car(van).id == "muscle"
    assert bodies.for_car(replace(cars["kart"], body="")).id == "kart"
    assert bodies.for_car(replace(cars["hatch"], body="moon_buggy", height_m=1.05, mass_kg=1300, length_m=4.5)).id == "hyper"


def test_a_modders_car_with_an_unknown_or_no_body_loads():
    data = json.loads(DEFAULT_CATALOG.read_text(encoding="utf-8"))
    data["cars"][1]["body"] = "van"
    del data["cars"][2]["body"]
    cat = catalog_from_dict(data, "cars.json")
    assert cat.cars[data["cars"][1]["id"]].body == "van" and cat.cars[data["cars"][2]["id"]].body == ""
    data["cars"][1]["body"] = "Van!"
    with pytest.raises(DataError, match=r"cars\.json: cars\[hatch\]\.body: must match a body style"):
        catalog_from_dict(data, "cars.json")
