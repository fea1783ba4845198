"""Opening the game's window: the multisampling it starts with, then the Game in it (play, or watch a replay)."""

from __future__ import annotations

import sys

from game.commands.common import CommandError
from game.content import settings as settings_mod
from game.shell.request import Opening
from game.sim.params import Catalog


def startup_msaa(quality: str | None = None) -> int:
    """Multisamples for the window about to open: --quality, else the saved tier (none before a tier is picked,
    and none where OpenGL runs in software: there it costs more than it gives)."""
    from game.content.quality import TIER_SPECS, gl_is_likely_software

    tier = quality or settings_mod.load_settings(settings_mod.settings_path()).settings.quality.tier
    return TIER_SPECS[tier].msaa if tier and not gl_is_likely_software() else 0


def prefetch_ground(world, catalog: Catalog, quality: str | None = None) -> None:
    """Start loading (or, on a first start, baking) the world's ground maps on a worker thread, so that they are ready
    by the time the window is open and the terrain is built; the tier is --quality, the saved one, or the likely pick."""
    from game.content.quality import TIER_SPECS, gl_is_likely_software
    from game.view.world.bake_cache import prefetch_maps

    tier = quality or settings_mod.load_settings(settings_mod.settings_path()).settings.quality.tier
    tier = tier or ("low" if gl_is_likely_software() else "high")
    prefetch_maps(world, catalog.surfaces, TIER_SPECS[tier].map_px)


def run(catalog: Catalog, opening: Opening, size=None, fullscreen=None, prog: str = "sideways play",
        retry: str = "sideways play --headless") -> int:
    """Open the window with the saved display settings, put the Game in it, opened as asked, and run until the player
    quits (`sideways play`, or `sideways replay FILE` with a request to watch it; Esc or the results lead to the menu).

    No display to open it on (none set, nothing there, one that never answers) is one line and exit code 2."""
    from game.shell.launch_checks import display_problem, window_refused

    problem = display_problem()  # a bounded wait: a stale ssh -X display would hang the window's open for minutes
    if problem:
        sys.stderr.write(f"{prog}: {problem}; try `{retry}`\n")
        return 2
    from game.view.boot.ursina_app import make_app

    st = settings_mod.load_settings(settings_mod.settings_path()).settings
    try:
        app = make_app(headless=False, size=size or tuple(st.resolution), fullscreen=st.fullscreen if fullscreen is None else fullscreen,
                       msaa=startup_msaa(opening.quality))
    except Exception as e:  # ShowBase: "Could not open window." (the display answered, its OpenGL did not)
        if "open window" not in str(e):
            raise
        sys.stderr.write(window_refused(prog, retry) + "\n")
        return 2
    from game.shell import session_end
    from game.shell.app import Game
    from game.ui.apply_settings import apply_settings

    apply_settings(st)  # a saved fullscreen takes effect from the start
    try:
        game = Game(catalog, opening)
    except CommandError as e:
        raise SystemExit(f"sideways: {e}") from None
    try:
        app.run()  # the close button exits here with code 0 after banking; a signal with 128 + its number
    finally:
        said = session_end.end(game)  # Quit, or an error: a drive in progress is still banked
        if said:
            sys.stderr.write(f"{prog}: {said}\n")
    return 0
