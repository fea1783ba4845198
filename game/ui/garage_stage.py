"""The garage's stage: a lit turntable in a dark cyclorama, built from surfaces of revolution."""

from __future__ import annotations

import math

import numpy as np
from ursina import AmbientLight, DirectionalLight, Entity, Mesh, Vec3, application, color

from game.view.boot.blending import opaque
from game.view.cars import car_shader

PLINTH_R_M, PLINTH_H_M = 3.3, 0.22
STAGE_R_M, STAGE_H_M = 20.0, 11.0  # the cyclorama around the turntable


def _lathe(profile: list, n: int = 64, stripe: int = 0) -> Mesh:
    """A surface of revolution about +Y from [(radius, height, rgb, (normal_r, normal_y))]; `stripe` darkens
    alternate runs of that many segments (so a turning plinth shows it turns)."""
    verts, tris, cols, norms = [], [], [], []
    for i in range(n):
        k = 0.82 if stripe and (i // stripe) % 2 else 1.0
        ends = [(math.sin(a), math.cos(a)) for a in (2 * math.pi * i / n, 2 * math.pi * (i + 1) / n)]
        for p0, p1 in zip(profile, profile[1:]):
            base = len(verts)
            for (r, y, c, (nr, ny)), (sa, ca) in ((p0, ends[0]), (p0, ends[1]), (p1, ends[1]), (p1, ends[0])):
                verts.append((r * sa, y, r * ca))
                cols.append((c[0] * k, c[1] * k, c[2] * k, 1.0))
                norms.append((nr * sa, ny, nr * ca))
            tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
    return Mesh(vertices=np.array(verts, np.float32), triangles=tris, colors=np.array(cols, np.float32),
                normals=np.array(norms, np.float32), mode="triangle", static=True)


UP, OUT = (0.0, 1.0), (1.0, 0.0)
# floor: a pool of light under the turntable fading out, then a dark cyclorama wall (drawn unlit)
STAGE = [(0.0, 0.0, (0.24, 0.25, 0.28), UP), (5.0, 0.0, (0.17, 0.18, 0.21), UP), (10.0, 0.0, (0.085, 0.09, 0.11), UP),
         (STAGE_R_M, 0.0, (0.05, 0.055, 0.07), UP), (STAGE_R_M, 2.5, (0.085, 0.095, 0.12), UP),
         (STAGE_R_M, STAGE_H_M, (0.02, 0.022, 0.03), UP)]
PLINTH_TOP, PLINTH_SIDE = (0.33, 0.34, 0.37), (0.12, 0.125, 0.14)
PLINTH = [(0.0, PLINTH_H_M, PLINTH_TOP, UP), (PLINTH_R_M, PLINTH_H_M, PLINTH_TOP, UP),
          (PLINTH_R_M, PLINTH_H_M, PLINTH_SIDE, OUT), (PLINTH_R_M, 0.0, PLINTH_SIDE, OUT)]
STUDIO_TOP, STUDIO_FLOOR = (0.68, 0.69, 0.74), (0.16, 0.17, 0.2)  # what the paint reflects above and around it
RIM = [(PLINTH_R_M - 0.07, PLINTH_H_M + 0.004, (1.0, 0.48, 0.1), UP), (PLINTH_R_M, PLINTH_H_M + 0.004, (1.0, 0.6, 0.25), UP)]


def build_stage(parent) -> tuple[Entity, Entity]:
    """The stage under `parent`, lighting only itself; returns (stage, plinth) (the plinth turns with the car)."""
    stage = Entity(parent=parent)
    opaque(Entity(parent=stage, model=_lathe(STAGE), double_sided=True)).setLightOff(1)
    plinth = opaque(Entity(parent=stage, model=_lathe(PLINTH, n=72, stripe=6), double_sided=True))
    opaque(Entity(parent=plinth, model=_lathe(RIM, n=96), double_sided=True)).setLightOff(1)
    key = DirectionalLight(parent=stage, shadows=False, color=color.rgba(1.0, 0.96, 0.9, 1))
    key.look_at(Vec3(0.55, -0.75, 0.6))  # from above the camera's left shoulder
    rim_light = DirectionalLight(parent=stage, shadows=False, color=color.rgba(0.45, 0.55, 0.75, 1))
    rim_light.look_at(Vec3(-0.5, -0.35, -0.8))  # cool light from behind the car, right
    amb = AmbientLight(parent=stage, color=color.rgba(0.3, 0.32, 0.37, 1))
    for light in (key, rim_light, amb):  # light only the stage, not whatever else is in the scene
        np_ = light.find("**/+Light")
        application.base.render.clearLight(np_)  # ursina switched it on for the whole render tree: the drive after the
        stage.setLight(np_)  # garage would be lit by the stage's lights, its key light first in the world's shaders
    key.find("**/+Light").node().setPriority(10)  # first in the shaders' list: the one the cars' per-pixel path reads
    car_shader.set_sky(stage, STUDIO_TOP, STUDIO_FLOOR, priority=1)  # a softbox overhead: finishes show in reflections
    return stage, plinth
