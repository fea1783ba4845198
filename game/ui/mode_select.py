"""Choose how to drive: the Career first (where data/events.json reads), then Free Drift, Timed Run, Drift Zones and the
rest, each with what it is and your best on this map."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ursina import Entity, Text, camera, color, destroy

from game.sim.run.modes.registry import MODES
from game.ui.widgets import MenuList, panel, title

CAREER = "career"  # the Career row's id (game.shell.career_play opens the grid from it)
GOLD = color.hex("#ffd166")
MUTED = color.rgba(1, 1, 1, 0.62)
TEXT = color.rgba(1, 1, 1, 0.85)
ROW_Y0, ROW_DY = 0.17, 0.125  # first row and spacing (camera.ui units), for up to five modes
ROWS_SPAN = 0.56  # more modes share this height (the Back button stays above the key hints)
LIST_X, TEXT_X, BEST_X = -0.5, -0.26, 0.7
ROW_W = 1.46


def two_lines(text: str) -> str:
    """The text broken at the space nearest its middle."""
    mid = len(text) // 2
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return text
    cut = min(spaces, key=lambda i: abs(i - mid))
    return text[:cut] + "\n" + text[cut + 1:]


class ModeSelect(Entity):
    """The mode list after Drive; on_pick gets 'free', 'timed' or 'zones'; Esc/B or Back calls on_back."""

    def __init__(self, on_pick: Callable[[str], None], on_back: Callable[[], None], bests: Mapping[str, int] | None = None,
                 modes: tuple[str, ...] | None = None, best_label: str = "BEST", notes: Mapping[str, str] | None = None,
                 extra: tuple[tuple[str, str, str, str, str], ...] = (), footer: str | None = None) -> None:
        """extra: rows before the modes, each (id, name, blurb, label, value) (the Career and its stars); footer: one line
        under the list (why the Career is missing)."""
        super().__init__(parent=camera.ui, name="mode_select")
        self.on_pick = on_pick
        self.bests = dict(bests or {})
        self.extra = {k: (name, blurb) for k, name, blurb, _, _ in extra}
        self.bests |= {k: value for k, _, _, _, value in extra}
        labels = {k: label for k, _, _, label, _ in extra}
        self.modes = list(self.extra) + [m for m in (modes or tuple(MODES)) if m in MODES]
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.45), z=1)
        self.title = title("CHOOSE A MODE", y=0.36, scale=3.0, parent=self)
        self.title.shadow_entity.parent = self
        self.rows: list[Entity] = []
        dy = min(ROW_DY, ROWS_SPAN / max(1, len(self.modes)))
        for i, mode in enumerate(self.modes):
            y = ROW_Y0 - i * dy
            row = panel(self, scale=(ROW_W, dy * 0.86), position=(0.0, y), alpha=0.7)
            row.z = 0.5
            self.rows.append(row)
            note = (notes or {}).get(mode)
            blurb = Text(self._blurb(mode), parent=self, position=(TEXT_X, y + (0.016 if note else 0.0)), origin=(-0.5, 0), scale=1.0,
                         color=TEXT)
            room = BEST_X - 0.09 - TEXT_X  # a long blurb goes on two lines (or, with a note under it, shrinks) to stay clear of BEST
            if blurb.width > room and not note:
                blurb.text, blurb.y = two_lines(blurb.text), y + 0.002
                blurb.scale *= 0.92
            if blurb.width > room:
                blurb.scale *= room / blurb.width
            if note:
                Text(note, parent=self, position=(TEXT_X, y - 0.022), origin=(-0.5, 0), scale=0.85, color=GOLD)
            best = self.bests.get(mode)
            Text(labels.get(mode, best_label), parent=self, position=(BEST_X, y + 0.022), origin=(0.5, 0), scale=0.8, color=MUTED)
            shown = "\u2014" if best is None else best if isinstance(best, str) else f"{best:,}"
            Text(shown, parent=self, position=(BEST_X, y - 0.012), origin=(0.5, 0), scale=1.5, color=MUTED if best is None else GOLD)
        options = [(self._name(m), self._picker(m)) for m in self.modes] + [("Back", on_back)]
        self.menu = MenuList(options, on_back=on_back, parent=self, x=LIST_X, y=ROW_Y0, width=0.4, spacing=dy)
        back = self.menu.buttons[-1]
        back.scale_y, back.y = 0.065, ROW_Y0 - len(self.modes) * dy + 0.01
        self.menu.ignore_input = True  # armed on the first frame: the key that opened this screen must not pick
        Text("Up / Down choose     Enter / A drive     Esc / B back", parent=self, origin=(0, 0), y=-0.44, scale=0.85, color=MUTED)
        if footer:
            Text(footer, parent=self, origin=(0, 0), y=-0.395, scale=0.8, color=GOLD)
        self._lit = -1
        self._paint_rows()

    def _name(self, mode: str) -> str:
        return self.extra[mode][0] if mode in self.extra else MODES[mode].name

    def _blurb(self, mode: str) -> str:
        return self.extra[mode][1] if mode in self.extra else MODES[mode].blurb

    def _picker(self, mode: str) -> Callable[[], None]:
        return lambda: self.on_pick(mode)

    @property
    def selected(self) -> str | None:
        """The highlighted mode id (None on Back)."""
        i = self.menu.index
        return self.modes[i] if i < len(self.modes) else None

    def _paint_rows(self) -> None:
        i = self.menu.index
        if i == self._lit:
            return
        self._lit = i
        for k, row in enumerate(self.rows):
            row.color = color.rgba(0.22, 0.11, 0.02, 0.82) if k == i else color.rgba(0.05, 0.06, 0.08, 0.7)

    def update(self) -> None:
        """Arm the menu after the first frame; light the highlighted row."""
        if self.menu.ignore_input:
            self.menu.ignore_input = False
        self._paint_rows()

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
