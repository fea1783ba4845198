"""GLSL for the world (terrain, objects, sky), the compiled-shader cache and the entities drawn with it."""

from __future__ import annotations

import numpy as np

from game.view.world import road_sdf
from game.view.world import textures as tx
from game.view.world.world_sky import SKY_FRAG, SKY_VERT

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
float sun_shadow(float ndl) {  // SHADOW_TAPS lookups: 5 for soft edges, 2 for softened ones, 1 where fragments are dear
    if (shadow_info.z < 0.5) return 1.0;
    vec3 sc = v_shadow.xyz / v_shadow.w;
    vec2 edge = min(sc.xy, 1.0 - sc.xy);
    if (min(edge.x, edge.y) <= 0.0) return 1.0;
    sc.z -= (0.03 + 0.12 * sqrt(1.0 - ndl * ndl) / max(ndl, 0.1)) / shadow_info.y;
    float t = shadow_info.x;
#if SHADOW_TAPS == 1
    float s = texture(p3d_LightSource[0].shadowMap, sc);
#elif SHADOW_TAPS == 2
    vec2 o = vec2(0.6 * t, -0.45 * t);  // two filtered reads across the diagonal blur the map's texel steps
    float s = 0.5 * (texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + o, sc.z))
                     + texture(p3d_LightSource[0].shadowMap, vec3(sc.xy - o, sc.z)));
#else
    float s = texture(p3d_LightSource[0].shadowMap, sc) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(-t, -0.5 * t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(t, 0.5 * t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(0.5 * t, -t), sc.z)) * 0.2;
    s += texture(p3d_LightSource[0].shadowMap, vec3(sc.xy + vec2(-0.5 * t, t), sc.z)) * 0.2;
#endif
    return mix(1.0, s, clamp(min(edge.x, edge.y) * 14.0, 0.0, 1.0));
}
vec3 shade(vec3 albedo, float gloss) {  // powers by multiplication: software GL evaluates pow() as exp2(log2)
    vec3 n = normalize(v_nview);
    vec3 l = normalize(p3d_LightSource[0].position.xyz);
    float ndl = max(dot(n, l), 0.0);
    float sh = ndl > 0.0 ? sun_shadow(ndl) : 0.0;
    float ny = normalize(v_nworld).y;
    float up = clamp(ny * 0.5 + 0.5, 0.0, 1.0);
    vec3 amb = p3d_LightModel.ambient.rgb * mix(vec3(0.5, 0.47, 0.4), vec3(1.0), up);
    vec3 sun = p3d_LightSource[0].color.rgb;
    vec3 v = normalize(v_view);
    float hl = max(dot(n, normalize(l - v)), 0.0);
    float h2 = hl * hl, h8 = h2 * h2 * h2 * h2, h32 = h8 * h8 * h8 * h8;
    float spec = h32 * h8 * gloss * sh;  // hl^40
    float e = 1.0 - max(dot(n, -v), 0.0), e2 = e * e;
    float fres = gloss * (0.08 + 0.92 * e2 * e2 * e);  // Schlick, (1 - cos)^5
    vec3 sky = mix(p3d_Fog.color.rgb, sky_top.rgb, clamp(ny * 0.5 + 0.2, 0.0, 1.0));
    vec3 c = mix(albedo * (amb + sun * ndl * sh), sky, fres) + sun * spec * 0.6;
    vec3 over = max(c - 0.75, 0.0);
    c = min(c, 0.75) + over / (1.0 + over * 4.0);  // soft shoulder: bright snow keeps its detail
    float hc = p3d_ViewMatrixInverse[3].y, dh = hc - v_world.y;  // haze thins with height (scale FOG_H m):
    float ey = exp(-v_world.y / FOG_H);
    float k = abs(dh) < 0.5 ? ey : FOG_H * (ey - exp(-hc / FOG_H)) / dh;
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
uniform sampler2D colormap; uniform sampler2D indexmap;
uniform vec4 map_rect;  // x0, z0, 1/width, 1/depth
uniform vec4 road_info;  // the road's colour (rgb) and detail layer (a; -1: no road on the map)
uniform vec4 road_blend;  // from x m inside the road's edge the colour turns from road_info's to the map's over 1/y m
const float EDGE_R = %.1f;  // the road's distance field spans +-EDGE_R m
const vec2 EDGE_LINE = vec2(%.2f, %.2f);  // the painted edge line, metres inside the road's edge
const vec3 PAINT = vec3(0.93, 0.93, 0.9);
void main() {
    vec2 muv = (v_world.xz - map_rect.xy) * map_rect.zw;
    vec4 cm = texture(colormap, muv);  // rgb: the ground, and the road's colour well inside it; a: the road's distance
    float d = (cm.a * 2.0 - 1.0) * EDGE_R;  // metres to the road's edge, + on the road
    float px = 1.0 / max(fwidth(d), 0.01);  // pixels per metre: each edge ramps over one pixel, smooth at any zoom
    float line = clamp((d - EDGE_LINE.x) * px + 0.5, 0.0, 1.0) - clamp((d - EDGE_LINE.y) * px + 0.5, 0.0, 1.0);
    vec3 road = mix(mix(road_info.rgb, cm.rgb, clamp((d - road_blend.x) * road_blend.y, 0.0, 1.0)), PAINT, line * 0.85);
    vec3 base = mix(cm.rgb, road, clamp(d * px + 0.5, 0.0, 1.0));
    float layer = d > 0.0 ? road_info.a : floor(texture(indexmap, muv).r * 255.0 + 0.5);
    vec2 duv = v_world.xz / TILE;
    vec4 d1 = texture(detail, vec3(duv, layer));
#if FAR_DETAIL
    vec3 d2 = texture(detail, vec3(duv * 0.21 + 0.37, layer)).rgb * ONE;  // a larger-scale layer breaks the tiling
    vec3 albedo = base * d1.rgb * ONE * mix(vec3(1.0), d2, 0.5);
#else
    vec3 albedo = base * d1.rgb * ONE;
#endif
    p3d_FragColor = vec4(shade(albedo, d1.a), 1.0);
}
""" % (road_sdf.EDGE_RANGE_M, *road_sdf.EDGE_LINE_M)

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

_SHADERS: dict[tuple, object] = {}


def _shader(kind: str, taps: int = 5, far_detail: bool = True, clouds: bool = True):
    """One compiled ursina Shader per kind and quality variant, shared by all views."""
    key = (kind, taps, far_detail, clouds)
    if key not in _SHADERS:
        from ursina import Shader

        from game.view.boot.fast_start import quiet_shader_stack

        v, f = {"terrain": (_VERT, _TERRAIN_FRAG), "object": (_VERT, _OBJECT_FRAG), "sky": (SKY_VERT, SKY_FRAG)}[kind]
        defines = f"#version 150\n#define SHADOW_TAPS {int(taps)}\n#define FAR_DETAIL {int(bool(far_detail))}\n"
        defines += f"#define CLOUDS {int(bool(clouds))}\n"
        f = f.replace("#version 150\n", defines, 1)
        with quiet_shader_stack():
            _SHADERS[key] = Shader(name=f"sideways_{kind}_{taps}_{int(far_detail)}_{int(clouds)}", language=Shader.GLSL, vertex=v, fragment=f)
    return _SHADERS[key]


def make_entity(arrays: tuple[np.ndarray, ...], shader: str, name: str, variant: tuple = (), see_through: bool = False, **kwargs):
    """An ursina Entity from (positions, normals, colors, uvs[, indices]) arrays, drawn with one of our shaders, in one
    pass: opaque, or blended when see_through.

    variant: TierSpec.shader_variant, (shadow taps, far detail, clouds), for the world shaders (see _shader)."""
    from ursina import Entity, Mesh

    pos, nrm, col, uv = arrays[:4]
    idx = arrays[4] if len(arrays) > 4 else np.arange(len(pos), dtype=np.uint32)
    buf = np.hstack([pos, nrm, col, uv]).astype(np.float32)
    mesh = Mesh(vertex_buffer=buf.tobytes(), vertex_buffer_length=len(buf), vertex_buffer_format="p3f,n3f,c4f,t2f",
                triangles=np.ascontiguousarray(idx, dtype=np.uint32))
    from game.view.boot.blending import blended, opaque

    e = Entity(model=mesh, name=name, shader=_shader(shader, *variant), add_to_scene_entities=False, **kwargs)
    return blended(e) if see_through else opaque(e)
