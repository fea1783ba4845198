"""data/drivers.json: valid, distinct personalities, converted from the note's pixels with its one scale."""

from __future__ import annotations

import copy
import json

import pytest

from game import paths
from game.content.drivers import load_drivers, roster_from_dict
from game.safe_json import DataError


def shipped() -> dict:
    return json.loads((paths.DATA_DIR / "drivers.json").read_text())


def test_shipped_drivers_are_distinct():
    r = load_drivers()
    assert len(r.drivers) >= 5
    for field in ("max_speed_mps", "acceleration_mps2", "brakes", "twitchiness", "aggression", "grip", "drive_bias"):
        assert len({getattr(d, field) for d in r.drivers}) >= 3, field
    assert len({d.paint for d in r.drivers}) == len(r.drivers)
    assert {d.exhaust_position for d in r.drivers} >= {None, "rear", "left", "right", "bothSides"}


def test_one_scale_converts_the_note_defaults():
    r = load_drivers()
    s = r.metres_per_pixel
    assert r.common.arrival_radius_m == pytest.approx(144 * s)  # the note's arrivalRadius
    assert r.common.skid_threshold_mps == pytest.approx(150 * s)
    mika = next(d for d in r.drivers if d.id == "mika")  # the note's default car
    assert (mika.max_speed_mps, mika.acceleration_mps2) == pytest.approx((320 * s, 220 * s))
    assert r.brake_decel_mps2(mika) == pytest.approx((60 + 840 * 0.6) * s)


def test_options_for_a_catalog_car(catalog):
    r = load_drivers()
    kart = catalog.car("kart")
    o = r.options(r.drivers[5], kart)
    assert (o.wheelbase, o.width, o.height) == (kart.wheelbase_m, kart.length_m, kart.width_m)
    assert (o.max_speed, o.speed_cap) == (r.drivers[5].max_speed_mps, kart.top_speed)  # capped after the spread


def test_the_look_block_reloads_without_touching_the_digest_replays_record(tmp_path):
    import json

    from game.content.drivers import DRIVERS_PATH
    from game.content.file_watch import FileWatcher

    data = json.loads(DRIVERS_PATH.read_text(encoding="utf-8"))
    path = tmp_path / "drivers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    first = load_drivers(path)
    assert first.look.skid_opacity == data["look"]["skid_opacity"] and first.digest == load_drivers().digest
    watch = FileWatcher(path, first, load_drivers)
    data["look"].update(skid_opacity=0.2, shadow_offset_x_m=0.5)
    path.write_text(json.dumps(data, indent=4), encoding="utf-8")  # written differently too: same driving data
    found = watch.reload(force=False)
    assert found.value.look.skid_opacity == 0.2 and found.value.look.shadow_offset_x_m == 0.5
    assert found.value.digest == first.digest  # a replay recorded before this edit still plays back
    data["drivers"][0]["grip"] = 0.5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert watch.reload(force=False).value.digest != first.digest  # the driving changed: replays would notice
    data["look"]["skid_opacity"] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    bad = watch.reload(force=False)
    assert bad.value is None and "look.skid_opacity: must be <= 1, got 3" in bad.error
    assert watch.reload(force=False).error == bad.error and watch.current.drivers[0].grip == 0.5  # the last good one stays


@pytest.mark.parametrize(
    "edit, msg",
    [
        (lambda d: d["drivers"][0].update(grip=1.5), "drivers[dot].grip: must be <= 1, got 1.5"),
        (lambda d: d["drivers"][1]["exhaust"].update(position="top"), "drivers[rex].exhaust.position: must be one of"),
        (lambda d: d["common"].pop("slip_damping"), "common: missing field 'slip_damping'"),
        (lambda d: d["drivers"].append(copy.deepcopy(d["drivers"][0])), "drivers[dot].id: used twice"),
        (lambda d: d.update(metres_per_pixel=0), "metres_per_pixel: must be >= 0.001"),
    ],
)
def test_bad_driver_file_one_line(edit, msg):
    d = shipped()
    edit(d)
    with pytest.raises(DataError) as e:
        roster_from_dict(d, "data/drivers.json")
    assert msg in str(e.value) and "\n" not in str(e.value)
