"""Drive the real game with key events only, as a player would: helpers for flow scripts run in a subprocess."""

from __future__ import annotations

KEYBOARD_LETTERS = "1234567890qwertyuiopasdfghjklzxcvbnm"  # ursina delivers these as raw events


def step(app, frames: int = 2) -> None:
    """Render some frames."""
    for _ in range(frames):
        app.step()


def press(app, key: str) -> None:
    """One key event through ursina's own input path, then a couple of frames."""
    app.input(key, is_raw=key in KEYBOARD_LETTERS)
    step(app)


CONTEXT = {"drive": "", "pause": "_pause", "results": "_results"}  # the drive's screens, named for a Tandem drive or a watched replay


def screen(game) -> str:
    """The name of the screen on top of the game's stack (see screen_graph): Tandem's map picker is 'tandem_picker', and
    a Tandem drive, its pause menu and its results are 'tandem', 'tandem_pause', 'tandem_results' (a replay watched from
    them 'watch', 'watch_pause', 'watch_results'; a career event's 'event', 'event_pause', 'event_results'): their options
    differ from the other modes'."""
    top = game.stack.top
    if top is None:
        return "none"
    name = top.name
    if name == "map_picker" and getattr(getattr(top, "view", None), "mode", None) == "tandem":
        return "tandem_picker"
    scene = game.scene
    if name in CONTEXT and scene is not None:
        if game.watching:
            return "watch" + CONTEXT[name]
        if getattr(getattr(game, "career", None), "active", None) is not None:  # a career event's drive, pause and results
            return "event" + CONTEXT[name]
        if scene.mode == "tandem":
            return "tandem" + CONTEXT[name]
    return name


def view(game):
    """The widget of the menu screen on top (MainMenu, ModeSelect, PauseMenu, ResultsScreen, ...)."""
    return game.stack.top.view


def options(game) -> tuple[list[str], int]:
    """The labels of the screen's option list and the highlighted one."""
    top = view(game)
    if hasattr(top, "tabs"):  # the settings screen: its section list, Back last
        return [t.text for t in top.tabs], top.section
    return [b.text for b in top.menu.buttons], top.menu.index


def pick(app, game, label: str) -> None:
    """Highlight an option with the down arrow and press Enter."""
    labels, _ = options(game)
    if label not in labels:
        raise LookupError(f"{label!r} is not offered on {screen(game)}: {labels}")
    for _ in range(len(labels)):
        names, at = options(game)
        if names[at] == label:
            break
        press(app, "down arrow")
    press(app, "enter")


class SparseDraw:
    """Stands in for Panda3D's graphics engine: renderFrame draws only every `every`-th call (1: every frame), the
    rest of each frame (input, update, sim, view sync) runs as ever. A draw costs ~15-40 ms on software GL."""

    def __init__(self, app) -> None:
        self.engine, self.every, self.calls = app.graphicsEngine, 1, 0
        app.graphicsEngine = self  # ShowBase's render task looks it up each frame

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def renderFrame(self) -> None:  # noqa: N802 (Panda3D's name)
        self.calls += 1
        if self.calls % self.every == 0:
            self.engine.renderFrame()
