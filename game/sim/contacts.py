"""Car-to-car contacts: cars as capsules, overlaps resolved without depending on the order of the list.

Every push of one pass is computed from the same positions and applied together (a Jacobi pass),
weighted by inverse mass; passes repeat until nothing overlaps by more than the tolerance or the
pass limit is reached, so piles separate. A capsule is the car's centre line (length - width long)
swept by a circle of half the car's width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.mathx import clamp01


@dataclass(slots=True)
class Body:
    """One car for contact purposes: centre (x, z), heading (0 faces +z), capsule half-segment and radius, 1/mass."""

    x: float
    z: float
    heading: float
    half_len: float
    radius: float
    inv_mass: float

    @property
    def reach(self) -> float:
        """Radius of a circle around the centre that holds the whole capsule (broad phase)."""
        return self.half_len + self.radius

    def segment(self) -> tuple[float, float, float, float]:
        """The capsule's centre line: (ax, az, bx, bz)."""
        fx, fz = math.sin(self.heading) * self.half_len, math.cos(self.heading) * self.half_len
        return self.x - fx, self.z - fz, self.x + fx, self.z + fz


@dataclass(frozen=True, slots=True)
class Contact:
    """Bodies i and j overlap by `depth` (m); (nx, nz) points from i toward j; (px, pz) is the contact point."""

    i: int
    j: int
    nx: float
    nz: float
    depth: float
    px: float
    pz: float


def closest_on_segments(p1x, p1z, q1x, q1z, p2x, p2z, q2x, q2z) -> tuple[float, float, float, float]:
    """Closest points between segments p1-q1 and p2-q2 (Ericson, Real-Time Collision Detection, 5.1.9)."""
    d1x, d1z = q1x - p1x, q1z - p1z
    d2x, d2z = q2x - p2x, q2z - p2z
    rx, rz = p1x - p2x, p1z - p2z
    a = d1x * d1x + d1z * d1z
    e = d2x * d2x + d2z * d2z
    f = d2x * rx + d2z * rz
    eps = 1e-12
    if a <= eps and e <= eps:
        return p1x, p1z, p2x, p2z
    if a <= eps:
        s, t = 0.0, clamp01(f / e)
    else:
        c = d1x * rx + d1z * rz
        if e <= eps:
            s, t = clamp01(-c / a), 0.0
        else:
            b = d1x * d2x + d1z * d2z
            denom = a * e - b * b
            s = clamp01((b * f - c * e) / denom) if denom > eps else 0.0
            t = (b * s + f) / e
            if t < 0.0:
                s, t = clamp01(-c / a), 0.0
            elif t > 1.0:
                s, t = clamp01((b - c) / a), 1.0
    return p1x + d1x * s, p1z + d1z * s, p2x + d2x * t, p2z + d2z * t


def contact(a: Body, b: Body, i: int = 0, j: int = 1) -> Contact | None:
    """The overlap of two capsules, or None when they do not touch."""
    dx, dz = b.x - a.x, b.z - a.z
    reach = a.reach + b.reach
    if dx * dx + dz * dz >= reach * reach:
        return None
    pax, paz, pbx, pbz = closest_on_segments(*a.segment(), *b.segment())
    nx, nz = pbx - pax, pbz - paz
    d = math.sqrt(nx * nx + nz * nz)
    depth = a.radius + b.radius - d
    if depth <= 0.0:
        return None
    if d > 1e-9:
        nx, nz = nx / d, nz / d
    else:  # centre lines cross: push along the line between the centres (or +x when they coincide)
        d0 = math.sqrt(dx * dx + dz * dz)
        nx, nz = (dx / d0, dz / d0) if d0 > 1e-9 else (1.0, 0.0)
    return Contact(i, j, nx, nz, depth, (pax + pbx) / 2, (paz + pbz) / 2)


def find_contacts(bodies: list[Body]) -> list[Contact]:
    """Every overlapping pair (i < j)."""
    out = []
    n = len(bodies)
    xs, zs, reach = [b.x for b in bodies], [b.z for b in bodies], [b.reach for b in bodies]
    for i in range(n):
        xi, zi, ri = xs[i], zs[i], reach[i]
        for j in range(i + 1, n):
            dx, dz, r = xs[j] - xi, zs[j] - zi, ri + reach[j]
            if dx * dx + dz * dz < r * r:  # broad phase inline: most pairs are far apart
                c = contact(bodies[i], bodies[j], i, j)
                if c is not None:
                    out.append(c)
    return out


def resolve(bodies: list[Body], max_passes: int, tolerance_m: float) -> list[Contact]:
    """Separate overlapping bodies in place; returns the contacts found on the first pass.

    Each pass finds every contact from the same positions and moves both bodies of each apart by the
    whole depth, shared by inverse mass, all at once. Stops when no overlap exceeds `tolerance_m`.
    """
    first: list[Contact] | None = None
    for _ in range(max_passes):
        found = find_contacts(bodies)
        if first is None:
            first = found
        if not found or max(c.depth for c in found) <= tolerance_m:
            break
        moves = [[0.0, 0.0] for _ in bodies]
        for c in found:
            a, b = bodies[c.i], bodies[c.j]
            w = a.inv_mass + b.inv_mass
            if w <= 0.0:
                continue
            ka, kb = c.depth * a.inv_mass / w, c.depth * b.inv_mass / w
            moves[c.i][0] -= c.nx * ka
            moves[c.i][1] -= c.nz * ka
            moves[c.j][0] += c.nx * kb
            moves[c.j][1] += c.nz * kb
        for body, (mx, mz) in zip(bodies, moves):
            body.x += mx
            body.z += mz
    return first or []


def max_overlap(bodies: list[Body]) -> float:
    """The deepest overlap between any two bodies (0 when none touch)."""
    return max((c.depth for c in find_contacts(bodies)), default=0.0)
