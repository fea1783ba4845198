"""Graphics quality tiers (Low, Medium, High, Ultra): what each one draws, and which one a machine starts on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

TIERS = ("low", "medium", "high", "ultra")
TIER_LABELS = {"low": "Low", "medium": "Medium", "high": "High", "ultra": "Ultra"}
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "gdi generic", "microsoft basic render")
INTEGRATED_RENDERERS = ("intel", "uhd graphics", "iris", "mali", "adreno", "videocore", "apple m1")


@dataclass(frozen=True)
class TierSpec:
    """One quality tier: every switch the renderer reads, in one bundle.

    Shadow policy 'cached': the sun's map holds only the static park and is redrawn when its box moves
    (it snaps in steps of shadow_step_m), cars keep their contact shadow; 'live': cars cast too, and the map
    is redrawn on any frame where the box or a car moved.
    """

    name: str
    msaa: int  # multisamples per pixel (0: none); needs a restart
    shadow_map_px: int  # sun shadow map size (px per side)
    shadow_radius_m: float  # half-size of the square the sun's map covers around the car
    shadow_policy: str  # 'cached' or 'live' (see above)
    shadow_step_m: float  # the cached map's box moves in steps of this size (0: every texel)
    shadow_taps: int  # shadow-map lookups per pixel (1, 2 or 5): soft edges cost fragment time
    far_detail: bool  # second, larger-scale detail layer on the ground
    clouds: bool  # clouds in the sky (two noise reads per sky pixel)
    terrain_far_stride: int  # terrain chunks beyond lod_near_m keep every n-th height node
    props_detail: str  # 'full' or 'low': triangle budget of props and walls (tyre stacks, foliage)
    lod_near_m: float  # distance from the camera within which everything is drawn at full detail
    draw_distance_m: float  # camera far plane; fog thickens so that nothing pops at this distance
    map_px: int  # baked ground colour map size (px per side)
    trilinear: bool  # blend between mipmap levels on the ground (else the nearest level: half the texel reads)
    particles: str  # 'off', 'low' or 'high'
    skidmark_length: int  # skidmark segments kept on the ground

    @property
    def shader_variant(self) -> tuple[int, bool, bool]:
        """What the world's shaders are compiled for: (shadow taps, far detail, clouds)."""
        return (self.shadow_taps, self.far_detail, self.clouds)


# The tier table. Software GL (llvmpipe) gets Low; Low keeps the park, the sun, shadows of the static
# world and every effect, and drops only what costs most per pixel and per vertex. Medium and High read the shadow
# map twice a pixel across the diagonal (nearly as soft as Ultra's five reads, which cost High 6 ms of a 52 ms frame
# on llvmpipe; one read shows the map's texel steps under a car) and
# High leaves the ground's second detail layer to Ultra (the detail tiles vary at two scales themselves): measured with
# tools/bench_window.py, docs/performance.md.
TIER_SPECS: dict[str, TierSpec] = {
    "low": TierSpec("low", msaa=0, shadow_map_px=1024, shadow_radius_m=70.0, shadow_policy="cached", shadow_step_m=12.0,
                    shadow_taps=1, far_detail=False, clouds=False, terrain_far_stride=3, props_detail="low", lod_near_m=70.0,
                    draw_distance_m=340.0, map_px=2048, trilinear=False, particles="low", skidmark_length=1500),
    "medium": TierSpec("medium", msaa=0, shadow_map_px=2048, shadow_radius_m=70.0, shadow_policy="cached", shadow_step_m=8.0,
                       shadow_taps=2, far_detail=True, clouds=True, terrain_far_stride=2, props_detail="low", lod_near_m=110.0,
                       draw_distance_m=480.0, map_px=2048, trilinear=True, particles="high", skidmark_length=3000),
    "high": TierSpec("high", msaa=2, shadow_map_px=2048, shadow_radius_m=60.0, shadow_policy="live", shadow_step_m=0.0,
                     shadow_taps=2, far_detail=False, clouds=True, terrain_far_stride=2, props_detail="full", lod_near_m=160.0,
                     draw_distance_m=900.0, map_px=2048, trilinear=True, particles="high", skidmark_length=4000),
    "ultra": TierSpec("ultra", msaa=4, shadow_map_px=4096, shadow_radius_m=60.0, shadow_policy="live", shadow_step_m=0.0,
                      shadow_taps=5, far_detail=True, clouds=True, terrain_far_stride=1, props_detail="full", lod_near_m=1e4,
                      draw_distance_m=1400.0, map_px=2048, trilinear=True, particles="high", skidmark_length=8000),
}


def is_software_renderer(renderer: str) -> bool:
    """True when the GL renderer string names a CPU rasteriser (Mesa llvmpipe/softpipe/swrast, Windows' GDI)."""
    name = renderer.lower()
    return any(k in name for k in SOFTWARE_RENDERERS)


def gl_is_likely_software(env: Mapping[str, str] | None = None, dri_dir: str = "/dev/dri", platform: str | None = None) -> bool:
    """Before any window exists: True when OpenGL can only run in software (Mesa told so, or Linux without GPU nodes).

    Multisampling costs a software rasteriser a third of its frame and gives little, so the window is opened
    without it there whatever the tier says.
    """
    import os
    import sys

    env = os.environ if env is None else env
    if env.get("LIBGL_ALWAYS_SOFTWARE", "") not in ("", "0", "false") or env.get("GALLIUM_DRIVER", "") in ("llvmpipe", "softpipe"):
        return True
    if (platform or sys.platform).startswith("linux"):
        try:
            return not any(name.startswith(("renderD", "card")) for name in os.listdir(dri_dir))
        except OSError:
            return True  # no /dev/dri at all: no GPU driver to talk to
    return False


def auto_tier(renderer: str) -> str:
    """The tier a machine starts on: Low on software GL, Medium on integrated GPUs, High otherwise."""
    name = renderer.lower()
    if not name.strip() or is_software_renderer(name):
        return "low"  # unknown is treated as weak: a slow first frame is worse than a plain one
    if any(k in name for k in INTEGRATED_RENDERERS):
        return "medium"
    return "high"


def resolve(quality, tier: str) -> TierSpec:
    """The tier's bundle with the player's own particles / skidmark choices (Settings.quality) laid over it."""
    spec = TIER_SPECS[tier]
    changes = {}
    if getattr(quality, "particles", "tier") != "tier":
        changes["particles"] = quality.particles
    if getattr(quality, "skidmark_length", 0):
        changes["skidmark_length"] = quality.skidmark_length
    if not changes:
        return spec
    from dataclasses import replace

    return replace(spec, **changes)
