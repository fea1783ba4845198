"""Load and validate track files (data/tracks/*.json) into TrackDef."""

from __future__ import annotations

import math
from pathlib import Path

from game import paths
from game.content.courses import courses_from_list
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError, path_problem, shown
from game.sim.track import AiTarget, Bay, Grade, Hill, ParkedCar, Prop, Ramp, Region, Shape, Spawn, Terrain, TrackDef, Wall

SCHEMA_PATH = paths.TRACKS_DIR / "track.schema.json"
_SHAPE_NEEDS = {"rect": ("center", "size"), "circle": ("center", "radius_m"), "polygon": ("points",), "path": ("points", "width_m")}
# props that block the car, with their collision radius at scale 1 (m)
SOLID_PROPS = {"tree": 0.6, "pine": 0.5, "rock": 1.1, "tyres": 0.6, "light_pole": 0.22, "pillar": 0.7}
# Terrain grid nodes a map may have: 1000 m at 2 m cells; the world builds in about a second and
# its terrain mesh stays a few hundred thousand vertices (a 2000 m map at 0.5 m would be 16 million).
MAX_TERRAIN_NODES = 300_000


def track_ids() -> list[str]:
    """Ids of the shipped tracks."""
    return sorted(p.stem for p in paths.TRACKS_DIR.glob("*.json") if not p.name.endswith(".schema.json"))


def track_path(track: str) -> Path:
    """A track id from data/tracks/, or a path to a track file."""
    p = Path(track)
    if p.suffix == ".json" or "/" in track:
        return p
    return paths.TRACKS_DIR / f"{track}.json"


def load_track(track: str, surface_ids) -> TrackDef:
    """Read and validate a track by id or path; DataError names the file, item and field."""
    path = track_path(track)
    problem = path_problem(path)
    if problem:  # is_file() would raise on it
        raise DataError(f"{display_path(path)}: {problem}")
    if not path.is_file() and path.parent == paths.TRACKS_DIR:
        raise DataError(f"unknown track {shown(track)} (known: {', '.join(track_ids())})")
    label = display_path(path)
    data, digest = read_data_file(path, label)
    schema = load_schema(SCHEMA_PATH)
    if _PASSED.get(digest) is not schema:  # the map picker reads every map each time it opens: ~0.1 s of jsonschema a map
        check(data, schema, label)
        _PASSED[digest] = schema
    return track_from_dict(data, label, set(surface_ids))


_PASSED: dict[str, dict] = {}  # sha256 of a track file's bytes: the schema those bytes passed (the same bytes pass again)


def track_from_dict(d: dict, label: str, surfaces: set[str]) -> TrackDef:
    """Build a TrackDef from schema-valid data, checking what the schema cannot."""

    def surface(name: str, where: str) -> str:
        if name not in surfaces:
            raise DataError(f"{label}: {where}: unknown surface {name!r} (the catalog has {', '.join(sorted(surfaces))})")
        return name

    surface(d["default_surface"], "default_surface")
    t = d["terrain"]
    nodes = math.prod(math.ceil(extent / t["cell_m"]) + 1 for extent in d["size_m"])
    if nodes > MAX_TERRAIN_NODES:
        raise DataError(f"{label}: terrain.cell_m: {d['size_m'][0]:g} x {d['size_m'][1]:g} m at {t['cell_m']:g} m cells is "
                        f"{nodes} grid nodes, more than {MAX_TERRAIN_NODES}; use larger cells or a smaller map")
    terrain = Terrain(
        cell_m=t["cell_m"],
        hills=tuple(Hill(**h) for h in t.get("hills", [])),
        grades=tuple(Grade(tuple(map(tuple, g["points"])), g["width_m"], g.get("blend_m", 8.0)) for g in t.get("grades", [])),
        noise_amplitude_m=t.get("noise_amplitude_m", 0.0),
        noise_scale_m=t.get("noise_scale_m", 40.0),
        seed=t.get("seed", 0),
        flat_blend_m=t.get("flat_blend_m", 10.0),
    )
    regions = tuple(
        Region(surface(r["surface"], f"regions[{i}].surface"), _shape(r["area"], label, f"regions[{i}].area"), r.get("flatten", True))
        for i, r in enumerate(d.get("regions", []))
    )
    ramps = tuple(Ramp(**{**r, "surface": surface(r.get("surface", "asphalt"), f"ramps[{i}].surface")}) for i, r in enumerate(d.get("ramps", [])))
    for i, w in enumerate(d.get("walls", [])):
        _polyline(w["points"], w.get("closed", False), label, f"walls[{i}].points")
    walls = tuple(
        Wall(tuple(map(tuple, w["points"])), w.get("closed", False), w.get("height_m", 1.0), w.get("kind", "barrier"))
        for w in d.get("walls", [])
    )
    props = tuple(
        Prop(p["kind"], p["x"], p["z"], p.get("heading_deg", 0.0), p.get("scale", 1.0), p["kind"] in SOLID_PROPS, SOLID_PROPS.get(p["kind"], 0.3))
        for p in d.get("props", [])
    )
    hw, hd = d["size_m"][0] / 2, d["size_m"][1] / 2
    spawns = []
    for i, s in enumerate(d["spawns"]):
        if not (-hw < s["x"] < hw and -hd < s["z"] < hd):
            raise DataError(f"{label}: spawns[{i}]: ({s['x']:g}, {s['z']:g}) is outside the map")
        spawns.append(Spawn(s["x"], s["z"], s.get("heading_deg", 0.0)))
    targets = []
    for i, a in enumerate(d.get("ai_targets", [])):
        if not (-hw < a["x"] < hw and -hd < a["z"] < hd):
            raise DataError(f"{label}: ai_targets[{i}]: ({a['x']:g}, {a['z']:g}) is outside the map")
        targets.append(AiTarget(**a))
    zones: list[dict] = []
    for z in d.get("drift_zones", []):
        if any(z["id"] == other["id"] for other in zones):
            raise DataError(f"{label}: drift_zones[{z['id']}].id: used twice")
        zones.append({**z, "area": _shape(z["area"], label, f"drift_zones[{z['id']}].area")})
    parked = tuple(ParkedCar(**c) for c in d.get("parked_cars", []))
    bays, seen = [], set()
    for b in d.get("bays", []):
        if b["id"] in seen:
            raise DataError(f"{label}: bays[{b['id']}].id: used twice")
        seen.add(b["id"])
        bays.append(Bay(**b))
    return TrackDef(
        id=d["id"], name=d["name"], description=d["description"], size_m=(float(d["size_m"][0]), float(d["size_m"][1])),
        default_surface=d["default_surface"], terrain=terrain, regions=regions, ramps=ramps, walls=walls,
        props=props, spawns=tuple(spawns), drift_zones=tuple(zones), parked_cars=parked, bays=tuple(bays), ai_targets=tuple(targets),
        look=tuple(sorted(d.get("look", {}).items())), courses=courses_from_list(d.get("courses", []), label, d["size_m"]),
    )


def _shape(a: dict, label: str, where: str) -> Shape:
    kind = a["shape"]
    for need in _SHAPE_NEEDS[kind]:
        if need not in a:
            raise DataError(f"{label}: {where}: a {kind} needs {need!r}")
    pts = tuple(tuple(p) for p in a.get("points", ()))
    if kind == "polygon" and len(pts) < 3:
        raise DataError(f"{label}: {where}.points: a polygon needs at least 3 points, got {len(pts)}")
    if kind == "path":
        _polyline(pts, a.get("closed", False), label, f"{where}.points", band=True)
    return Shape(
        kind=kind, center=tuple(a.get("center", (0.0, 0.0))), size=tuple(a.get("size", (0.0, 0.0))),
        rotation_deg=a.get("rotation_deg", 0.0), radius_m=a.get("radius_m", 0.0), points=pts,
        width_m=a.get("width_m", 0.0), closed=a.get("closed", False),
    )


def _polyline(points, closed: bool, label: str, where: str, band: bool = False) -> None:
    """A line the view can draw: no zero-length piece; a band (a path with a width) never folds straight back."""
    pts = [tuple(p[:2]) for p in points]
    ring = pts + [pts[0]] if closed and len(pts) > 2 else pts
    for i in range(1, len(ring)):
        if ring[i] == ring[i - 1]:
            raise DataError(f"{label}: {where}[{i % len(pts)}]: repeats the point before it ({ring[i][0]:g}, {ring[i][1]:g})")
    if band and len(pts) > 2:
        ends = [pts[-1], *pts, pts[0]] if closed else pts
        for i in range(1, len(ends) - 1):
            if ends[i - 1] == ends[i + 1]:
                raise DataError(f"{label}: {where}[{(i - 1) % len(pts) if closed else i}]: the path folds straight back on itself here")
