"""The world drawn from its data: textured terrain, ramps, walls, props, drift zones, sky, sun and fog."""

from __future__ import annotations

import weakref

import numpy as np
from panda3d.core import BitMask32

from game.content.quality import TIER_SPECS, TierSpec, is_software_renderer
from game.view.cars import car_shader
from game.view.cars.car_model import ON_MAP, use_tier
from game.view.world import textures as tx
from game.view.world.bake_cache import baked_maps
from game.view.world.ground_bake import carry_m
from game.view.world.road_sdf import ROAD
from game.view.world.shadow_cache import ShadowCache, box_cell, snap_step
from game.view.world.world_lod import SKIRT_M, add_lod, chunk_bounds, grid_indices, split_triangles, terrain_patch
from game.view.world.world_meshes import build_skirt, build_sky, build_sun_disc, build_zones, sun_direction, terrain_normals
from game.view.world.world_props import build_static
from game.view.world.world_shaders import make_entity
from game.view.world.world_sky import dress_sky

SHADOW_MASK = 0b0001  # camera bit of the sun's shadow camera (ursina's DirectionalLight)
SHADOW_BITS = BitMask32(SHADOW_MASK)
MAIN_VIEW_BITS = BitMask32(0x7FFFFFFF & ~SHADOW_MASK)  # the main camera's bits: all but the sun's (31 is Panda3D's 'overall')
SHADOW_DEPTH_M = 220.0  # depth range of the shadow camera along the sun
CHUNKS = 6  # terrain split into CHUNKS x CHUNKS meshes so the shadow and main cameras can cull and pick a detail
PROP_CELLS = 6  # props, walls and ramps split into PROP_CELLS x PROP_CELLS meshes, for culling
SKY_BIN, SKY_BIN_SORT = "sky", 25  # a cull bin between Panda3D's 'opaque' (20) and 'transparent' (30)
SKY_FRACTION = 0.9  # the sky dome sits this far out of the draw distance (it must lie inside the far plane)
FOG_AT_EDGE = 2.0  # fog optical depth (density x distance) at the draw distance: exp(-2^2) = 2% of the scene shows


# ---- the view ----------------------------------------------------------------------------------


class WorldView:
    """Everything static the player sees of a World; only follow() runs per frame."""

    def __init__(self, world, catalog, tier: TierSpec | None = None, shadows: bool = True):
        from ursina import AmbientLight, Color, application, camera, scene

        application.base.camNode.setCameraMask(MAIN_VIEW_BITS)  # the player's view leaves out what only the sun draws
        self.world = world
        self.tier = tier = tier or TIER_SPECS["high"]
        self.entities: list = []
        self._nodes: list = []  # LOD nodes (plain NodePaths) to remove with the view
        self._dressed = weakref.WeakSet()  # others' entities drawn with the world's shaders (the course view): set_shadows reaches them
        self._variant = tier.shader_variant
        look = dict(world.track.look)
        sky_top = tx.hex_rgb(str(look.get("sky_top", "#4f8fd8")))
        horizon = tx.hex_rgb(str(look.get("sky_horizon", "#cfe3f3")))
        ids = tuple(world.surface_ids)
        surf = catalog.surfaces
        self._detail = tx.detail_array(ids, tuple(surf[s].effect if s in surf else "" for s in ids))
        self._aniso = 1 if _software_gl() else tx.ANISOTROPY  # llvmpipe takes seconds per frame with it
        self._detail.set_anisotropic_degree(self._aniso)
        _mip_filter(self._detail, tier.trilinear)
        self._sky_top = (*sky_top, 1.0)
        use_tier(tier)  # cars made from now on are drawn for this tier (shader, detail) and reflect this sky
        car_shader.set_sky(scene, sky_top, horizon, priority=1)
        self._shadow_info = (1.0 / tier.shadow_map_px, SHADOW_DEPTH_M, 1.0 if shadows else 0.0, 0.0)
        self._build_static(catalog)
        zones = build_zones(world)
        self.zones = self._add(make_entity(zones, "object", "drift_zones", self._variant, see_through=True, enabled=False), cast=False)
        self.zones.setDepthOffset(2)
        self.zones.setDepthWrite(False)
        self.zones.setBin("transparent", 0)
        skirt = build_skirt(world, catalog)
        self._add(make_entity(skirt, "object", "world_skirt", self._variant), cast=False)
        self._far_before = camera.clip_plane_far
        camera.clip_plane_far = tier.draw_distance_m
        self._build_sky(sky_top, horizon, look, tier.draw_distance_m * SKY_FRACTION)
        scene.fog_color = Color(*horizon, 1.0)
        scene.fog_density = max(float(look.get("fog_density", 0.004)), FOG_AT_EDGE / tier.draw_distance_m)
        self.ambient = AmbientLight(color=Color(0.46, 0.5, 0.58, 1.0))
        self.entities.append(self.ambient)
        self._build_sun(look, shadows)
        self._build_terrain(catalog)  # last: its baked maps may still be on their way (bake_cache.prefetch_maps)
        spawn = world.spawn
        self.follow(spawn[0], spawn[1])

    def dress(self, entity, cast: bool = False):
        """Give an entity drawn with the world's object shader what that shader reads (not kept: its owner destroys it)."""
        self._dressed.add(self._inputs(entity, cast))
        return entity

    def _inputs(self, entity, cast: bool):
        entity.set_shader_input("detail", self._detail)
        entity.set_shader_input("shadow_info", self._shadow_info)
        entity.set_shader_input("sky_top", self._sky_top)
        if not cast:
            entity.hide(SHADOW_MASK)
        return entity

    def _add(self, entity, cast: bool = True):
        self._inputs(entity, cast)
        self.entities.append(entity)
        return entity

    def _build_terrain(self, catalog) -> None:
        """Terrain in CHUNKS x CHUNKS pieces; beyond the tier's LOD distance a piece keeps every n-th height node."""
        from ursina import scene

        w, tier = self.world, self.tier
        x0, z0, width, depth = tx.map_extent(w)
        normals = terrain_normals(w)
        ci, cj = chunk_bounds(len(w.hx), CHUNKS), chunk_bounds(len(w.hz), CHUNKS)
        stride = tier.terrain_far_stride
        patches = {(a, b, s): terrain_patch(w, normals, grid_indices(ci[a], ci[a + 1], s), grid_indices(cj[b], cj[b + 1], s),
                                            skirt_m=SKIRT_M if stride > 1 else 0.0)
                   for a in range(CHUNKS) for b in range(CHUNKS) for s in ((1, stride) if stride > 1 else (1,))}
        idx, colors = baked_maps(w, catalog.surfaces, tier.map_px)  # the meshes are made while the maps arrive
        colormap = tx.panda_texture(colors, "ground_color")  # alpha: the road's distance field
        colormap.set_anisotropic_degree(self._aniso)
        _mip_filter(colormap, tier.trilinear)
        indexmap = tx.panda_texture(idx, "ground_index", mipmap=False, nearest=True)
        ids = list(w.surface_ids)
        road = catalog.surfaces.get(ROAD) if ROAD in ids else None
        road_info = (*tx.hex_rgb(road.color), float(ids.index(ROAD))) if road else (0.0, 0.0, 0.0, -1.0)
        _, blend_from, blend_to = carry_m(w, tier.map_px)
        for a in range(CHUNKS):
            for b in range(CHUNKS):
                levels = []
                for s in (1, stride) if stride > 1 else (1,):
                    e = self._add(make_entity(patches[a, b, s], "terrain", f"terrain_{a}_{b}_{s}", self._variant), cast=False)
                    e.set_shader_input("colormap", colormap)
                    e.set_shader_input("indexmap", indexmap)
                    e.set_shader_input("road_info", road_info)
                    e.set_shader_input("road_blend", (blend_from, 1.0 / (blend_to - blend_from), 0.0, 0.0))
                    e.set_shader_input("map_rect", (x0, z0, 1.0 / width, 1.0 / depth))
                    levels.append(e)
                if len(levels) > 1:
                    centre = (w.hx[(ci[a] + ci[a + 1]) // 2], 0.0, w.hz[(cj[b] + cj[b + 1]) // 2])
                    self._nodes.append(add_lod(scene, levels, centre, tier.lod_near_m, 1e6))

    def _build_static(self, catalog) -> None:
        """Ramps, walls and props in PROP_CELLS x PROP_CELLS meshes (fewer triangles on the cheaper tiers)."""
        x0, z0, width, depth = tx.map_extent(self.world)
        cell = max(width, depth) / PROP_CELLS
        full = self.tier.props_detail == "full"
        geo = build_static(self.world, catalog, detail=self.tier.props_detail)
        for (a, b), arrays in split_triangles(geo, x0, z0, cell, PROP_CELLS).items():
            self._add(make_entity(arrays, "object", f"world_static_{a}_{b}", self._variant), cast=not full)
        if full:  # the sun's map draws the low-detail props in their place: the same shadows for half the vertices
            geo = build_static(self.world, catalog, detail="low")
            for (a, b), arrays in split_triangles(geo, x0, z0, cell, PROP_CELLS).items():
                proxy = self._add(make_entity(arrays, "object", f"world_static_shadow_{a}_{b}", self._variant))
                proxy.hide(MAIN_VIEW_BITS)  # seen by the sun's camera only

    def _build_sky(self, top: np.ndarray, horizon: np.ndarray, look: dict, radius: float) -> None:
        from panda3d.core import CompassEffect, CullBinEnums, CullBinManager
        from ursina import camera

        bins = CullBinManager.getGlobalPtr()
        if bins.findBin(SKY_BIN) < 0:  # after the opaque world (only uncovered pixels get shaded), before anything see-through
            bins.addBin(SKY_BIN, CullBinEnums.BT_fixed, SKY_BIN_SORT)
        sun_dir = sun_direction(look)
        for name, arrays, sort in (("sky", build_sky(top, horizon, radius), 0),
                                   ("sun_disc", build_sun_disc(sun_dir, radius * 0.95), 1)):
            e = make_entity(arrays, "sky", name, self._variant, see_through=bool(sort))  # the sun's glow fades into the sky
            e.hide(SHADOW_MASK)
            e.setBin(SKY_BIN, sort)
            e.setDepthWrite(False)
            e.setLightOff(1)
            e.setFogOff(1)
            e.setEffect(CompassEffect.make(camera, CompassEffect.P_pos))
            dress_sky(e, look, sun_dir, radius * (0.95 if sort else 1.0))  # the disc hangs just inside the dome
            self.entities.append(e)

    def _build_sun(self, look: dict, shadows: bool) -> None:
        from ursina import Color, Vec2, Vec3, application
        from ursina.lights import DirectionalLight

        radius = self.tier.shadow_radius_m

        class _Sun(DirectionalLight):
            def update_bounds(self, entity=None) -> None:  # our own fixed box that follow() moves
                lens = self._light.get_lens()
                lens.set_film_size(2 * radius, 2 * radius)
                lens.set_near_far(-SHADOW_DEPTH_M / 2, SHADOW_DEPTH_M / 2)

        px = self.tier.shadow_map_px
        self.sun = _Sun(shadows=shadows, shadow_map_resolution=Vec2(px, px), color=Color(1.0, 0.95, 0.86, 1.0))
        to_sun = sun_direction(look)
        self.sun.look_at(Vec3(*(-to_sun)))
        self.sun.update_bounds()
        self._sun_np = self.sun.find("**/+DirectionalLight")
        r, u = self.sun.right, self.sun.up
        self._axes = ((r.x, r.y, r.z), (u.x, u.y, u.z))
        self._step = snap_step(2 * radius / px, self.tier.shadow_step_m)
        self.shadow_cache = ShadowCache(self.tier.shadow_policy)
        self._box = None
        self.entities.append(self.sun)
        self._task = application.base.taskMgr.add(self._shadow_task, "sideways_shadow_map", sort=49)  # before the render (50)

    def follow(self, x: float, z: float) -> None:
        """Keep the sun's shadow box around (x, z); it moves in whole snapping steps (texels, or coarser when cached)."""
        y = self.world.terrain_height(x, z)
        cell = box_cell((x, y, z), self._axes, self._step)
        if cell == self._box:
            return
        self._box = cell
        for (ax, ay, az), c in zip(self._axes, cell):
            k = c * self._step - (x * ax + y * ay + z * az)
            x, y, z = x + k * ax, y + k * ay, z + k * az
        self.sun.setPos(x, y, z)

    def _shadow_task(self, task):
        """Each frame before rendering: switch the shadow map's render pass on only when its picture changed."""
        from direct.task.Task import Task
        from ursina import application

        keys = ()
        if self.tier.shadow_policy == "live":  # every car on the map (player, AI, parked) casts
            keys = sorted(_pose_key(m) for m in list(ON_MAP) if not m.isEmpty())
        else:  # a cached map holds the park only; cars keep their contact shadow
            for m in list(ON_MAP):
                if not m.isEmpty() and not m.isHidden(SHADOW_BITS):
                    m.hide(SHADOW_BITS)
        redraw = self.shadow_cache.frame(self._box, keys)
        win = application.base.win
        on = getattr(self.sun, "_shadows", False)  # (ursina sets it a frame after the light is made)
        buf = self._sun_np.node().getShadowBuffer(win.getGsg()) if on and win is not None else None
        if buf is not None:
            # the buffer stays active (switching a buffer off and on stalls llvmpipe for seconds): its camera
            # and its depth clear are what skip the pass
            self._sun_np.node().setActive(redraw)
            buf.setClearDepthActive(redraw)
            for i in range(buf.getNumDisplayRegions()):
                buf.getDisplayRegion(i).setClearDepthActive(False)
        return Task.cont

    def set_shadows(self, on: bool) -> None:
        """Turn the sun's shadow map and the shaders' shadow lookup on or off."""
        self.sun.shadows = bool(on)
        self.shadow_cache.invalidate()
        self._shadow_info = (*self._shadow_info[:2], 1.0 if on else 0.0, 0.0)
        for e in [*self.entities, *self._dressed]:
            if getattr(e, "shader", None) is not None and not e.is_empty():
                e.set_shader_input("shadow_info", self._shadow_info)

    def show_zones(self, visible: bool) -> None:
        """Show or hide the drift-zone outlines painted on the ground."""
        self.zones.enabled = bool(visible)

    def destroy(self) -> None:
        """Remove every entity, light and fog this view added."""
        from ursina import application, camera, destroy, scene

        render = application.base.render  # where ursina's lights switch themselves on (not the scene node under it)
        if self._sun_np is not None and not self._sun_np.is_empty():
            render.clearLight(self._sun_np)  # left on, a stale sun came first in the next map's light list: no shadows
            # its shadow buffer belongs to the graphics engine, not the scene: left there it was cleared every frame
            # for the rest of the game (each map change, garage visit or settings change left one more)
            self._sun_np.node().setShadowCaster(False)
        amb = self.ambient.find("**/+AmbientLight")
        if not amb.is_empty():
            render.clearLight(amb)
        application.base.taskMgr.remove(self._task)
        for e in self.entities:
            destroy(e)
        self.entities.clear()
        for n in self._nodes:
            n.removeNode()
        self._nodes.clear()
        scene.fog_density = 0
        camera.clip_plane_far = self._far_before


def _mip_filter(tex, trilinear: bool) -> None:
    """Blend two mipmap levels (trilinear) or read the nearest one (half the texture reads, a little shimmer)."""
    from panda3d.core import SamplerState

    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear if trilinear else SamplerState.FT_linear_mipmap_nearest)


def _pose_key(model) -> tuple:
    """Where a car and its leaning body are, to the millimetre and tenth of a degree: what its shadow depends on."""
    p, h = model.getPos(), model.getHpr()
    body = getattr(model, "body", None)
    lean = body.getHpr() if body is not None else h
    return (round(p[0], 3), round(p[1], 3), round(p[2], 3), round(h[0], 1), round(h[1], 1), round(h[2], 1),
            round(lean[1], 1), round(lean[2], 1))


def renderer_name() -> str:
    """The GL renderer string of the open window ('' before there is one)."""
    from ursina import application

    win = getattr(application.base, "win", None)
    gsg = win.get_gsg() if win is not None else None
    return gsg.get_driver_renderer() if gsg is not None else ""


def _software_gl() -> bool:
    """True when OpenGL runs on the CPU (Mesa llvmpipe/softpipe), where anisotropic filtering is ruinous."""
    return is_software_renderer(renderer_name())
