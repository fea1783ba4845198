"""Screens as objects on a stack: one small interface (show, hide, destroy, optional input and update) and the stack.

The top screen is shown and takes the keys the game routes (its widgets take their own from ursina); every screen
below it is hidden. An overlay (pause, results) is drawn over the screen below it, which stays drawn, frozen.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Any


class Screen(ABC):
    """One screen of the game; the stack calls show when it comes on top, hide when another covers it, destroy at the end."""

    name: str = "screen"  # what the player would call it: main, mode_select, drive, pause, ...
    overlay: bool = False  # drawn over the screen below, which stays drawn (frozen) instead of hiding

    @abstractmethod
    def show(self) -> None:
        """This screen is on top now: build it, or bring it back."""

    @abstractmethod
    def hide(self) -> None:
        """Another screen covers this one."""

    @abstractmethod
    def destroy(self) -> None:
        """This screen leaves the stack: remove everything it made."""

    def input(self, key: str) -> None:  # noqa: B027 (an optional hook: most screens' widgets hear their own keys)
        """A key event while this screen is on top (its widgets hear their own keys from ursina)."""

    def update(self, dt_s: float) -> None:  # noqa: B027 (an optional hook: most screens' widgets update themselves)
        """Once a rendered frame while this screen is drawn."""


class MenuScreen(Screen):
    """A screen whose widget is built each time it comes on top (so it shows the game as it is now) and removed when
    covered; `on_key` hears the keys the game routes to it."""

    def __init__(self, name: str, build: Callable[[], Any], overlay: bool = False,
                 on_key: Callable[[str], None] | None = None) -> None:
        self.name, self.overlay = name, overlay
        self.build, self.on_key = build, on_key
        self.view: Any = None  # the widget on show (an ursina Entity with a destroy method), None while covered

    def show(self) -> None:
        """Build the widget afresh."""
        self._drop()
        self.view = self.build()

    def hide(self) -> None:
        """Remove the widget; the next show builds it again."""
        self._drop()

    def destroy(self) -> None:
        """Remove the widget."""
        self._drop()

    def input(self, key: str) -> None:
        """Hand the key to on_key, if any."""
        if self.on_key is not None:
            self.on_key(key)

    def _drop(self) -> None:
        if self.view is not None:
            view, self.view = self.view, None
            view.destroy()

    def __repr__(self) -> str:
        return f"MenuScreen({self.name!r})"


class ScreenStack:
    """The screens in play, bottom first; only the top one is shown."""

    def __init__(self) -> None:
        self.screens: list[Screen] = []

    def __len__(self) -> int:
        return len(self.screens)

    def __iter__(self) -> Iterator[Screen]:
        return iter(self.screens)

    @property
    def top(self) -> Screen | None:
        """The screen on show (None before the first)."""
        return self.screens[-1] if self.screens else None

    @property
    def names(self) -> list[str]:
        """The screens' names, bottom first (e.g. ['drive', 'pause'])."""
        return [s.name for s in self.screens]

    def find(self, kind: type) -> Any:
        """The topmost screen of this class, or None."""
        return next((s for s in reversed(self.screens) if isinstance(s, kind)), None)

    def push(self, screen: Screen, over: Screen | None = None) -> None:
        """Put a screen on top and show it. With `over`, the screens above that one leave first (it is not shown
        between): e.g. the results replace the pause menu over the drive, which stays frozen throughout."""
        top = self.top
        if over is not None and over is not top:
            if over not in self.screens:
                raise ValueError(f"{screen.name} cannot go over {over.name}: it is not on the stack")
            while self.screens[-1] is not over:
                self.screens.pop().destroy()
        elif top is not None:
            top.hide()
        self.screens.append(screen)
        screen.show()

    def pop(self) -> None:
        """Remove the top screen and show the one below it."""
        self.screens.pop().destroy()
        if self.screens:
            self.screens[-1].show()

    def switch(self, screen: Screen) -> None:
        """Remove every screen (top first), then show this one alone."""
        self.clear()
        self.push(screen)

    def clear(self) -> None:
        """Remove every screen, top first."""
        while self.screens:
            self.screens.pop().destroy()

    def input(self, key: str) -> None:
        """Route a key event to the top screen."""
        if self.screens:
            self.screens[-1].input(key)

    def update(self, dt_s: float) -> None:
        """A frame for every screen drawn: the top, and each one under an overlay (bottom first)."""
        drawn: list[Screen] = []
        for s in reversed(self.screens):
            drawn.append(s)
            if not s.overlay:
                break
        for s in reversed(drawn):
            if s in self.screens:  # an earlier one's frame may have taken it off (a drive that ended)
                s.update(dt_s)
