"""Load and validate data/bodies.json (how each car body style is drawn) into frozen records; one-line errors."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from game import paths
from game.content.user_paths import display_path
from game.content.validate import check, load_schema, read_data_file
from game.safe_json import DataError

BODIES_PATH = paths.DATA_DIR / "bodies.json"
SCHEMA_PATH = paths.DATA_DIR / "bodies.schema.json"
# How far apart two cars are for the nearest style: one unit is this much length, height or mass
LIKE_SCALE = {"length_m": 0.6, "height_m": 0.2, "mass_kg": 400.0}


@dataclass(frozen=True)
class Glasshouse:
    """The cabin: stations (u, top fraction or None, foot and top half width), glass per gap, pillar frame, mirrors."""

    keys: tuple[tuple[float, float | None, float, float], ...]
    side_glass: tuple[bool, ...]
    top_glass: tuple[bool, ...]
    frame_m: float
    mirror_u: float
    mirror_w: float


@dataclass(frozen=True)
class Spoiler:
    """A spoiler: kind (none, roof, ducktail, wing), where along the car, its top height, half span and chord."""

    kind: str
    u: float
    height: float
    span: float
    chord_m: float


@dataclass(frozen=True)
class BodyStyle:
    """One body style of data/bodies.json (fractions of the car's own sizes unless the name says metres)."""

    id: str
    kit: str
    like: tuple[float, float, float]  # length_m, height_m, mass_kg of a typical car
    sections: tuple[tuple[float, tuple[tuple[float, float], ...]], ...]
    lift_m: float
    arch_gap: float
    flare_out_m: float
    flare_colour: str
    bevel: float
    bumper_h_m: float
    bumper_colour: str
    spoiler: Spoiler
    glasshouse: Glasshouse | None
    rear_tyre_scale: float
    tyre_width_m: tuple[float, float] | None  # front, rear
    factory_rim: str
    rim_colour: str


@dataclass(frozen=True)
class Bodies:
    """Every body style by id, and the pick of one for a car."""

    styles: dict[str, BodyStyle]

    def for_car(self, spec) -> BodyStyle:
        """The car's named style, else the style whose typical length, height and mass are nearest its own."""
        hit = self.styles.get(getattr(spec, "body", "") or "")
        return hit if hit is not None else self.nearest(spec.length_m, spec.height_m, spec.mass_kg)

    def nearest(self, length_m: float, height_m: float, mass_kg: float) -> BodyStyle:
        """The style nearest these numbers (each scaled by LIKE_SCALE)."""
        sl, sh, sm = LIKE_SCALE["length_m"], LIKE_SCALE["height_m"], LIKE_SCALE["mass_kg"]

        def far(b: BodyStyle) -> float:
            ll, hh, mm = b.like
            return ((length_m - ll) / sl) ** 2 + ((height_m - hh) / sh) ** 2 + ((mass_kg - mm) / sm) ** 2

        return min(self.styles.values(), key=far)


def schema() -> dict:
    """The published JSON Schema of the body file."""
    return load_schema(SCHEMA_PATH)


def load_bodies(path: str | Path | None = None) -> Bodies:
    """Read, validate and type a body file (the shipped one by default); DataError on anything wrong."""
    path = Path(path) if path else BODIES_PATH
    label = display_path(path)
    data, _ = read_data_file(path, label)
    return bodies_from_dict(data, label)


@functools.cache
def shipped_bodies() -> Bodies:
    """data/bodies.json, read once."""
    return load_bodies()


def bodies_from_dict(data, label: str) -> Bodies:
    """Validate parsed body data and type it; ids unique, sections and glasshouse consistent."""
    check(data, schema(), label)
    styles: dict[str, BodyStyle] = {}
    for b in data["bodies"]:
        where = f"{label}: bodies[{b['id']}]"
        if b["id"] in styles:
            raise DataError(f"{where}.id: used twice")
        styles[b["id"]] = _style(b, where)
    return Bodies(styles)


def _style(b: dict, where: str) -> BodyStyle:
    secs = b["sections"]
    if b["kit"] != "kart" and len(secs) < 2:
        raise DataError(f"{where}.sections: needs at least 2 sections (only the kart kit draws without a loft), got {len(secs)}")
    for i, s in enumerate(secs):
        if len(s["points"]) != len(secs[0]["points"]):
            raise DataError(f"{where}.sections[{i}].points: must have {len(secs[0]['points'])} corners as sections[0], got {len(s['points'])}")
        if i and s["u"] <= secs[i - 1]["u"]:
            raise DataError(f"{where}.sections[{i}].u: must be > the section before ({secs[i - 1]['u']:g}), got {s['u']:g}")
    if secs and (secs[0]["u"] != -1 or secs[-1]["u"] != 1):
        raise DataError(f"{where}.sections: must run from u = -1 (tail) to u = 1 (nose), got {secs[0]['u']:g} to {secs[-1]['u']:g}")
    gh = b["glasshouse"]
    glass = None
    if gh is not None:
        gaps = len(gh["keys"]) - 1
        for field in ("side_glass", "top_glass"):
            if len(gh[field]) != gaps:
                raise DataError(f"{where}.glasshouse.{field}: needs one entry per gap between keys ({gaps}), got {len(gh[field])}")
        glass = Glasshouse(tuple(tuple(k) for k in gh["keys"]), tuple(gh["side_glass"]), tuple(gh["top_glass"]), gh["frame_m"],
                           gh["mirror_u"], gh["mirror_w"])
    like, tw = b["like"], b.get("tyre_width_m")
    return BodyStyle(
        id=b["id"], kit=b["kit"], like=(like["length_m"], like["height_m"], like["mass_kg"]),
        sections=tuple((s["u"], tuple((p[0], p[1]) for p in s["points"])) for s in secs),
        lift_m=b["lift_m"], arch_gap=b["arch_gap"], flare_out_m=b["arch_flare"]["out_m"], flare_colour=b["arch_flare"]["colour"],
        bevel=b["bevel"], bumper_h_m=b["bumpers"]["height_m"], bumper_colour=b["bumpers"]["colour"], spoiler=Spoiler(**b["spoiler"]),
        glasshouse=glass, rear_tyre_scale=b["rear_tyre_scale"], tyre_width_m=None if tw is None else (tw["front"], tw["rear"]),
        factory_rim=b["factory_rim"], rim_colour=b["rim_colour"].lower(),
    )


__all__ = ["Bodies", "BodyStyle", "Glasshouse", "Spoiler", "bodies_from_dict", "load_bodies", "schema", "shipped_bodies"]
