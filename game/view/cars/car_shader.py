"""The cars' one-pass shader: a material per vertex from the palette, paint finishes, lamps, and a cheap path for Low."""

from __future__ import annotations

from game.view.world.mesh_builder import CHROME, GLASS, HEAD, REVERSE, TAIL, TYRE, WALL

# Paint finish -> (metallic, roughness, clearcoat, flake): the shader input `car_finish` (game/sim/looks.py FINISHES).
FINISH_INPUTS = {
    "gloss": (0.0, 0.42, 1.0, 0.0),
    "metallic": (0.5, 0.32, 0.7, 1.0),
    "matte": (0.0, 0.85, 0.0, 0.0),
}
PER_PIXEL_TIERS = ("high", "ultra")  # the physically based path; Low and Medium light per vertex
STUDIO_SKY = ((0.34, 0.37, 0.44, 1.0), (0.62, 0.6, 0.58, 1.0))  # zenith, horizon seen in paint where no world is drawn
_tier = "high"  # the tier cars are drawn for (WorldView and the garage set it)

_VERT = """#version 150
uniform mat4 p3d_ModelViewProjectionMatrix; uniform mat4 p3d_ModelViewMatrix; uniform mat3 p3d_NormalMatrix;
uniform mat4 p3d_ViewMatrix;
uniform struct { vec4 position; vec4 color; } p3d_LightSource[2];
uniform struct { vec4 ambient; } p3d_LightModel;
uniform struct { vec4 color; float density; float start; float end; float scale; } p3d_Fog;
uniform vec4 p3d_ColorScale;
uniform vec4 car_finish;  // metallic, roughness, clearcoat, flake
uniform vec4 car_lamps;  // headlights, tail lights (1 idle, brighter braking), reverse lights, unused
uniform vec4 car_sky_top; uniform vec4 car_sky_horizon;
uniform float car_part;  // 1: the paint mesh, 0: detail (its material from the palette colour)
in vec4 p3d_Vertex; in vec3 p3d_Normal; in vec4 p3d_Color;
out vec3 v_pos; out vec3 v_n; out vec3 v_obj; out vec4 v_color; out float v_up;
flat out vec4 v_mat;  // metallic, roughness, emission, clearcoat
bool near(vec3 c, vec3 p) { return dot(abs(c - p), vec3(1.0)) < 0.012; }
void main() {
    vec4 vp = p3d_ModelViewMatrix * p3d_Vertex;
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_pos = vp.xyz; v_n = normalize(p3d_NormalMatrix * p3d_Normal); v_obj = p3d_Vertex.xyz;
    v_up = dot(v_n, normalize(mat3(p3d_ViewMatrix) * vec3(0.0, 1.0, 0.0)));
    vec3 c = p3d_Color.rgb;
    vec4 m = vec4(0.0, 0.6, 0.0, 0.0);  // trim and plastics: rough dielectric
    if (car_part > 0.5) m = vec4(car_finish.x, car_finish.y, 0.0, car_finish.z);
    else if (near(c, %(GLASS)s)) m = vec4(0.0, 0.06, 0.0, 1.0);
    else if (near(c, %(CHROME)s)) m = vec4(1.0, 0.18, 0.0, 0.0);
    else if (near(c, %(TAIL)s)) m = vec4(0.0, 0.3, car_lamps.y, 0.0);
    else if (near(c, %(HEAD)s)) m = vec4(0.0, 0.3, p3d_Vertex.z < 0.0 ? car_lamps.z : car_lamps.x, 0.0);  // at the back: reverse
    else if (near(c, %(REVERSE)s)) m = vec4(0.0, 0.3, car_lamps.z, 0.0);
    else if (near(c, %(TYRE)s) || near(c, %(WALL)s)) m = vec4(0.0, 0.9, 0.0, 0.0);
    c *= p3d_ColorScale.rgb;  // the paint (and a ghost's tint), after the palette was read
    v_mat = m; v_color = vec4(c, p3d_Color.a * p3d_ColorScale.a);
#if PER_VERTEX
    vec3 n = v_n, v = normalize(-vp.xyz);
    vec3 albedo = c * (1.0 - m.x * 0.6);
    float up = clamp(v_up * 0.5 + 0.5, 0.0, 1.0);
    vec3 lit = p3d_LightModel.ambient.rgb * mix(vec3(0.45, 0.43, 0.4), vec3(1.0), up);
    float spec = 0.0;
    for (int i = 0; i < 1; i++) {  // the sun (the garage: its key light); one light keeps Low at its old cost
        vec3 l = normalize(p3d_LightSource[i].position.xyz);
        float ndl = max(dot(n, l), 0.0);
        lit += p3d_LightSource[i].color.rgb * ndl;
        float h = max(dot(n, normalize(l + v)), 0.0), h2 = h * h, h4 = h2 * h2, h8 = h4 * h4;
        spec += h8 * h8 * ndl * (1.0 - m.y) * dot(p3d_LightSource[i].color.rgb, vec3(0.33));
    }
    float e = 1.0 - max(dot(n, v), 0.0), e2 = e * e;
    vec3 sky = mix(car_sky_horizon.rgb, car_sky_top.rgb, clamp(v_up, 0.0, 1.0));
    float fres = (0.04 + 0.5 * e2 * e2) * (1.0 - m.y) + 0.25 * m.x;
    vec3 col = mix(albedo * lit, sky, fres) + spec * mix(vec3(1.0), c, m.x) + c * m.z;
    vec3 over = max(col - 0.75, 0.0);
    col = min(col, 0.75) + over / (1.0 + over * 4.0);  // the world's soft shoulder
    float fd = p3d_Fog.density * length(vp.xyz);  // fog per vertex too: the fragment shader only writes the colour
    v_color.rgb = mix(p3d_Fog.color.rgb, col, exp(-fd * fd));
#endif
}
"""

_FRAG_VERTEX_LIT = """#version 150
in vec4 v_color; out vec4 p3d_FragColor;
void main() { p3d_FragColor = v_color; }
"""

# Per pixel: GGX sun highlight (and a clearcoat lobe), the sky as cheap image-based light, a fresnel rim, sparse
# flakes in metallic paint that glint only near the highlight and only up close, the world's tone shoulder and fog.
_FRAG_PBR = """#version 150
uniform struct { vec4 position; vec4 color; } p3d_LightSource[2];
uniform struct { vec4 ambient; } p3d_LightModel;
uniform struct { vec4 color; float density; float start; float end; float scale; } p3d_Fog;
uniform vec4 car_finish; uniform vec4 car_sky_top; uniform vec4 car_sky_horizon; uniform mat4 p3d_ViewMatrix;
in vec3 v_pos; in vec3 v_n; in vec3 v_obj; in vec4 v_color; flat in vec4 v_mat;
out vec4 p3d_FragColor;
float ggx(float ndh, float r) { float a = r * r, a2 = a * a, d = ndh * ndh * (a2 - 1.0) + 1.0; return a2 / (3.14159 * d * d); }
void main() {
    vec3 n = normalize(v_n), v = normalize(-v_pos);
    vec3 c = v_color.rgb;
    float metal = v_mat.x, rough = v_mat.y, coat = v_mat.w;
    float ndv = max(dot(n, v), 0.001);
    vec3 f0 = mix(vec3(0.04), c, metal);
    float e = 1.0 - ndv, e2 = e * e, e5 = e2 * e2 * e;
    vec3 lit = vec3(0.0);
    for (int i = 0; i < 1; i++) {  // the sun (the garage's key light): a second light per pixel costs a fifth more
        vec3 lc = p3d_LightSource[i].color.rgb;
        vec3 l = normalize(p3d_LightSource[i].position.xyz), h = normalize(l + v);
        float ndl = max(dot(n, l), 0.0), ndh = max(dot(n, h), 0.0), vdh = max(dot(v, h), 0.0);
        float f = 1.0 - vdh, f2 = f * f;
        vec3 fr = f0 + (1.0 - f0) * (f2 * f2 * f);
        vec3 spec = fr * ggx(ndh, max(rough, 0.08)) * 0.25 * 3.14159;
        float cc = coat * (0.04 + 0.96 * f2 * f2 * f) * ggx(ndh, 0.07) * 0.25 * 3.14159;
        lit += lc * ndl * (c * (1.0 - metal) * (1.0 - fr) + spec + cc);
#if FLAKES
        if (car_finish.w > 0.5) {  // a few cells of ~4 mm hold a tilted flake; fades out beyond 5 m
            vec3 cell = floor(v_obj * 260.0);
            float r1 = fract(sin(dot(cell, vec3(12.99, 78.23, 37.72))) * 43758.5);
            if (r1 > 0.92) {
                vec3 fn = normalize(n + (fract(vec3(r1 * 7.1, r1 * 13.7, r1 * 31.3)) - 0.5) * 0.5);
                float g = max(dot(fn, h), 0.0), g2 = g * g, g4 = g2 * g2, g8 = g4 * g4;
                lit += lc * ndl * g8 * g8 * g8 * 1.5 * clamp(1.0 - length(v_pos) * 0.2, 0.0, 1.0);
            }
        }
#endif
    }
    vec3 upv = mat3(p3d_ViewMatrix)[1];  // world up in view space
    float v_up = dot(n, upv), ry = dot(reflect(-v, n), upv);  // the normal's and the reflection's height
    vec3 horizon = car_sky_horizon.rgb, top = car_sky_top.rgb;
    vec3 sky = ry > 0.0 ? mix(horizon, top, sqrt(min(ry, 1.0))) : mix(horizon * 0.55, vec3(0.16, 0.15, 0.14), min(-ry * 3.0, 1.0));
    sky = mix(sky, 0.5 * (horizon + top), rough);  // rough surfaces see a blurred sky
    vec3 fenv = f0 + (max(vec3(1.0 - rough), f0) - f0) * e5;
    float up = clamp(v_up * 0.5 + 0.5, 0.0, 1.0);
    vec3 amb = p3d_LightModel.ambient.rgb * mix(vec3(0.45, 0.43, 0.4), vec3(1.0), up);
    vec3 col = lit + amb * c * (1.0 - metal) + sky * (fenv + coat * (0.04 + 0.96 * e5)) + c * v_mat.z;
    vec3 over = max(col - 0.75, 0.0);
    col = min(col, 0.75) + over / (1.0 + over * 4.0);  // the world's soft shoulder
    float fd = p3d_Fog.density * length(v_pos);
    p3d_FragColor = vec4(mix(p3d_Fog.color.rgb, col, exp(-fd * fd)), v_color.a);
}
"""

_SHADERS: dict[tuple[bool, bool], object] = {}


def per_pixel(tier: str) -> bool:
    """True when a tier draws cars with the physically based per-pixel shader."""
    return tier in PER_PIXEL_TIERS


def car_shader(tier: str, flakes: bool = False):
    """The compiled ursina Shader cars use on a tier (one per path, shared by every car); `flakes` adds the metallic
    paint's flakes to the per-pixel path (a variant of its own: the flake code costs every pixel it is compiled into)."""
    pbr = per_pixel(tier)
    key = (pbr, pbr and flakes)
    if key not in _SHADERS:
        from ursina import Shader

        from game.view.boot.fast_start import quiet_shader_stack

        g = lambda c: "vec3({:.3f}, {:.3f}, {:.3f})".format(*c)  # noqa: E731
        vert = _VERT % {"GLASS": g(GLASS), "CHROME": g(CHROME), "TAIL": g(TAIL), "HEAD": g(HEAD), "TYRE": g(TYRE), "WALL": g(WALL),
                        "REVERSE": g(REVERSE)}
        vert = vert.replace("#version 150\n", f"#version 150\n#define PER_VERTEX {int(not pbr)}\n", 1)
        frag = _FRAG_PBR.replace("#version 150\n", f"#version 150\n#define FLAKES {int(key[1])}\n", 1) if pbr else _FRAG_VERTEX_LIT
        name = "sideways_car_" + ("vertex" if not pbr else "pbr_flakes" if key[1] else "pbr")
        with quiet_shader_stack():
            _SHADERS[key] = Shader(name=name, language=Shader.GLSL, vertex=vert, fragment=frag)
    return _SHADERS[key]


def set_tier(tier: str) -> None:
    """Cars made from now on are drawn for this quality tier."""
    global _tier
    _tier = tier


def current_tier() -> str:
    """The tier cars are drawn for now."""
    return _tier


def set_sky(node, top, horizon, priority: int = 0) -> None:
    """The sky colours (rgb or rgba, 0..1) that paint and glass under `node` reflect (a higher priority wins over the
    studio sky each car starts with)."""
    from panda3d.core import NodePath, Vec4

    NodePath.set_shader_input(node, "car_sky_top", Vec4(*(float(x) for x in tuple(top)[:3]), 1.0), priority)
    NodePath.set_shader_input(node, "car_sky_horizon", Vec4(*(float(x) for x in tuple(horizon)[:3]), 1.0), priority)


def apply(model, tier: str | None = None) -> None:
    """Draw a CarModel (body, detail and wheels) with the car shader of `tier` (default: the current tier)."""
    model.car_tier = tier or _tier
    set_sky(model, *STUDIO_SKY)
    model.set_shader_input("car_part", 0.0)
    model.paint_mesh.set_shader_input("car_part", 1.0)
    set_finish(model, getattr(model, "finish", "gloss"))


def set_finish(model, finish: str) -> None:
    """Hand the shader the paint finish's metallic, roughness, clearcoat and flake (unknown finishes draw as gloss)."""
    values = FINISH_INPUTS.get(finish, FINISH_INPUTS["gloss"])
    tier = getattr(model, "car_tier", None)
    if tier is not None:  # drawn with the car shader (not a shader of the owner's): the flake variant only where flakes show
        want = car_shader(tier, flakes=values[3] > 0.0)
        if model.shader is not want:
            model.shader = want
    model.set_shader_input("car_finish", values)
