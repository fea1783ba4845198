"""The world drawn from its data: textured terrain, ramps, walls, props, drift zones, sky, sun and fog."""

from __future__ import annotations

import math

import numpy as np

from game.view import textures as tx

SHADOW_MASK = 0b0001  # camera bit of the sun's shadow camera (ursina's DirectionalLight)
SHADOW_RADIUS_M = 60.0  # half-size of the square the shadow map covers around follow()'s target
SHADOW_DEPTH_M = 220.0  # depth range of the shadow camera along the sun
SHADOW_MAP_PX = 2048  # shadow map resolution (px per side)
CHUNKS = 4  # terrain split into CHUNKS x CHUNKS meshes so the shadow and main cameras can cull
SKY_RADIUS_M = 1500.0

_HEAD = """#version 150
uniform struct { vec4 position; vec4 color; sampler2DShadow shadowMap; mat4 shadowViewMatrix; } p3d_LightSource[1];
uniform struct { vec4 ambient; } p3d_LightModel;
uniform struct { vec4 color; float density; float start; float end; float scale; } p3d_Fog;
uniform vec4 p3d_ColorScale;
uniform sampler2DArray detail;
uniform vec4 shadow_info;  // texel size (uv), depth range (m), shadows on, unused
uniform vec4 sky_top;  // zenith colour, reflected by glossy ground (ice)
uniform mat4 p3d_ViewMatrixInverse;
const float FOG_H = 60.0;
in vec3 v_view; in vec3 v_nview; in vec3 v_world; in vec3 v_nworld; in vec4 v_color; in vec4 v_shadow; in vec2 v_uv;
out vec4 p3d_FragColor;
const float TILE = %.1f;
const float ONE = 255.0 / 128.0;
float sun_shadow(float ndl) {
    if (shadow_info.z < 0.5) return 1.0;
    vec3 sc = v_shadow.xyz / v_shadow.w;
    vec2 edge = min(sc.xy, 1.0 - sc.xy);
    if (min(edge.x, edge.y) <= 0.0) return 1.0;
    sc.z -= (0.03 + 0.12 * sqrt(1.0 - ndl * ndl) / max(ndl, 0.1)) / shadow_info.y;
    float t = shadow_info.x;
    float s = texture(p3d_LightSource[0].shadowMap, sc) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(-t, -0.5 * t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(t, 0.5 * t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(0.5 * t, -t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(-0.5 * t, t), sc.z)) * 0.2;
    return mix(1.0, s, clamp(min(edge.x, edge.y) * 14.0, 0.0, 1.0));
}
vec3 shade(vec3 albedo, float gloss) {
    vec3 n = normalize(v_nview);
    vec3 l = normalize(p3d_LightSource[0].position.xyz);
    float ndl = max(dot(n, l), 0.0);
    float sh = ndl > 0.0 ? sun_shadow(ndl) : 0.0;
    float up = clamp(normalize(v_nworld).y * 0.5 + 0.5, 0.0, 1.0);
    vec3 amb = p3d_LightModel.ambient.rgb * mix(vec3(0.5, 0.47, 0.4), vec3(1.0), up);
    vec3 sun = p3d_LightSource[0].color.rgb;
    float spec = pow(max(dot(n, normalize(l - normalize(v_view))), 0.0), 40.0) * gloss * sh;
    vec3 v = normalize(v_view);
    float fres = gloss * (0.08 + 0.92 * pow(1.0 - max(dot(n, -v), 0.0), 5.0));
    vec3 sky = mix(p3d_Fog.color.rgb, sky_top.rgb, clamp(normalize(v_nworld).y * 0.5 + 0.2, 0.0, 1.0));
    vec3 c = mix(albedo * (amb + sun * ndl * sh), sky, fres) + sun * spec * 0.6;
    vec3 over = max(c - 0.75, 0.0);
    c = min(c, 0.75) + over / (1.0 + over * 4.0);  // soft shoulder: bright snow keeps its detail
    float hc = p3d_ViewMatrixInverse[3].y, dh = hc - v_world.y;  // haze thins with height (scale FOG_H m):
    float k = abs(dh) < 0.5 ? exp(-v_world.y / FOG_H) : FOG_H * (exp(-v_world.y / FOG_H) - exp(-hc / FOG_H)) / dh;
    float fd = p3d_Fog.density * length(v_view) * clamp(k, 0.0, 1.5);  // mean density along the ray
    float f = exp(-fd * fd);  // exp2: the play area stays crisp, the horizon melts into the sky
    return mix(p3d_Fog.color.rgb, c, f);
}
""" % tx.DETAIL_TILE_M

_VERT = """#version 150
uniform struct { vec4 position; vec4 color; sampler2DShadow shadowMap; mat4 shadowViewMatrix; } p3d_LightSource[1];
uniform mat4 p3d_ModelViewProjectionMatrix; uniform mat4 p3d_ModelViewMatrix; uniform mat4 p3d_ModelMatrix;
uniform mat3 p3d_NormalMatrix;
in vec4 p3d_Vertex; in vec3 p3d_Normal; in vec4 p3d_Color; in vec2 p3d_MultiTexCoord0;
out vec3 v_view; out vec3 v_nview; out vec3 v_world; out vec3 v_nworld; out vec4 v_color; out vec4 v_shadow; out vec2 v_uv;
void main() {
    vec4 vp = p3d_ModelViewMatrix * p3d_Vertex;
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_view = vp.xyz; v_nview = normalize(p3d_NormalMatrix * p3d_Normal);
    v_world = (p3d_ModelMatrix * p3d_Vertex).xyz; v_nworld = mat3(p3d_ModelMatrix) * p3d_Normal;
    v_color = p3d_Color; v_uv = p3d_MultiTexCoord0;
    v_shadow = p3d_LightSource[0].shadowViewMatrix * vp;
}
"""

_TERRAIN_FRAG = _HEAD + """
uniform sampler2D colormap; uniform sampler2D indexmap; uniform vec4 map_rect;  // x0, z0, 1/width, 1/depth
void main() {
    vec2 muv = (v_world.xz - map_rect.xy) * map_rect.zw;
    float layer = floor(texture(indexmap, muv).r * 255.0 + 0.5);
    vec2 duv = v_world.xz / TILE;
    vec4 d1 = texture(detail, vec3(duv, layer));
    vec3 d2 = texture(detail, vec3(duv * 0.21 + 0.37, layer)).rgb * ONE;
    vec3 albedo = texture(colormap, muv).rgb * d1.rgb * ONE * mix(vec3(1.0), d2, 0.5);
    p3d_FragColor = vec4(shade(albedo, d1.a), 1.0);
}
"""

# objects: vertex colour; uv.x = detail layer + 1 (0: none), uv.y = gloss
_OBJECT_FRAG = _HEAD + """
void main() {
    vec3 albedo = v_color.rgb;
    float gloss = v_uv.y;
    if (v_uv.x > 0.5) {
        vec4 d = texture(detail, vec3(v_world.xz / TILE, floor(v_uv.x - 0.5)));
        albedo *= d.rgb * ONE;
        gloss = max(gloss, d.a);
    }
    p3d_FragColor = vec4(shade(albedo, gloss), v_color.a) * p3d_ColorScale;
}
"""

_SKY_VERT = """#version 150
uniform mat4 p3d_ModelViewProjectionMatrix;
in vec4 p3d_Vertex; in vec4 p3d_Color; out vec4 v_color;
void main() { gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex; v_color = p3d_Color; }
"""
_SKY_FRAG = """#version 150
in vec4 v_color; out vec4 p3d_FragColor;
void main() { p3d_FragColor = v_color; }
"""

_SHADERS: dict[str, object] = {}


def _shader(kind: str):
    """One compiled ursina Shader per kind, shared by all views."""
    if kind not in _SHADERS:
        from ursina import Shader

        v, f = {"terrain": (_VERT, _TERRAIN_FRAG), "object": (_VERT, _OBJECT_FRAG), "sky": (_SKY_VERT, _SKY_FRAG)}[kind]
        _SHADERS[kind] = Shader(name=f"sideways_{kind}", language=Shader.GLSL, vertex=v, fragment=f)
    return _SHADERS[kind]


def make_entity(arrays: tuple[np.ndarray, ...], shader: str, name: str, **kwargs):
    """An ursina Entity from (positions, normals, colors, uvs[, indices]) arrays, drawn with one of our shaders."""
    from ursina import Entity, Mesh

    pos, nrm, col, uv = arrays[:4]
    idx = arrays[4] if len(arrays) > 4 else np.arange(len(pos), dtype=np.uint32)
    buf = np.hstack([pos, nrm, col, uv]).astype(np.float32)
    mesh = Mesh(vertex_buffer=buf.tobytes(), vertex_buffer_length=len(buf), vertex_buffer_format="p3f,n3f,c4f,t2f",
                triangles=np.ascontiguousarray(idx, dtype=np.uint32))  # fmt: skip
    return Entity(model=mesh, name=name, shader=_shader(shader), **kwargs)


# ---- terrain -----------------------------------------------------------------------------------


def terrain_normals(world) -> np.ndarray:
    """Per-node unit normals of the heightfield, [iz, ix, xyz]."""
    dz, dx = np.gradient(world.heights, world.hz, world.hx)
    n = np.dstack([-dx, np.ones_like(dx), -dz])
    return n / np.linalg.norm(n, axis=2, keepdims=True)


def terrain_chunk(world, normals: np.ndarray, i0: int, i1: int, j0: int, j1: int) -> tuple[np.ndarray, ...]:
    """Mesh arrays of the nodes ix in [i0, i1], iz in [j0, j1]; each cell split along its (ix,iz)-(ix+1,iz+1) diagonal."""
    xs, zs = world.hx[i0 : i1 + 1], world.hz[j0 : j1 + 1]
    X, Z = np.meshgrid(xs, zs)
    pos = np.dstack([X, world.heights[j0 : j1 + 1, i0 : i1 + 1], Z]).reshape(-1, 3)
    nrm = normals[j0 : j1 + 1, i0 : i1 + 1].reshape(-1, 3)
    w = i1 - i0 + 1
    a = (np.arange(j1 - j0)[:, None] * w + np.arange(i1 - i0)[None, :]).ravel()
    idx = np.stack([a, a + 1, a + w + 1, a, a + w + 1, a + w], axis=1).ravel().astype(np.uint32)
    n = len(pos)
    return pos, nrm, np.ones((n, 4)), np.zeros((n, 2)), idx


def mesh_height(world, x, z):
    """Height of the drawn terrain triangles at (x, z) (arrays ok): decals and props sit exactly on it."""
    x, z = np.asarray(x, float), np.asarray(z, float)
    c = world.hx[1] - world.hx[0]
    fx = np.clip((x - world.hx[0]) / c, 0, len(world.hx) - 1.000001)
    fz = np.clip((z - world.hz[0]) / c, 0, len(world.hz) - 1.000001)
    ix, iz = np.minimum(fx.astype(int), len(world.hx) - 2), np.minimum(fz.astype(int), len(world.hz) - 2)
    tx, tz = fx - ix, fz - iz
    h = world.heights
    h00, h10, h01, h11 = h[iz, ix], h[iz, ix + 1], h[iz + 1, ix], h[iz + 1, ix + 1]
    lower = h00 + tx * (h10 - h00) + tz * (h11 - h10)
    upper = h00 + tz * (h01 - h00) + tx * (h11 - h01)
    return np.where(tx >= tz, lower, upper)


# ---- the view ----------------------------------------------------------------------------------


class WorldView:
    """Everything static the player sees of a World; only follow() runs per frame."""

    def __init__(self, world, catalog, shadows: bool = True):
        from ursina import AmbientLight, Color, Entity, scene

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

        sun_dir = _sun_direction(look)
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
        to_sun = _sun_direction(look)
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


def _sun_direction(look: dict) -> np.ndarray:
    """Unit vector from the ground toward the sun (track.look sun_heading_deg / sun_elevation_deg)."""
    h = math.radians(float(look.get("sun_heading_deg", 220.0)))
    e = math.radians(float(look.get("sun_elevation_deg", 48.0)))
    return np.array([math.sin(h) * math.cos(e), math.sin(e), math.cos(h) * math.cos(e)])


# ---- geometry: flat-shaded, vertex-coloured triangles combined into one mesh ----------------------


class _Geo:
    """Collects triangles (oriented away from an inside point) with colour, detail layer and gloss."""

    def __init__(self) -> None:
        self.tris: list[np.ndarray] = []
        self.cols: list[np.ndarray] = []
        self.uvs: list[np.ndarray] = []

    def add(self, tris, color, inside, layer: int = -1, gloss: float = 0.0) -> None:
        """Add triangles (T,3,3); colour (3|4,) or (T,3|4); inside (3,) or (T,3) a point behind each face."""
        t = np.array(tris, float).reshape(-1, 3, 3)
        cr = np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        flip = np.einsum("ij,ij->i", cr, t.mean(axis=1) - np.asarray(inside, float)) > 0
        t[flip] = t[flip][:, [0, 2, 1]]  # front faces wind so that cross(b-a, c-a) points inward
        c = np.asarray(color, float)
        c = np.broadcast_to(c if c.ndim == 2 else c[None], (len(t), c.shape[-1]))
        if c.shape[1] == 3:
            c = np.hstack([c, np.ones((len(t), 1))])
        self.tris.append(t)
        self.cols.append(c)
        self.uvs.append(np.tile([layer + 1.0, gloss], (len(t), 1)))

    def arrays(self) -> tuple[np.ndarray, ...]:
        """(positions, normals, colours, uvs) per vertex, three vertices per triangle."""
        if not self.tris:
            self.add([[[0, -50, 0], [0.01, -50, 0], [0, -50, 0.01]]], (0, 0, 0), (0, -49, 0))
        t = np.concatenate(self.tris)
        n = -np.cross(t[:, 1] - t[:, 0], t[:, 2] - t[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
        rep = lambda a: np.repeat(a, 3, axis=0)  # noqa: E731
        return t.reshape(-1, 3), rep(n), rep(np.concatenate(self.cols)), rep(np.concatenate(self.uvs))


def _quads(a, b, c, d) -> np.ndarray:
    """Quads (a b c d around the rim, arrays of points) as triangle pairs."""
    a, b, c, d = (np.asarray(p, float) for p in (a, b, c, d))
    return np.concatenate([np.stack([a, b, c], -2), np.stack([a, c, d], -2)]).reshape(-1, 3, 3)


def _prism(r0: float, r1: float, y0: float, y1: float, n: int, phase: float = 0.0) -> np.ndarray:
    """A closed n-sided frustum (cone when r1 == 0) around the y axis."""
    ang = phase + 2 * np.pi * np.arange(n + 1) / n
    ring = lambda r, y: np.stack([r * np.sin(ang), np.full(n + 1, y), r * np.cos(ang)], 1)  # noqa: E731
    a, b = ring(r0, y0), ring(r1, y1)
    side = _quads(a[:-1], a[1:], b[1:], b[:-1]) if r1 > 0 else np.stack([a[:-1], a[1:], b[:-1]], 1)
    caps = [np.stack([np.broadcast_to(a[0] * [0, 1, 0], (n, 3)), a[:-1], a[1:]], 1)]
    if r1 > 0:
        caps.append(np.stack([np.broadcast_to(b[0] * [0, 1, 0], (n, 3)), b[:-1], b[1:]], 1))
    return np.concatenate([side] + caps)


def _ico() -> tuple[np.ndarray, np.ndarray]:
    """Unit icosphere subdivided once: (vertices, faces)."""
    t = (1 + 5**0.5) / 2
    v = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t), (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4), (11, 10, 2), (10, 7, 6), (7, 1, 8),
         (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]  # fmt: skip
    verts, mid, faces = [np.array(p, float) for p in v], {}, []

    def m(i: int, j: int) -> int:
        if (min(i, j), max(i, j)) not in mid:
            verts.append((verts[i] + verts[j]) / 2)
            mid[(min(i, j), max(i, j))] = len(verts) - 1
        return mid[(min(i, j), max(i, j))]

    for a, b, c in f:
        ab, bc, ca = m(a, b), m(b, c), m(c, a)
        faces += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
    vs = np.array(verts)
    return vs / np.linalg.norm(vs, axis=1, keepdims=True), np.array(faces)


def _place(p, scale, heading_deg: float, pos) -> np.ndarray:
    """Scale, turn by heading (clockwise from above, as rotation_y) and move points (..., 3)."""
    p = np.asarray(p, float) * scale
    a = math.radians(heading_deg)
    ca, sa = math.cos(a), math.sin(a)
    x, z = p[..., 0] * ca + p[..., 2] * sa, -p[..., 0] * sa + p[..., 2] * ca
    return np.stack([x, p[..., 1], z], -1) + pos


def _shade(rng: np.random.Generator, color, n: int, spread: float = 0.06) -> np.ndarray:
    """n copies of a colour, each face a little lighter or darker (faceted low-poly look)."""
    return np.clip(np.asarray(color, float)[None] * rng.uniform(1 - spread, 1 + spread, (n, 1)), 0, 1)


_ICO = _ico()
_BARK, _CONE_ORANGE, _WHITE, _TYRE = (0.4, 0.27, 0.17), (0.98, 0.42, 0.08), (0.93, 0.93, 0.9), (0.09, 0.09, 0.1)


def _blob(rng, radius, center, squash: float, lumpy: float) -> tuple[np.ndarray, np.ndarray]:
    """A lumpy low-poly ball: triangles and its centre."""
    v, f = _ICO
    v = v * rng.uniform(1 - lumpy, 1 + lumpy, (len(v), 1)) * radius * np.array([1, squash, 1])
    return v[f] + center, np.asarray(center, float)


def _prop_parts(kind: str, rng: np.random.Generator) -> list[tuple]:
    """Local-space parts (tris, colours, inside point, gloss) of one prop at scale 1."""
    if kind == "cone":
        plate = _prism(0.27, 0.27, 0, 0.03, 4, np.pi / 4)
        return [(plate, (0.15, 0.15, 0.15), (0, 0.015, 0), 0.1), (_prism(0.15, 0.11, 0.03, 0.3, 10), _CONE_ORANGE, (0, 0.15, 0), 0.35),
                (_prism(0.11, 0.08, 0.3, 0.45, 10), _WHITE, (0, 0.37, 0), 0.35), (_prism(0.08, 0, 0.45, 0.72, 10), _CONE_ORANGE, (0, 0.5, 0), 0.35)]  # fmt: skip
    if kind == "tyres":
        bulge = lambda y: np.concatenate([_prism(0.46, 0.53, y, y + 0.12, 10), _prism(0.53, 0.46, y + 0.12, y + 0.24, 10)])  # noqa: E731
        return [(bulge(0.25 * i), _WHITE if i == 2 else _TYRE, (0, 0.25 * i + 0.12, 0), 0.1) for i in range(4)]
    if kind == "tree":
        green = np.array([0.27, 0.5, 0.17]) * rng.uniform(0.85, 1.15, 3)
        top, c = _blob(rng, 1.7, (0, 3.3, 0), 0.85, 0.14)
        side, c2 = _blob(rng, 1.1, (0.8, 2.7, 0.4), 0.9, 0.15)
        return [(_prism(0.24, 0.15, -0.2, 2.6, 6), _BARK, (0, 1.2, 0), 0), (top, _shade(rng, green, len(top)), c, 0),
                (side, _shade(rng, green * 0.92, len(side)), c2, 0)]  # fmt: skip
    if kind == "pine":
        green = np.array([0.13, 0.34, 0.2]) * rng.uniform(0.88, 1.12, 3)
        parts = [(_prism(0.17, 0.12, -0.2, 1.2, 6), _BARK, (0, 0.5, 0), 0)]
        for r, y0, y1 in ((1.55, 0.9, 3.1), (1.2, 2.1, 4.1), (0.85, 3.1, 5.2)):
            t = _prism(r, 0, y0, y1, 7, rng.uniform(0, 1))
            parts.append((t, _shade(rng, green, len(t), 0.08), (0, y0 + 0.25 * (y1 - y0), 0), 0))
        return parts
    if kind == "rock":
        t, c = _blob(rng, 1.0, (0, 0.35, 0), 0.65, 0.28)
        return [(t * [1.25, 1, 1], _shade(rng, (0.55, 0.53, 0.5), len(t), 0.1), c, 0.1)]
    if kind == "flag":
        u, v = np.meshgrid(np.linspace(0, 1.6, 7), np.linspace(3.4, 4.4, 5))
        cloth = np.stack([u + 0.05, v, 0.12 * np.sin(u * 3.0)], -1)
        q = _quads(cloth[:-1, :-1], cloth[:-1, 1:], cloth[1:, 1:], cloth[1:, :-1])
        check = ((np.arange(6)[None, :] + np.arange(4)[:, None]) % 2).ravel()
        cols = np.where(np.tile(check, 2)[:, None] == 1, 0.08, 0.95) * np.ones(3)
        return [(_prism(0.05, 0.05, -0.2, 4.5, 6), (0.75, 0.75, 0.78), (0, 2, 0), 0.4),
                (q, cols, (0.8, 3.9, -1), 0), (q, cols, (0.8, 3.9, 1), 0)]  # fmt: skip
    return [(_prism(0.3, 0.3, 0, 0.6, 6), (0.8, 0.2, 0.8), (0, 0.3, 0), 0)]


def _pieces(points, closed: bool, step: float) -> tuple[np.ndarray, np.ndarray]:
    """A polyline cut into pieces no longer than step: (starts, ends) arrays (N, 2)."""
    pts = np.asarray(list(points) + ([points[0]] if closed else []), float)
    a, b = [], []
    for p, q in zip(pts[:-1], pts[1:]):
        n = max(1, math.ceil(np.hypot(*(q - p)) / step))
        t = np.linspace(0, 1, n + 1)[:, None]
        seg = p + (q - p) * t
        a.append(seg[:-1])
        b.append(seg[1:])
    return np.concatenate(a), np.concatenate(b)


def _slabs(a, b, ground, height: float, w_bottom: float, w_top: float, sink: float = 0.4) -> tuple[np.ndarray, np.ndarray]:
    """Box-like wall pieces from a to b following the ground: triangles (N*10, 3, 3) and their inside points."""
    d = b - a
    side = np.stack([d[:, 1], -d[:, 0]], 1) / np.linalg.norm(d, axis=1, keepdims=True)
    ga, gb = ground(a[:, 0], a[:, 1]), ground(b[:, 0], b[:, 1])
    low = np.minimum(ga, gb) - sink

    def corner(p, s, w, y):
        q = p + side * (s * w / 2)
        return np.stack([q[:, 0], y, q[:, 1]], 1)

    la, ra, lb, rb = corner(a, -1, w_bottom, low), corner(a, 1, w_bottom, low), corner(b, -1, w_bottom, low), corner(b, 1, w_bottom, low)
    ta, sa, tb, sb = corner(a, -1, w_top, ga + height), corner(a, 1, w_top, ga + height), corner(b, -1, w_top, gb + height), corner(b, 1, w_top, gb + height)
    faces = [_quads(la, lb, tb, ta), _quads(ra, rb, sb, sa), _quads(ta, tb, sb, sa), _quads(la, ra, sa, ta), _quads(lb, rb, sb, tb)]
    tris = np.stack([q.reshape(2, -1, 3, 3) for q in faces], 1).transpose(2, 1, 0, 3, 4).reshape(-1, 3, 3)  # piece-major
    mid = np.stack([(a[:, 0] + b[:, 0]) / 2, (low + (ga + gb) / 2 + height) / 2, (a[:, 1] + b[:, 1]) / 2], 1)
    return tris, np.repeat(mid, 10, axis=0)


def _add_walls(geo: _Geo, world, ground) -> None:
    """Walls by kind: concrete 'wall', red-white 'barrier', stacked 'tyres', wooden 'fence'."""
    rng = np.random.default_rng(5)
    for wall in world.track.walls:
        h = wall.height_m
        if wall.kind == "tyres":
            a, b = _pieces(wall.points, wall.closed, 0.62)
            n = max(1, round(h / 0.25))
            tyre = np.concatenate([_prism(0.27, 0.31, 0, 0.12, 8), _prism(0.31, 0.27, 0.12, 0.24, 8)])  # bulged: stacks read
            for i, p in enumerate(a):
                g = float(ground(p[0], p[1]))
                col = _WHITE if i % 6 == 0 else (0.8, 0.12, 0.1) if i % 6 == 3 else _TYRE
                for k in range(n):
                    off = np.array([p[0], g - 0.05 + k * (h / n), p[1]])
                    geo.add(tyre * [1, h / n / 0.24, 1] + off, col, off + [0, 0.1, 0], gloss=0.1)
        elif wall.kind == "fence":
            a, b = _pieces(wall.points, wall.closed, 2.5)
            posts = np.concatenate([a, b[-1:]])
            for p in posts:
                g = float(ground(p[0], p[1]))
                geo.add(_prism(0.09, 0.09, g - 0.3, g + h + 0.08, 4, np.pi / 4) + [p[0], 0, p[1]], (0.45, 0.31, 0.19), (p[0], g, p[1]))
            for y, t in ((0.35 * h, 0.12), (0.8 * h, 0.12)):
                tris, inside = _slabs(a, b, lambda x, z: ground(x, z) + y, t, 0.06, 0.06, sink=0)
                geo.add(tris, _shade(rng, (0.6, 0.43, 0.27), len(tris), 0.05), inside)
        else:
            barrier = wall.kind == "barrier"
            a, b = _pieces(wall.points, wall.closed, 2.0 if barrier else 4.0)
            gap = (b - a) * (0.015 if barrier else 0.004)
            tris, inside = _slabs(a + gap, b - gap, ground, h, 0.62 if barrier else 0.5, 0.26 if barrier else 0.45)
            if barrier:
                cols = np.repeat(np.where((np.arange(len(a)) % 2)[:, None] == 0, [[0.82, 0.13, 0.11]], [_WHITE]), 10, axis=0)
            else:
                cols = np.repeat(_shade(rng, (0.7, 0.7, 0.68), len(a), 0.04), 10, axis=0)
            geo.add(tris, cols, inside, gloss=0.15 if barrier else 0.05)


def _add_ramps(geo: _Geo, world, catalog) -> None:
    """Solid wedges rising to their lip, with a yellow-black striped lip edge and face."""
    ids = world.surface_ids
    for r in world.track.ramps:
        base = world.terrain_height(r.x, r.z)
        f = np.array([math.sin(math.radians(r.heading_deg)), math.cos(math.radians(r.heading_deg))])
        s = np.array([f[1], -f[0]])
        hw, L, H = r.width_m / 2, r.length_m, r.height_m
        P = lambda u, v, y: np.array([r.x + f[0] * u + s[0] * v, y, r.z + f[1] * u + s[1] * v])  # noqa: E731
        y = lambda u: base + 0.03 + H * u / L  # noqa: E731
        inside = P(L * 0.7, 0, base + H * 0.3)
        band = min(0.8, L * 0.15)
        surf = tx.hex_rgb(catalog.surfaces[r.surface].color) * 1.12 if r.surface in catalog.surfaces else np.full(3, 0.5)
        geo.add(_quads(P(0, -hw, y(0)), P(L - band, -hw, y(L - band)), P(L - band, hw, y(L - band)), P(0, hw, y(0))), surf, inside, ids.index(r.surface))
        n = max(2, round(r.width_m / 0.7))
        vs = np.linspace(-hw, hw, n + 1)
        for i in range(n):
            col = (0.95, 0.78, 0.1) if i % 2 == 0 else (0.08, 0.08, 0.08)
            v0, v1 = vs[i], vs[i + 1]
            geo.add(_quads(P(L - band, v0, y(L - band)), P(L, v0, y(L)), P(L, v1, y(L)), P(L - band, v1, y(L - band))), col, inside, gloss=0.2)
            geo.add(_quads(P(L, v0, base - 0.3), P(L, v1, base - 0.3), P(L, v1, y(L)), P(L, v0, y(L))), col, inside, gloss=0.2)
        for v in (-hw, hw):
            geo.add(_quads(P(0, v, base - 0.3), P(L, v, base - 0.3), P(L, v, y(L)), P(0, v, y(0))), (0.62, 0.61, 0.58), inside)


def build_static(world, catalog) -> tuple[np.ndarray, ...]:
    """All ramps, walls and props of the world as one vertex-coloured mesh (one draw call)."""
    geo = _Geo()
    ground = lambda x, z: mesh_height(world, x, z)  # noqa: E731
    _add_ramps(geo, world, catalog)
    _add_walls(geo, world, ground)
    for i, p in enumerate(world.track.props):
        rng = np.random.default_rng(1000 + i)
        pos = np.array([p.x, float(ground(p.x, p.z)), p.z])
        for tris, col, inside, gloss in _prop_parts(p.kind, rng):
            geo.add(_place(tris, p.scale, p.heading_deg, pos), col, _place(inside, p.scale, p.heading_deg, pos), gloss=gloss)
    return geo.arrays()


def _outline(shape, inset: float) -> list[tuple[np.ndarray, bool]]:
    """Polylines (points (N, 2), closed) tracing a Shape just inside its border."""
    if shape.kind == "circle":
        a = np.linspace(0, 2 * np.pi, 97)[:-1]
        return [(np.stack([np.cos(a), np.sin(a)], 1) * (shape.radius_m - inset) + shape.center, True)]
    if shape.kind == "rect":
        w, d = shape.size[0] / 2 - inset, shape.size[1] / 2 - inset
        c = np.array([[-w, -d], [w, -d], [w, d], [-w, d]])
        a = math.radians(shape.rotation_deg)  # inverse of shapes.shape_mask's rotation
        rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
        return [(c @ rot + shape.center, True)]
    pts = np.asarray(shape.points, float)
    if shape.kind == "polygon":
        return [(pts, True)]
    ext = np.concatenate([pts[-1:], pts, pts[:1]]) if shape.closed else np.concatenate([2 * pts[:1] - pts[1:2], pts, 2 * pts[-1:] - pts[-2:-1]])
    t = ext[2:] - ext[:-2]
    n = np.stack([-t[:, 1], t[:, 0]], 1) / np.linalg.norm(t, axis=1, keepdims=True)
    off = shape.width_m / 2 - inset
    left, right = pts + n * off, pts - n * off
    if shape.closed:
        return [(left, True), (right, True)]
    return [(np.concatenate([left, right[::-1]]), True)]


def build_zones(world) -> tuple[np.ndarray, ...]:
    """Dashed amber outlines of the drift zones, draped 6 cm above the drawn ground."""
    geo = _Geo()
    for zone in world.track.drift_zones:
        for pts, closed in _outline(zone["area"], 1.2):
            a, b = _pieces(pts, closed, 1.0)
            s = np.concatenate([[0], np.cumsum(np.hypot(*(b - a).T))])[:-1]
            keep = (s % 5.0) < 3.0  # 3 m dashes, 2 m gaps
            a, b = a[keep], b[keep]
            d = (b - a) / np.maximum(np.hypot(*(b - a).T), 1e-9)[:, None]
            side = np.stack([-d[:, 1], d[:, 0]], 1) * 0.3
            q = [np.column_stack([p[:, 0], mesh_height(world, p[:, 0], p[:, 1]) + 0.06, p[:, 1]]) for p in (a - side, b - side, b + side, a + side)]
            tris = _quads(*q)
            geo.add(tris, (1.0, 0.74, 0.12, 0.8), tris.mean(axis=1) - [0, 1, 0], gloss=0.3)
    return geo.arrays()


def build_skirt(world, catalog) -> tuple[np.ndarray, ...]:
    """Open land beyond the map's edge, sloping from the border heights down into the fog."""
    h, xs, zs = world.heights, world.hx, world.hz
    ring = [(xs, np.full_like(xs, zs[0]), h[0]), (np.full_like(zs, xs[-1]), zs, h[:, -1]),
            (xs[::-1], np.full_like(xs, zs[-1]), h[-1, ::-1]), (np.full_like(zs, xs[0]), zs[::-1], h[::-1, 0])]  # fmt: skip
    x, z, y = (np.concatenate([r[i] for r in ring]) for i in range(3))
    c = np.array([(xs[0] + xs[-1]) / 2, (zs[0] + zs[-1]) / 2])
    out = np.stack([x, z], 1) - c
    out /= np.abs(out).max(axis=1, keepdims=True)  # square rings around the map
    rings = [np.column_stack([x, y, z])]
    for dist, keep, drop in ((40, 0.8, 0.0), (160, 0.35, 0.5), (1400, 0.0, 4.0)):
        rings.append(np.column_stack([x + out[:, 0] * dist, y * keep - drop, z + out[:, 1] * dist]))
    geo = _Geo()
    col = tx.hex_rgb(catalog.surfaces[world.track.default_surface].color) * 0.95
    layer = world.surface_ids.index(world.track.default_surface)
    for inner, outer in zip(rings[:-1], rings[1:]):
        tris = _quads(inner[:-1], outer[:-1], outer[1:], inner[1:])
        geo.add(tris, col, tris.mean(axis=1) - [0, 1, 0], layer)
    return geo.arrays()


def build_sky(top: np.ndarray, horizon: np.ndarray, radius: float) -> tuple[np.ndarray, ...]:
    """A gradient dome: horizon colour at and below the horizon, easing to the top colour overhead."""
    elev = np.radians([-40, -3, 0, 2, 5, 9, 15, 24, 36, 52, 70, 90])
    az = np.linspace(0, 2 * np.pi, 33)
    E, A = np.meshgrid(elev, az, indexing="ij")
    pos = np.stack([np.cos(E) * np.sin(A), np.sin(E), np.cos(E) * np.cos(A)], -1) * radius
    k = np.clip(np.sin(E), 0, 1) ** 0.55
    col = horizon * (1 - k[..., None]) + top * k[..., None]
    col = np.concatenate([col, np.ones(E.shape + (1,))], -1)
    nz, na = E.shape
    a = (np.arange(nz - 1)[:, None] * na + np.arange(na - 1)[None, :]).ravel()
    idx = np.stack([a, a + na, a + na + 1, a, a + na + 1, a + 1], 1).ravel()
    n = nz * na
    return pos.reshape(-1, 3), np.zeros((n, 3)), col.reshape(-1, 4), np.zeros((n, 2)), np.concatenate([idx, idx.reshape(-1, 3)[:, ::-1].ravel()])


def build_sun_disc(to_sun: np.ndarray, dist: float) -> tuple[np.ndarray, ...]:
    """A bright sun disc with a soft glow, placed on the sky in the sun's direction."""
    right = np.cross([0, 1, 0], to_sun)
    right /= np.linalg.norm(right)
    up = np.cross(to_sun, right)
    a = np.linspace(0, 2 * np.pi, 25)[:-1]
    circ = np.outer(np.cos(a), right) + np.outer(np.sin(a), up)
    centre = to_sun * dist
    pos = np.concatenate([[centre], centre + circ * dist * 0.025, centre + circ * dist * 0.03, centre + circ * dist * 0.16])
    col = np.array([[1, 1, 0.96, 1]] + [[1, 0.98, 0.9, 1]] * 24 + [[1, 0.95, 0.8, 0.5]] * 24 + [[1, 0.93, 0.8, 0.0]] * 24)
    i = np.arange(24)
    j = (i + 1) % 24
    tris = [np.stack([np.zeros(24, int), 1 + i, 1 + j], 1)]
    for r in (1, 25):
        tris += [np.stack([r + i, r + 24 + i, r + 24 + j], 1), np.stack([r + i, r + 24 + j, r + j], 1)]
    idx = np.concatenate(tris)
    idx = np.concatenate([idx, idx[:, ::-1]]).ravel()
    return pos, np.zeros((len(pos), 3)), col, np.zeros((len(pos), 2)), idx
