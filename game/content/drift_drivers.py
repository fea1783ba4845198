"""Load and validate data/drift_drivers.json (the named drift drivers and their skill levels) into a DriftRoster; one-line errors."""

from __future__ import annotations

import hashlib
import json
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
            raise DataError(f"{label}: drivers[{d['id']}].car: no car {d['car']!r} in {catalog.source} (it has {', '.join(catalog.cars)})")
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
            raise DataError(f"{label}: initiations.cars.{car}: no car {car!r} in {catalog.source} (it has {', '.join(catalog.cars)})")
        for model, styles in models.items():
            if model != "why" and "flick" not in styles:
                raise DataError(f"{label}: initiations.cars.{car}.{model}: must hold flick (the fallback ends there), got {', '.join(styles)}")
        cars[car] = {m: tuple(s for s in INITIATIONS if s in v) for m, v in models.items() if m != "why"}
    return InitiationRules(fallback, cars)


def _stance(d: dict, label: str) -> Stance:
    """A driver's stance (the factory one where the file names none); DataError naming the driver and the field."""
    try:
        return Stance.from_json(d.get("stance", {}))
    except LooksError as e:
        field, _, why = str(e).removeprefix("stance ").partition(" ")
        raise DataError(f"{label}: drivers[{d['id']}].stance.{field}: {why}") from None


__all__ = ["drive_digest", "load_drift_drivers", "roster_from_dict", "schema"]
