"""Load and validate a `sideways fleet` scenario file (data/fleet_scenario.schema.json); one-line errors."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError
from game.sim.ai import note as N
from game.sim.ai.options import DriverOptions
from game.sim.ai.scenario import CarSetup, FleetScenario, Point

SCHEMA_PATH = paths.DATA_DIR / "fleet_scenario.schema.json"

# scenario option name -> DriverOptions field
_OPTION_FIELDS = {
    "wheelbase": "wheelbase", "height": "height", "maxSpeed": "max_speed", "acceleration": "acceleration",
    "maxSteering": "max_steering_deg", "steeringRate": "steering_rate_dps", "twitchiness": "twitchiness",
    "arrivalRadius": "arrival_radius", "skidThreshold": "skid_threshold", "grip": "grip",
    "slipStiffness": "slip_stiffness", "slipDamping": "slip_damping", "slipScale": "slip_scale",
    "driveBias": "drive_bias", "aggression": "aggression", "orbitDetection": "orbit_detection",
    "proximityBoost": "proximity_boost", "exhaustPosition": "exhaust_position", "exhaustInterval": "exhaust_interval_s",
    "exhaustOffset": "exhaust_offset", "exhaustRadius": "exhaust_radius", "tireWidth": "tire_width",
}


def schema() -> dict:
    """The published JSON Schema of a fleet scenario."""
    return load_schema(SCHEMA_PATH)


def load_scenario(path: str | Path) -> FleetScenario:
    """Read, validate and type a scenario file; DataError (one line naming the file and field) on anything wrong."""
    label = display_path(Path(path))
    data, _ = read_data_file(Path(path), label)
    return scenario_from_dict(data, label)


def scenario_from_dict(data, label: str) -> FleetScenario:
    """Validate parsed scenario data and fill the note's defaults from the schema."""
    sch = schema()
    check(data, sch, label)
    props = sch["properties"]
    rnd = data.get("random", props["random"]["default"])
    cars = tuple(_car(c, i, label, sch) for i, c in enumerate(data["cars"]))
    return FleetScenario(
        dt=float(data.get("dt", props["dt"]["default"])),
        frames=int(data.get("frames", props["frames"]["default"])),
        random_value=None if isinstance(rnd, dict) else float(rnd),
        seed=int(rnd["seed"]) if isinstance(rnd, dict) else 0,
        cars=cars,
        drive_to=_point(data["drive_to"]) if "drive_to" in data else None,
    )


def _point(p: dict) -> Point:
    return (float(p["x"]), float(p["y"]))


def _car(c: dict, i: int, label: str, sch: dict) -> CarSetup:
    option_schema = sch["properties"]["cars"]["items"]["properties"]["options"]["properties"]
    given = c.get("options", {})
    values = {name: given.get(name, spec.get("default")) for name, spec in option_schema.items()}
    fields = {_OPTION_FIELDS[name]: values[name] for name in _OPTION_FIELDS}
    wheelbase = float(values["wheelbase"])
    fields["width"] = float(values["width"]) if values["width"] is not None else wheelbase * N.BODY_PER_WHEELBASE
    brake = values["brakeDecel"]
    fields["brake_decel"] = float(brake) if brake is not None else N.BRAKE_DECEL_BASE_PX + float(values["brakes"]) * N.BRAKE_DECEL_RANGE_PX
    path: tuple[Point, Point, Point, Point] | None = None
    if "path" in c:
        p = c["path"]
        path = (_point(p["p0"]), _point(p["p1"]), _point(p["p2"]), _point(p["p3"]))
        if "target" in c and _point(c["target"]) != path[3]:
            raise DataError(f"{label}: cars[{i}].target: must equal path.p3 when both are given")
    return CarSetup(
        x=float(c["x"]),
        y=float(c["y"]),
        heading=float(c["heading"]) if "heading" in c else None,
        options=DriverOptions(**fields),
        max_speed=float(c["max_speed"]) if "max_speed" in c else None,
        target=_point(c["target"]) if "target" in c else None,
        path=path,
    )


__all__ = ["load_scenario", "scenario_from_dict", "schema"]
