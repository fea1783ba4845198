"""The shipped catalog, its published schema, and every kind of bad catalog input."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from game import paths
from game.content.catalog import catalog_from_dict, load_catalog, schema
from game.content.tracks import load_track
from game.safe_json import DataError

SHIPPED = json.loads(paths.DEFAULT_CATALOG.read_text())


def test_shipped_catalog_passes_the_published_schema_with_a_standard_validator():
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.validate(SHIPPED, schema())


def test_shipped_track_passes_its_schema_with_a_standard_validator():
    track_schema = json.loads((paths.TRACKS_DIR / "track.schema.json").read_text())
    jsonschema.validate(json.loads((paths.TRACKS_DIR / "sideways_park.json").read_text()), track_schema)


def test_every_schema_field_says_its_meaning():
    car = schema()["$defs"]["car"]["properties"]
    handling = schema()["properties"]["handling"]["properties"]
    for name, spec in {**car, **handling}.items():
        assert spec.get("description"), name
        if spec.get("type") == "number":
            assert "[" in spec["description"] or "x-unit" in spec, f"{name} has no unit"


def test_six_distinct_cars_with_the_promised_personalities(catalog):
    cars = catalog.cars
    assert len(cars) == 6
    assert {"kart", "rally_lynx", "vortex_gt", "zenith_hyper"} <= set(cars)
    assert cars["kart"].top_speed == min(c.top_speed for c in cars.values())
    assert cars["kart"].steer == max(c.steer for c in cars.values())
    assert cars["zenith_hyper"].top_speed == max(c.top_speed for c in cars.values())
    assert cars["zenith_hyper"].grip == min(c.grip for c in cars.values())
    assert cars["rally_lynx"].offroad == max(c.offroad for c in cars.values())
    assert cars["vortex_gt"].offroad == min(c.offroad for c in cars.values())


def _bad(mutate) -> str:
    data = copy.deepcopy(SHIPPED)
    mutate(data)
    with pytest.raises(DataError) as e:
        catalog_from_dict(data, "data/cars.json")
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def _car(data, cid):
    return next(c for c in data["cars"] if c["id"] == cid)


def test_out_of_range_value_names_file_car_and_field():
    msg = _bad(lambda d: _car(d, "zenith_hyper").__setitem__("grip", -1))
    assert msg == "data/cars.json: cars[zenith_hyper].grip: must be > 0, got -1"


def test_unknown_key_is_rejected_with_a_suggestion():
    msg = _bad(lambda d: _car(d, "kart").__setitem__("gripp", 5))
    assert msg == "data/cars.json: cars[kart].gripp: unknown field (did you mean 'grip'?)"


def test_missing_field():
    assert _bad(lambda d: _car(d, "hatch").pop("top_speed")) == "data/cars.json: cars[hatch]: missing field 'top_speed'"


def test_wrong_type():
    msg = _bad(lambda d: _car(d, "hatch").__setitem__("power", "lots"))
    assert msg == 'data/cars.json: cars[hatch].power: must be a number, got "lots"'
    msg = _bad(lambda d: d["surfaces"]["grass"].__setitem__("offroad", "yes"))
    assert msg == 'data/cars.json: surfaces.grass.offroad: must be true or false, got "yes"'


def test_bad_handling_constant():
    msg = _bad(lambda d: d["handling"].__setitem__("handbrake_grip", 3))
    assert msg == "data/cars.json: handling.handbrake_grip: must be <= 1, got 3"


def test_duplicate_ids():
    def dup(d):
        d["cars"].append(copy.deepcopy(_car(d, "kart")))

    assert _bad(dup) == "data/cars.json: cars[kart].id: duplicate id 'kart'"


def test_wheels_must_fit_the_body():
    msg = _bad(lambda d: _car(d, "vortex_gt").__setitem__("wheelbase_m", 5.0))
    assert msg == "data/cars.json: cars[vortex_gt].wheelbase_m: must be < length_m (4.5), got 5"


def test_bad_colour_and_drift_thresholds():
    assert "#rrggbb" in _bad(lambda d: _car(d, "kart").__setitem__("color", "yellow"))
    msg = _bad(lambda d: d["handling"].__setitem__("drift_end_side_spd", 9))
    assert msg.startswith("data/cars.json: handling.drift_end_side_spd: must be <= drift_side_spd")


def test_broken_json_gives_line_and_column(tmp_path):
    p = tmp_path / "cars.json"
    p.write_text('{\n  "version": 1,\n  "cars": [\n    {"id": "kart",}\n  ]\n}\n')
    with pytest.raises(DataError) as e:
        load_catalog(p)
    assert str(e.value).startswith(f"{p}: broken JSON at line 4, column 19")


def test_unreadable_and_missing_files(tmp_path):
    with pytest.raises(DataError, match="file not found"):
        load_catalog(tmp_path / "nope.json")
    p = tmp_path / "cars.json"
    p.write_bytes(b"\xff\xfe{")
    with pytest.raises(DataError, match="not UTF-8"):
        load_catalog(p)


def test_retuned_catalog_loads_with_its_new_values(tmp_path):
    data = copy.deepcopy(SHIPPED)
    _car(data, "hatch")["grip"] = 2.0
    p = tmp_path / "cars.json"
    p.write_text(json.dumps(data))
    cat = load_catalog(p)
    assert cat.cars["hatch"].grip == 2.0 and cat.digest != load_catalog().digest


def test_track_with_unknown_surface_is_rejected(tmp_path, catalog):
    data = json.loads((paths.TRACKS_DIR / "sideways_park.json").read_text())
    data["regions"][0]["surface"] = "lava"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(DataError) as e:
        load_track(str(p), catalog.surfaces)
    assert "regions[0].surface: unknown surface 'lava'" in str(e.value)


def test_handling_keeps_the_files_keys_while_its_python_names_carry_units():
    """cars.json's handling keys are unchanged (modders' files, tune digests); the fields add units (gravity_mps2)."""
    raw = SHIPPED["handling"]
    h = load_catalog().handling
    assert h.to_json() == raw
    assert set(h.to_json()) == set(schema()["properties"]["handling"]["properties"])
    assert h.gravity_mps2 == raw["gravity"] and h.drift_side_speed_mps == raw["drift_side_spd"]
