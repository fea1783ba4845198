"""Drawing one settings row (label plus slider, choice, key cells or button) that the mouse can use too."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Entity, Quad, Text, camera, color, mouse

from game.content.settings import DEVICES, Settings
from game.ui.settings.pages import Action, Binding, Choice, Header, Row, Slider, TextEntry

ROW_W, ROW_H = 1.22, 0.056  # UI units (screen height = 1)
LEFT = -ROW_W / 2 + 0.035  # label start
VALUE_L, VALUE_R = 0.02, ROW_W / 2 - 0.03  # value area, relative to the row centre
CELLS = ((0.155, 0.27), (0.445, 0.27))  # key cells: centre x, width (keyboard, gamepad)
ACCENT = color.rgba(1.0, 0.48, 0.1, 1.0)
ROW_BG = color.rgba(1, 1, 1, 0.045)
ROW_SEL = color.rgba(1.0, 0.48, 0.1, 0.22)
CELL_BG = color.rgba(0, 0, 0, 0.35)
TEXT = color.rgba(0.94, 0.95, 0.97, 1)
SOFT = color.rgba(1, 1, 1, 0.6)
CLEAR = color.rgba(0, 0, 0, 0)
LABEL_SCALE, VALUE_SCALE = 1.2, 1.15


def put(t: Text, value: str) -> None:
    """Set a Text only when it changes (ursina rebuilds the glyphs on every assignment)."""
    if t.text != value:
        t.text = value


def rounded(parent, w: float, h: float, x: float = 0.0, col=ROW_BG, z: float = 0.0, collider: str | None = None) -> Entity:
    """A rounded rectangle of w x h centred at x."""
    return Entity(parent=parent, model=Quad(radius=0.3, aspect=w / h), scale=(w, h), x=x, z=z, color=col, collider=collider)


class RowView(Entity):
    """One row on screen; `refresh()` redraws it from the settings and the menu's focus."""

    def __init__(self, row: Row, parent: Entity, y: float, hover: Callable[[], None],
                 click: Callable[[str, float], None]):
        super().__init__(parent=parent, y=y)
        self.row = row
        self._hover, self._click = hover, click
        self.bg = None
        self.slider_hit = None
        self.cells: list[tuple[Entity, Text]] = []
        if isinstance(row, Header):
            Text(row.label.upper(), parent=self, x=LEFT, y=-0.004, origin=(-0.5, 0), scale=0.95, color=SOFT)
            for (cx, _), name in zip(CELLS, row.columns):
                Text(name.upper(), parent=self, x=cx, y=-0.004, origin=(0, 0), scale=0.95, color=SOFT)
            return
        self.bg = rounded(self, ROW_W, ROW_H, collider="box")
        self._wire(self.bg, "row")
        self.accent = Entity(parent=self, model="quad", scale=(0.008, ROW_H * 0.62), x=-ROW_W / 2 + 0.012, z=-0.002, color=ACCENT)
        self.label = Text(row.label, parent=self, x=LEFT, origin=(-0.5, 0), scale=LABEL_SCALE, color=TEXT, z=-0.003)
        if isinstance(row, Slider):
            self._build_slider()
        elif isinstance(row, Choice):
            self._build_choice()
        elif isinstance(row, TextEntry):
            self.field = rounded(self, VALUE_R - VALUE_L + 0.02, ROW_H * 0.74, (VALUE_L + VALUE_R) / 2, CELL_BG, z=-0.004)
            self.value = Text("", parent=self, x=VALUE_L + 0.02, origin=(-0.5, 0), scale=VALUE_SCALE, color=TEXT, z=-0.006)
        elif isinstance(row, Binding):
            for cx, w in CELLS:
                cell = rounded(self, w, ROW_H * 0.74, cx, CELL_BG, z=-0.004, collider="box")
                self._wire(cell, f"cell{len(self.cells)}")
                self.cells.append((cell, Text("", parent=self, x=cx, origin=(0, 0), scale=VALUE_SCALE, color=TEXT, z=-0.006)))

    def _wire(self, e: Entity, part: str) -> None:
        e.on_mouse_enter = self._hover
        e.on_click = lambda: self._click(part, 0.0)

    def _build_slider(self) -> None:
        w = 0.4
        x0 = VALUE_L + 0.02
        self.track = Entity(parent=self, model="quad", x=x0 + w / 2, scale=(w, 0.012), z=-0.004, color=color.rgba(0, 0, 0, 0.6))
        self.fill = Entity(parent=self, model="quad", origin=(-0.5, 0), x=x0, scale=(w, 0.012), z=-0.005, color=ACCENT)
        self.knob = Entity(parent=self, model=Quad(radius=0.5, segments=12), scale=0.03, z=-0.006, color=color.white)
        self.slider_hit = Entity(parent=self, model="quad", x=x0 + w / 2, scale=(w + 0.04, ROW_H), z=-0.008, color=CLEAR, collider="box")
        self.slider_hit.on_mouse_enter = self._hover
        self.slider_hit.on_click = self.drag
        self.value = Text("", parent=self, x=VALUE_R, origin=(0.5, 0), scale=VALUE_SCALE, color=TEXT, z=-0.006)

    def _build_choice(self) -> None:
        mid = (VALUE_L + VALUE_R) / 2
        self.value = Text("", parent=self, x=mid, origin=(0, 0), scale=VALUE_SCALE, color=TEXT, z=-0.006)
        self.arrows = []
        for part, x, glyph in (("prev", VALUE_L + 0.03, "‹"), ("next", VALUE_R - 0.03, "›")):
            hit = Entity(parent=self, model="quad", x=x, scale=(0.07, ROW_H), z=-0.008, color=CLEAR, collider="box")
            self._wire(hit, part)
            self.arrows.append(Text(glyph, parent=self, x=x, origin=(0, 0), scale=VALUE_SCALE * 1.9, y=0.003, color=SOFT, z=-0.006))

    def drag(self) -> None:
        """Set a slider from where the mouse is over its track."""
        if self.slider_hit is None:
            return
        x = self.slider_hit.get_pos(camera.ui)[0]
        w = self.slider_hit.scale_x - 0.04
        self._click("slider", (mouse.x - (x - w / 2)) / w)

    def refresh(self, s: Settings, selected: bool, col: int, listening: bool, blink: bool, typing: str | None = None) -> None:
        """Redraw values and highlight: `col` is the selected key cell, `listening` waits for a key, `typing` is the text
        being typed in a text row (None when not typing)."""
        if self.bg is None:
            return
        self.bg.color = ROW_SEL if selected else ROW_BG
        self.accent.enabled = selected
        self.label.color = color.white if selected else TEXT
        row = self.row
        if isinstance(row, Slider):
            f = max(0.0, min(1.0, row.fraction(s)))
            self.fill.scale_x = max(0.0001, self.track.scale_x * f)
            self.fill.enabled = f > 0.0
            self.knob.x = self.fill.x + self.track.scale_x * f
            put(self.value, row.text(s))
        elif isinstance(row, Choice):
            put(self.value, row.text(s))
            i, n = row.index(s), len(row.options)
            can = (row.wrap or i > 0, row.wrap or i < n - 1)
            for arrow, ok in zip(self.arrows, can):
                arrow.color = (ACCENT if selected else SOFT) if ok else color.rgba(1, 1, 1, 0.15)
        elif isinstance(row, TextEntry):
            if typing is not None:
                shown = typing[-36:] if len(typing) > 36 else typing
                put(self.value, shown + ("|" if blink else " "))
                self.field.color = color.rgba(1.0, 0.48, 0.1, 0.35)
            else:
                put(self.value, row.text(s))
                self.field.color = CELL_BG
            self.value.color = SOFT if typing is None and not row.value(s) else color.white if selected else TEXT
        elif isinstance(row, Binding):
            for i, ((cell, text), device) in enumerate(zip(self.cells, DEVICES)):
                here = selected and i == col
                if here and listening:
                    put(text, "press a key..." if device == "keyboard" else "press a button...")
                    cell.color = ACCENT if blink else color.rgba(1.0, 0.48, 0.1, 0.55)
                else:
                    put(text, row.text(s, device))
                    cell.color = ACCENT if here else CELL_BG
                text.color = color.white if here else TEXT
        elif isinstance(row, Action):
            self.bg.color = color.rgba(1.0, 0.48, 0.1, 0.85) if selected else color.rgba(1, 1, 1, 0.08)
