"""Menu building blocks: a keyboard/gamepad/mouse navigable list of options, titles and panels."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Button, Entity, Text, camera, color, mouse

UP_KEYS = {"up arrow", "w", "gamepad dpad up", "up arrow hold"}
DOWN_KEYS = {"down arrow", "s", "gamepad dpad down", "down arrow hold"}
LEFT_KEYS = {"left arrow", "a", "gamepad dpad left", "left arrow hold", "gamepad left shoulder"}
RIGHT_KEYS = {"right arrow", "d", "gamepad dpad right", "right arrow hold", "gamepad right shoulder"}
OK_KEYS = {"enter", "space", "gamepad a"}
BACK_KEYS = {"escape", "backspace", "gamepad b"}

ACCENT = color.hex("#ff7a1a")
PANEL = color.rgba(0.05, 0.06, 0.08, 0.82)
DIM = color.rgba(1, 1, 1, 0.45)


def _play_ui(name: str) -> None:
    try:
        from game.view.audio.car_audio import play_ui

        play_ui(name)
    except Exception:  # a missing sound must never break a menu
        pass


def _pointer() -> tuple | None:
    """Where the mouse pointer is (None offscreen, where there is no pointer)."""
    try:
        return tuple(mouse.position)
    except AttributeError:
        return None


class MenuList(Entity):
    """A vertical list of options: arrows/d-pad move, Enter/A picks, Esc/B goes back, the mouse clicks."""

    def __init__(self, options: list[tuple[str, Callable[[], None]]], on_back: Callable[[], None] | None = None,
                 y: float = 0.05, x: float = 0.0, width: float = 0.42, spacing: float = 0.075, **kwargs):
        kwargs.setdefault("parent", camera.ui)
        super().__init__(**kwargs)
        self.on_back = on_back
        self.armed = False  # ignore the key press that opened this menu (it is still being dispatched)
        self._mouse_at_open = _pointer()  # a pointer resting where the menu opens selects nothing
        self.index = 0
        self.buttons: list[Button] = []
        self.actions = [a for _, a in options]
        self.enabled_flags = [True] * len(options)
        for i, (label, _) in enumerate(options):
            b = Button(parent=self, text=label, scale=(width, spacing * 0.82), position=(x, y - i * spacing),
                       color=PANEL, highlight_color=color.rgba(1, 0.48, 0.1, 0.55), pressed_color=ACCENT, radius=0.25)
            b.text_entity.scale *= 1.05
            b.on_click = self._clicker(i)
            b.on_mouse_enter = self._hover(i)
            self.buttons.append(b)
        self._paint()

    def _clicker(self, i: int):
        return lambda: self.pick(i)

    def _hover(self, i: int):
        def f():
            if self._mouse_at_open is not None and _pointer() == self._mouse_at_open:
                return
            self._mouse_at_open = None
            self.index = i
            self._paint()

        return f

    def set_enabled(self, i: int, on: bool) -> None:
        """Grey out an option (it can still be highlighted, not picked)."""
        self.enabled_flags[i] = on
        self._paint()

    def set_label(self, i: int, text: str) -> None:
        """Change an option's text."""
        self.buttons[i].text = text

    def pick(self, i: int | None = None) -> None:
        """Run the action of an option (the highlighted one by default)."""
        i = self.index if i is None else i
        if self.enabled_flags[i]:
            _play_ui("ui_confirm.wav")
            self.actions[i]()

    def _paint(self) -> None:
        for i, b in enumerate(self.buttons):
            sel = i == self.index
            b.color = color.rgba(1, 0.48, 0.1, 0.9) if sel else PANEL
            b.text_color = color.white if self.enabled_flags[i] else DIM

    def update(self) -> None:
        """Arm the menu once it has lived through one frame."""
        self.armed = True

    def input(self, key: str) -> None:
        """Keyboard and gamepad navigation."""
        if not self.enabled or not self.armed:
            return
        if key in UP_KEYS:
            self.index = (self.index - 1) % len(self.buttons)
            _play_ui("ui_click.wav")
            self._paint()
        elif key in DOWN_KEYS:
            self.index = (self.index + 1) % len(self.buttons)
            _play_ui("ui_click.wav")
            self._paint()
        elif key in OK_KEYS:
            self.pick()
        elif key in BACK_KEYS and self.on_back:
            self.on_back()


def title(text: str, y: float = 0.33, scale: float = 4.0, parent=None) -> Text:
    """A big centred heading with a drop shadow."""
    parent = parent or camera.ui
    shadow = Text(text, parent=parent, origin=(0, 0), y=y - 0.006, x=0.004, z=0.001, scale=scale,
                  color=color.rgba(0, 0, 0, 0.6))  # behind the heading (the UI draws back to front by z)
    t = Text(text, parent=parent, origin=(0, 0), y=y, scale=scale, color=color.white)
    t.shadow_entity = shadow
    return t


def panel(parent=None, scale=(0.6, 0.6), position=(0, 0), alpha: float = 0.82) -> Entity:
    """A dark rounded backing panel for text."""
    from ursina import Quad

    return Entity(parent=parent or camera.ui, model=Quad(radius=0.03), scale=scale, position=position, color=color.rgba(0.05, 0.06, 0.08, alpha))
