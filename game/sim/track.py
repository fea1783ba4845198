"""Track definitions as typed, frozen data: what a data/tracks/*.json file describes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shape:
    """A 2D region on the ground plane (x, z): rect, circle, polygon or a path with a width."""

    kind: str
    center: tuple[float, float] = (0.0, 0.0)
    size: tuple[float, float] = (0.0, 0.0)
    rotation_deg: float = 0.0
    radius_m: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    width_m: float = 0.0
    closed: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        """(xmin, zmin, xmax, zmax) that surely contains the shape."""
        if self.kind == "circle":
            cx, cz = self.center
            r = self.radius_m
            return cx - r, cz - r, cx + r, cz + r
        if self.kind == "rect":
            cx, cz = self.center
            r = 0.5 * (self.size[0] ** 2 + self.size[1] ** 2) ** 0.5
            return cx - r, cz - r, cx + r, cz + r
        pad = 0.5 * self.width_m
        xs = [p[0] for p in self.points]
        zs = [p[1] for p in self.points]
        return min(xs) - pad, min(zs) - pad, max(xs) + pad, max(zs) + pad


@dataclass(frozen=True, slots=True)
class Hill:
    """A smooth cosine bump of the terrain."""

    x: float
    z: float
    radius_m: float
    height_m: float


@dataclass(frozen=True, slots=True)
class Grade:
    """A graded line: the terrain follows its (x, z, height) points across width_m, blending back over blend_m."""

    points: tuple[tuple[float, float, float], ...]
    width_m: float
    blend_m: float = 8.0


@dataclass(frozen=True, slots=True)
class Terrain:
    """How the heightfield is made: grid spacing, hills, seeded noise, flattening blend, graded roads and banks."""

    cell_m: float = 2.0
    hills: tuple[Hill, ...] = ()
    grades: tuple[Grade, ...] = ()
    noise_amplitude_m: float = 0.0
    noise_scale_m: float = 40.0
    seed: int = 0
    flat_blend_m: float = 10.0


@dataclass(frozen=True, slots=True)
class Region:
    """A surface painted on the ground; `flatten` levels the terrain under it."""

    surface: str
    shape: Shape
    flatten: bool = True


@dataclass(frozen=True, slots=True)
class Ramp:
    """A wedge rising from its start to a lip of height_m, facing heading_deg: a jump."""

    x: float
    z: float
    heading_deg: float
    length_m: float
    width_m: float
    height_m: float
    surface: str = "asphalt"


@dataclass(frozen=True, slots=True)
class Wall:
    """A barrier along a polyline; the car slides along it."""

    points: tuple[tuple[float, float], ...]
    closed: bool = False
    height_m: float = 1.0
    kind: str = "barrier"


@dataclass(frozen=True, slots=True)
class Prop:
    """Decoration placed from data; solid ones collide as circles."""

    kind: str
    x: float
    z: float
    heading_deg: float = 0.0
    scale: float = 1.0
    solid: bool = False
    radius_m: float = 0.5


@dataclass(frozen=True, slots=True)
class ParkedCar:
    """A parked car: a solid box standing on the ground, an obstacle to park beside."""

    x: float
    z: float
    heading_deg: float = 0.0
    length_m: float = 4.3
    width_m: float = 1.8
    height_m: float = 1.4
    color: str = "#8a8f98"


@dataclass(frozen=True, slots=True)
class Bay:
    """A painted parking bay (centre, heading into it, size); `task` makes it a parking-challenge target."""

    id: str
    x: float
    z: float
    heading_deg: float
    width_m: float
    length_m: float
    task: str = ""
    label: str = ""


@dataclass(frozen=True, slots=True)
class Spawn:
    """A place and heading where a car starts."""

    x: float
    z: float
    heading_deg: float = 0.0


@dataclass(frozen=True, slots=True)
class AiTarget:
    """A place AI cars roam to: a point and how far from it the exact target may fall."""

    x: float
    z: float
    radius_m: float = 6.0


@dataclass(frozen=True, slots=True)
class TrackDef:
    """One map: extent, terrain, surfaces, ramps, walls, props, spawns and extra sections."""

    id: str
    name: str
    description: str
    size_m: tuple[float, float]
    default_surface: str
    terrain: Terrain
    regions: tuple[Region, ...] = ()
    ramps: tuple[Ramp, ...] = ()
    walls: tuple[Wall, ...] = ()
    props: tuple[Prop, ...] = ()
    spawns: tuple[Spawn, ...] = (Spawn(0.0, 0.0, 0.0),)
    drift_zones: tuple[dict, ...] = ()
    parked_cars: tuple[ParkedCar, ...] = ()
    bays: tuple[Bay, ...] = ()
    ai_targets: tuple[AiTarget, ...] = ()
    look: tuple[tuple[str, object], ...] = ()
    courses: tuple = ()  # game.sim.course.Course, judged courses in map order (typed loosely: course.py imports this module)
