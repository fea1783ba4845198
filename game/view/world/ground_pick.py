"""Where the mouse pointer meets the ground: a ray from the camera marched over the sim's heightfield."""

from __future__ import annotations

from panda3d.core import Point2, Point3

PICK_RANGE_M = 600.0  # farthest ground a click can reach
PICK_STEP_M = 1.0  # march step; the crossing is then refined by halving


def pick_ground(world) -> tuple[float, float] | None:
    """(x, z) of the ground under the pointer, or None (no pointer, or the ray leaves the ground's range)."""
    from ursina import camera, mouse

    if mouse.position is None:
        return None
    win = base.win  # noqa: F821 - panda3d's ShowBase global
    w, h = win.getXSize(), win.getYSize()
    aspect = w / h if h else 1.0
    near, far = Point3(), Point3()
    # ursina's mouse x spans [-aspect/2, aspect/2] and y [-1/2, 1/2]; the lens wants [-1, 1] both ways
    if not base.camLens.extrude(Point2(mouse.x * 2 / aspect, mouse.y * 2), near, far):  # noqa: F821
        return None
    origin = base.render.getRelativePoint(camera, near)  # noqa: F821
    target = base.render.getRelativePoint(camera, far)  # noqa: F821
    return march(world, (origin[0], origin[1], origin[2]), (target[0], target[1], target[2]))


def march(world, origin, target) -> tuple[float, float] | None:
    """First point along origin -> target below the ground, refined to a few centimetres."""
    dx, dy, dz = target[0] - origin[0], target[1] - origin[1], target[2] - origin[2]
    length = (dx * dx + dy * dy + dz * dz) ** 0.5
    if length <= 0.0:
        return None
    ux, uy, uz = dx / length, dy / length, dz / length
    above = lambda d: origin[1] + uy * d > world.ground(origin[0] + ux * d, origin[2] + uz * d)[0]  # noqa: E731
    if not above(0.0):
        return None
    d, limit = 0.0, min(length, PICK_RANGE_M)
    while d < limit:
        nxt = d + PICK_STEP_M
        if not above(nxt):
            lo, hi = d, nxt
            for _ in range(12):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if above(mid) else (lo, mid)
            return origin[0] + ux * hi, origin[2] + uz * hi
        d = nxt
    return None
