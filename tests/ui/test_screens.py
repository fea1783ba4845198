"""The screen stack on its own (no engine): what each screen is told as others come and go, and where keys and frames go."""

from __future__ import annotations

import pytest

from game.ui.screens import MenuScreen, Screen, ScreenStack


class Probe(Screen):
    """A screen that writes down what the stack tells it."""

    def __init__(self, name: str, log: list, overlay: bool = False) -> None:
        self.name, self.overlay, self.log = name, overlay, log

    def show(self) -> None:
        self.log.append(f"{self.name}.show")

    def hide(self) -> None:
        self.log.append(f"{self.name}.hide")

    def destroy(self) -> None:
        self.log.append(f"{self.name}.destroy")

    def input(self, key: str) -> None:
        self.log.append(f"{self.name}.input {key}")

    def update(self, dt_s: float) -> None:
        self.log.append(f"{self.name}.update")


@pytest.fixture
def log() -> list:
    return []


def test_push_hides_the_screen_below_and_pop_brings_it_back(log):
    stack = ScreenStack()
    main, modes = Probe("main", log), Probe("modes", log)
    stack.push(main)
    stack.push(modes)
    assert stack.names == ["main", "modes"] and stack.top is modes
    stack.pop()
    assert stack.names == ["main"]
    assert log == ["main.show", "main.hide", "modes.show", "modes.destroy", "main.show"]


def test_an_overlay_freezes_the_drive_which_stays_drawn_and_only_the_top_hears_keys(log):
    stack = ScreenStack()
    drive, pause = Probe("drive", log), Probe("pause", log, overlay=True)
    stack.push(drive)
    stack.push(pause)
    log.clear()
    stack.update(1 / 60)
    stack.input("escape")
    assert log == ["drive.update", "pause.update", "pause.input escape"]  # the drive below still gets its frames


def test_a_full_screen_hides_what_is_under_it_from_the_frames(log):
    stack = ScreenStack()
    stack.push(Probe("main", log))
    stack.push(Probe("garage", log))
    log.clear()
    stack.update(1 / 60)
    assert log == ["garage.update"]


def test_results_replace_the_pause_menu_without_waking_the_drive(log):
    stack = ScreenStack()
    drive = Probe("drive", log)
    stack.push(drive)
    stack.push(Probe("pause", log, overlay=True))
    log.clear()
    stack.push(Probe("results", log, overlay=True), over=drive)
    assert stack.names == ["drive", "results"]
    assert log == ["pause.destroy", "results.show"]  # the drive is not shown (unpaused) in between
    log.clear()
    stack.push(Probe("again", log, overlay=True), over=stack.top)  # over the top itself: it is covered as by push
    assert log == ["results.hide", "again.show"]


def test_over_a_screen_that_is_not_there_is_one_line(log):
    stack = ScreenStack()
    stack.push(Probe("main", log))
    with pytest.raises(ValueError, match="results cannot go over drive: it is not on the stack"):
        stack.push(Probe("results", log), over=Probe("drive", log))


def test_switch_removes_every_screen_top_first_then_shows_the_new_one(log):
    stack = ScreenStack()
    for name in ("main", "modes", "maps"):
        stack.push(Probe(name, log))
    log.clear()
    stack.switch(Probe("drive", log))
    assert stack.names == ["drive"]
    assert log == ["maps.destroy", "modes.destroy", "main.destroy", "drive.show"]


def test_a_screen_taken_off_by_an_earlier_frame_gets_no_frame(log):
    stack = ScreenStack()
    drive = Probe("drive", log)
    stack.push(drive)
    stack.push(Probe("pause", log, overlay=True))
    drive.update = lambda dt_s: stack.push(Probe("results", log, overlay=True), over=drive)  # the clock ran out
    log.clear()
    stack.update(1 / 60)
    assert log == ["pause.destroy", "results.show"] and stack.names == ["drive", "results"]


class View:
    """A stand-in widget."""

    made = 0

    def __init__(self) -> None:
        View.made += 1
        self.gone = False

    def destroy(self) -> None:
        self.gone = True


def test_a_menu_screen_is_built_afresh_each_time_it_comes_on_top():
    stack = ScreenStack()
    keys: list[str] = []
    menu = MenuScreen("main", View, on_key=keys.append)
    stack.push(menu)
    first = menu.view
    stack.push(MenuScreen("garage", View))
    assert first.gone and menu.view is None  # covered: its widget is gone
    stack.pop()
    assert menu.view is not None and menu.view is not first  # back on top: built again, showing the game as it is now
    stack.input("escape")
    assert keys == ["escape"]
    stack.clear()
    assert menu.view is None and len(stack) == 0 and stack.top is None
