"""The world drawn from its data: textured terrain, ramps, walls, props, drift zones, sky, sun and fog."""

from __future__ import annotations

import numpy as np

from game.view import textures as tx
from game.view.world_meshes import build_skirt, build_sky, build_sun_disc, build_zones, sun_direction, terrain_chunk, terrain_normals
from game.view.world_props import build_static
from game.view.world_shaders import make_entity

SHADOW_MASK = 0b0001  # camera bit of the sun's shadow camera (ursina's DirectionalLight)
SHADOW_RADIUS_M = 60.0  # half-size of the square the shadow map covers around follow()'s target
SHADOW_DEPTH_M = 220.0  # depth range of the shadow camera along the sun
SHADOW_MAP_PX = 2048  # shadow map resolution (px per side)
CHUNKS = 4  # terrain split into CHUNKS x CHUNKS meshes so the shadow and main cameras can cull
SKY_RADIUS_M = 1500.0


# ---- the view ----------------------------------------------------------------------------------


class WorldView:
    """Everything static the player sees of a World; only follow() runs per frame."""

    def __init__(self, world, catalog, shadows: bool = True):
        from ursina import AmbientLight, Color, scene

        self.world = world
        self.entities: list = []
        look = dict(world.track.look)
        sky_top = tx.hex_rgb(str(look.get("sky_top", "#4f8fd8")))
        horizon = tx.hex_rgb(str(look.get("sky_horizon", "#cfe3f3")))
        ids = tuple(world.surface_ids)
        surf = catalog.surfaces
        self._detail = tx.detail_array(ids, tuple(surf[s].effect if s in surf else "" for s in ids))
        self._aniso = 1 if _software_gl() else tx.ANISOTROPY  # llvmpipe takes seconds per frame with it
        self._detail.set_anisotropic_degree(self._aniso)
        self._sky_top = (*sky_top, 1.0)
        self._shadow_info = (1.0 / SHADOW_MAP_PX, SHADOW_DEPTH_M, 1.0 if shadows else 0.0, 0.0)
        self._build_terrain(catalog)
        geo = build_static(world, catalog)
        self._add(make_entity(geo, "object", "world_static"))
        zones = build_zones(world)
        self.zones = self._add(make_entity(zones, "object", "drift_zones", enabled=False), cast=False)
        self.zones.setTransparency(True)
        self.zones.setDepthOffset(2)
        self.zones.setDepthWrite(False)
        self.zones.setBin("transparent", 0)
        skirt = build_skirt(world, catalog)
        self._add(make_entity(skirt, "object", "world_skirt"), cast=False)
        self._build_sky(sky_top, horizon, look)
        scene.fog_color = Color(*horizon, 1.0)
        scene.fog_density = float(look.get("fog_density", 0.004))
        self.ambient = AmbientLight(color=Color(0.46, 0.5, 0.58, 1.0))
        self.entities.append(self.ambient)
        self._build_sun(look, shadows)
        spawn = world.spawn
        self.follow(spawn[0], spawn[1])

    def _add(self, entity, cast: bool = True):
        entity.set_shader_input("detail", self._detail)
        entity.set_shader_input("shadow_info", self._shadow_info)
        entity.set_shader_input("sky_top", self._sky_top)
        if not cast:
            entity.hide(SHADOW_MASK)
        self.entities.append(entity)
        return entity

    def _build_terrain(self, catalog) -> None:
        w = self.world
        idx = tx.bake_index(w)
        colors = tx.bake_colors(w, catalog.surfaces, idx)
        colormap = tx.panda_texture(colors, "ground_color")
        colormap.set_anisotropic_degree(self._aniso)
        indexmap = tx.panda_texture(idx, "ground_index", mipmap=False, nearest=True)
        x0, z0, width, depth = tx.map_extent(w)
        normals = terrain_normals(w)
        ci = np.linspace(0, len(w.hx) - 1, CHUNKS + 1).round().astype(int)
        cj = np.linspace(0, len(w.hz) - 1, CHUNKS + 1).round().astype(int)
        for a in range(CHUNKS):
            for b in range(CHUNKS):
                arrays = terrain_chunk(w, normals, ci[a], ci[a + 1], cj[b], cj[b + 1])
                e = self._add(make_entity(arrays, "terrain", f"terrain_{a}_{b}"), cast=False)
                e.set_shader_input("colormap", colormap)
                e.set_shader_input("indexmap", indexmap)
                e.set_shader_input("map_rect", (x0, z0, 1.0 / width, 1.0 / depth))

    def _build_sky(self, top: np.ndarray, horizon: np.ndarray, look: dict) -> None:
        from panda3d.core import CompassEffect
        from ursina import camera

        sun_dir = sun_direction(look)
        for name, arrays, sort in (("sky", build_sky(top, horizon, SKY_RADIUS_M), 0),
                                   ("sun_disc", build_sun_disc(sun_dir, SKY_RADIUS_M * 0.95), 1)):  # fmt: skip
            e = make_entity(arrays, "sky", name)
            e.hide(SHADOW_MASK)
            e.setBin("background", sort)
            e.setDepthWrite(False)
            e.setLightOff(1)
            e.setFogOff(1)
            if sort:
                e.setTransparency(True)
            e.setEffect(CompassEffect.make(camera, CompassEffect.P_pos))
            self.entities.append(e)

    def _build_sun(self, look: dict, shadows: bool) -> None:
        from ursina import Color, Vec2, Vec3
        from ursina.lights import DirectionalLight

        class _Sun(DirectionalLight):
            def update_bounds(self, entity=None) -> None:  # our own fixed box that follow() moves
                lens = self._light.get_lens()
                lens.set_film_size(2 * SHADOW_RADIUS_M, 2 * SHADOW_RADIUS_M)
                lens.set_near_far(-SHADOW_DEPTH_M / 2, SHADOW_DEPTH_M / 2)

        self.sun = _Sun(shadows=shadows, shadow_map_resolution=Vec2(SHADOW_MAP_PX, SHADOW_MAP_PX), color=Color(1.0, 0.95, 0.86, 1.0))
        to_sun = sun_direction(look)
        self.sun.look_at(Vec3(*(-to_sun)))
        self.sun.update_bounds()
        self._sun_np = self.sun.find("**/+DirectionalLight")
        r, u = self.sun.right, self.sun.up
        self._axes = ((r.x, r.y, r.z), (u.x, u.y, u.z))
        self._texel = 2 * SHADOW_RADIUS_M / SHADOW_MAP_PX
        self.entities.append(self.sun)

    def follow(self, x: float, z: float) -> None:
        """Centre the sun's shadow box on (x, z), snapped to shadow-map texels so shadows do not shimmer."""
        y = self.world.terrain_height(x, z)
        for ax, ay, az in self._axes:
            d = x * ax + y * ay + z * az
            k = round(d / self._texel) * self._texel - d
            x, y, z = x + k * ax, y + k * ay, z + k * az
        self.sun.setPos(x, y, z)

    def set_shadows(self, on: bool) -> None:
        """Turn the sun's shadow map and the shaders' shadow lookup on or off."""
        self.sun.shadows = bool(on)
        self._shadow_info = (*self._shadow_info[:2], 1.0 if on else 0.0, 0.0)
        for e in self.entities:
            if getattr(e, "shader", None) is not None:
                e.set_shader_input("shadow_info", self._shadow_info)

    def show_zones(self, visible: bool) -> None:
        """Show or hide the drift-zone outlines painted on the ground."""
        self.zones.enabled = bool(visible)

    def destroy(self) -> None:
        """Remove every entity, light and fog this view added."""
        from ursina import destroy, scene

        if self._sun_np is not None and not self._sun_np.is_empty():
            scene.clearLight(self._sun_np)
        amb = self.ambient.find("**/+AmbientLight")
        if not amb.is_empty():
            scene.clearLight(amb)
        for e in self.entities:
            destroy(e)
        self.entities.clear()
        scene.fog_density = 0


def _software_gl() -> bool:
    """True when OpenGL runs on the CPU (Mesa llvmpipe/softpipe), where anisotropic filtering is ruinous."""
    from ursina import application

    gsg = application.base.win.get_gsg() if application.base.win else None
    name = (gsg.get_driver_renderer() if gsg else "").lower()
    return any(k in name for k in ("llvmpipe", "softpipe", "swrast", "software"))
