"""Start ursina once per process, on screen or offscreen (headless through EGL: docs/architecture.md, "Headless rendering")."""

from __future__ import annotations

from game import paths

UI_SHADER_OFF_PRIORITY = 1  # overrides the auto shader ursina's Text sets at priority 0


def make_app(headless: bool = False, size: tuple[int, int] = (1280, 720), fullscreen: bool = False, title: str = "Sideways",
             msaa: int = 0):
    """Create the one ursina app of this process; headless renders offscreen through EGL; msaa samples per pixel."""
    from panda3d.core import loadPrcFileData

    prc = f"sync-video false\nwindow-title {title}\n"
    prc += f"framebuffer-multisample 1\nmultisamples {int(msaa)}\n" if msaa > 1 else "framebuffer-multisample 0\nmultisamples 0\n"
    if headless:
        # gl-finish: each frame completes before the next starts, as a window's buffer swap makes it; without it an
        # offscreen GL driver may queue several frames and finish them in one late burst (untruthful frame times)
        prc += "load-display p3headlessgl\naux-display p3headlessgl\naudio-library-name null\ngl-finish true\n"
    loadPrcFileData("", prc)
    from game.view.boot.fast_start import quiet_shader_stack

    with quiet_shader_stack():  # ursina builds its stock shaders on import
        import ursina.shaders  # noqa: F401
        from ursina import Ursina, application

    from game.view.boot.plain_text import draw_text_as_written

    draw_text_as_written()  # names, file names and notices from players' files are drawn as written, never as markup
    application.asset_folder = paths.ASSETS_DIR
    kwargs = dict(development_mode=False, size=size, borderless=False, title=title)
    if headless:
        app = Ursina(window_type="offscreen", **kwargs)
    else:
        app = Ursina(fullscreen=fullscreen, **kwargs)
    application.asset_folder = paths.ASSETS_DIR
    _no_auto_shader_on_ui()
    from ursina import camera, window

    from game.view.boot.blending import single_pass_ui

    single_pass_ui(camera.ui)
    camera.overlay.enabled = False  # ursina's full-screen fade quad: clear, unused, yet blended over every pixel each frame
    if headless:
        # offscreen windows never send 'aspectRatioChanged', so the UI lens would keep no film size
        camera.ui_lens.set_film_size(camera.ui_size * 0.5 * window.aspect_ratio, camera.ui_size * 0.5)
    return app


def _no_auto_shader_on_ui() -> None:
    """Draw the UI without Panda3D's generated shader: every ursina Text asks for it, and Panda 1.10 generates Cg,
    which Mesa cannot run (`glgsg(error): Could not load program: created-shader (The profile is not supported.)`
    on the first menu frame, then a fixed-function fallback that looks the same). A UI entity that needs its own
    shader must set it with a priority above UI_SHADER_OFF_PRIORITY."""
    from ursina import camera

    camera.ui.set_shader_off(UI_SHADER_OFF_PRIORITY)


def save_screenshot(path) -> None:
    """Write the last rendered frame to a PNG."""
    from panda3d.core import Filename
    from ursina import application

    application.base.win.saveScreenshot(Filename.fromOsSpecific(str(path)))
