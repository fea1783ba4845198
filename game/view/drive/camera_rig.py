"""The chase camera: smoothed frame-rate independently, speed-dependent FOV and distance, four modes."""

from __future__ import annotations

import math
from dataclasses import dataclass

from panda3d.core import LVector3f, Point3

from game.view.drive.interp import lerp_angle

MODES = ("near", "far", "hood", "top")
TOP_LOW_M = 20.0  # height of the top-down camera over a car at rest (its RigMode height is at top speed)
GROUND_CLEARANCE_M = 0.9  # with a floor to check, the camera stays this far above the ground under it
TOP_AHEAD_M = 2.0  # the top-down camera centres this far ahead of the car (behind it while reversing)
FOV_STEP_DEG = 0.005  # the lens is set when the smoothed field of view has moved this far (a still one is not re-set)
UP = LVector3f(0.0, 1.0, 0.0)


@dataclass(frozen=True)
class RigMode:
    """Where the camera sits relative to the car (m) and how its view widens with speed (deg)."""

    distance: float
    height: float
    look_height: float
    look_ahead: float
    fov: float
    fov_speed: float
    distance_speed: float
    follow_rate: float
    slide_follow: float


RIGS = {
    "near": RigMode(6.2, 2.3, 1.0, 2.5, 68.0, 16.0, 1.8, 9.0, 0.45),
    "far": RigMode(11.0, 4.4, 1.0, 3.0, 62.0, 14.0, 2.5, 7.0, 0.35),
    "top": RigMode(0.01, 38.0, 0.0, 4.0, 55.0, 8.0, 10.0, 6.0, 0.0),
}


class CameraRig:
    """Drives ursina's camera from an (interpolated) car state; smoothing here is visual only."""

    def __init__(self, mode: str = "near"):
        self.mode = mode if mode in MODES else "near"
        self.yaw = 0.0  # smoothed direction the camera looks along (rad)
        self.pos: tuple[float, float, float] | None = None
        self.fov = RIGS["near"].fov
        # a framing of two cars (game/view/drive/tandem_camera.py) moves the aim off the car and pulls back and up
        self.aim: tuple[float, float] = (0.0, 0.0)  # world (x, z) offset of the aim point from the car (m)
        self.extra_m = 0.0  # metres farther back than the mode's distance
        self.extra_lift_m = 0.0  # metres higher
        self.floor = None  # floor(x, z) -> ground height under the camera (m); None: not checked

    def cycle(self) -> str:
        """Next camera mode."""
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.pos = None
        return self.mode

    def update(self, s, length_m: float, height_m: float, top_speed: float, dt: float) -> None:
        """Place the camera for this frame."""
        from ursina import Vec3, camera

        speed = math.hypot(s.vx, s.vz)
        frac = min(1.0, speed / max(top_speed, 1.0))
        if self.mode == "hood":
            fwd = (math.sin(s.heading), math.cos(s.heading))
            camera.position = Vec3(s.x + fwd[0] * length_m * 0.05, s.y + height_m * 0.95, s.z + fwd[1] * length_m * 0.05)
            camera.rotation = Vec3(-math.degrees(s.pitch) + 4.0, math.degrees(s.heading), math.degrees(s.roll) * 0.5)
            self._fov(78.0 + 12.0 * frac, dt)
            self.yaw, self.pos = s.heading, None
            return
        rig = RIGS[self.mode]
        # look between where the car points and where it goes, so a slide shows the car's flank
        target_yaw = s.heading
        if speed > 3.0 and rig.slide_follow > 0:
            vel_yaw = math.atan2(s.vx, s.vz)
            if s.forward < 0:
                vel_yaw = s.heading
            target_yaw = lerp_angle(s.heading, vel_yaw, rig.slide_follow)
        k = 1.0 - math.exp(-4.0 * dt)
        self.yaw = lerp_angle(self.yaw, target_yaw, k) if self.pos is not None else target_yaw
        fx, fz = math.sin(self.yaw), math.cos(self.yaw)
        dist = rig.distance + rig.distance_speed * frac + self.extra_m
        ax, az = s.x + self.aim[0], s.z + self.aim[1]
        # from above the camera climbs with speed: close over a slow car (parking), wide over a fast one
        lift = TOP_LOW_M + (rig.height - TOP_LOW_M) * frac if self.mode == "top" else rig.height + 0.6 * frac + self.extra_lift_m
        if self.mode == "top":  # look down a little ahead of the car, or behind it when it reverses (parking)
            dist = -TOP_AHEAD_M if s.forward > -0.5 else TOP_AHEAD_M
        want = (ax - fx * dist, s.y + lift, az - fz * dist)
        if self.pos is None:
            self.pos = want
        else:
            a = 1.0 - math.exp(-rig.follow_rate * dt)
            self.pos = tuple(p + (w - p) * a for p, w in zip(self.pos, want))
        if self.floor is not None:  # pulled back over a crest: never under the ground
            px, py, pz = self.pos
            self.pos = (px, max(py, self.floor(px, pz) + GROUND_CLEARANCE_M), pz)
        camera.setPos(*self.pos)  # what ursina's position setter and look_at do, without their Vec3 round trips
        if self.mode == "top":
            camera.rotation = Vec3(90.0, math.degrees(self.yaw), 0.0)
        else:
            camera.lookAt(Point3(ax + fx * rig.look_ahead, s.y + rig.look_height, az + fz * rig.look_ahead), UP)
        self._fov(rig.fov + rig.fov_speed * frac, dt)

    def _fov(self, want: float, dt: float) -> None:
        from ursina import camera

        self.fov += (want - self.fov) * (1.0 - math.exp(-3.0 * dt))
        if abs(camera.fov - self.fov) > FOV_STEP_DEG:
            camera.fov = self.fov
