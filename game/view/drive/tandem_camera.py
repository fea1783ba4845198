"""The tandem camera: the chase camera pulled back, raised and aimed between the two cars as their gap grows.

`pair_frame` is the framing math (pure): where between the cars to aim and how far back to sit so that both fit
inside the field of view with a margin. `PairFraming` smooths it frame-rate independently and hands it to the
CameraRig as an aim offset, extra distance and extra height; the rig keeps the camera above the ground. The player's
car is never lost: the aim moves at most AIM_SHARE_MAX of the way to the other car, and past FRAME_FAR_M (BEHIND_FAR_M for
a car behind: a chase fallen back) the camera lets the other car go and follows the player alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.view.drive.camera_rig import RIGS

AIM_SHARE_MAX = 0.35  # the aim point moves at most this share of the way from the player's car to the other ahead
AIM_BEHIND_MAX = 0.5  # ... and to one behind (a chase on a leading player's bumper: the look goes back over it)
AIM_FULL_GAP_M = 8.0  # ... and gets there at this gap (proportionally before)
FOV_MARGIN = 0.72  # both cars within this share of the half horizontal field of view
CAR_HALF_M = 2.4  # a car's half length and a little: its near corner must be in view too, not only its centre
MIN_AHEAD_M = 6.0  # each car at least this far in front of the camera (a chase behind a leading player is never behind the lens)
LIFT_PER_M = 0.32  # the camera climbs this much per metre it pulls back: it looks down over the near car at the far one
BEHIND_LIFT_PER_M = 0.3  # and this much more per metre the other car is behind the player (over a chase car, up to BEHIND_MAX_M)
BEHIND_MAX_M = 10.0
MAX_EXTRA_M = 16.0  # it never pulls back more than this
FRAME_NEAR_M, FRAME_FAR_M = 32.0, 48.0  # the framing fades out between these gaps: farther apart, only the player is followed
BEHIND_NEAR_M, BEHIND_FAR_M = 6.0, 12.0  # ... and for a car behind the player (a chase), between these: a chase on the bumper is
# framed over, one fallen back is let go, so a leading player's own car never shrinks to a speck ahead of a camera behind the chase
SMOOTH_RATE = 2.2  # 1/s: how fast the framing follows the cars (exponential, frame-rate independent)


@dataclass(frozen=True)
class PairFrame:
    """Where to aim and how far to pull back for two cars (the rig adds these to its own follow)."""

    aim_dx: float  # the aim point's offset from the player's car, world x (m)
    aim_dz: float  # ... world z (m)
    extra_m: float  # metres behind the rig's own distance
    lift_m: float  # metres above the rig's own height


NONE = PairFrame(0.0, 0.0, 0.0, 0.0)


def _smoothstep(e0: float, e1: float, x: float) -> float:
    t = min(1.0, max(0.0, (x - e0) / (e1 - e0)))
    return t * t * (3.0 - 2.0 * t)


def pair_frame(px: float, pz: float, ox: float, oz: float, yaw: float, base_dist_m: float, fov_deg: float) -> PairFrame:
    """The framing of the player's car at (px, pz) and the other at (ox, oz) for a camera looking along yaw (rad,
    0 = +z, clockwise) from base_dist_m behind its aim point, with a horizontal field of view of fov_deg."""
    dx, dz = ox - px, oz - pz
    gap = math.hypot(dx, dz)
    fx, fz = math.sin(yaw), math.cos(yaw)
    ahead, right = dx * fx + dz * fz, dx * fz - dz * fx  # the other car in the camera's frame
    back = min(1.0, max(0.0, -ahead / gap)) if gap > 0 else 0.0  # 1: straight behind the player
    near, far = FRAME_NEAR_M + (BEHIND_NEAR_M - FRAME_NEAR_M) * back, FRAME_FAR_M + (BEHIND_FAR_M - FRAME_FAR_M) * back
    weight = 1.0 - _smoothstep(near, far, gap)
    if weight <= 0.0:
        return NONE
    share = (AIM_SHARE_MAX + (AIM_BEHIND_MAX - AIM_SHARE_MAX) * back) * min(1.0, gap / AIM_FULL_GAP_M) * weight
    tan_half = math.tan(math.radians(fov_deg) * 0.5 * FOV_MARGIN)
    need = base_dist_m
    for a, b in ((-share * ahead, -share * right), ((1.0 - share) * ahead, (1.0 - share) * right)):  # player, other, from the aim
        need = max(need, (abs(b) + CAR_HALF_M) / tan_half - a, MIN_AHEAD_M - a)
    extra = min(MAX_EXTRA_M, need - base_dist_m) * weight
    lift = extra * LIFT_PER_M + BEHIND_LIFT_PER_M * min(BEHIND_MAX_M, max(0.0, -ahead)) * weight
    return PairFrame(dx * share, dz * share, extra, lift)


class PairFraming:
    """Follows pair_frame smoothly and poses the rig with it; `update(me, other, dt)` once a frame before the rig's."""

    def __init__(self, rig, floor=None) -> None:
        """floor(x, z) -> ground height (m) under a point: the rig keeps the camera above it."""
        self.rig = rig
        self.frame = NONE  # the smoothed framing
        self.rig.floor = floor
        self._fresh = True

    def update(self, me, other, dt: float) -> PairFrame:
        """Aim between the player's car state `me` and the other car's `other` (None: the player alone)."""
        rig = self.rig
        base = RIGS.get(rig.mode)
        if other is None or base is None or rig.mode == "top":  # hood and top views are the player's own
            want = NONE
        else:
            want = pair_frame(me.x, me.z, other.x, other.z, rig.yaw if rig.pos is not None else me.heading, base.distance, rig.fov)
        c = self.frame
        if self._fresh or rig.pos is None:  # the first frame and a staged run jump straight there
            f = want
        elif want == c:
            f = c
        else:
            k = 1.0 - math.exp(-SMOOTH_RATE * dt)
            f = PairFrame(c.aim_dx + (want.aim_dx - c.aim_dx) * k, c.aim_dz + (want.aim_dz - c.aim_dz) * k,
                          c.extra_m + (want.extra_m - c.extra_m) * k, c.lift_m + (want.lift_m - c.lift_m) * k)
        self._fresh = False
        self.frame = f
        rig.aim = (f.aim_dx, f.aim_dz)
        rig.extra_m, rig.extra_lift_m = f.extra_m, f.lift_m
        return f

    def reset(self) -> None:
        """Jump to the framing of the next frame (a staged run)."""
        self._fresh = True

    def destroy(self) -> None:
        """Hand the rig back to the player alone."""
        self.rig.aim, self.rig.extra_m, self.rig.extra_lift_m, self.rig.floor = (0.0, 0.0), 0.0, 0.0, None
