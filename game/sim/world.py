"""Ground queries (height, normal, surface) and wall contacts for the car: pure and fast per call."""

from __future__ import annotations

import math

from game.sim.terrain import SURFACE_CELL_M, build_heights, build_surface_raster, grid_axes
from game.sim.track import TrackDef

_BROAD_CELL_M = 8.0  # broad-phase grid cell for walls and solid props
# Swept collision engages for moves longer than this share of the car's collision radius: a shorter move cannot
# carry the centre of a car resting against a wall (at one radius from its line) across the line.
SWEEP_ABOVE_FRACTION = 0.5
_SWEEP_HOLD_M = 1e-3  # a stopped move is held this far on the near side of a wall line (or inside a prop's reach)


def box_corners(x: float, z: float, heading_deg: float, length_m: float, width_m: float) -> list[tuple[float, float]]:
    """The four ground corners of a box centred at (x, z) whose length points along heading_deg (front-left first, clockwise)."""
    a = math.radians(heading_deg)
    fx, fz = math.sin(a) * length_m / 2, math.cos(a) * length_m / 2
    rx, rz = math.cos(a) * width_m / 2, -math.sin(a) * width_m / 2
    return [(x + fx - rx, z + fz - rz), (x + fx + rx, z + fz + rz), (x - fx + rx, z - fz + rz), (x - fx - rx, z - fz - rz)]


class FlatWorld:
    """An endless flat pad of one surface: what `sideways sim --surface NAME` drives on."""

    def __init__(self, surface: str):
        self.surface = surface
        self.spawn = (0.0, 0.0, 0.0)

    def ground(self, x: float, z: float) -> tuple[float, float, float, float, str]:
        """(height, nx, ny, nz, surface id) under the point."""
        return 0.0, 0.0, 1.0, 0.0, self.surface

    def contacts(self, x: float, z: float, y: float, radius: float) -> list[tuple[float, float, float]]:
        """No walls on an endless pad."""
        return []

    def sweep(self, x0: float, z0: float, x1: float, z1: float, y: float, radius: float) -> tuple[float, float]:
        """Nothing to stop a move on an endless pad."""
        return x1, z1


class World:
    """A track made queryable: heightfield + ramps, surface raster, walls and solid props."""

    def __init__(self, track: TrackDef, surface_ids: list[str]):
        self.track = track
        self.surface_ids = list(surface_ids)
        index = {s: i for i, s in enumerate(self.surface_ids)}
        t = track.terrain
        self.heights = build_heights(track)
        self.hx, self.hz = grid_axes(track.size_m, t.cell_m)
        self._h = self.heights.tolist()
        self._hx0, self._hz0 = float(self.hx[0]), float(self.hz[0])
        self._hcell = t.cell_m
        self._hnx, self._hnz = len(self.hx) - 1, len(self.hz) - 1
        self.surface_grid, sx0, sz0 = build_surface_raster(track, index)
        self._s = [bytes(row) for row in self.surface_grid]
        self._sx0, self._sz0 = sx0, sz0
        self._snx, self._snz = self.surface_grid.shape[1] - 1, self.surface_grid.shape[0] - 1
        self._half = (track.size_m[0] / 2, track.size_m[1] / 2)
        self._ramps = [self._ramp_record(r, index) for r in track.ramps]
        self._segments: list[tuple[float, float, float, float, float]] = []
        self._circles: list[tuple[float, float, float, float]] = []
        self._cells: dict[tuple[int, int], list[tuple[str, int]]] = {}  # broad-phase cell -> ("s" segment | "c" circle, index)
        self._build_colliders()
        s = track.spawns[0]
        self.spawn = (s.x, s.z, s.heading_deg)

    # ---- ground -------------------------------------------------------------------------

    def terrain_height(self, x: float, z: float) -> float:
        """Bilinear height of the terrain alone."""
        return self._terrain(x, z)[0]

    def ground(self, x: float, z: float) -> tuple[float, float, float, float, str]:
        """(height, nx, ny, nz, surface id) under the point; ramps stand on the terrain."""
        h, dhdx, dhdz = self._terrain(x, z)
        surface = None
        for rx, rz, sa, ca, length, half_w, base, height, rsurf in self._ramps:
            dx, dz = x - rx, z - rz
            u = dx * sa + dz * ca
            if 0.0 <= u <= length:
                v = dx * ca - dz * sa
                if -half_w <= v <= half_w:
                    slope = height / length
                    rh = base + slope * u
                    if rh > h:
                        h, dhdx, dhdz, surface = rh, slope * sa, slope * ca, rsurf
        inv = 1.0 / math.sqrt(1.0 + dhdx * dhdx + dhdz * dhdz)
        if surface is None:
            ix = int((x - self._sx0) * (1.0 / SURFACE_CELL_M) + 0.5)
            iz = int((z - self._sz0) * (1.0 / SURFACE_CELL_M) + 0.5)
            ix = 0 if ix < 0 else self._snx if ix > self._snx else ix
            iz = 0 if iz < 0 else self._snz if iz > self._snz else iz
            surface = self.surface_ids[self._s[iz][ix]]
        return h, -dhdx * inv, inv, -dhdz * inv, surface

    def _terrain(self, x: float, z: float) -> tuple[float, float, float]:
        c = self._hcell
        fx = (x - self._hx0) / c
        fz = (z - self._hz0) / c
        ix = int(fx)
        iz = int(fz)
        if ix < 0:
            ix, fx = 0, 0.0
        elif ix >= self._hnx:
            ix, fx = self._hnx - 1, float(self._hnx)
        if iz < 0:
            iz, fz = 0, 0.0
        elif iz >= self._hnz:
            iz, fz = self._hnz - 1, float(self._hnz)
        tx, tz = fx - ix, fz - iz
        r0, r1 = self._h[iz], self._h[iz + 1]
        h00, h10, h01, h11 = r0[ix], r0[ix + 1], r1[ix], r1[ix + 1]
        a = h00 + (h10 - h00) * tx
        b = h01 + (h11 - h01) * tx
        h = a + (b - a) * tz
        dhdx = ((h10 - h00) * (1 - tz) + (h11 - h01) * tz) / c
        dhdz = (b - a) / c
        return h, dhdx, dhdz

    def _ramp_record(self, r, index):
        a = math.radians(r.heading_deg)
        if r.surface not in index:
            raise ValueError(f"ramp surface {r.surface!r} is not in the catalog")
        base = self.terrain_height(r.x, r.z)
        return (r.x, r.z, math.sin(a), math.cos(a), r.length_m, r.width_m / 2, base, r.height_m, r.surface)

    # ---- walls ----------------------------------------------------------------------------

    def _build_colliders(self) -> None:
        hw, hd = self._half
        border = [((-hw, -hd), (hw, -hd)), ((hw, -hd), (hw, hd)), ((hw, hd), (-hw, hd)), ((-hw, hd), (-hw, -hd))]
        for a, b in border:
            self._add_segment(a, b, 1e9)
        for wall in self.track.walls:
            pts = list(wall.points) + ([wall.points[0]] if wall.closed else [])
            for a, b in zip(pts, pts[1:]):
                top = max(self.terrain_height(*a), self.terrain_height(*b)) + wall.height_m
                self._add_segment(a, b, top)
        for car in self.track.parked_cars:
            corners = box_corners(car.x, car.z, car.heading_deg, car.length_m, car.width_m)
            top = max(self.terrain_height(*c) for c in corners) + car.height_m
            for a, b in zip(corners, corners[1:] + corners[:1]):
                self._add_segment(a, b, top)
        for p in self.track.props:
            if p.solid:
                r = p.radius_m * p.scale
                top = self.terrain_height(p.x, p.z) + 2.0 * r + 0.5
                self._circles.append((p.x, p.z, r, top))
                self._insert(("c", len(self._circles) - 1), p.x - r, p.z - r, p.x + r, p.z + r)

    def _add_segment(self, a, b, top: float) -> None:
        self._segments.append((a[0], a[1], b[0], b[1], top))
        i = len(self._segments) - 1
        self._insert(("s", i), min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))

    def _insert(self, key: tuple[str, int], xmin: float, zmin: float, xmax: float, zmax: float) -> None:
        m = 4.0  # margin: the largest car radius we expect
        c = _BROAD_CELL_M
        for i in range(int(math.floor((xmin - m) / c)), int(math.floor((xmax + m) / c)) + 1):
            for j in range(int(math.floor((zmin - m) / c)), int(math.floor((zmax + m) / c)) + 1):
                self._cells.setdefault((i, j), []).append(key)

    def contacts(self, x: float, z: float, y: float, radius: float) -> list[tuple[float, float, float]]:
        """Penetrations of a circle at (x, z) whose bottom is at height y: (nx, nz, depth) pushing it out."""
        keys = self._cells.get((int(math.floor(x / _BROAD_CELL_M)), int(math.floor(z / _BROAD_CELL_M))))
        if not keys:
            return []
        out = []
        for kind, i in keys:
            if kind == "s":
                ax, az, bx, bz, top = self._segments[i]
                if y > top:
                    continue
                ex, ez = bx - ax, bz - az
                ll = ex * ex + ez * ez
                t = ((x - ax) * ex + (z - az) * ez) / ll if ll > 0 else 0.0
                t = 0.0 if t < 0 else 1.0 if t > 1 else t
                dx, dz = x - (ax + t * ex), z - (az + t * ez)
            else:
                cx, cz, r, top = self._circles[i]
                if y > top:
                    continue
                dx, dz = x - cx, z - cz
                radius_here = radius + r
                d = math.hypot(dx, dz)
                if d < radius_here and d > 1e-9:
                    out.append((dx / d, dz / d, radius_here - d))
                continue
            d = math.hypot(dx, dz)
            if d < radius:
                if d > 1e-9:
                    out.append((dx / d, dz / d, radius - d))
                else:  # exactly on the line: push along its normal
                    n = math.sqrt(ll)
                    out.append((-ez / n, ex / n, radius))
        return out

    def sweep(self, x0: float, z0: float, x1: float, z1: float, y: float, radius: float) -> tuple[float, float]:
        """Where a move of a circle's centre from (x0, z0) to (x1, z1) must stop so it passes through no wall or prop.

        Swept collision: a move longer than SWEEP_ABOVE_FRACTION of the radius could carry the centre across a
        wall line (or through a solid prop), where `contacts` would push it out on the far side. Such a move stops
        at the first wall line it crosses (held just on the near side) or where it enters a prop, so `contacts`
        then pushes the car out on the side it came from. Shorter moves are returned unchanged.
        """
        dx, dz = x1 - x0, z1 - z0
        dd = dx * dx + dz * dz
        if dd <= (SWEEP_ABOVE_FRACTION * radius) ** 2:
            return x1, z1
        t_hit, stop = 1.0, None
        for kind, i in self._keys_along(x0, z0, x1, z1):
            if kind == "s":
                ax, az, bx, bz, top = self._segments[i]
                if y > top:
                    continue
                ex, ez = bx - ax, bz - az
                den = dx * ez - dz * ex
                if den == 0.0:
                    continue  # moving parallel to the wall: it cannot be crossed
                wx, wz = ax - x0, az - z0
                t = (wx * ez - wz * ex) / den
                u = (wx * dz - wz * dx) / den
                if 0.0 <= t < t_hit and 0.0 <= u <= 1.0:
                    n = math.hypot(ex, ez)
                    nx, nz = -ez / n, ex / n
                    if nx * dx + nz * dz > 0.0:  # the normal that faces back toward where the move began
                        nx, nz = -nx, -nz
                    t_hit = t
                    stop = (x0 + t * dx + nx * _SWEEP_HOLD_M, z0 + t * dz + nz * _SWEEP_HOLD_M)
            else:
                cx, cz, r, top = self._circles[i]
                if y > top:
                    continue
                reach = r + radius
                fx, fz = x0 - cx, z0 - cz
                c = fx * fx + fz * fz - reach * reach
                b = fx * dx + fz * dz
                if c <= 0.0 or b >= 0.0:
                    continue  # already touching (contacts handles it) or moving away
                disc = b * b - dd * c
                if disc <= 0.0:
                    continue  # passes beside it
                t = (-b - math.sqrt(disc)) / dd
                if t < t_hit:
                    px, pz = x0 + t * dx - cx, z0 + t * dz - cz
                    k = (reach - _SWEEP_HOLD_M) / reach  # just inside, so contacts sees the touch
                    t_hit = t
                    stop = (cx + px * k, cz + pz * k)
        return stop if stop is not None else (x1, z1)

    def _keys_along(self, x0: float, z0: float, x1: float, z1: float) -> list:
        """Every wall and prop key in the broad-phase cells over the box around a move (each once, in a fixed order)."""
        c = _BROAD_CELL_M
        seen: dict = {}
        for i in range(int(math.floor(min(x0, x1) / c)), int(math.floor(max(x0, x1) / c)) + 1):
            for j in range(int(math.floor(min(z0, z1) / c)), int(math.floor(max(z0, z1) / c)) + 1):
                for key in self._cells.get((i, j), ()):
                    seen[key] = None
        return list(seen)
