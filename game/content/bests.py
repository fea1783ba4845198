"""Personal-best keys: a best belongs to the car as it was tuned when the best was set.

A best set with the shipped car is kept under "car|track|mode" (the key every profile has always used, so old
profiles' bests stay where they are). A best set with a retuned car (a cars.json in the user home, --catalog)
goes under "car|track|mode@SPEC", SPEC naming the tune, so it never stands as the shipped car's best and the
shipped car's best is never replaced by it. Older builds read such a key as one more best they do not show.
A mode whose bests belong to more than car and map (Qualifying: per course and handling model) puts that after the
mode: "car|track|qualifying:COURSE:MODEL" (the mode's `best_variant`); every other mode's keys are as they were.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from functools import lru_cache

from game import paths
from game.safe_json import DataError, read_bytes

SPEC_CHARS = 12  # hex digits of the tune's sha256 kept in a key (48 bits: no two tunes of one car collide)
COSMETIC_CAR_FIELDS = ("name", "description", "color", "price", "starter", "body")  # change nothing in a drive
COSMETIC_SURFACE_FIELDS = ("color", "effect")
MAX_CATALOG_BYTES = 4 * 1024 * 1024


def spec_digest(catalog, car_id: str) -> str:
    """What makes this car drive as it does, hashed: its spec less looks and price, with the catalog's handling
    constants and surfaces (a retune of either changes every car's drive)."""
    car = {k: v for k, v in asdict(catalog.car(car_id)).items() if k not in COSMETIC_CAR_FIELDS}
    surfaces = {sid: {k: v for k, v in asdict(s).items() if k not in COSMETIC_SURFACE_FIELDS} for sid, s in catalog.surfaces.items()}
    blob = json.dumps({"car": car, "handling": catalog.handling.to_json(), "surfaces": surfaces}, sort_keys=True, default=repr)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:SPEC_CHARS]


def best_key(car_id: str, track_id: str, mode: str, spec: str | None = None, variant: str = "") -> str:
    """The profile's key for a personal best: "car|track|mode" for the shipped car, "...@SPEC" for a retune;
    a variant (Qualifying's "COURSE:MODEL") follows the mode after a colon."""
    return f"{car_id}|{track_id}|{mode}" + (f":{variant}" if variant else "") + (f"@{spec}" if spec else "")


def key_for(catalog, car_id: str, track_id: str, mode: str, variant: str = "") -> str:
    """The best key for a drive of this car from this catalog (None catalog: the shipped car's key)."""
    if catalog is None or car_id not in catalog.cars:
        return best_key(car_id, track_id, mode, variant=variant)
    return best_key(car_id, track_id, mode, tune_of(catalog, car_id), variant)


def variant_keys(bests, catalog, car_id: str, track_id: str, mode: str) -> list[str]:
    """Every key in `bests` of this car (as this catalog tunes it), map and mode, whatever its variant."""
    plain = key_for(catalog, car_id, track_id, mode)
    head, _, spec = plain.partition("@")
    return [k for k in bests if (k.partition("@")[2] == spec) and (k.partition("@")[0] == head or k.partition("@")[0].startswith(head + ":"))]


def tune_of(catalog, car_id: str) -> str | None:
    """None when this car drives exactly as the shipped one does, else the digest that names its tune."""
    shipped = _shipped_digest()
    if shipped is not None and catalog.digest == shipped:
        return None  # the shipped file itself
    mine = spec_digest(catalog, car_id)
    return None if _shipped_specs(shipped).get(car_id) == mine else mine


def _shipped_digest() -> str | None:
    """sha256 of data/cars.json as it is now (None if it cannot be read)."""
    try:
        data = read_bytes(paths.DEFAULT_CATALOG, str(paths.DEFAULT_CATALOG), MAX_CATALOG_BYTES)
    except DataError:
        return None
    return hashlib.sha256(data).hexdigest()


@lru_cache(maxsize=4)
def _shipped_specs(file_digest: str | None) -> dict[str, str]:
    """Every shipped car's spec digest, for the shipped file with this digest (empty if it cannot be loaded)."""
    from game.content.catalog import load_catalog

    if file_digest is None:
        return {}
    try:
        shipped = load_catalog(paths.DEFAULT_CATALOG)
    except DataError:
        return {}
    return {cid: spec_digest(shipped, cid) for cid in shipped.cars}
