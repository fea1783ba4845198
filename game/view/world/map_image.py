"""A map seen from above as an image (PIL, numpy): surfaces with hill shading, walls, parked cars, bays and drift zones.

The map picker shows it as the map's preview and the minimap draws it under the cars; it is made from the
track's data alone, so a modder's new map has a preview without any extra file.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from game.sim.terrain import build_heights, build_surface_raster, grid_axes
from game.sim.world import box_corners
from game.view.world.textures import bay_outline, hex_rgb
from game.view.world.world_meshes import outline

WALL_RGBA = (30, 30, 34, 255)
ZONE_RGBA = (255, 189, 31, 230)
BAY_RGBA = (245, 245, 238, 255)
PARKED_RGBA = (70, 74, 82, 255)
SHADE_LIGHT = (-0.6, 0.8)  # light from the north-west for the hill shading (x, z components)


class MapImage:
    """The top-down picture of a track at px_per_side pixels on its longer side, with the world<->pixel mapping."""

    def __init__(self, track, surfaces, px_per_side: int = 384):
        ids = list(surfaces)
        index = {s: i for i, s in enumerate(ids)}
        self.track = track
        w_m, d_m = track.size_m
        self.m_per_px = max(w_m, d_m) / px_per_side
        self.size = (max(1, round(w_m / self.m_per_px)), max(1, round(d_m / self.m_per_px)))
        grid, _, _ = build_surface_raster(track, index)
        lut = np.stack([hex_rgb(surfaces[s].color) for s in ids]) * 255
        rows = np.clip(((np.arange(self.size[1])[::-1] + 0.5) / self.size[1] * grid.shape[0]).astype(int), 0, grid.shape[0] - 1)
        cols = np.clip(((np.arange(self.size[0]) + 0.5) / self.size[0] * grid.shape[1]).astype(int), 0, grid.shape[1] - 1)
        sample = grid[rows][:, cols]
        self.surface_share = {ids[i]: float(n) / sample.size for i, n in zip(*np.unique(sample, return_counts=True))}
        rgb = lut[sample] * self._shading(track)[..., None]
        img = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
        self._draw(ImageDraw.Draw(img))
        self.image = img

    def _shading(self, track) -> np.ndarray:
        """Hill shading 0.6..1.15 per pixel (north up) so slopes and crests read from above."""
        h = build_heights(track)
        xs, zs = grid_axes(track.size_m, track.terrain.cell_m)
        dz, dx = np.gradient(h, zs, xs)
        lit = 1.0 + 0.9 * (SHADE_LIGHT[0] * -dx + SHADE_LIGHT[1] * -dz) / np.sqrt(1 + dx * dx + dz * dz)
        img = Image.fromarray(np.clip(lit[::-1], 0.6, 1.15).astype(np.float32), mode="F").resize(self.size, Image.BILINEAR)
        return np.asarray(img)

    def px(self, x: float, z: float) -> tuple[float, float]:
        """Pixel (column, row) of a world point; row 0 is the map's north edge."""
        return (x + self.track.size_m[0] / 2) / self.m_per_px, (self.track.size_m[1] / 2 - z) / self.m_per_px

    def uv(self, x: float, z: float) -> tuple[float, float]:
        """Where a world point falls on the image, 0..1 from the west and from the south edge."""
        return (x + self.track.size_m[0] / 2) / self.track.size_m[0], (z + self.track.size_m[1] / 2) / self.track.size_m[1]

    def _draw(self, d: ImageDraw.ImageDraw) -> None:
        line = max(1, round(0.9 / self.m_per_px))
        t = self.track
        for zone in t.drift_zones:
            for pts, closed in outline(zone["area"], 0.0):
                seq = [self.px(*p) for p in pts] + ([self.px(*pts[0])] if closed else [])
                d.line(seq, fill=ZONE_RGBA, width=max(1, line))
        for wall in t.walls:
            seq = [self.px(*p) for p in wall.points] + ([self.px(*wall.points[0])] if wall.closed else [])
            d.line(seq, fill=WALL_RGBA if wall.kind != "snowbank" else (250, 252, 255, 255), width=line + (1 if wall.kind == "wall" else 0))
        for bay in t.bays:
            c = [self.px(*p) for p in bay_outline(bay)]
            d.line([c[3], c[0], c[1], c[2]] + ([c[3]] if bay.task == "parallel" else []), fill=BAY_RGBA, width=1)
        for car in t.parked_cars:
            paint = tuple(int(v * 255) for v in hex_rgb(car.color)) + (255,)
            d.polygon([self.px(*p) for p in box_corners(car.x, car.z, car.heading_deg, car.length_m, car.width_m)], fill=paint, outline=PARKED_RGBA)
        for p in t.props:
            if p.solid:
                cx, cy = self.px(p.x, p.z)
                r = max(1.0, p.radius_m * p.scale / self.m_per_px)
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(40, 70, 40, 255) if p.kind in ("tree", "pine") else WALL_RGBA)


def surfaces_line(share: dict[str, float], min_share: float = 0.01) -> str:
    """'Asphalt 40% · Grass 55% ...' largest first, leaving out slivers."""
    parts = [f"{s.capitalize()} {math.floor(v * 100 + 0.5)}%" for s, v in sorted(share.items(), key=lambda kv: -kv[1]) if v >= min_share]
    return "   ".join(parts)


_CACHE: dict[tuple, MapImage] = {}


def map_image_for(track, surfaces, px_per_side: int = 384) -> MapImage:
    """The map's picture, made once per track contents and size (menus and the minimap share it)."""
    key = (track.id, px_per_side, hash(repr(track)), tuple((k, v.color) for k, v in surfaces.items()))
    if key not in _CACHE:
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = MapImage(track, surfaces, px_per_side)
    return _CACHE[key]


COURSE_LINE_RGBA = (255, 255, 255, 200)
GATE_RGBA = {"start": (255, 255, 255, 255), "initiation": (255, 210, 26, 255), "finish": (255, 74, 62, 255)}
CLIP_RGBA = (255, 138, 42, 255)
CLIP_RIM_RGBA = (20, 20, 24, 255)


def course_image(img: MapImage, course, margin_m: float = 18.0) -> Image.Image:
    """The map's picture round a judged course, with the course drawn on it: the judges' line, the gates, the clips
    (inner as dots, outer zones as thick strokes); cropped to the course and a margin, for the map picker's preview."""
    out = img.image.copy()
    d = ImageDraw.Draw(out)
    line = max(1, round(0.8 / img.m_per_px))
    d.line([img.px(*p) for p in course.line], fill=COURSE_LINE_RGBA, width=line, joint="curve")
    for kind in ("start", "initiation", "finish"):
        g = getattr(course, kind)
        d.line([img.px(*g.a), img.px(*g.b)], fill=GATE_RGBA[kind], width=line + 2)
    r = max(3.0, 1.6 / img.m_per_px)
    for clip in course.clips:
        if clip.kind == "inner":
            cx, cy = img.px(*clip.points[0])
            d.ellipse((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), fill=CLIP_RIM_RGBA)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CLIP_RGBA)
        else:
            pts = [img.px(*p) for p in clip.points]
            d.line(pts, fill=CLIP_RIM_RGBA, width=line + 5, joint="curve")
            d.line(pts, fill=CLIP_RGBA, width=line + 3, joint="curve")
    pts = list(course.line) + [p for c in course.clips for p in c.points] + [p for g in (course.start, course.initiation, course.finish) for p in (g.a, g.b)]
    cols, rows = zip(*(img.px(*p) for p in pts))
    m = margin_m / img.m_per_px
    box = [min(cols) - m, min(rows) - m, max(cols) + m, max(rows) + m]
    for lo, hi in ((0, 2), (1, 3)):  # no flatter than 4:3 either way, so the preview keeps a usable shape
        other = (1, 3) if lo == 0 else (0, 2)
        need = (box[other[1]] - box[other[0]]) * 0.75 - (box[hi] - box[lo])
        if need > 0:
            box[lo], box[hi] = box[lo] - need / 2, box[hi] + need / 2
    w, h = out.size
    box = [max(0, round(box[0])), max(0, round(box[1])), min(w, round(box[2])), min(h, round(box[3]))]
    return out.crop(tuple(box))
