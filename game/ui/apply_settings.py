"""Apply changed settings live: the window, and (while driving) sound, HUD, camera, controls, shadows and AI cars."""

from __future__ import annotations

from typing import Any

from game.content.settings import Settings


def apply_settings(settings: Settings, scene: Any = None) -> list[str]:
    """Apply what can change without a restart; returns the names of the parts that changed."""
    applied = ["window"] if _apply_window(settings) else []
    if scene is not None:
        applied += _apply_scene(settings, scene)
    return applied


def _apply_window(settings: Settings) -> bool:
    """Fullscreen (borderless, desktop size) or a window of settings.resolution; a no-op offscreen."""
    from ursina import application, window

    if application.window_type != "onscreen":
        return False  # offscreen/headless buffers keep their size: screenshots and tests rely on it
    win = getattr(application.base, "win", None)
    if win is None or not hasattr(win, "request_properties"):
        return False
    from panda3d.core import WindowProperties

    monitor = getattr(window, "main_monitor", None)
    if settings.fullscreen and monitor is not None:
        # Borderless at the desktop size rather than an exclusive mode switch: no flicker, alt-tab safe.
        size, origin, undecorated = (int(monitor.width), int(monitor.height)), (int(monitor.x), int(monitor.y)), True
    else:
        size, undecorated = (int(settings.resolution[0]), int(settings.resolution[1])), False
        origin = None
        if monitor is not None:
            origin = (int(monitor.x + (monitor.width - size[0]) / 2), int(monitor.y + (monitor.height - size[1]) / 2))
    props = win.get_properties()
    same_mode = getattr(window, "__dict__", {}).get("_fullscreen") == settings.fullscreen  # (a WM may ignore undecorated)
    if same_mode and (props.get_x_size(), props.get_y_size()) == size:
        return False
    want = WindowProperties()
    want.set_undecorated(undecorated)
    want.set_size(*size)
    if origin is not None:
        want.set_origin(*origin)
    win.request_properties(want)
    window._fullscreen = settings.fullscreen  # keep ursina's notion in step (its setter would fight ours)
    return True


def _apply_scene(settings: Settings, scene: Any) -> list[str]:
    """Push settings into a running DriveScene; particles and skidmark length wait for the next drive."""
    before = getattr(scene, "settings", None)
    done = []
    scene.audio.set_volumes(settings)
    done.append("audio")
    scene.hud.set_units(settings.units)
    done.append("units")
    if scene.minimap is not None:
        scene.minimap.set_visible(settings.minimap)
        done.append("minimap")
    if before is None or settings.camera != before.camera:
        scene.rig.mode = settings.camera
        scene.rig.pos = None  # jump to the new viewpoint instead of gliding across the map
        done.append("camera")
    m = scene.mapper
    m.bindings, m.stick_deadzone, m.steer_sensitivity = settings.bindings, settings.gamepad_deadzone, settings.steer_sensitivity
    done.append("controls")
    if before is None or settings.gearbox_assist != before.gearbox_assist:
        scene.assist = scene.new_assist(settings.gearbox_assist)
        done.append("gearbox")
    if before is None or settings.quality.shadows != before.quality.shadows:
        scene.world_view.set_shadows(settings.quality.shadows)
        done.append("shadows")
    if before is not None and (settings.ai_cars, settings.ai_in_timed_modes) != (before.ai_cars, before.ai_in_timed_modes):
        if _apply_ai_count(settings, scene):
            done.append("ai cars")
    scene.settings = settings
    return done


def _apply_ai_count(settings: Settings, scene: Any) -> bool:
    """Settings -> AI cars while driving: cars join or leave now (recorded in the replay), not at the next drive.
    A replay playing back keeps its own fleet."""
    from game.content.drivers import load_drivers
    from game.content.settings import ai_cars_for

    if scene.script is not None:
        return False
    want = ai_cars_for(settings, scene.run.mode)
    before = scene.fleet.count
    if want != before:
        scene.hud.show_message(scene.fleet.change(1 if want > before else -1, load_drivers, abs(want - before)), 1.5)
    return scene.fleet.count != before
