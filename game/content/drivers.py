"""Load and validate data/drivers.json (AI driver personalities) into a DriverRoster; one-line errors."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError
from game.sim.ai.personality import AiLook, CommonDriving, Driver, DriverRoster, TrafficRules

DRIVERS_PATH = paths.DATA_DIR / "drivers.json"
SCHEMA_PATH = paths.DATA_DIR / "drivers.schema.json"


def schema() -> dict:
    """The published JSON Schema of the driver file."""
    return load_schema(SCHEMA_PATH)


def load_drivers(path: str | Path | None = None) -> DriverRoster:
    """Read, validate and type a driver file (the shipped one by default); DataError on anything wrong."""
    path = Path(path) if path else DRIVERS_PATH
    label = display_path(path)
    data, _ = read_data_file(path, label)
    return roster_from_dict(data, label)


def sim_digest(data: dict) -> str:
    """sha256 of what the AI cars drive by: the whole file but its `look` block, canonically written, so retuning how
    the marks and shadows look (live, while driving) keeps every replay playable."""
    sim_part = {k: v for k, v in data.items() if k != "look"}
    return hashlib.sha256(json.dumps(sim_part, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


def roster_from_dict(data, label: str) -> DriverRoster:
    """Validate parsed driver data and type it; driver ids must be unique."""
    check(data, schema(), label)
    seen: set[str] = set()
    drivers = []
    for d in data["drivers"]:
        if d["id"] in seen:
            raise DataError(f"{label}: drivers[{d['id']}].id: used twice")
        seen.add(d["id"])
        fields = {k: v for k, v in d.items() if k != "exhaust"}
        drivers.append(Driver(**fields, exhaust_position=d["exhaust"]["position"], exhaust_interval_s=float(d["exhaust"]["interval_s"])))
    t = data["traffic"]
    if t["roam_pause_max_s"] < t["roam_pause_min_s"]:
        raise DataError(f"{label}: traffic.roam_pause_max_s: must be >= roam_pause_min_s ({t['roam_pause_min_s']:g}), got {t['roam_pause_max_s']:g}")
    return DriverRoster(float(data["metres_per_pixel"]), CommonDriving(**data["common"]), TrafficRules(**t), tuple(drivers),
                        AiLook(**data["look"]), sim_digest(data))


__all__ = ["load_drivers", "roster_from_dict", "schema", "sim_digest"]
