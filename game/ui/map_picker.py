"""Choose where to drive: the maps that host the chosen mode, each with its preview, description, surfaces and your best."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ursina import Entity, Text, Texture, camera, color, destroy

from game.shell.request import TandemChoice
from game.sim.run.modes.registry import MODES, mode_class
from game.ui.widgets import LEFT_KEYS, RIGHT_KEYS, MenuList, panel, title

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


ROLES = ("chase", "lead")


@dataclass
class TandemPicks:
    """Tandem's picks beside the map: the player's role in the first run and the drift driver on the other car;
    `changed(role, opponent id)` hears each change (the menus keep them for the next Tandem drives)."""

    opponents: list  # the roster's DriftProfiles, in its order
    role: str = "chase"
    opponent: str = ""  # a profile id
    changed: Callable[[str, str], None] = field(default=lambda role, opponent: None)

    def cycle(self, row: int, step: int = 1) -> None:
        """Role (row 0) or opponent (row 1) to the next (step +1) or previous (-1) choice."""
        if row == 0:
            self.role = ROLES[(ROLES.index(self.role) + step) % len(ROLES)] if self.role in ROLES else ROLES[0]
        elif self.opponents:
            ids = [p.id for p in self.opponents]
            self.opponent = ids[((ids.index(self.opponent) + step) if self.opponent in ids else 0) % len(ids)]
        self.changed(self.role, self.opponent)

    @property
    def profile(self):
        """The chosen opponent's DriftProfile (None without a roster)."""
        return next((p for p in self.opponents if p.id == self.opponent), self.opponents[0] if self.opponents else None)

    def labels(self) -> tuple[str, str]:
        """The two rows as the list shows them: 'Role: Chase first', 'vs Rin Takeda (ace)'."""
        p = self.profile
        return f"Role: {self.role.capitalize()} first", f"vs {p.name} ({p.skill})" if p is not None else "vs nobody"

    def about(self, row: int, car_names: Mapping[str, str]) -> str:
        """A line on the highlighted choice."""
        if row == 0:
            other = "lead" if self.role == "chase" else "chase"
            return f"You {self.role} the first run and {other} the second   \u00b7   left / right or Enter change it"
        p = self.profile
        if p is None:
            return "No drift drivers: data/drift_drivers.json could not be read"
        return f"{p.name}: {p.skill}, {car_names.get(p.car, p.car)}, {p.initiation.replace('_', ' ')}.  {p.bio}"


def tandem_picks(roster, chosen: TandemChoice | None, changed: Callable[[str, str], None]) -> TandemPicks:
    """The picker's rows for Tandem, opening on these picks (else chase and the roster's first pro); `changed` hears each
    change."""
    profiles = list(getattr(roster, "profiles", ()) or ())
    role, opponent = (chosen.role, chosen.opponent) if chosen is not None else ("chase", "")
    picked = ""
    if roster is not None:
        try:
            picked = roster.get(opponent or "pro").id
        except ValueError:
            picked = profiles[0].id if profiles else ""
    return TandemPicks(profiles, role if role in ROLES else "chase", picked, changed)


BOARD_KEYS = {"l", "gamepad y"}  # the highlighted map's leaderboards


class MapPicker(Entity):
    """A list of maps for one mode; on_pick gets the map id, Esc/B or Back calls on_back."""

    def __init__(self, mode: str, cards: list[MapCard], on_pick: Callable[[str], None], on_back: Callable[[], None],
                 selected: str | None = None, car_name: str = "", tandem: TandemPicks | None = None,
                 car_names: Mapping[str, str] | None = None, on_boards: Callable[[str], None] | None = None) -> None:
        """tandem: Tandem's role and opponent, two more rows under the maps (Enter or left/right change them); on_boards(map
        id) opens the highlighted map's leaderboards for this mode (L / Y)."""
        super().__init__(parent=camera.ui, name="map_picker")
        self.on_boards = on_boards
        self.tandem, self.car_names = tandem, dict(car_names or {})
        self.mode = mode
        self.cards = list(cards)
        self.on_pick = on_pick
        self.car_name = car_name
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.55), z=1)
        self.title = title("CHOOSE A MAP", y=0.43, scale=2.4, parent=self)
        self.title.shadow_entity.parent = self
        Text(MODES[mode].name.upper() if mode in MODES else mode.upper(), parent=self, origin=(0, 0), y=0.365, scale=1.1, color=GOLD)
        options = [(c.name, self._picker(c)) for c in self.cards]
        if tandem is not None:
            options += [(label, self._cycler(row)) for row, label in enumerate(tandem.labels())]
        options.append(("Back", on_back))
        self.menu = MenuList(options, on_back=on_back, parent=self, x=LIST_X, y=LIST_Y0, width=0.42, spacing=LIST_DY)
        self.about_text = None
        if tandem is not None:  # the two picks stand apart from the maps, with a line on the highlighted one
            for b in self.menu.buttons[len(self.cards):]:
                b.y -= 0.03
            self.about_text = Text(" ", parent=self, position=(LIST_X - 0.21, LIST_Y0 - (len(options) + 0.2) * LIST_DY - 0.03),
                                   origin=(-0.5, 0.5), scale=0.8, color=TEXT, wordwrap=36)
            self._about = -1  # the row the line was written for (-1: none yet)
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
        keys = "Up / Down choose     Enter / A drive" + ("     L / Y leaderboards" if on_boards else "") + "     Esc / B back"
        Text(keys, parent=self, origin=(0, 0), y=-0.46, scale=0.85, color=MUTED)
        self._textures: dict[str, Texture] = {}
        self._shown = None
        self._show_card()

    def _cycler(self, row: int) -> Callable[[], None]:
        return lambda: self._cycle(row, 1)

    def _cycle(self, row: int, step: int) -> None:
        """Change Tandem's role (row 0) or opponent (row 1) and relabel its row."""
        self.tandem.cycle(row, step)
        self.menu.set_label(len(self.cards) + row, self.tandem.labels()[row])
        self._about = None

    def _tandem_row(self) -> int | None:
        """Which of Tandem's rows is highlighted (0 role, 1 opponent), or None."""
        if self.tandem is None:
            return None
        row = self.menu.index - len(self.cards)
        return row if row in (0, 1) else None

    def input(self, key: str) -> None:
        """Left / right (d-pad, shoulders) change the highlighted Tandem pick."""
        row = self._tandem_row()
        if row is not None and self.menu.armed and (key in LEFT_KEYS or key in RIGHT_KEYS):
            self._cycle(row, -1 if key in LEFT_KEYS else 1)
        elif key in BOARD_KEYS and self.menu.armed and self.on_boards is not None and self.selected:
            self.on_boards(self.selected)

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
        if self.about_text is not None:
            row = self._tandem_row()
            if row != self._about:
                self._about = row
                self.about_text.text = self.tandem.about(row, self.car_names) if row is not None else "Pick a course to start the battle"
                self.about_text.wordwrap = 36

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)


def map_cards(catalog, mode: str, bests: Mapping[str, int], track_ids: list[str]) -> list[MapCard]:
    """Cards for every map that hosts the mode, in the order given; a map whose file is broken is left out. Qualifying, Tandem:
    a card per course, the course on its preview (named 'Map: Course' where a map has more than one)."""
    from game.content.tracks import load_track
    from game.safe_json import DataError
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
        if not mode_class(mode).on_course or not courses:
            cards.append(MapCard(tid, track.name, track.description, surfaces, img.image, bests.get(tid)))
            continue
        from game.view.world.map_image import course_image

        big = map_image_for(track, catalog.surfaces, 1024)
        for c in courses:  # the course on the preview, and what it is
            text = f"Course: {c.name}" + (f" \u2014 {c.description}" if c.description else "") + f"  ({len(c.clips)} clips)"
            name = track.name if len(courses) == 1 else f"{track.name}: {c.name}"
            cards.append(MapCard(tid, name, text, surfaces, course_image(big, c), bests.get(tid), course=c.id if len(courses) > 1 else ""))
    return cards
