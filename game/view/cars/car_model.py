"""The car as the player sees it: body, spinning and steering wheels, body lean and a blob shadow."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING

import numpy as np
from panda3d.core import BitMask32, Point3
from ursina import Entity, Mesh, Texture, color, scene

from game.sim.looks import FACTORY, Stance
from game.sim.mathx import clamp
from game.sim.params import CarSpec
from game.view.boot.blending import blended, opaque
from game.view.cars import car_shader
from game.view.cars.ackermann import ackermann_angles
from game.view.cars.bodies import Dims, build_body, shape_for, style_for
from game.view.cars.car_lamps import CarLamps
from game.view.cars.car_wheels import caliper_parts, ride_offset_m, wheel_parts
from game.view.world.mesh_builder import Geo, hex_rgb

if TYPE_CHECKING:
    from game.sim.car import CarState

# Visual-only body motion (never fed back to the sim). Roll is + right side down, pitch + nose up.
LEAN_SLIDE_DEG_PER_MPS = 0.30  # roll toward the slide per m/s of lateral speed
LEAN_CORNER_DEG_PER_MPS2 = 0.07  # roll to the outside per m/s^2 of centripetal acceleration (forward * yaw rate)
LEAN_MAX_ROLL_DEG = 4.0
SQUAT_DEG_PER_MPS2 = 0.08  # nose up under acceleration, down under braking
SQUAT_MAX_DEG = 2.0
LEAN_RATE = 6.0  # 1/s, exponential approach of the lean to its target
LEAN_SETTLED_DEG = 1e-4  # a body lean this small is drawn as settled: a car standing still is not posed again
SHADOW_ALPHA = 0.55
SHADOW_FADE_M = 2.5  # the shadow fades by 1/e per this much height above the ground
SHADOW_LIFT_M = 0.025  # above the ground, against z-fighting
KART_FLOOR_M = 0.06  # the kart's floor tray: how low an open frame may sit
SHADOW_CAMERA_MASK = BitMask32.bit(0)  # ursina's DirectionalLight renders its shadow map with camera mask 0b0001

_blob_texture: Texture | None = None
ON_MAP: weakref.WeakSet = weakref.WeakSet()  # every car model alive (player, AI, parked): the sun's shadow map reads it


def use_tier(tier) -> None:
    """Cars built from now on are drawn for this quality tier: its shader path and its detail (the world view calls it)."""
    CarModel.detail = tier.props_detail
    car_shader.set_tier(tier.name)


def blob_image(size: int = 64):
    """A soft rounded-rectangle shadow: black, its alpha falling off smoothly to the edges (PIL image)."""
    from PIL import Image

    t = np.linspace(-1.0, 1.0, size)
    u, v = np.meshgrid(t, t)
    d = (np.abs(u) ** 4 + np.abs(v) ** 4) ** 0.25  # superellipse: a rounded rectangle
    a = np.clip((1.0 - d) / 0.45, 0.0, 1.0)
    a = a * a * (3.0 - 2.0 * a)  # smoothstep falloff, i.e. a blurred edge
    rgba = np.zeros((size, size, 4), np.uint8)
    rgba[..., 3] = (a * 255).astype(np.uint8)
    return Image.fromarray(rgba, "RGBA")


def _texture() -> Texture:
    global _blob_texture
    if _blob_texture is None:
        _blob_texture = Texture(blob_image())
    return _blob_texture


def _mesh(g: Geo) -> Mesh:
    v, n, c = g.arrays()
    return Mesh(vertices=v, normals=n, colors=c, mode="triangle", static=True)


class CarModel(Entity):
    """One car on screen; the entity sits at the car's ground point, rotated by heading, pitch and roll."""

    detail = "full"  # "full" or "low" (the quality tier's props_detail, set by use_tier): spokes, bevels, calipers

    def __init__(self, spec: CarSpec, paint: str | None = None, shadow: bool = True, shader=None, finish: str = "gloss",
                 stance: Stance = FACTORY, **kwargs) -> None:
        super().__init__(**kwargs)
        ON_MAP.add(self)
        self.spec = spec
        self.finish, self.stance = finish, stance  # visual only (game/sim/looks.py)
        self.style = style_for(spec)
        self._detail = self.detail
        d = self._dims = Dims(spec, self.style)
        extra = {"shader": shader} if shader is not None else {}
        parts = build_body(spec, self._detail, self.style)
        shell = shape_for(d, False)
        # an open frame has no arches over its wheels, only a floor to keep off the ground
        self._arch_r, self._floor_y = (shell.ra, shell.floor_y()) if self.style.sections else (math.inf, KART_FLOOR_M)
        self.body = Entity(parent=self, y=d.r)  # lean pivot at axle height
        self.paint_mesh = opaque(Entity(parent=self.body, y=-d.r, model=_mesh(parts.paint), **extra))
        self.detail_mesh = opaque(Entity(parent=self.body, y=-d.r, model=_mesh(parts.detail), **extra))
        self.pivots: list[Entity] = []
        self.spinners: list[Entity] = []
        for front in (False, True):  # order: rear-left, rear-right, front-left, front-right
            w = d.tyre_w(front)
            for side in (-1, 1):
                pivot = Entity(parent=self, position=(side * d.t, d.r, d.a if front else -d.a))
                self.pivots.append(pivot)
                self.spinners.append(Entity(parent=pivot, **extra))
                if self._detail != "low":  # a caliper hides inside its wheel: kept out of the sun's shadow map
                    opaque(Entity(parent=pivot, model=_mesh(caliper_parts(d.r, w, side).detail), **extra)).hide(SHADOW_CAMERA_MASK)
        self._rims: tuple | None = None
        self._place_wheels()
        self.shadow: Entity | None = None
        self._shadow_alpha, self._shadow_grow, self._shadow_offset = SHADOW_ALPHA, (1.0, 1.0), (0.0, 0.0)
        self._shadow_h: float | None = None  # the height over the ground its size and fade were last set for
        if shadow:
            self.shadow = self._make_shadow(d)
        self._max_angle = math.radians(spec.max_wheel_angle_deg)
        self._spin_front = self._spin_rear = 0.0
        self._roll = self._pitch = 0.0
        self._prev_forward: float | None = None
        self._posed: tuple | None = None  # the state values of the last pose, while the car stands still and its body has settled
        self.set_paint(paint or spec.color)
        if shader is None:  # materials and lamps (car_shader.py, car_lamps.py)
            car_shader.apply(self)
        self.lamps = CarLamps(self)

    def _make_shadow(self, d: Dims) -> Entity:
        sx, sz = d.w * 1.12, d.hl * 1.08
        verts = [(-sx, 0, -sz), (sx, 0, -sz), (sx, 0, sz), (-sx, 0, sz)]
        mesh = Mesh(vertices=verts, triangles=[(0, 1, 2), (0, 2, 3)], uvs=[(0, 0), (1, 0), (1, 1), (0, 1)],
                    colors=[color.black] * 4, mode="triangle")
        from ursina.shaders import unlit_shader

        sh = blended(Entity(parent=self, model=mesh, texture=_texture(), shader=unlit_shader))  # posed in the parent's frame
        sh.setDepthWrite(False)
        sh.setDepthOffset(2)
        sh.setBin("transparent", 0)
        sh.hide(SHADOW_CAMERA_MASK)  # never in the light's shadow map
        sh.setLightOff(1)
        sh.model.setAlphaScale(SHADOW_ALPHA)
        return sh

    def set_shadow_look(self, opacity: float, blur_m: float = 0.0, offset_x_m: float = 0.0, offset_z_m: float = 0.0) -> None:
        """The contact shadow's opacity, how far its soft edge reaches past the body, and its offset in world space
        (east, north) whatever the car's heading, as the AI-car note draws shadows; it shows from the next pose."""
        d = self._dims
        self._shadow_alpha = opacity
        self._shadow_grow = ((d.w * 1.12 + blur_m) / (d.w * 1.12), (d.hl * 1.08 + blur_m) / (d.hl * 1.08))
        self._shadow_offset = (offset_x_m, offset_z_m)
        self._shadow_h = None
        self._posed = None

    def set_paint(self, hex_color: str) -> None:
        """Repaint the body (a colour scale on the paint mesh: nothing is rebuilt)."""
        self.paint_mesh.color = color.hex(hex_color)

    def set_finish(self, finish: str) -> None:
        """Change the paint's finish (gloss, metallic, matte) in place."""
        self.finish = finish
        car_shader.set_finish(self, finish)

    def set_stance(self, stance: Stance) -> None:
        """Change the stance (camber, ride height, track, rims) in place: wheels move, rims rebuild only if they changed."""
        self.stance = stance
        self._place_wheels()
        self._posed = None

    def rim_look(self) -> tuple[str, tuple[float, float, float]]:
        """The rim style and colour drawn: the stance's, else the car's own."""
        st = self.stance
        return (self.style.factory_rim if st.rim == "factory" else st.rim), hex_rgb(st.rim_colour or self.style.rim_colour)

    def ride_m(self) -> float:
        """The body's height against the factory (m) as drawn: the stance's, clamped to the arches and the ground."""
        return ride_offset_m(self.stance.ride_mm, self._dims.r, self._arch_r, self._floor_y)

    def _place_wheels(self) -> None:
        """Track, camber and ride height from the stance; new rim meshes when the rim style or colour changed."""
        d, st = self._dims, self.stance
        out = 0.001 * st.track_mm
        for i, pivot in enumerate(self.pivots):
            side = 1 if i % 2 else -1
            camber = st.camber_front_deg if i >= 2 else st.camber_rear_deg
            pivot.setX(side * (d.t + out))
            pivot.setR(side * camber)  # negative camber: the top of the wheel leans in
        self._contacts_local = [Point3(p.getX(), 0.0, p.getZ()) for p in self.pivots]
        ride = self.ride_m()
        self.body.setY(d.r + ride)
        # the lean is the wheels' travel: it stops where the arch would come down onto the tyre (a lowered car leans less)
        room = max(0.0, self._arch_r - d.r + ride)
        reach = d.t + out + 0.5 * d.tyre_w(False)
        self._max_roll = min(LEAN_MAX_ROLL_DEG, math.degrees(math.asin(min(1.0, room / reach))))
        self._max_pitch = min(SQUAT_MAX_DEG, math.degrees(math.asin(min(1.0, room / (d.a + d.r)))))
        rims = self.rim_look()
        if rims != self._rims:
            self._rims = rims
            for i, spin in enumerate(self.spinners):
                side, front = (1 if i % 2 else -1), i >= 2
                spin.model = _mesh(wheel_parts(d.r, d.tyre_w(front), side, rims[0], rims[1], self._detail).detail)
                opaque(spin)

    def _steer(self, steer: float) -> None:
        left, right = ackermann_angles(steer, self._max_angle, self.spec.wheelbase_m, self.spec.track_m)
        self.pivots[2].setH(-math.degrees(left))  # ursina's rotation_y is -H
        self.pivots[3].setH(-math.degrees(right))

    def update(self, state: CarState | None = None, dt: float = 0.0) -> None:
        """Pose the car from a sim state (or an interpolated copy); the spin and lean advance by dt seconds."""
        if state is None:  # ursina calls update() every frame; this model is driven by its owner
            return
        self.lamps.update(state, dt)
        if self._posed is not None and self._posed == self._pose_key(state):
            return  # standing still, settled, posed from these very values: nothing drawn would change
        hd = math.degrees(state.heading)
        self.setPosHpr(state.x, state.y, state.z, -hd, math.degrees(state.pitch), math.degrees(state.roll))
        self._steer(state.steer_wheel)
        fwd = state.forward
        r = self._dims.r
        turn = math.degrees(fwd * dt / r)
        self._spin_front = (self._spin_front + turn) % 360.0
        self._spin_rear = (self._spin_rear + turn * (1.0 - getattr(state, "handbrake", 0.0))) % 360.0
        sp = self.spinners
        sp[0].setP(-self._spin_rear)  # ursina's rotation_x is -P; + rotation_x rolls the top forward
        sp[1].setP(-self._spin_rear)
        sp[2].setP(-self._spin_front)
        sp[3].setP(-self._spin_front)
        if dt > 0.0:
            if state.airborne:
                roll_t = pitch_t = 0.0
            else:
                lim = self._max_roll
                roll_t = clamp(LEAN_SLIDE_DEG_PER_MPS * state.lateral - LEAN_CORNER_DEG_PER_MPS2 * fwd * state.yaw_rate, -lim, lim)
                acc = 0.0 if self._prev_forward is None else (fwd - self._prev_forward) / dt
                pitch_t = clamp(SQUAT_DEG_PER_MPS2 * acc, -self._max_pitch, self._max_pitch)
            k = 1.0 - math.exp(-LEAN_RATE * dt)
            self._roll += (roll_t - self._roll) * k
            self._pitch += (pitch_t - self._pitch) * k
            self.body.setHpr(0.0, self._pitch, self._roll)
            self._prev_forward = fwd
        if self.shadow is not None:
            self._place_shadow(state.x, getattr(state, "ground_h", state.y), state.z, state.heading, state.y,
                               getattr(state, "gnx", 0.0), getattr(state, "gny", 1.0), getattr(state, "gnz", 0.0))
        still = fwd == 0.0 and self._prev_forward == 0.0 and (state.lateral == 0.0 or state.airborne)
        settled = abs(self._roll) < LEAN_SETTLED_DEG and abs(self._pitch) < LEAN_SETTLED_DEG
        self._posed = self._pose_key(state) if still and settled else None

    @staticmethod
    def _pose_key(state: CarState) -> tuple:
        """Every state value a pose of a car standing still reads (wheels do not turn, the lean target is zero)."""
        return (state.x, state.y, state.z, state.heading, state.pitch, state.roll, state.steer_wheel, state.airborne, state.forward, state.lateral,
                getattr(state, "ground_h", state.y), getattr(state, "gnx", 0.0), getattr(state, "gny", 1.0), getattr(state, "gnz", 0.0))

    def _place_shadow(self, x: float, gh: float, z: float, heading: float, y: float, nx: float, ny: float, nz: float) -> None:
        sh, ch = math.sin(heading), math.cos(heading)
        tp = math.atan2(-(nx * sh + nz * ch), ny)  # lie on the ground plane under the car (same rule as the sim's tilt)
        tr = math.atan2(-(nx * ch - nz * sh), ny)
        h = max(0.0, y - gh)
        ox, oz = self._shadow_offset
        self.shadow.setPosHpr(self.getParent(), x + ox, gh + SHADOW_LIFT_M, z + oz, -math.degrees(heading), math.degrees(tp), math.degrees(tr))
        if h != self._shadow_h:  # its size and fade go with the height over the ground: on the ground, set once
            self._shadow_h = h
            k = 1.0 / (1.0 + 0.2 * h)
            self.shadow.setScale(self._shadow_grow[0] * k, 1.0, self._shadow_grow[1] * k)
            self.shadow.model.setAlphaScale(self._shadow_alpha * math.exp(-h / SHADOW_FADE_M))

    def update_static(self, heading_deg: float = 0.0, steer: float = 0.0, position: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> None:
        """A still pose without any sim state (garage, menus): wheels steered, body level, shadow under it."""
        x, y, z = position
        self.setPosHpr(x, y, z, -heading_deg, 0.0, 0.0)
        self.body.setHpr(0.0, 0.0, 0.0)
        self._roll = self._pitch = 0.0
        self._posed = None
        self._steer(steer)
        if self.shadow is not None:
            self._place_shadow(x, y, z, math.radians(heading_deg), y, 0.0, 1.0, 0.0)

    def wheel_contacts(self) -> list[tuple[float, float, float]]:
        """World positions of the tyre contact patches: rear-left, rear-right, front-left, front-right."""
        out = []
        for p in self._contacts_local:
            w = scene.getRelativePoint(self, p)
            out.append((w[0], w[1], w[2]))
        return out

    def destroy(self) -> None:
        """Remove the car, its wheels and its shadow from the scene."""
        from ursina import destroy

        destroy(self)
