"""The HUD's kit: colours, display units, the font, the Label text node and the rounded panel every HUD part uses."""

from __future__ import annotations

from collections.abc import Sequence

from panda3d.core import DynamicTextFont, Filename, TextNode
from ursina import Entity, Quad, application, color

UNIT_FACTOR = {"kmh": 3.6, "mph": 2.2369363}  # shown speed per m/s
UNIT_LABEL = {"kmh": "km/h", "mph": "mph"}
PANEL = color.rgba(0.04, 0.05, 0.07, 0.72)
ACCENT = color.rgba(1.0, 0.56, 0.12, 1.0)
DIM = color.rgba(0.74, 0.77, 0.82, 1.0)
WHITE = color.rgba(0.97, 0.97, 0.97, 1.0)
TRACK = color.rgba(1, 1, 1, 0.18)  # the empty part of a bar
PANEL_Z = 0.01  # a box's backing panel sits this far behind the box's live values at z 0
_fonts: dict[tuple[str, bool], DynamicTextFont] = {}


def font(name: str = "OpenSans-Regular.ttf", outline: bool = True) -> DynamicTextFont:
    """A crisp font of ursina's (own instance, so its settings do not leak into ursina's Text)."""
    key = (name, outline)
    if key not in _fonts:
        f = DynamicTextFont(Filename.from_os_specific(str(application.internal_fonts_folder / name)))
        f.set_pixels_per_unit(96)
        f.set_page_size(1024, 1024)
        if outline:
            f.set_outline((0.0, 0.0, 0.0, 0.85), 0.9, 0.35)  # dark rim: legible over snow and sky
        _fonts[key] = f
    return _fonts[key]


class Label:
    """One TextNode under the UI; `set` re-lays the text only when it changed."""

    def __init__(self, parent, pos: Sequence[float] = (0.0, 0.0), size: float = 0.03, col=WHITE,
                 align: str = "left", fnt: DynamicTextFont | None = None, text: str = ""):
        self.node = TextNode("label")
        self.node.set_font(fnt or font())
        self.node.set_align({"left": TextNode.A_left, "right": TextNode.A_right, "center": TextNode.A_center}[align])
        self.node.set_text_color(col)
        self.np = parent.attach_new_node(self.node)
        self.np.set_scale(size)
        self.np.set_pos(pos[0], pos[1], 0)
        self.text = None
        self.set(text)

    def set(self, text: str) -> bool:
        """Show `text`; False (and no work) when it is already shown."""
        if text == self.text:
            return False
        self.text = text
        self.node.set_text(text)
        return True

    def color(self, col) -> None:
        """Change the text colour."""
        self.node.set_text_color(col)

    @property
    def width(self) -> float:
        """Width of the shown text in parent units."""
        return self.node.get_width() * self.np.get_scale()[0]


def panel(parent, w: float, h: float, pos: Sequence[float], col=PANEL, radius: float = 0.18) -> Entity:
    """A rounded, semi-transparent dark box centred on pos."""
    return Entity(parent=parent, model=Quad(radius=radius, aspect=w / h), scale=(w, h), position=(pos[0], pos[1], PANEL_Z),
                  color=col)

