"""Drawn pieces the career screens share: stars (the UI font has no star glyph), padlocks, mode badges, lines."""

from __future__ import annotations

import math

from ursina import Entity, Mesh, Quad, Text, color

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff6b5b")
MUTED = color.rgba(1, 1, 1, 0.62)
FAINT = color.rgba(1, 1, 1, 0.16)
NEW_GLOW = color.rgba(1, 0.48, 0.1, 0.85)
STAR_COLOURS = {"new": GOLD, "again": GOLD, "held": color.rgba(1, 0.82, 0.4, 0.42), "empty": FAINT}
INNER = 0.42  # the star's inner radius over its outer


def _star_mesh() -> Mesh:
    """A five-pointed star, 1 across, centred (a fan of ten triangles)."""
    verts = [(0.0, 0.0, 0.0)]
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.5 * INNER
        a = math.pi / 2 + i * math.pi / 5
        verts.append((r * math.cos(a), r * math.sin(a), 0.0))
    tris = [(0, 1 + (i + 1) % 10, 1 + i) for i in range(10)]
    return Mesh(vertices=verts, triangles=tris, mode="triangle")


def star(parent, x: float, y: float, size: float, state: str = "again", z: float = -0.01) -> Entity:
    """A star at (x, y), `size` across, coloured by its state ('new' gets an orange glow behind it)."""
    e = Entity(parent=parent, model=_star_mesh(), position=(x, y, z), scale=size, color=STAR_COLOURS.get(state, FAINT), double_sided=True)
    if state == "new":
        glow = Entity(parent=parent, model=_star_mesh(), position=(x, y, z + 0.001), scale=size * 1.32, color=NEW_GLOW, double_sided=True)
        e.glow = glow
    return e


def stars_row(parent, x: float, y: float, size: float, states, gap: float = 1.12) -> list[Entity]:
    """Three stars left to right from x (the first one's centre)."""
    return [star(parent, x + i * size * gap, y, size, s) for i, s in enumerate(states)]


def padlock(parent, x: float, y: float, size: float, col=MUTED, z: float = -0.01) -> Entity:
    """A padlock `size` tall centred at (x, y): a rounded body and a shackle of three bars."""
    root = Entity(parent=parent, position=(x, y, z))
    Entity(parent=root, model=Quad(radius=0.2), scale=(size * 0.78, size * 0.58), y=-size * 0.2, color=col)
    bar = size * 0.13
    for sx in (-1, 1):
        Entity(parent=root, model="quad", scale=(bar, size * 0.34), position=(sx * size * 0.25, size * 0.2), color=col)
    Entity(parent=root, model="quad", scale=(size * 0.63, bar), position=(0, size * 0.37 - bar / 2), color=col)
    return root


def badge(parent, text: str, hexcol: str, x: float, y: float, scale: float = 0.6, origin=(-0.5, 0), z: float = -0.01) -> Text:
    """A mode tag drawn in its colour."""
    return Text(text, parent=parent, position=(x, y, z), origin=origin, scale=scale, color=color.hex(hexcol))


def bar(parent, x0: float, y0: float, x1: float, y1: float, width: float, col, z: float = 0.2) -> Entity:
    """A straight line (horizontal or vertical) from (x0, y0) to (x1, y1), `width` thick."""
    w = max(abs(x1 - x0), width)
    h = max(abs(y1 - y0), width)
    return Entity(parent=parent, model="quad", position=((x0 + x1) / 2, (y0 + y1) / 2, z), scale=(w, h), color=col)


def drawn_width(t: Text) -> float:
    """A text's width as drawn (ursina's Text.width leaves out its scale)."""
    return t.width * t.scale_x


def fit(t: Text, room: float) -> Text:
    """Shrink a text to `room` wide (ui units) if it is wider."""
    w = drawn_width(t)
    if w > room > 0:
        t.scale *= room / w
    return t
