"""Exhaust afterfire: a short flame at each exhaust of an AI car while the sim says a pop is showing.

The sim (the fleet driver, note 002, docs/reference/002-ai-cars.md) runs the timer, the 1-3 pops of a burst and each pop's random
shape; this draws the frame it is on: a flame of two crossed quads with a white-yellow-orange-clear
gradient, its opacity per frame as the note's (0.5, 1, 1, 0.66, 0.33), at the exhaust positions the
note's exhaustPosition and exhaustOffset give on the car's edge.
"""

from __future__ import annotations

import math

import numpy as np
from ursina import Entity, Mesh, Texture

from game.sim.ai.note import EXHAUST_SHAPE_RANGES
from game.view.boot.blending import blended
from game.view.cars.car_model import SHADOW_CAMERA_MASK

FRAME_OPACITY = (0.5, 1.0, 1.0, 0.66, 0.33)
MAX_POP_SCALE = sum(EXHAUST_SHAPE_RANGES[0])  # the largest flame the note rolls (base + range of its size): the loudest bang
FLAME_LENGTH = 3.5  # x exhaust radius (note 002)
FLAME_WIDTH = 1.1  # half-width x exhaust radius
EXHAUST_HEIGHT_M = 0.32  # flames come out at about tailpipe height
_texture_cache: list = []


def flame_image(w: int = 16, h: int = 64):
    """The note's flame gradient along the length (base white, then pale yellow, orange, red, clear), soft sides."""
    from PIL import Image

    t = np.linspace(0.0, 1.0, h)[:, None]
    stops = np.array([0.0, 0.12, 0.35, 0.7, 1.0])
    cols = np.array([[255, 255, 255, 255], [255, 250, 180, 255], [255, 145, 0, 230], [255, 60, 0, 140], [255, 20, 0, 0]], float)
    rgba = np.stack([np.interp(t[:, 0], stops, cols[:, i]) for i in range(4)], axis=-1)[:, None, :].repeat(w, axis=1)
    side = 1.0 - np.abs(np.linspace(-1.0, 1.0, w))[None, :] ** 2
    rgba[..., 3] *= side * (1.0 - 0.8 * t)  # narrows toward the tip
    return Image.fromarray(rgba.astype(np.uint8), "RGBA")


def _flame_texture() -> Texture:
    if not _texture_cache:
        _texture_cache.append(Texture(flame_image()))
    return _texture_cache[0]


def exhaust_points(position: str | None, offset: float, length_m: float, width_m: float) -> list[tuple[float, float, float, float]]:
    """(across, along, dir_across, dir_along) in the car frame (x to the right, z forward) for each exhaust."""
    side_along = length_m / 2 - offset * length_m
    rear_across = -width_m / 2 + offset * width_m
    left, right = (-width_m / 2, side_along, -1.0, 0.0), (width_m / 2, side_along, 1.0, 0.0)
    return {
        "left": [left], "right": [right], "bothSides": [left, right],
        "rear": [(rear_across, -length_m / 2, 0.0, -1.0)],
    }.get(position or "", [])


def _flame_mesh() -> Mesh:
    """Two crossed unit quads along +z from the origin (one flat, one upright), so the flame reads from any side."""
    v = [(-0.5, 0, 0), (0.5, 0, 0), (0.5, 0, 1), (-0.5, 0, 1), (0, -0.5, 0), (0, 0.5, 0), (0, 0.5, 1), (0, -0.5, 1)]
    uv = [(0, 0), (1, 0), (1, 1), (0, 1)] * 2
    tris = [(0, 1, 2), (0, 2, 3), (4, 5, 6), (4, 6, 7)]
    return Mesh(vertices=v, triangles=tris, uvs=uv, mode="triangle")


class ExhaustView:
    """Flames for every AI car that has exhausts."""

    def __init__(self, cars: list, radius_m: float, on_pop=None):
        """on_pop(car index, x, z, size 0..1): called once as each pop starts (the drive plays its bang)."""
        from ursina.shaders import unlit_shader

        self.cars = list(cars)
        self.radius_m = radius_m
        self.on_pop = on_pop
        self._last_frame = [-1] * len(self.cars)
        self.points = [exhaust_points(c.state.telemetry.opts.exhaust_position, c.state.telemetry.opts.exhaust_offset,
                                      c.spec.length_m, c.spec.width_m) for c in self.cars]
        self.flames: list[list[Entity]] = []
        for pts in self.points:
            row = []
            for _ in pts:
                # one mesh each: an ursina Mesh belongs to one entity
                e = blended(Entity(model=_flame_mesh(), texture=_flame_texture(), shader=unlit_shader, double_sided=True))
                e.setDepthWrite(False)
                e.setLightOff(1)
                e.setBin("transparent", 5)
                e.hide()
                e.model.hide(SHADOW_CAMERA_MASK)  # fire casts no sun shadow (nor freezes into a cached map)
                row.append(e)
            self.flames.append(row)
        self.showing = 0  # flames drawn this frame (for tests and the overlay)

    def sync(self, drawn: list) -> None:
        """Show each car's pop at this frame's pose (the drawn, slip-turned state)."""
        self.showing = 0
        for i, (car, s, pts, row) in enumerate(zip(self.cars, drawn, self.points, self.flames)):
            tel = car.state.telemetry
            frame = tel.exhaust_frame
            last, self._last_frame[i] = self._last_frame[i], frame
            if frame >= 0 and (last < 0 or frame < last) and self.on_pop is not None:  # a new pop (or the next of a chain)
                self.on_pop(i, s.x, s.z, min(1.0, tel.exhaust_shape[0] / MAX_POP_SCALE))
            if frame < 0 or frame >= len(FRAME_OPACITY):
                for e in row:
                    e.hide()
                continue
            scale, tip_dev, tip_len = tel.exhaust_shape[:3]
            fx, fz = math.sin(s.heading), math.cos(s.heading)
            rx, rz = fz, -fx
            for (across, along, da, dl), e in zip(pts, row):
                x = s.x + rx * across + fx * along
                z = s.z + rz * across + fz * along
                dx, dz = rx * da + fx * dl, rz * da + fz * dl
                e.setPos(x, s.y + EXHAUST_HEIGHT_M, z)
                bend = math.atan2(tip_dev * FLAME_WIDTH, FLAME_LENGTH * tip_len)  # the pop's tip deflection
                e.setH(-math.degrees(math.atan2(dx, dz) + bend))
                r = self.radius_m * scale
                e.setScale(r * FLAME_WIDTH * 2, r * FLAME_WIDTH * 2, r * FLAME_LENGTH * tip_len)
                e.setAlphaScale(FRAME_OPACITY[frame])
                e.show()
                self.showing += 1

    def destroy(self) -> None:
        from ursina import destroy

        for row in self.flames:
            for e in row:
                destroy(e)
        self.flames = []
