"""Load and validate data/cars.json into a typed Catalog; every error is one line naming file, car and field."""

from __future__ import annotations

import functools
import os
from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError
from game.sim.params import CarSpec, Catalog, Economy, Handling, Surface

SCHEMA_PATH = paths.DATA_DIR / "cars.schema.json"
def schema() -> dict:
    """The published JSON Schema of the catalog (data/cars.schema.json)."""
    return load_schema(SCHEMA_PATH)


def user_catalog_path() -> Path:
    """The player's override catalog: SIDEWAYS_HOME/cars.json."""
    return paths.user_home() / "cars.json"


def active_catalog_path(explicit: str | Path | None = None) -> Path:
    """--catalog PATH if given, else a cars.json in the user home, else the shipped data/cars.json."""
    if explicit:
        return Path(explicit)
    user = user_catalog_path()
    # anything there counts as the player's: a FIFO, a folder or a symbolic link loop (exists() says False for a loop)
    # in its place is then refused with one line by the reader, instead of the shipped cars playing in silence
    return user if os.path.lexists(user) else paths.DEFAULT_CATALOG


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Read, validate and type a catalog file (the shipped one by default); DataError on anything wrong."""
    path = Path(path) if path else paths.DEFAULT_CATALOG
    label = display_path(path)
    data, digest = read_data_file(path, label)
    return catalog_from_dict(data, label, digest)


def catalog_from_dict(data, label: str, digest: str = "") -> Catalog:
    """Validate a parsed catalog and build the typed Catalog."""
    check(data, schema(), label)
    h = Handling.from_json(data["handling"])
    if h.drift_end_side_speed_mps > h.drift_side_speed_mps:
        raise DataError(
            f"{label}: handling.drift_end_side_spd: must be <= drift_side_spd ({h.drift_side_speed_mps:g}), got {h.drift_end_side_speed_mps:g}"
        )
    surfaces = {sid: Surface(id=sid, **s) for sid, s in data["surfaces"].items()}
    cars: dict[str, CarSpec] = {}
    for c in data["cars"]:
        cid = c["id"]
        where = f"{label}: cars[{cid}]"
        if cid in cars:
            raise DataError(f"{where}.id: duplicate id {cid!r}")
        car = CarSpec.from_json(c)
        _check_car(car, where)
        cars[cid] = car
    if not any(c.starter for c in cars.values()):
        raise DataError(f"{label}: cars: at least one car needs \"starter\": true")
    return Catalog(handling=h, surfaces=surfaces, cars=cars, economy=Economy(**data["economy"]), source=label, digest=digest)


def car_from_json(block, label: str) -> CarSpec:
    """One car from outside a catalog (a replay carries the cars it was driven with), checked as a catalog's car is, with
    the catalog's messages (`LABEL: cars[hatch].grip: ...`); DataError (one line) if it is wrong."""
    check({"cars": [block]}, _car_schema(), label)
    car = CarSpec.from_json(block)
    _check_car(car, f"{label}: cars[{car.id}]")
    return car


@functools.cache
def _car_schema() -> dict:
    """A list of the catalog schema's cars (the definitions it refers to beside it): one object, compiled once."""
    return {"type": "object", "properties": {"cars": {"type": "array", "items": {"$ref": "#/$defs/car"}}}, "$defs": schema()["$defs"]}


def _check_car(car: CarSpec, where: str) -> None:
    """Rules that span fields: the wheels must fit the body."""
    if car.wheelbase_m >= car.length_m:
        raise DataError(f"{where}.wheelbase_m: must be < length_m ({car.length_m:g}), got {car.wheelbase_m:g}")
    if car.track_m > car.width_m:
        raise DataError(f"{where}.track_m: must be <= width_m ({car.width_m:g}), got {car.track_m:g}")
    d = car.drivetrain
    if d is not None:
        if d.engine.redline_rpm <= d.engine.idle_rpm:
            raise DataError(f"{where}.drivetrain.engine.redline_rpm: must be > idle_rpm ({d.engine.idle_rpm:g}), got {d.engine.redline_rpm:g}")
        if d.chassis.cg_to_front_m >= car.wheelbase_m:
            raise DataError(f"{where}.drivetrain.chassis.cg_to_front_m: must be < wheelbase_m ({car.wheelbase_m:g}), got {d.chassis.cg_to_front_m:g}")
