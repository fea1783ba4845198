"""The settings screen: Audio, Display, Controls (with key rebinding) and Graphics; every change is saved at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ursina import Button, Entity, Text, camera, color, destroy, held_keys

from game.content import settings as settings_mod
from game.content.settings import DEVICES, Settings
from game.ui.settings.pages import Action, Binding, Choice, Page, Slider, TextEntry, build_pages
from game.ui.settings.row_widgets import ACCENT, ROW_H, ROW_W, SOFT, TEXT, RowView, put
from game.ui.settings.wheel import WheelSettingsScreen
from game.ui.settings.wheel_rows import with_wheel_entry
from game.ui.widgets import BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, RIGHT_KEYS, UP_KEYS

PAGE_PREV = {"gamepad left shoulder", "page up"}
PAGE_NEXT = {"gamepad right shoulder", "page down", "tab"}
CLEAR_KEYS = {"delete", "gamepad x"}
CANCEL_KEYS = {"escape"}
CONFIRM_S = 4.0  # how long "press Enter again" waits
LISTEN_S = 8.0  # listening for a new key gives up after this long (a gamepad has no Esc)
TRIGGERS = ("gamepad left trigger", "gamepad right trigger", "gamepad right stick y", "gamepad left stick y")  # analog: seen in held_keys, never as events
VISIBLE_ROWS = 9
ROW_STEP = ROW_H + 0.009
ROWS_TOP = 0.245
PANEL_X = 0.2  # centre of the rows
TABS_X = -0.655
TAB_W, TAB_H = 0.3, 0.064
NAV_HOLD = {k for k in UP_KEYS | DOWN_KEYS | LEFT_KEYS | RIGHT_KEYS if k.endswith(" hold")}
HELP = {
    "tabs": "Up/Down: section    Enter: open    Esc: back",
    "page": "Up/Down: choose    Left/Right: change    Enter: select    LB/RB: section    Esc: back",
    "listen": f"Press the new key or button    Esc: cancel    (gives up after {LISTEN_S:.0f} s)",
    "typing": "Type    Backspace: delete    Del: clear    Enter: keep    Esc: cancel",
}


def _is_release(key: str) -> bool:
    """ursina names a release 'KEY up' (but 'page up' and 'gamepad dpad up' are presses)."""
    return key.endswith(" up") and key not in ("page up", "gamepad dpad up")


def _mouse_pos() -> tuple:
    """The pointer in UI units; () where there is none (offscreen)."""
    from ursina import mouse

    try:
        return tuple(mouse.position)
    except AttributeError:
        return ()


def _play(name: str, volume: float) -> None:
    """A menu sound at the player's effects volume; never fails."""
    try:
        from game.view.audio.car_audio import play_ui

        play_ui(name, volume)
    except Exception:
        pass


class SettingsMenu(Entity):
    """Settings pages over a dark backdrop; `on_change(new)` runs after every saved change."""

    def __init__(self, settings: Settings, on_change: Callable[[Settings], None], on_back: Callable[[], None],
                 path: Path | str | None = None):
        super().__init__(parent=camera.ui)
        self.settings = settings
        self.on_change, self.on_back = on_change, on_back
        self.path = Path(path) if path is not None else settings_mod.settings_path()
        self.pages: tuple[Page, ...] = with_wheel_entry(build_pages(settings), WheelSettingsScreen)  # Controls -> Wheel
        self.section = 0  # tab index; len(pages) is "Back"
        self.focus = "tabs"  # or "page"
        self.index = 0  # selected row of the shown page
        self.col = 0  # key cell: 0 keyboard, 1 gamepad
        self.scroll = 0
        self.listening: tuple[str, str] | None = None  # (action, device) waiting for a key
        self.typing: str | None = None  # the text being typed in the selected text row (None: not typing)
        self._type_armed = False  # characters are taken from the frame after typing started
        self.listen_left = 0.0
        self.message = ""
        self._armed = False  # ignore the very key press that opened this screen
        self._gone = False  # on_back destroyed this screen: touch nothing after it
        self._confirming: int | None = None  # the Action row waiting for its second Enter
        self._clock = 0.0
        self._msg_left = 0.0
        self._kb_mouse: tuple = ()
        self._build_frame()
        self.row_views: list[RowView] = []
        self._show_page()

    # ---- building --------------------------------------------------------------------------

    def _build_frame(self) -> None:
        Entity(parent=self, model="quad", scale=(4, 2), z=2, color=color.rgba(0.035, 0.04, 0.055, 0.96))
        Entity(parent=self, model="quad", scale=(4, 0.004), y=0.335, z=1, color=color.rgba(1, 1, 1, 0.08))
        Text("SETTINGS", parent=self, x=TABS_X - TAB_W / 2, y=0.41, origin=(-0.5, 0), scale=2.6, color=color.white)
        self.page_title = Text("", parent=self, x=PANEL_X - ROW_W / 2, y=0.30, origin=(-0.5, 0), scale=1.35, color=ACCENT)
        self.tabs: list[Button] = []
        for i, name in enumerate([p.name for p in self.pages] + ["Back"]):
            y = 0.245 - i * (TAB_H + 0.014) - (0.03 if i == len(self.pages) else 0)
            b = Button(parent=self, text=name, position=(TABS_X, y), scale=(TAB_W, TAB_H), radius=0.25,
                       color=color.rgba(1, 1, 1, 0.05), highlight_color=color.rgba(1, 1, 1, 0.12))
            b.text_entity.scale *= 1.15
            b.on_click = self._tab_clicker(i)
            self.tabs.append(b)
        self.scroll_track = Entity(parent=self, model="quad", x=PANEL_X + ROW_W / 2 + 0.018, scale=(0.006, 1), color=color.rgba(1, 1, 1, 0.08))
        self.scroll_thumb = Entity(parent=self, model="quad", x=self.scroll_track.x, scale=(0.006, 1), z=-0.01, color=SOFT)
        self.rows_root = Entity(parent=self)
        y_msg = ROWS_TOP - VISIBLE_ROWS * ROW_STEP - 0.02
        self.message_text = Text("", parent=self, x=PANEL_X - ROW_W / 2, y=y_msg, origin=(-0.5, 0), scale=1.05,
                                 color=color.hex("#ffd166"))
        self.hint_text = Text("", parent=self, x=PANEL_X - ROW_W / 2, y=y_msg - 0.05, origin=(-0.5, 0), scale=1.0, color=SOFT)
        self.help_text = Text("", parent=self, origin=(0, 0), y=-0.46, scale=0.95, color=color.rgba(1, 1, 1, 0.45))

    def _back(self) -> None:
        self._gone = True
        self.on_back()

    def _tab_clicker(self, i: int) -> Callable[[], None]:
        def click() -> None:
            self._cancel_listen()
            self.typing = None
            self.section, self.focus = i, "tabs"
            if i == len(self.pages):
                self._back()
                return
            self._show_page()

        return click

    @property
    def page(self) -> Page:
        """The page on show."""
        return self.pages[min(self.section, len(self.pages) - 1)]

    def _show_page(self) -> None:
        for v in self.row_views:
            destroy(v)
        self.row_views = []
        self.index = self._first_selectable()
        self.scroll = 0
        for i, row in enumerate(self.page.rows):
            self.row_views.append(RowView(row, self.rows_root, 0.0, self._hover(i), self._clicker(i)))
        self._layout()

    def _first_selectable(self) -> int:
        return next(i for i, r in enumerate(self.page.rows) if r.selectable)

    def _hover(self, i: int) -> Callable[[], None]:
        def hover() -> None:
            moved = _mouse_pos() != self._kb_mouse  # rows scrolling under a still pointer do not count
            if self.listening is None and self.typing is None and moved and self.page.rows[i].selectable:
                self.focus, self.index = "page", i
                self._paint()

        return hover

    def _clicker(self, i: int) -> Callable[[str, float], None]:
        def click(part: str, value: float) -> None:
            if self.listening is not None or self.typing is not None or not self.page.rows[i].selectable:
                return
            self.focus, self.index = "page", i
            row = self.page.rows[i]
            if part == "slider" and isinstance(row, Slider):
                self._commit(row.at_fraction(self.settings, value))
            elif part in ("prev", "next") and isinstance(row, Choice):
                self._commit(row.nudge(self.settings, -1 if part == "prev" else 1))
            elif part.startswith("cell"):
                self.col = int(part[4:])
                self._ok()
            else:
                self._ok()
            self._paint()

        return click

    def _layout(self) -> None:
        """Place the visible window of rows and paint everything."""
        n = len(self.row_views)
        rows = self.page.rows
        top = self.index - 1 if self.index > 0 and not rows[self.index - 1].selectable else self.index
        self.scroll = min(self.scroll, top)  # a header above the selected row stays in view
        if self.index >= self.scroll + VISIBLE_ROWS:
            self.scroll = self.index - VISIBLE_ROWS + 1
        self.scroll = max(0, min(self.scroll, n - VISIBLE_ROWS)) if n > VISIBLE_ROWS else 0
        for i, v in enumerate(self.row_views):
            k = i - self.scroll
            v.enabled = 0 <= k < VISIBLE_ROWS
            v.position = (PANEL_X, ROWS_TOP - k * ROW_STEP)
        span = VISIBLE_ROWS * ROW_STEP
        self.scroll_track.enabled = self.scroll_thumb.enabled = n > VISIBLE_ROWS
        if n > VISIBLE_ROWS:
            self.scroll_track.y = ROWS_TOP + ROW_H / 2 - span / 2
            self.scroll_track.scale_y = span
            self.scroll_thumb.scale_y = span * VISIBLE_ROWS / n
            self.scroll_thumb.y = ROWS_TOP + ROW_H / 2 - span * (self.scroll / n) - self.scroll_thumb.scale_y / 2
        self._paint()

    def _paint(self) -> None:
        blink = int(self._clock * 3) % 2 == 0
        for i, v in enumerate(self.row_views):
            sel = self.focus == "page" and i == self.index
            v.refresh(self.settings, sel, self.col, sel and self.listening is not None, blink, self.typing if sel else None)
        for i, b in enumerate(self.tabs):
            on = i == self.section
            b.color = color.rgba(1, 0.48, 0.1, 0.9 if self.focus == "tabs" else 0.45) if on else color.rgba(1, 1, 1, 0.05)
            b.text_color = color.white if on else TEXT
        put(self.page_title, self.page.name.upper())
        put(self.message_text, self.message)
        put(self.hint_text, self.page.rows[self.index].hint if self.focus == "page" else "")
        put(self.help_text, HELP["listen" if self.listening else "typing" if self.typing is not None else self.focus])

    # ---- changing settings ------------------------------------------------------------------

    def _commit(self, new: Settings) -> None:
        """Save a changed Settings at once and hand it to the game."""
        if new == self.settings:
            return
        self.settings = new
        try:
            settings_mod.save_settings(self.path, new)
        except OSError as e:
            self._say(f"Could not save settings: {e.strerror or e}")
        self.on_change(new)
        _play("ui_click.wav", new.master_volume * new.effects_volume)
        self._paint()

    def _say(self, text: str, seconds: float = 6.0) -> None:
        self.message, self._msg_left = text, seconds
        put(self.message_text, text)

    def _ok(self) -> None:
        """Enter on the selected row."""
        row = self.page.rows[self.index]
        if getattr(row, "opens", None) is not None:  # a row with a screen of its own (Controls -> Wheel): this one waits
            self.enabled = False
            row.opens(self.settings, self._commit, self._sub_closed)
        elif isinstance(row, TextEntry):
            self.typing = row.value(self.settings)
            self._type_armed = False  # the key that started typing (Space) is not its first character
            self._say("")
        elif isinstance(row, Binding):
            self.listening = (row.action, DEVICES[self.col])
            self.listen_left = LISTEN_S
            self._say("")
        elif isinstance(row, Action) and row.confirm and self._confirming != self.index:
            self._confirming = self.index  # a second Enter (or click) within a few seconds runs it
            self._say(row.confirm, CONFIRM_S)
        elif isinstance(row, (Choice, Action)):
            self._confirming = None
            self._commit(row.activate(self.settings))
            if isinstance(row, Action):
                self._say(f"{row.label}: done", 3.0)

    def _sub_closed(self) -> None:
        self.enabled, self._armed = True, False  # the key that closed it is not this screen's too
        self._paint()

    def _nudge(self, direction: int) -> None:
        row = self.page.rows[self.index]
        if isinstance(row, Binding):
            self.col = max(0, min(len(DEVICES) - 1, self.col + direction))
        elif isinstance(row, (Slider, Choice)):
            self._commit(row.nudge(self.settings, direction))

    def _move(self, direction: int) -> None:
        if self._confirming is not None:
            self._confirming = None
            self._say("")
        rows = self.page.rows
        i = self.index
        for _ in rows:
            i = (i + direction) % len(rows)
            if rows[i].selectable:
                break
        self.index = i
        self._layout()

    def _switch_section(self, direction: int) -> None:
        self.section = (self.section + direction) % len(self.pages)
        self._show_page()

    # ---- listening for a new key ------------------------------------------------------------

    def _cancel_listen(self) -> None:
        self.listening = None

    def _heard(self, key: str) -> None:
        """A key arrived while listening: bind it, refuse it with the reason, or cancel."""
        assert self.listening is not None
        action, device = self.listening
        if key in CANCEL_KEYS:
            self.listening = None
            self._say("Cancelled", 2.0)
            return
        if (device == "gamepad") != key.startswith("gamepad"):
            self._say("That is a gamepad button: press a key" if device == "keyboard" else "Press a gamepad button (Esc cancels)")
            return
        row = self.page.rows[self.index]
        self.listening = None
        try:
            assert isinstance(row, Binding)
            self._commit(row.bind(self.settings, device, key))
            self._say("")
        except ValueError as e:
            self._say(str(e))

    # ---- typing in a text row -----------------------------------------------------------------

    def _typed_key(self, key: str) -> None:
        """A key while typing: Backspace, Del (clear), Enter (keep, if the row takes it) or Esc (cancel); the characters
        themselves come through text_input."""
        row = self.page.rows[self.index]
        assert self.typing is not None and isinstance(row, TextEntry)
        if key in ("backspace", "backspace hold"):
            self.typing = self.typing[:-1]
        elif key == "delete":
            self.typing = ""
        elif key in CANCEL_KEYS:
            self.typing = None
            self._say("Cancelled: nothing changed", 2.0)
        elif key in ("enter", "gamepad a", "gamepad start"):
            try:
                new = row.accept(self.settings, self.typing)
            except ValueError as e:
                self._say(str(e))
                return
            self.typing = None
            self._commit(new)
            self._say(f"{row.label}: {row.text(new)}", 3.0)

    def text_input(self, key: str) -> None:
        """A typed character (ursina's keystroke event): added to the text being typed, up to the row's length."""
        row = self.page.rows[self.index]
        if self.typing is None or not self._type_armed or not isinstance(row, TextEntry):
            return
        if key.isprintable() and len(self.typing) < row.most:
            self.typing += key
            self._paint()

    # ---- ursina hooks -----------------------------------------------------------------------

    def update(self) -> None:
        """Blink the listening cell, poll the analog triggers, age the message."""
        from ursina import time

        self._armed = True
        self._type_armed = self.typing is not None
        dt = min(time.dt, 0.1)
        self._clock += dt
        if self._msg_left > 0:
            self._msg_left -= dt
            if self._msg_left <= 0:
                self.message, self._confirming = "", None
        if self.listening:
            self.listen_left -= dt
            if self.listening[1] == "gamepad":
                pulled = next((t for t in TRIGGERS if abs(held_keys[t]) > 0.6), None)
                if pulled:
                    self._heard(pulled)
            if self.listening and self.listen_left <= 0:
                self.listening = None
                self._say("No key pressed: nothing changed", 3.0)
        for v in self.row_views:
            if v.slider_hit is not None and v.enabled and held_keys["left mouse"] and v.slider_hit.hovered:
                v.drag()
        self._paint()

    def input(self, key: str) -> None:
        """Keyboard and gamepad: move, change, listen for keys, go back."""
        if not self._armed or _is_release(key) or (key.endswith(" hold") and key not in NAV_HOLD):
            return
        if "mouse" not in key:
            self._kb_mouse = _mouse_pos()
        if self.listening is not None:
            if "mouse" not in key and not key.startswith("scroll"):
                self._heard(key)
                self._paint()
            return
        if self.typing is not None:
            self._typed_key(key)
            if not self._gone:
                self._paint()
            return
        if key in PAGE_PREV | PAGE_NEXT:
            self._switch_section(-1 if key in PAGE_PREV else 1)
        elif self.focus == "tabs":
            self._tabs_input(key)
        else:
            self._page_input(key)
        if not self._gone:
            self._paint()

    def _tabs_input(self, key: str) -> None:
        n = len(self.tabs)
        if key in UP_KEYS or key in DOWN_KEYS:
            self.section = (self.section + (-1 if key in UP_KEYS else 1)) % n
            if self.section < len(self.pages):
                self._show_page()
            _play("ui_click.wav", self.settings.master_volume * self.settings.effects_volume)
        elif key in OK_KEYS or key in RIGHT_KEYS:
            if self.section == len(self.pages):
                self._back()
            else:
                self.focus = "page"
                self.index = self._first_selectable()
                self._layout()
        elif key in BACK_KEYS:
            self._back()

    def _page_input(self, key: str) -> None:
        if key in UP_KEYS or key == "scroll up":
            self._move(-1)
        elif key in DOWN_KEYS or key == "scroll down":
            self._move(1)
        elif key in LEFT_KEYS:
            self._nudge(-1)
        elif key in RIGHT_KEYS:
            self._nudge(1)
        elif key in OK_KEYS:
            self._ok()
        elif key in CLEAR_KEYS and isinstance(self.page.rows[self.index], Binding):
            row = self.page.rows[self.index]
            try:
                self._commit(row.clear(self.settings, DEVICES[self.col]))
            except ValueError as e:
                self._say(str(e))
        elif key in BACK_KEYS:
            self.focus = "tabs"
            self._say("")
            self._layout()

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
