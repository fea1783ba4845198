"""The sky's shader: the gradient dome and the sun disc, with procedural clouds lit from the sun (one noise read)."""

from __future__ import annotations

import numpy as np

CLOUDS_DEFAULT = 0.35  # track.look "clouds": how much of the sky clouds cover (0 clear .. 1 overcast)
CLOUD_SCALE = 0.22  # noise tiles per unit of the projected cloud plane
NOISE_PX = 128

SKY_VERT = """#version 150
uniform mat4 p3d_ModelViewProjectionMatrix;
in vec4 p3d_Vertex; in vec4 p3d_Color; out vec4 v_color; out vec3 v_dir;
void main() { gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex; v_color = p3d_Color; v_dir = p3d_Vertex.xyz; }
"""
# Clouds sit on a plane above the camera: a direction d meets it at d.xz / d.y. Two reads of one tiling noise make
# their shapes; coverage sets where they start; towards the sun they are lit through (a silver edge), elsewhere greyer.
SKY_FRAG = """#version 150
uniform sampler2D cloud_noise;
uniform vec4 cloud_info;  // coverage 0..1, scale, 1 / the dome's radius, unused
uniform vec4 sun_dir;  // unit vector toward the sun (world)
in vec4 v_color; in vec3 v_dir; out vec4 p3d_FragColor;
void main() {
    vec4 c = v_color;
#if CLOUDS
    vec3 d = v_dir * cloud_info.z;  // the dome is a sphere of radius 1 / cloud_info.z: a direction without a normalize
    if (d.y > 0.01 && cloud_info.x > 0.0) {
        float n = texture(cloud_noise, d.xz / (d.y + 0.08) * cloud_info.y).r;  // one read: the noise holds three octaves
        float edge = 0.86 - cloud_info.x * 0.6;
        float k = clamp((n - edge) * 4.0, 0.0, 1.0) * clamp(d.y * 9.0, 0.0, 1.0);
        float s = max(dot(d, sun_dir.xyz), 0.0), s2 = s * s, s4 = s2 * s2;
        vec3 cloud = mix(vec3(0.74, 0.76, 0.8), vec3(1.0, 0.99, 0.96), clamp((n - edge) * 2.0 + s4 * 0.6, 0.0, 1.0));
        c.rgb = mix(c.rgb, cloud, k * 0.9);
    }
#endif
    p3d_FragColor = c;
}
"""

_noise = None


def cloud_noise():
    """The sky's tiling noise texture (one, shared by every world)."""
    global _noise
    if _noise is None:
        from panda3d.core import SamplerState

        from game.view.world import textures as tx

        arr = tx.tile_noise(np.random.default_rng(34), NOISE_PX, (6, 6), octaves=4)
        arr = (arr - arr.min()) / max(float(np.ptp(arr)), 1e-6)
        _noise = tx.panda_texture((arr * 255).astype(np.uint8), "cloud_noise")
        _noise.set_wrap_u(SamplerState.WM_repeat)
        _noise.set_wrap_v(SamplerState.WM_repeat)
    return _noise


def cloud_cover(look: dict) -> float:
    """How much of the sky a track's look covers with cloud (0..1)."""
    return min(1.0, max(0.0, float(look.get("clouds", CLOUDS_DEFAULT))))


def dress_sky(entity, look: dict, to_sun, radius: float) -> None:
    """Give a sky entity (dome or sun disc, on a sphere of `radius`) what the sky shader reads: the noise, the cover
    and the sun."""
    entity.set_shader_input("cloud_noise", cloud_noise())
    entity.set_shader_input("cloud_info", (cloud_cover(look), CLOUD_SCALE, 1.0 / radius, 0.0))
    entity.set_shader_input("sun_dir", (float(to_sun[0]), float(to_sun[1]), float(to_sun[2]), 0.0))
