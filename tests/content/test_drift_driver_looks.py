"""Each drift driver's finish and stance (data/drift_drivers.json): loaded, checked in one line, and never in the drive digest."""

from __future__ import annotations

import copy
import json

import pytest

from game.content.drift_drivers import DRIFT_DRIVERS_PATH, load_drift_drivers, roster_from_dict, schema
from game.sim.looks import FACTORY, FINISHES, RANGES, RIM_STYLES, Stance
from tests.content.test_drift_drivers import assert_refused


def shipped() -> dict:
    return json.loads(DRIFT_DRIVERS_PATH.read_text(encoding="utf-8"))


def test_the_shipped_drivers_each_have_looks_and_not_all_the_same():
    r = load_drift_drivers()
    assert {p.finish for p in r.profiles} == set(FINISHES)
    assert len({p.stance for p in r.profiles}) == len(r.profiles) and sum(p.stance != FACTORY for p in r.profiles) >= 6
    vera = r.get("vera")
    assert vera.finish == "metallic" and vera.stance.ride_mm < 0 and vera.stance.camber_front_deg < 0


def test_a_driver_without_looks_is_gloss_on_the_factory_stance():
    data = shipped()
    for key in ("finish", "stance"):
        data["drivers"][0].pop(key, None)
    p = roster_from_dict(data, "x.json").profiles[0]
    assert (p.finish, p.stance) == ("gloss", FACTORY)
    data["drivers"][0]["stance"] = {"ride_mm": -30}
    assert roster_from_dict(data, "x.json").profiles[0].stance == Stance(ride_mm=-30)


def test_restyling_a_driver_keeps_the_drive_digest_so_every_replay_still_plays():
    data = shipped()
    first = roster_from_dict(data, "x.json").digest
    restyled = copy.deepcopy(data)
    restyled["drivers"][0].update(finish="matte", stance={"camber_front_deg": -12, "rim": "mesh"})
    restyled["drivers"][1].pop("stance")
    assert roster_from_dict(restyled, "x.json").digest == first


def test_the_schema_offers_the_garage_s_ranges_and_choices():
    item = schema()["properties"]["drivers"]["items"]["properties"]
    assert item["finish"]["enum"] == list(FINISHES) and item["stance"]["properties"]["rim"]["enum"] == list(RIM_STYLES)
    for name, (lo, hi, _) in RANGES.items():
        assert (item["stance"]["properties"][name]["minimum"], item["stance"]["properties"][name]["maximum"]) == (lo, hi), name


@pytest.mark.parametrize("edit, msg", [
    (lambda d: d["drivers"][0].update(finish="chrome"), "drivers[rin].finish: must be one of gloss, metallic, matte"),
    (lambda d: d["drivers"][1]["stance"].update(ride_mm=-200), "drivers[vera].stance.ride_mm: must be >= -80"),
    (lambda d: d["drivers"][2]["stance"].update(rim="spinners"), "drivers[marco].stance.rim: must be one of factory"),
    (lambda d: d["drivers"][3]["stance"].update(rim_colour="gold"), "drivers[hugo].stance.rim_colour:"),
    (lambda d: d["drivers"][4]["stance"].update(wing=1), "drivers[duke].stance.wing: unknown field"),
])
def test_bad_looks_are_one_line_naming_the_driver_and_field(tmp_path, edit, msg):
    data = shipped()
    edit(data)
    assert_refused(tmp_path, data, msg)
