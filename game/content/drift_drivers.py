"""Load and validate data/drift_drivers.json (the named drift drivers and their skill levels) into a DriftRoster; one-line errors.

A drift_drivers.json in the user data folder adds or retunes drivers over the shipped ones (active_drift_drivers):
its drivers are merged by id (an existing driver's fields given there replace the shipped ones, a new id adds a driver,
which then needs every field), its skill levels field by field, and any other block key by key. The user file is
checked against the shipped schema with nothing required but each driver's id, and the merged roster against the whole
schema, each error one line naming the user file and the field; a bad user file leaves the shipped roster in play.
The roster's digest is that of the merged drivers the run drives by, so a replay recorded with a user roster is refused
where that file is not there.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError
from game.sim.ai.drift.skill import INITIATIONS, SKILLS, DriftProfile, DriftRoster, InitiationRules, SkillLevel
from game.sim.looks import LooksError, Stance

DRIFT_DRIVERS_PATH = paths.DATA_DIR / "drift_drivers.json"
SCHEMA_PATH = paths.DATA_DIR / "drift_drivers.schema.json"
WORDS = ("name", "paint", "finish", "stance", "bio", "description")  # what a driver looks and reads like: not part of how it drives


def schema() -> dict:
    """The published JSON Schema of the drift driver file."""
    return load_schema(SCHEMA_PATH)


def user_drift_drivers_path() -> Path:
    """The player's own drift drivers: SIDEWAYS_HOME/drift_drivers.json (merged over the shipped file)."""
    return paths.user_home() / "drift_drivers.json"


def active_drift_drivers(catalog=None, warn: Callable[[str], None] | None = None) -> DriftRoster:
    """The roster the game drives with: the shipped file, with the user's drift_drivers.json merged over it if there is
    one. A bad user file is one line to warn() and the shipped roster plays; a bad shipped file is a DataError."""
    shipped = load_drift_drivers()
    try:
        user = user_drift_drivers_path()
    except paths.HomeError:
        return shipped  # no usable data folder: nothing of the player's to merge
    if not os.path.lexists(user):  # anything there (a folder, a dangling link) is the player's, refused in one line
        return shipped
    try:
        return load_merged_drift_drivers(user, catalog)
    except DataError as e:
        if warn is not None:
            warn(f"{e} (playing the shipped drift drivers)")
        return shipped


def load_merged_drift_drivers(user_path: str | Path, catalog=None, shipped_path: str | Path | None = None) -> DriftRoster:
    """The shipped drift drivers (or shipped_path) with a user file merged over them by id; DataError (one line naming
    the user file and the field) when the user file or the merged roster is wrong. With a catalog, the cars of the
    drivers the user file names must be in it."""
    base, _ = read_data_file(Path(shipped_path) if shipped_path else DRIFT_DRIVERS_PATH, display_path(shipped_path or DRIFT_DRIVERS_PATH))
    label = display_path(user_path)
    over, _ = read_data_file(Path(user_path), label)
    check(over, overlay_schema(), label)
    named: list[str] = []
    for d in over.get("drivers", []):
        if d["id"] in named:
            raise DataError(f"{label}: drivers[{d['id']}].id: used twice")
        named.append(d["id"])
    merged = merge_drift_drivers(base, over)
    roster = roster_from_dict(merged, label)
    if catalog is not None:
        for p in roster.profiles:
            if p.id in named and p.car not in catalog.cars:
                raise _no_car(label, f"drivers[{p.id}].car", p.car, catalog)
        for car in over.get("initiations", {}).get("cars", {}):
            if car not in catalog.cars:
                raise _no_car(label, f"initiations.cars.{car}", car, catalog)
    return roster


def merge_drift_drivers(base: dict, over: dict) -> dict:
    """The shipped data with a (checked) user file over it: drivers by id (fields replaced, new ids appended), skill
    levels field by field, other objects key by key, anything else replaced."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if key == "$schema":
            continue
        if key == "drivers":
            drivers = out.setdefault("drivers", [])
            at = {d.get("id"): i for i, d in enumerate(drivers) if isinstance(d, dict)}
            for d in value:
                if d["id"] in at:
                    drivers[at[d["id"]]] = {**drivers[at[d["id"]]], **copy.deepcopy(d)}
                else:
                    at[d["id"]] = len(drivers)
                    drivers.append(copy.deepcopy(d))
        elif key == "skills":
            for level, fields in value.items():
                out["skills"][level] = {**out["skills"].get(level, {}), **copy.deepcopy(fields)}
        elif key == "initiations":  # the fallback replaced, the cars car by car (a car's entry whole)
            block = out.setdefault("initiations", {})
            block.update({k: copy.deepcopy(v) for k, v in value.items() if k != "cars"})
            block["cars"] = {**block.get("cars", {}), **copy.deepcopy(value.get("cars", {}))}
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **copy.deepcopy(value)}
        else:
            out[key] = copy.deepcopy(value)
    return out


@functools.cache
def overlay_schema() -> dict:
    """The shipped schema as a user file needs it: nothing required at the top, in a skill level or in an object
    block, but each driver's id (a new driver is checked whole once merged)."""
    sch = copy.deepcopy(schema())
    sch.pop("required", None)
    props = sch.get("properties", {})
    for lv in props.get("skills", {}).get("properties", {}).values():
        lv.pop("required", None)
    props.get("skills", {}).pop("required", None)
    drivers = props.get("drivers", {})
    drivers.pop("minItems", None)
    drivers.get("items", {})["required"] = ["id"]
    for key, block in props.items():
        if key not in ("skills", "drivers") and isinstance(block, dict) and block.get("type") == "object":
            block.pop("required", None)
    return sch


def load_drift_drivers(path: str | Path | None = None, catalog=None) -> DriftRoster:
    """Read, validate and type a drift driver file (the shipped one by default); with a catalog, every car must be in it.
    DataError (one line: file, driver, field) on anything wrong."""
    path = Path(path) if path else DRIFT_DRIVERS_PATH
    label = display_path(path)
    data, _ = read_data_file(path, label)
    return roster_from_dict(data, label, catalog)


def drive_digest(data: dict) -> str:
    """sha256 of what the drivers drive by: the file canonically written without names, paints, finishes, stances, bios
    and descriptions, so renaming, repainting or restyling a driver keeps every replay playable."""
    skills = {k: {f: v for f, v in lv.items() if f not in WORDS} for k, lv in data["skills"].items()}
    drivers = [{f: v for f, v in d.items() if f not in WORDS} for d in data["drivers"]]
    part = {"version": data["version"], "noise": data["noise"], "skills": skills, "drivers": drivers}
    if "initiations" in data:  # which styles each car can do: how they drive, not the words of why
        block = data["initiations"]
        cars = {c: {m: v for m, v in styles.items() if m != "why"} for c, styles in block.get("cars", {}).items()}
        part["initiations"] = {"fallback": block["fallback"], "cars": cars}
    return hashlib.sha256(json.dumps(part, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


def roster_from_dict(data, label: str, catalog=None) -> DriftRoster:
    """Validate parsed drift driver data and type it: ids unique, every skill level present, cars in the catalog if given."""
    check(data, schema(), label)
    noise = data["noise"]
    skills = {}
    for k in SKILLS:  # the schema requires all four; a level it names must be one of them
        lv = data["skills"][k]
        skills[k] = SkillLevel(**{f: float(v) for f, v in lv.items() if f != "description"}, noise_components=int(noise["components"]),
                               noise_period_spread=float(noise["period_spread"]), description=lv.get("description", ""))
    seen: set[str] = set()
    profiles = []
    for d in data["drivers"]:
        if d["id"] in seen:
            raise DataError(f"{label}: drivers[{d['id']}].id: used twice")
        seen.add(d["id"])
        if catalog is not None and d["car"] not in catalog.cars:
            raise _no_car(label, f"drivers[{d['id']}].car", d["car"], catalog)
        nums = {f: float(d[f]) for f in ("target_angle_scale", "line_precision", "consistency")}
        profiles.append(DriftProfile(d["id"], d["name"], d["skill"], d["car"], d["paint"], **nums, initiation=d["initiation"],
                                     bio=d.get("bio", ""), level=skills[d["skill"]], finish=d.get("finish", "gloss"),
                                     stance=_stance(d, label)))
    return DriftRoster(tuple(profiles), drive_digest(data), skills, _initiations(data.get("initiations"), label, catalog))


def _initiations(block: dict | None, label: str, catalog=None) -> InitiationRules:
    """The file's "initiations" block typed (every style where the file has none): the fallback ends at the flick and every
    car can flick; with a catalog, every car named must be in it (as a driver's car must)."""
    if block is None:
        return InitiationRules()
    fallback = tuple(block["fallback"])
    if fallback[-1] != "flick":
        raise DataError(f"{label}: initiations.fallback: must end with flick (every car can flick), got {', '.join(fallback)}")
    cars = {}
    for car, models in block.get("cars", {}).items():
        if catalog is not None and car not in catalog.cars:
            raise _no_car(label, f"initiations.cars.{car}", car, catalog)
        for model, styles in models.items():
            if model != "why" and "flick" not in styles:
                raise DataError(f"{label}: initiations.cars.{car}.{model}: must hold flick (the fallback ends there), got {', '.join(styles)}")
        cars[car] = {m: tuple(s for s in INITIATIONS if s in v) for m, v in models.items() if m != "why"}
    return InitiationRules(fallback, cars)


def _no_car(label: str, field: str, car: str, catalog) -> DataError:
    """The one line for a field naming a car the catalog does not have."""
    return DataError(f"{label}: {field}: no car {car!r} in {catalog.source} (it has {', '.join(catalog.cars)})")


def _stance(d: dict, label: str) -> Stance:
    """A driver's stance (the factory one where the file names none); DataError naming the driver and the field."""
    try:
        return Stance.from_json(d.get("stance", {}))
    except LooksError as e:
        field, _, why = str(e).removeprefix("stance ").partition(" ")
        raise DataError(f"{label}: drivers[{d['id']}].stance.{field}: {why}") from None


__all__ = ["active_drift_drivers", "drive_digest", "load_drift_drivers", "load_merged_drift_drivers", "merge_drift_drivers", "roster_from_dict",
           "schema", "user_drift_drivers_path"]
