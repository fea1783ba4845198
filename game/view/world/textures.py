"""Procedural ground textures: tiling per-surface detail and the baked colour/index map of a track."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from game.view.world import mesh_builder

DETAIL_PX = 256  # size of one tiling detail tile (px); the shader tiles it every DETAIL_TILE_M
DETAIL_TILE_M = 4.0  # metres covered by one detail tile on the ground
DETAIL_ONE = 128.0  # byte value that means "multiply by 1.0" in a detail tile's RGB
MAP_PX = 2048  # baked colour/index map resolution (px per side)
ANISOTROPY = 8  # anisotropic filtering of ground textures (free on GPUs; costly on software GL)


def hex_rgb(value: str) -> np.ndarray:
    """'#rrggbb' -> float RGB in 0..1, as an array (the mesh kit's parser)."""
    return np.array(mesh_builder.hex_rgb(value), dtype=np.float32)


def tile_noise(rng: np.random.Generator, size: int, cells: tuple[int, int], octaves: int = 1) -> np.ndarray:
    """Tileable value noise in 0..1, (size, size), with cells=(rows, cols) lattice cells at the base octave."""
    out = np.zeros((size, size), dtype=np.float32)
    total = 0.0
    for o in range(octaves):
        cz, cx = cells[0] * 2**o, cells[1] * 2**o
        g = rng.random((cz, cx), dtype=np.float32)
        tz, tx = np.arange(size) * cz / size, np.arange(size) * cx / size
        iz, ix = tz.astype(int), tx.astype(int)
        fz, fx = tz - iz, tx - ix
        fz, fx = (fz * fz * (3 - 2 * fz))[:, None], (fx * fx * (3 - 2 * fx))[None, :]
        jz, jx = (iz + 1) % cz, (ix + 1) % cx
        a = g[iz][:, ix] * (1 - fx) + g[iz][:, jx] * fx
        b = g[jz][:, ix] * (1 - fx) + g[jz][:, jx] * fx
        amp = 0.5**o
        out += amp * (a * (1 - fz) + b * fz)
        total += amp
    return out / total


def _strokes(size: int, draw_fn) -> np.ndarray:
    """Draw on a 3x canvas with the tile in the middle, fold it so shapes wrap: RGBA float 0..1."""
    canvas = Image.new("RGBA", (3 * size, 3 * size), (0, 0, 0, 0))
    draw_fn(ImageDraw.Draw(canvas), size)
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    for by in range(3):
        for bx in range(3):
            tile.alpha_composite(canvas.crop((bx * size, by * size, (bx + 1) * size, (by + 1) * size)))
    return np.asarray(tile, dtype=np.float32) / 255.0


def _over(base: np.ndarray, layer: np.ndarray) -> np.ndarray:
    """Composite an RGBA stroke layer (colours are multipliers / 2) over an RGB multiplier field."""
    a = layer[..., 3:4]
    return base * (1 - a) + layer[..., :3] * 2.0 * a


def _walk(rng: np.random.Generator, x: float, y: float, steps: int, step: float, turn: float) -> list[tuple[float, float]]:
    """A jittery polyline for cracks and ruts."""
    ang = rng.uniform(0, 2 * np.pi)
    pts = [(x, y)]
    for _ in range(steps):
        ang += rng.normal(0, turn)
        x, y = x + step * np.cos(ang), y + step * np.sin(ang)
        pts.append((x, y))
    return pts


def _asphalt(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    grain = rng.normal(0, 1, (s, s)).astype(np.float32)
    grain = (grain + np.roll(grain, 1, 0) + np.roll(grain, 1, 1)) / 3
    coarse = np.roll(np.roll(grain, 2, 0), 1, 1) * (rng.random((s, s)) < 0.2)  # darker voids between the stones
    m = 1 + 0.09 * grain - 0.08 * np.abs(coarse) + 0.08 * (tile_noise(rng, s, (4, 4), 3) - 0.5)
    m += 0.25 * (rng.random((s, s)) < 0.015)  # bright aggregate specks
    m = np.repeat(m[..., None], 3, axis=2)

    def draw(d: ImageDraw.ImageDraw, n: int) -> None:
        for _ in range(2):  # hairline sealed cracks
            d.line(_walk(rng, *rng.uniform(n, 2 * n, 2), 10, 5, 0.5), fill=(44, 44, 46, 90), width=1)

    m = _over(m, _strokes(s, draw))
    gloss = 0.12 + 0.1 * tile_noise(rng, s, (3, 3))
    return m, gloss


def _grass(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    n1 = tile_noise(rng, s, (6, 6), 3)
    m = np.stack([1 + 0.22 * (n1 - 0.5), 1 + 0.16 * (n1 - 0.5), 1 + 0.1 * (n1 - 0.5)], axis=2)
    tint = tile_noise(rng, s, (2, 2), 2) - 0.5  # a second, larger scale: dry yellowish and lush bluish patches
    clumps = tile_noise(rng, s, (14, 14), 2)  # darker tufts between the blades
    m *= np.stack([1 + 0.3 * tint, 1 + 0.08 * tint, 1 - 0.25 * tint], axis=2) * (1 - 0.14 * np.clip(clumps - 0.5, 0, 1) * 2)[..., None]

    def draw(d: ImageDraw.ImageDraw, n: int) -> None:
        for _ in range(2600):  # blades: short strokes, light tips and dark gaps
            x, y = rng.uniform(n, 2 * n, 2)
            ang = rng.uniform(0, 2 * np.pi)
            ln = rng.uniform(2, 7)
            if rng.random() < 0.5:
                col = (int(rng.uniform(70, 82)), int(rng.uniform(74, 86)), int(rng.uniform(52, 62)), 200)
            else:
                col = (int(rng.uniform(44, 52)), int(rng.uniform(48, 56)), int(rng.uniform(50, 56)), 190)
            d.line([(x, y), (x + ln * np.cos(ang), y + ln * np.sin(ang))], fill=col, width=1)
        for _ in range(14):  # clover / flower specks
            x, y = rng.uniform(n, 2 * n, 2)
            d.ellipse((x, y, x + 3, y + 3), fill=(118, 118, 98, 210))

    return _over(m, _strokes(s, draw)), np.zeros((s, s), np.float32)


def _snow(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    soft = tile_noise(rng, s, (3, 3), 3)
    ripple = tile_noise(rng, s, (2, 12), 2)
    shade = np.clip(0.9 * soft + 0.35 * ripple - 0.55, 0, 1)
    m = np.stack([1 - 0.3 * shade, 1 - 0.2 * shade, 1 - 0.04 * shade], axis=2)
    crust = tile_noise(rng, s, (10, 10), 3) - 0.5  # a finer scale: wind crust and soft hollows, faintly blue in the hollows
    m *= np.stack([1 + 0.24 * crust, 1 + 0.19 * crust, 1 + 0.07 * crust], axis=2)
    sparkle = rng.random((s, s)) < 0.004
    m[sparkle] = 1.12
    return m, 0.2 + 0.8 * sparkle.astype(np.float32)


def _dirt(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    n1 = tile_noise(rng, s, (8, 8), 3)
    ruts = tile_noise(rng, s, (1, 10), 2)  # long along z, varying across x
    grain = rng.normal(0, 0.05, (s, s)).astype(np.float32)
    v = 1 + 0.2 * (n1 - 0.5) - 0.14 * np.clip(ruts - 0.55, 0, 1) * 4 + grain
    m = np.stack([v, v * 0.98, v * 0.95], axis=2)

    def draw(d: ImageDraw.ImageDraw, n: int) -> None:
        for _ in range(170):  # pebbles with a dark shadow side
            x, y = rng.uniform(n, 2 * n, 2)
            r = rng.uniform(1.2, 3.5)
            d.ellipse((x + 0.8, y + 0.8, x + r + 0.8, y + r + 0.8), fill=(40, 36, 32, 150))
            lit = int(rng.uniform(120, 165))
            d.ellipse((x, y, x + r, y + r), fill=(lit, lit - 4, lit - 10, 235))

    return _over(m, _strokes(s, draw)), np.full((s, s), 0.03, np.float32)


def _ice(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    streak = tile_noise(rng, s, (24, 2), 2)
    cloud = tile_noise(rng, s, (3, 3), 2)
    v = 1 + 0.1 * (streak - 0.5) + 0.08 * (cloud - 0.5)
    m = np.stack([v * 0.99, v, v * 1.01], axis=2)

    def draw(d: ImageDraw.ImageDraw, n: int) -> None:
        for _ in range(7):  # cracks with a branch each
            pts = _walk(rng, *rng.uniform(n, 2 * n, 2), 12, 7, 0.45)
            d.line(pts, fill=(150, 156, 160, 200), width=1)
            bx, by = pts[len(pts) // 2]
            d.line(_walk(rng, bx, by, 5, 6, 0.6), fill=(146, 152, 156, 170), width=1)
        for _ in range(40):  # frozen bubbles
            x, y = rng.uniform(n, 2 * n, 2)
            d.ellipse((x, y, x + 2, y + 2), fill=(140, 144, 146, 160))

    strokes = _strokes(s, draw)
    gloss = 0.85 - 0.6 * strokes[..., 3] - 0.2 * cloud
    return _over(m, strokes), np.clip(gloss, 0, 1).astype(np.float32)


def _generic(rng: np.random.Generator, s: int) -> tuple[np.ndarray, np.ndarray]:
    n1 = tile_noise(rng, s, (6, 6), 3)
    return np.repeat((1 + 0.2 * (n1 - 0.5))[..., None], 3, axis=2), np.zeros((s, s), np.float32)


_MAKERS = {"asphalt": _asphalt, "grass": _grass, "snow": _snow, "dirt": _dirt, "ice": _ice}
_BY_EFFECT = {"smoke": _asphalt, "dust": _dirt, "spray": _snow}


def _seed(name: str) -> int:
    return sum((i + 1) * ord(c) for i, c in enumerate(name)) + 1009


@lru_cache(maxsize=32)
def detail_tile(surface_id: str, effect: str = "", size: int = DETAIL_PX) -> np.ndarray:
    """Tiling RGBA detail for a surface, uint8 (size, size, 4): RGB = multiplier * 128, A = gloss."""
    maker = _MAKERS.get(surface_id) or _BY_EFFECT.get(effect, _generic)
    rng = np.random.default_rng(_seed(surface_id))
    m, gloss = maker(rng, size)
    m = m / m.reshape(-1, 3).mean(axis=0)  # mean multiplier 1: from afar the catalog colour shows
    rgb = np.clip(m * DETAIL_ONE, 0, 255)
    out = np.dstack([rgb, np.clip(gloss * 255, 0, 255)]).astype(np.uint8)
    out.setflags(write=False)
    return out


def detail_preview(surface_id: str, color: str, effect: str = "") -> np.ndarray:
    """The detail tile tinted by a surface colour: uint8 RGB, what the ground looks like close up."""
    d = detail_tile(surface_id, effect)[..., :3].astype(np.float32) / DETAIL_ONE
    return np.clip(d * hex_rgb(color) * 255, 0, 255).astype(np.uint8)


_TEXTURES: dict[tuple[str, str, str], object] = {}


def detail_texture(surface_id: str, color: str, effect: str = ""):
    """A cached ursina Texture of a surface's tinted tiling detail (for props, UI, particles)."""
    key = (surface_id, color, effect)
    if key not in _TEXTURES:
        from ursina import Texture

        _TEXTURES[key] = Texture(Image.fromarray(detail_preview(surface_id, color, effect)))
    return _TEXTURES[key]


def map_extent(world) -> tuple[float, float, float, float]:
    """(x0, z0, width, depth) in metres covered by the baked maps: the surface raster's cells, edge to edge."""
    from game.sim.terrain import SURFACE_CELL_M

    g = world.surface_grid
    x0 = -world.track.size_m[0] / 2 - SURFACE_CELL_M / 2  # raster node 0 sits at the map's corner
    z0 = -world.track.size_m[1] / 2 - SURFACE_CELL_M / 2
    return x0, z0, g.shape[1] * SURFACE_CELL_M, g.shape[0] * SURFACE_CELL_M


def bay_outline(bay, inset_m: float = 0.0) -> np.ndarray:
    """The four ground corners (x, z) of a bay: back-left, back-right, front-right, front-left (front = open end)."""
    a = np.radians(bay.heading_deg)
    f, r = np.array([np.sin(a), np.cos(a)]), np.array([np.cos(a), -np.sin(a)])
    c = np.array([bay.x, bay.z])
    hl, hw = bay.length_m / 2 - inset_m, bay.width_m / 2 - inset_m
    return np.array([c + f * hl - r * hw, c + f * hl + r * hw, c - f * hl + r * hw, c - f * hl - r * hw])


def panda_texture(rgb: np.ndarray, name: str, mipmap: bool = True, nearest: bool = False):
    """A Panda3D texture from a [row=v, col=u] uint8 array (row 0 at v=0): RGB, RGBA or one channel."""
    from panda3d.core import SamplerState, Texture

    arr = np.ascontiguousarray(rgb)
    h, w = arr.shape[:2]
    ch = 1 if arr.ndim == 2 else arr.shape[2]
    tex = Texture(name)
    fmt = {1: Texture.F_red, 3: Texture.F_rgb8, 4: Texture.F_rgba8}[ch]
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, fmt)
    tex.set_ram_image_as(arr.tobytes(), {1: "R", 3: "RGB", 4: "RGBA"}[ch])
    _filters(tex, mipmap, nearest)
    tex.set_wrap_u(SamplerState.WM_clamp)
    tex.set_wrap_v(SamplerState.WM_clamp)
    return tex


def _filters(tex, mipmap: bool, nearest: bool) -> None:
    from panda3d.core import SamplerState

    if nearest:
        tex.set_minfilter(SamplerState.FT_nearest)
        tex.set_magfilter(SamplerState.FT_nearest)
    else:
        tex.set_minfilter(SamplerState.FT_linear_mipmap_linear if mipmap else SamplerState.FT_linear)
        tex.set_magfilter(SamplerState.FT_linear)
        tex.set_anisotropic_degree(ANISOTROPY)


def detail_array(surface_ids: tuple[str, ...], effects: tuple[str, ...]):
    """A Panda3D 2D texture array of the surfaces' detail tiles (layer i = surface i), repeating, mipmapped."""
    key = (surface_ids, effects)
    if key not in _ARRAYS:
        from panda3d.core import SamplerState, Texture

        tiles = np.stack([detail_tile(s, e) for s, e in zip(surface_ids, effects)])
        tex = Texture("ground_detail")
        tex.setup_2d_texture_array(DETAIL_PX, DETAIL_PX, len(surface_ids), Texture.T_unsigned_byte, Texture.F_rgba8)
        tex.set_ram_image_as(np.ascontiguousarray(tiles).tobytes(), "RGBA")
        _filters(tex, True, False)
        tex.set_wrap_u(SamplerState.WM_repeat)
        tex.set_wrap_v(SamplerState.WM_repeat)
        _ARRAYS[key] = tex
    return _ARRAYS[key]


_ARRAYS: dict = {}
