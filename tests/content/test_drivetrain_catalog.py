"""The drivetrain block of data/cars.json: schema entries with units and ranges, one-line errors, live retuning."""

from __future__ import annotations

import copy
import json
import math

import pytest

from game import paths
from game.content.catalog import catalog_from_dict, schema
from game.safe_json import DataError
from game.sim.controls import Controls
from game.sim.models.model_registry import models_for
from game.sim.session import Session
from game.sim.world import FlatWorld

SHIPPED = json.loads(paths.DEFAULT_CATALOG.read_text())
BLOCKS = ("engine", "gearing", "clutch", "chassis", "note_tyres", "real_tyres", "layout", "brakes")
RULE_ONLY = {"chassis": {"front_roll_share", "transfer_lag_s"}, "brakes": {"handbrake_lateral_grip"}}  # required by one tyre rule


def _car(data, cid):
    return next(c for c in data["cars"] if c["id"] == cid)


def _bad(mutate) -> str:
    data = copy.deepcopy(SHIPPED)
    mutate(data)
    with pytest.raises(DataError) as e:
        catalog_from_dict(data, "data/cars.json")
    assert "\n" not in str(e.value)
    return str(e.value)


def test_every_drivetrain_field_has_a_unit_a_finite_range_and_a_description():
    defs = schema()["$defs"]
    for block in BLOCKS:
        spec = defs[block]
        assert spec["additionalProperties"] is False and set(spec["required"]) | RULE_ONLY.get(block, set()) == set(spec["properties"])
        for name, field in spec["properties"].items():
            assert field.get("description"), (block, name)
            if field.get("type") == "array":
                field = field["items"]
            if field.get("type") == "number":
                assert "x-unit" in field, (block, name)
                assert "minimum" in field or "exclusiveMinimum" in field, (block, name)
                assert "maximum" in field or "exclusiveMaximum" in field, (block, name)


def test_each_tyre_rule_requires_its_own_fields():
    for cid, rule in (("hatch", "real"), ("rally_lynx", "note")):
        data = copy.deepcopy(SHIPPED)
        _car(data, cid)["drivetrain"]["tyres"]["rule"] = rule
        with pytest.raises(DataError) as e:
            catalog_from_dict(data, "data/cars.json")
        assert f"cars[{cid}].drivetrain" in str(e.value) and "\n" not in str(e.value)
    data = copy.deepcopy(SHIPPED)
    del _car(data, "vortex_gt")["drivetrain"]["layout"]
    with pytest.raises(DataError, match=r"cars\[vortex_gt\]\.drivetrain: missing field 'layout'"):
        catalog_from_dict(data, "data/cars.json")
    data = copy.deepcopy(SHIPPED)
    _car(data, "vortex_gt")["drivetrain"]["layout"]["differential"] = "welded"
    with pytest.raises(DataError, match=r"cars\[vortex_gt\]\.drivetrain\.layout\.differential"):
        catalog_from_dict(data, "data/cars.json")


def test_the_hatch_keeps_the_notes_rule_and_the_others_are_real(catalog):
    rules = {cid: car.drivetrain.tyres.rule for cid, car in catalog.cars.items()}
    assert rules.pop("hatch") == "note" and set(rules.values()) == {"real"}
    assert catalog.cars["rally_lynx"].drivetrain.layout.driven == "all"
    assert all(catalog.cars[c].drivetrain.layout.driven == "rear" for c in ("kart", "vortex_gt", "bruiser_v8", "zenith_hyper"))


def test_every_shipped_car_has_a_drivetrain_and_both_models(catalog):
    for car in catalog.cars.values():
        assert car.drivetrain is not None and models_for(car) == ["arcade", "sim"]
    kart = catalog.cars["kart"].drivetrain
    assert kart.gearing.gear_count == 1 and kart.clutch.centrifugal and not kart.gearing.has(-1)
    assert catalog.cars["zenith_hyper"].drivetrain.gearing.gear_count == 7


def test_a_car_without_a_drivetrain_drives_arcade_only():
    data = copy.deepcopy(SHIPPED)
    del _car(data, "hatch")["drivetrain"]
    cat = catalog_from_dict(data, "cars.json")
    assert models_for(cat.cars["hatch"]) == ["arcade"]


@pytest.mark.parametrize("mutate, expected", [
    (lambda d: _car(d, "hatch")["drivetrain"]["engine"].__setitem__("peak_torque_nm", -5),
     "data/cars.json: cars[hatch].drivetrain.engine.peak_torque_nm: must be > 0, got -5"),
    (lambda d: _car(d, "hatch")["drivetrain"]["gearing"].__setitem__("ratios", []),
     "data/cars.json: cars[hatch].drivetrain.gearing.ratios:"),
    (lambda d: _car(d, "hatch")["drivetrain"]["tyres"].__setitem__("pacejka_bb", 1.5),
     "data/cars.json: cars[hatch].drivetrain.tyres.pacejka_bb: unknown field (did you mean 'pacejka_b'?)"),
    (lambda d: _car(d, "hatch")["drivetrain"]["clutch"].pop("capacity_nm"),
     "data/cars.json: cars[hatch].drivetrain.clutch: missing field 'capacity_nm'"),
    (lambda d: _car(d, "hatch")["drivetrain"]["engine"].__setitem__("redline_rpm", 900),
     "data/cars.json: cars[hatch].drivetrain.engine.redline_rpm: must be > idle_rpm (1000), got 900"),
    (lambda d: _car(d, "hatch")["drivetrain"]["chassis"].__setitem__("cg_to_front_m", 3.0),
     "data/cars.json: cars[hatch].drivetrain.chassis.cg_to_front_m: must be < wheelbase_m (2.45), got 3"),
])
def test_bad_drivetrain_values_are_one_line_naming_car_block_and_field(mutate, expected):
    assert _bad(mutate).startswith(expected)


def test_live_retuning_a_drivetrain_field_changes_the_running_car():
    data = copy.deepcopy(SHIPPED)
    base = catalog_from_dict(data, "cars.json")
    _car(data, "hatch")["drivetrain"]["engine"]["peak_torque_nm"] = 175  # half the engine
    tuned = catalog_from_dict(data, "cars.json")
    s = Session(base, "hatch", FlatWorld("asphalt"), model="sim")
    for _ in range(120):
        s.step(Controls(throttle=1.0))
    s.catalog = tuned
    s.set_car(tuned.car("hatch"))  # what the game does when cars.json changes on disk
    s.step(Controls(throttle=1.0))
    e = tuned.car("hatch").drivetrain.engine
    rpm = s.prev.telemetry.rpm
    assert s.state.telemetry.engine_torque_nm == pytest.approx(175 * max(0.1, math.exp(-(((rpm - 4500) / e.curve_width_rpm) ** 2))))
