"""Photo mode's free camera as plain numbers: a pose (ursina's axes and angles) moved, orbited, rolled and zoomed."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.sim.mathx import clamp

MOVE_MPS = 6.0  # flying speed, W/A/S/D or the left stick at full travel
FAST_FACTOR = 3.0  # with Shift held
ORBIT_DEGPS = 70.0  # orbit round the car, arrow keys or the right stick at full travel
ROLL_DEGPS = 30.0  # Q/E or the shoulders
FOV_DEGPS = 30.0  # the triggers or held -/= keys
FOV_STEP_DEG = 4.0  # one wheel notch
FOV_RANGE_DEG = (12.0, 100.0)  # from a long lens to a wide one
ROLL_LIMIT_DEG = 45.0
PITCH_LIMIT_DEG = 85.0  # never quite straight up or down (the orbit's angles would turn over)
MAX_RANGE_M = 80.0  # the camera stays within this distance of the car (the world past it is not built for close-ups)
MIN_ORBIT_M = 1.5  # orbiting never passes through the car
CLEARANCE_M = 0.3  # above the ground under the camera, when the ground is known


@dataclass(frozen=True)
class Pose:
    """Where the camera is (m, world axes: +Y up, +Z north) and how it turns (deg, ursina's rotation: x pitch, positive
    looks down; y yaw, clockwise from above; z roll), with its field of view (deg)."""

    x: float
    y: float
    z: float
    pitch: float
    yaw: float
    roll: float
    fov: float

    @property
    def position(self) -> tuple[float, float, float]:
        """(x, y, z)."""
        return (self.x, self.y, self.z)

    def forward(self) -> tuple[float, float, float]:
        """The unit vector the camera looks along."""
        p, y = math.radians(self.pitch), math.radians(self.yaw)
        return (math.sin(y) * math.cos(p), -math.sin(p), math.cos(y) * math.cos(p))


def move(pose: Pose, forward: float, right: float, up: float, dt: float, fast: bool = False) -> Pose:
    """Fly along the camera's heading (level, so looking down does not dive), sideways and straight up; inputs -1..1."""
    speed = MOVE_MPS * (FAST_FACTOR if fast else 1.0) * dt
    y = math.radians(pose.yaw)
    fx, fz = math.sin(y), math.cos(y)
    return replace(pose, x=pose.x + (fx * forward + fz * right) * speed, y=pose.y + up * speed, z=pose.z + (fz * forward - fx * right) * speed)


def look_at(pose: Pose, target: tuple[float, float, float]) -> Pose:
    """Turn the camera to face a point (its roll and field of view kept)."""
    dx, dy, dz = (t - p for t, p in zip(target, pose.position))
    flat = math.hypot(dx, dz)
    if flat < 1e-9 and abs(dy) < 1e-9:
        return pose
    return replace(pose, yaw=math.degrees(math.atan2(dx, dz)), pitch=-math.degrees(math.atan2(dy, flat)))


def orbit(pose: Pose, pivot: tuple[float, float, float], d_azimuth_deg: float, d_elevation_deg: float) -> Pose:
    """Swing the camera round a point (the car) by these angles, keeping its distance, and face the point."""
    dx, dy, dz = (p - c for p, c in zip(pose.position, pivot))
    dist = max(math.sqrt(dx * dx + dy * dy + dz * dz), MIN_ORBIT_M)
    az = math.atan2(dx, dz) + math.radians(d_azimuth_deg)
    el = clamp(math.degrees(math.asin(clamp(dy / dist, -1.0, 1.0))) + d_elevation_deg, -PITCH_LIMIT_DEG, PITCH_LIMIT_DEG)
    e = math.radians(el)
    pos = (pivot[0] + dist * math.sin(az) * math.cos(e), pivot[1] + dist * math.sin(e), pivot[2] + dist * math.cos(az) * math.cos(e))
    return look_at(replace(pose, x=pos[0], y=pos[1], z=pos[2]), pivot)


def turn(pose: Pose, d_roll_deg: float = 0.0, d_fov_deg: float = 0.0) -> Pose:
    """Roll the horizon and widen (+) or narrow (-) the view, within their limits."""
    return replace(pose, roll=clamp(pose.roll + d_roll_deg, -ROLL_LIMIT_DEG, ROLL_LIMIT_DEG),
                   fov=clamp(pose.fov + d_fov_deg, *FOV_RANGE_DEG))


def keep_near(pose: Pose, car: tuple[float, float, float], floor=None) -> Pose:
    """Pull the camera back within MAX_RANGE_M of the car and, given floor(x, z) -> ground height, above the ground."""
    dx, dy, dz = (p - c for p, c in zip(pose.position, car))
    dist = math.sqrt(dx * dx + dy * dy + dz * dz)
    if dist > MAX_RANGE_M:
        k = MAX_RANGE_M / dist
        pose = replace(pose, x=car[0] + dx * k, y=car[1] + dy * k, z=car[2] + dz * k)
    if floor is not None:
        ground = floor(pose.x, pose.z)
        if pose.y < ground + CLEARANCE_M:
            pose = replace(pose, y=ground + CLEARANCE_M)
    return pose


def distance(pose: Pose, point: tuple[float, float, float]) -> float:
    """From the camera to a point (m)."""
    return math.dist(pose.position, point)
