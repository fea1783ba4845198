"""Choose where to drive: the maps that host the chosen mode, each with its preview, description, surfaces and your best."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ursina import Entity, Text, Texture, camera, color, destroy

from game.sim.run.modes.registry import MODES
from game.ui.widgets import MenuList, panel, title

GOLD = color.hex("#ffd166")
MUTED = color.rgba(1, 1, 1, 0.62)
TEXT = color.rgba(1, 1, 1, 0.88)
LIST_X, LIST_Y0, LIST_DY = -0.55, 0.2, 0.085
INFO_X = 0.27  # centre of the preview column
PREVIEW_H = 0.38


@dataclass(frozen=True)
class MapCard:
    """What the picker shows of one map."""

    id: str
    name: str
    description: str
    surfaces: str
    image: object  # a PIL image of the map from above
    best: int | None
    course: str = ""  # Qualifying: the course this card drives ("" -> the map's first)


class MapPicker(Entity):
    """A list of maps for one mode; on_pick gets the map id, Esc/B or Back calls on_back."""

    def __init__(self, mode: str, cards: list[MapCard], on_pick: Callable[[str], None], on_back: Callable[[], None],
                 selected: str | None = None, car_name: str = "") -> None:  # fmt: skip
        super().__init__(parent=camera.ui, name="map_picker")
        self.mode = mode
        self.cards = list(cards)
        self.on_pick = on_pick
        self.car_name = car_name
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.55), z=1)
        self.title = title("CHOOSE A MAP", y=0.43, scale=2.4, parent=self)
        self.title.shadow_entity.parent = self
        Text(MODES[mode].name.upper() if mode in MODES else mode.upper(), parent=self, origin=(0, 0), y=0.365, scale=1.1, color=GOLD)
        options = [(c.name, self._picker(c)) for c in self.cards] + [("Back", on_back)]
        self.menu = MenuList(options, on_back=on_back, parent=self, x=LIST_X, y=LIST_Y0, width=0.42, spacing=LIST_DY)
        self.menu.index = next((i for i, c in enumerate(self.cards) if c.id == selected), 0)
        self.menu._paint()
        self.menu.ignore_input = True
        self.info = panel(self, scale=(0.86, 0.74), position=(INFO_X, -0.05), alpha=0.78)
        self.info.z = 0.5
        self.preview = Entity(parent=self, model="quad", position=(INFO_X, 0.1), z=0.2)
        self.name_text = Text("", parent=self, position=(INFO_X - 0.4, -0.135), origin=(-0.5, 0), scale=1.5, color=color.white)
        self.best_text = Text("", parent=self, position=(INFO_X + 0.4, -0.135), origin=(0.5, 0), scale=1.2, color=GOLD)
        self.desc_text = Text(" ", parent=self, position=(INFO_X - 0.4, -0.175), origin=(-0.5, 0.5), scale=0.9, color=TEXT, wordwrap=62)
        self.surf_text = Text("", parent=self, position=(INFO_X - 0.4, -0.36), origin=(-0.5, 0), scale=0.85, color=MUTED)
        Text("Up / Down choose     Enter / A drive     Esc / B back", parent=self, origin=(0, 0), y=-0.46, scale=0.85, color=MUTED)
        self._textures: dict[str, Texture] = {}
        self._shown = None
        self._show_card()

    def _picker(self, card: MapCard) -> Callable[[], None]:
        """on_pick(map id), or on_pick(map id, course id) for a card of one of a map's courses."""
        return (lambda: self.on_pick(card.id, card.course)) if card.course else (lambda: self.on_pick(card.id))

    @property
    def selected(self) -> str | None:
        """The highlighted map id (None on Back)."""
        i = self.menu.index
        return self.cards[i].id if i < len(self.cards) else None

    def _show_card(self) -> None:
        i = min(self.menu.index, len(self.cards) - 1)
        if i == self._shown or i < 0:
            return
        self._shown = i
        card = self.cards[i]
        if card.id not in self._textures:
            self._textures[card.id] = Texture(card.image)
        w, h = card.image.size
        self.preview.texture = self._textures[card.id]
        self.preview.scale = (PREVIEW_H * w / h, PREVIEW_H)
        self.name_text.text = card.name
        best = "no best yet" if card.best is None else f"BEST {card.best:,}"
        self.best_text.text = best + (f"  ({self.car_name})" if self.car_name and card.best is not None else "")
        self.best_text.color = MUTED if card.best is None else GOLD
        self.desc_text.text = card.description
        self.desc_text.wordwrap = 60  # ursina wraps the text present when wordwrap is set
        self.surf_text.text = "Surfaces:  " + card.surfaces

    def update(self) -> None:
        """Arm the menu after the first frame; show the highlighted map."""
        if self.menu.ignore_input:
            self.menu.ignore_input = False
        self._show_card()

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)


def map_cards(catalog, mode: str, bests: Mapping[str, int], track_ids: list[str]) -> list[MapCard]:
    """Cards for every map that hosts the mode, in the order given; a map whose file is broken is left out. Qualifying:
    a card per course, the course on its preview (named 'Map: Course' where a map has more than one)."""
    from game.content.tracks import load_track
    from game.content.validate import DataError
    from game.sim.run.modes.registry import hosted_modes
    from game.view.world.map_image import map_image_for, surfaces_line

    cards = []
    for tid in track_ids:
        try:
            track = load_track(tid, catalog.surfaces)
        except DataError:
            continue
        if mode not in hosted_modes(track):
            continue
        img = map_image_for(track, catalog.surfaces)
        surfaces = surfaces_line(img.surface_share)
        courses = tuple(getattr(track, "courses", ()) or ())
        if mode != "qualifying" or not courses:
            cards.append(MapCard(tid, track.name, track.description, surfaces, img.image, bests.get(tid)))
            continue
        from game.view.world.map_image import course_image

        big = map_image_for(track, catalog.surfaces, 1024)
        for c in courses:  # the course on the preview, and what it is
            text = f"Course: {c.name}" + (f" \u2014 {c.description}" if c.description else "") + f"  ({len(c.clips)} clips)"
            name = track.name if len(courses) == 1 else f"{track.name}: {c.name}"
            cards.append(MapCard(tid, name, text, surfaces, course_image(big, c), bests.get(tid), course=c.id if len(courses) > 1 else ""))
    return cards
