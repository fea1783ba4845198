"""Quality tiers: which tier a machine starts on, and how the player's own choices lie over a tier."""

from __future__ import annotations

import pytest

from game.content.quality import TIER_SPECS, TIERS, auto_tier, gl_is_likely_software, is_software_renderer, resolve
from game.content.settings import Quality


@pytest.mark.parametrize("renderer", [
    "llvmpipe (LLVM 15.0.6, 256 bits)",
    "Mesa/X.org llvmpipe (LLVM 17.0.6, 256 bits)",
    "softpipe",
    "Software Rasterizer",
    "Mesa swrast",
    "GDI Generic",
    "Microsoft Basic Render Driver",
])
def test_software_gl_is_detected_and_gets_low(renderer: str) -> None:
    assert is_software_renderer(renderer)
    assert auto_tier(renderer) == "low"


@pytest.mark.parametrize("renderer,tier", [
    ("NVIDIA GeForce RTX 3060/PCIe/SSE2", "high"),
    ("AMD Radeon RX 6700 XT (radeonsi, navi22, LLVM 15.0.7, DRM 3.49)", "high"),
    ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "medium"),
    ("Intel(R) Iris(R) Xe Graphics", "medium"),
    ("", "low"),
])
def test_hardware_renderers(renderer: str, tier: str) -> None:
    assert not is_software_renderer(renderer)
    assert auto_tier(renderer) == tier


def test_tiers_get_cheaper_downwards() -> None:
    specs = [TIER_SPECS[t] for t in TIERS]
    assert [s.msaa for s in specs] == sorted(s.msaa for s in specs)
    assert [s.draw_distance_m for s in specs] == sorted(s.draw_distance_m for s in specs)
    assert [s.skidmark_length for s in specs] == sorted(s.skidmark_length for s in specs)
    low = TIER_SPECS["low"]
    assert low.msaa == 0 and low.shadow_policy == "cached" and low.particles != "off"  # plain, not bare


def test_player_choices_override_the_tier() -> None:
    assert resolve(Quality(), "low") == TIER_SPECS["low"]
    spec = resolve(Quality(particles="off", skidmark_length=9000), "low")
    assert (spec.particles, spec.skidmark_length, spec.msaa) == ("off", 9000, 0)


def test_software_gl_is_guessed_before_the_window_opens(tmp_path) -> None:
    """No multisampling where GL can only be software: Mesa told so, or a Linux box without GPU device nodes."""
    dri = tmp_path / "dri"
    assert gl_is_likely_software({}, str(dri), "linux")  # no /dev/dri at all
    dri.mkdir()
    assert gl_is_likely_software({}, str(dri), "linux")  # empty
    (dri / "renderD128").touch()
    assert not gl_is_likely_software({}, str(dri), "linux")
    assert gl_is_likely_software({"LIBGL_ALWAYS_SOFTWARE": "1"}, str(dri), "linux")
    assert gl_is_likely_software({"GALLIUM_DRIVER": "llvmpipe"}, str(dri), "win32")
    assert not gl_is_likely_software({}, str(dri), "win32")  # elsewhere the tier decides
