"""A judged course as numpy meshes: painted gates and outer zones on the ground, clip posts and gate poles standing up.

Pure numpy (no ursina): the view turns the arrays into two entities and only rewrites the clips' colours when the next
clip changes. Every triangle carries a tag: -1 for what never changes colour, else the clip it belongs to (its state
colour is painted over it, see `clip_colours`).
"""

from __future__ import annotations

import numpy as np

from game.sim.course import INNER
from game.view.world.world_meshes import Geo, mesh_height, pieces, quads
from game.view.world.world_props import _prism, _slabs

PAINT_LIFT_M = 0.05  # paint sits this far above the drawn ground (as the zone decals, 6 cm)
GATE_W_M = 0.6  # painted width of the start and initiation lines
BANNER_M = (0.45, 0.3)  # the bar across a gate's poles: its height and depth (m), under the poles' tops
CHECK_M = 0.5  # side of a finish-line chequer (two rows)
POST_H_M = 2.7  # an inner clip's post: visible over a car's roof from a chase camera at 60 m
POLE_H_M = 7.0  # a gate's end poles: its banner clears the far chase camera (4.4 m up, game/view/drive/camera_rig.py)
ZONE_POST_H_M = 1.4  # the short posts at each end of an outer zone
WHITE, YELLOW, BLACK = (0.95, 0.95, 0.92), (1.0, 0.82, 0.1), (0.06, 0.06, 0.07)
RED, GREY = (0.85, 0.12, 0.1), (0.55, 0.56, 0.58)
GATE_COLOURS = {"start": WHITE, "initiation": YELLOW, "finish": RED}

# clip states and their colours (what the player reads: orange to come, yellow next, green scored, red missed)
PENDING, NEXT, HIT, MISSED = "pending", "next", "hit", "missed"
STATE_RGB = {PENDING: (1.0, 0.45, 0.08), NEXT: (1.0, 0.92, 0.15), HIT: (0.3, 0.82, 0.32), MISSED: (0.88, 0.14, 0.1)}
DONE_DIM = 0.72  # a judged clip's colour is dimmed this much: the eye goes to what is still to come


class TaggedGeo(Geo):
    """Geo whose triangles remember which clip they belong to (-1: none)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[np.ndarray] = []

    def add(self, tris, color, inside, layer: int = -1, gloss: float = 0.0, tag: int = -1) -> None:
        """As Geo.add, every triangle tagged with a clip index (or -1)."""
        n = len(np.asarray(tris, float).reshape(-1, 3, 3))
        super().add(tris, color, inside, layer, gloss)
        self.tags.append(np.full(n, tag, int))

    def tagged_arrays(self) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
        """(positions, normals, colours, uvs) per vertex and each vertex's tag."""
        empty = not self.tris
        arrays = self.arrays()
        tags = np.full(1, -1, int) if empty else np.concatenate(self.tags)
        return arrays, np.repeat(tags, 3)


def _ground(world, x, z, lift: float = PAINT_LIFT_M):
    return np.asarray(mesh_height(world, x, z), float) + lift


def _band(world, a2, b2, width: float, step: float = 1.0) -> np.ndarray:
    """A painted band from a to b (2-D points) of this width, cut into pieces so it follows the ground."""
    a, b = pieces([tuple(a2), tuple(b2)], False, step)
    return _ribbon(world, a, b, width)


def _ribbon(world, a: np.ndarray, b: np.ndarray, width: float) -> np.ndarray:
    d = (b - a) / np.maximum(np.hypot(*(b - a).T), 1e-9)[:, None]
    side = np.stack([-d[:, 1], d[:, 0]], 1) * (width / 2)
    corners = (a - side, b - side, b + side, a + side)
    q = [np.column_stack([p[:, 0], _ground(world, p[:, 0], p[:, 1]), p[:, 1]]) for p in corners]
    return quads(*q)


def _down(tris: np.ndarray) -> np.ndarray:
    """Inside points under each triangle: painted faces look up."""
    return tris.mean(axis=1) - [0, 1, 0]


def _ring(world, cx: float, cz: float, r0: float, r1: float, n: int = 28) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n + 1)
    ring = lambda r: np.stack([cx + r * np.sin(a), cz + r * np.cos(a)], 1)  # noqa: E731
    inner, outer = ring(r0), ring(r1)
    q = [np.column_stack([p[:, 0], _ground(world, p[:, 0], p[:, 1]), p[:, 1]]) for p in (inner[:-1], inner[1:], outer[1:], outer[:-1])]
    return quads(*q)


def _stand(tris: np.ndarray, world, x: float, z: float) -> tuple[np.ndarray, float]:
    g = float(mesh_height(world, x, z))
    return tris + [x, g, z], g


def add_gate(ground: TaggedGeo, standing: TaggedGeo, world, gate, kind: str) -> None:
    """A line painted across the course from a to b, with a pole at each end (chequered for the finish)."""
    a, b = np.asarray(gate.a, float), np.asarray(gate.b, float)
    col = GATE_COLOURS[kind]
    if kind == "finish":
        n = max(2, round(float(np.hypot(*(b - a))) / CHECK_M))
        t = np.linspace(0, 1, n + 1)[:, None]
        p = a + (b - a) * t
        d = (b - a) / max(float(np.hypot(*(b - a))), 1e-9)
        off = np.array([d[1], -d[0]]) * (CHECK_M / 2)  # across the line: rows before and after it
        for row, shift in enumerate((-off, off)):
            tris = _ribbon(world, p[:-1] + shift, p[1:] + shift, CHECK_M)
            k = (np.arange(n) + row) % 2
            cols = np.where(np.concatenate([k, k])[:, None] == 0, WHITE, BLACK)
            ground.add(tris, cols, _down(tris), gloss=0.2)
    else:
        tris = _band(world, a, b, GATE_W_M)
        ground.add(tris, col, _down(tris), gloss=0.2)
    bar_a, bar_b = pieces([tuple(a), tuple(b)], False, 1.0)
    lift = lambda x, z: mesh_height(world, x, z) + POLE_H_M - 0.15 - BANNER_M[0]  # noqa: E731
    bar, inside = _slabs(bar_a, bar_b, lift, BANNER_M[0], BANNER_M[1], BANNER_M[1], sink=0.0)
    if kind == "finish":
        k = np.repeat(np.arange(len(bar_a)) % 2, 10)
        bar_col = np.where(k[:, None] == 0, WHITE, BLACK)
    else:
        bar_col = col
    standing.add(bar, bar_col, inside, gloss=0.3)  # a banner across the course: the gate reads from far down the course
    for x, z in (a, b):
        pole, g = _stand(_prism(0.07, 0.07, -0.2, POLE_H_M, 6), world, x, z)
        standing.add(pole, GREY, (x, g + 1.0, z), gloss=0.4)
        top, g = _stand(_prism(0.13, 0.13, 1.6, 2.3, 8), world, x, z)  # a band at eye height says which gate it is
        standing.add(top, RED if kind == "finish" else col, (x, g + 1.95, z), gloss=0.3)


def add_inner_clip(ground: TaggedGeo, standing: TaggedGeo, world, clip, tag: int) -> None:
    """A post at the clipping point (a cone-like base, a pole with a band in the clip's state colour) and a ring painted
    round it at the full-marks distance."""
    x, z = clip.points[0]
    base, g = _stand(_prism(0.3, 0.09, 0.0, 0.7, 10), world, x, z)
    standing.add(base, STATE_RGB[PENDING], (x, g + 0.3, z), gloss=0.35, tag=tag)
    stripe, _ = _stand(_prism(0.15, 0.12, 0.3, 0.45, 10), world, x, z)
    standing.add(stripe, WHITE, (x, g + 0.37, z), gloss=0.35)
    pole, _ = _stand(_prism(0.055, 0.055, 0.7, POST_H_M - 0.9, 6), world, x, z)
    standing.add(pole, WHITE, (x, g + 1.2, z), gloss=0.4)
    band, _ = _stand(_prism(0.12, 0.12, POST_H_M - 0.9, POST_H_M, 10), world, x, z)
    standing.add(band, STATE_RGB[PENDING], (x, g + POST_H_M - 0.45, z), gloss=0.3, tag=tag)
    r = max(0.3, float(clip.full_m))
    ring = _ring(world, x, z, r, r + 0.18)
    ground.add(ring, STATE_RGB[PENDING], _down(ring), gloss=0.2, tag=tag)


def add_outer_zone(ground: TaggedGeo, standing: TaggedGeo, world, clip, tag: int) -> None:
    """A band painted along the zone's line (twice its full-marks distance wide, half see-through) with a solid line
    down its middle, and a short post at each end."""
    pts = [tuple(p) for p in clip.points]
    a, b = pieces(pts, False, 1.0)
    width = min(3.0, max(0.8, 2.0 * float(clip.full_m)))
    wide = _ribbon(world, a, b, width)
    col = STATE_RGB[PENDING]
    ground.add(wide, (*col, 0.999), _down(wide), gloss=0.2, tag=tag)  # alpha < 1 marks the band's wash (see clip_colours)
    s = np.concatenate([[0], np.cumsum(np.hypot(*(b - a).T))])[:-1]
    keep = (s % 2.0) < 1.2  # a dashed centre line: reads as a zone, not a wall
    mid = _ribbon(world, a[keep], b[keep], 0.22) + [0, 0.01, 0]
    ground.add(mid, col, _down(mid), gloss=0.2, tag=tag)
    for x, z in (pts[0], pts[-1]):
        post, g = _stand(_prism(0.08, 0.08, -0.1, ZONE_POST_H_M, 6), world, x, z)
        standing.add(post, col, (x, g + 0.7, z), gloss=0.3, tag=tag)
        cap, _ = _stand(_prism(0.1, 0.1, ZONE_POST_H_M - 0.3, ZONE_POST_H_M, 6), world, x, z)
        standing.add(cap, WHITE, (x, g + ZONE_POST_H_M - 0.15, z), gloss=0.3)


WASH_ALPHA = 0.45  # an outer zone's wide band: its colour washed over the ground


def build_course(world, course) -> dict:
    """The course's meshes: {'ground': (arrays, tags), 'standing': (arrays, tags)}; a clip's index is its tag."""
    ground, standing = TaggedGeo(), TaggedGeo()
    for kind in ("start", "initiation", "finish"):
        add_gate(ground, standing, world, getattr(course, kind), kind)
    for i, clip in enumerate(course.clips):
        (add_inner_clip if clip.kind == INNER else add_outer_zone)(ground, standing, world, clip, i)
    return {"ground": ground.tagged_arrays(), "standing": standing.tagged_arrays()}


def clip_states(n: int, next_clip: int | None, judged: dict[int, bool]) -> list[str]:
    """Each clip's state: judged ones HIT (scored) or MISSED, the next one NEXT, the rest PENDING."""
    out = []
    for i in range(n):
        if i in judged:
            out.append(HIT if judged[i] else MISSED)
        else:
            out.append(NEXT if i == next_clip else PENDING)
    return out


def clip_colours(base: np.ndarray, tags: np.ndarray, states: list[str]) -> np.ndarray:
    """Per-vertex RGBA: the base colours, with every clip's tagged vertices in its state's colour (dimmed once judged);
    a vertex whose base alpha is below 1 is an outer zone's wash and keeps WASH_ALPHA."""
    out = np.array(base, float, copy=True)
    for i, st in enumerate(states):
        sel = tags == i
        if not sel.any():
            continue
        rgb = np.asarray(STATE_RGB[st], float) * (DONE_DIM if st in (HIT, MISSED) else 1.0)
        out[sel, :3] = rgb
        wash = sel & (base[:, 3] < 1.0)
        out[sel, 3] = 1.0
        out[wash, 3] = WASH_ALPHA
    return out


def marker_point(world, clip) -> tuple[float, float, float]:
    """Where the next-clip marker floats: above an inner post, or above the middle of an outer zone."""
    if clip.kind == INNER:
        x, z = clip.points[0]
        top = POST_H_M + 0.9
    else:
        pts = np.asarray(clip.points, float)
        seg = np.hypot(*np.diff(pts, axis=0).T)
        half, run = seg.sum() / 2, 0.0
        x, z = pts[0]
        for (p, q), ln in zip(zip(pts[:-1], pts[1:]), seg):
            if run + ln >= half and ln > 0:
                x, z = p + (q - p) * (half - run) / ln
                break
            run += ln
        top = ZONE_POST_H_M + 1.6
    return float(x), float(mesh_height(world, x, z)) + top, float(z)


def marker_mesh() -> tuple[np.ndarray, ...]:
    """A downward-pointing diamond, 1 m tall: the next clip's marker."""
    geo = Geo()
    n = 4
    ang = np.pi / 4 + 2 * np.pi * np.arange(n + 1) / n
    ring = np.stack([0.38 * np.sin(ang), np.zeros(n + 1), 0.38 * np.cos(ang)], 1)
    tip, top = np.array([0, -0.65, 0]), np.array([0, 0.35, 0])
    lower = np.stack([np.broadcast_to(tip, (n, 3)), ring[:-1], ring[1:]], 1)
    upper = np.stack([np.broadcast_to(top, (n, 3)), ring[:-1], ring[1:]], 1)
    geo.add(np.concatenate([lower, upper]), STATE_RGB[NEXT], (0, 0, 0), gloss=0.5)
    return geo.arrays()
