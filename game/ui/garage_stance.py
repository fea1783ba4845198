"""The garage's looks: the paint's finish and the Stance page (camber, ride height, track, rims), each change shown and saved at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ursina import Button, Entity, Text, color, destroy

from game.content import profile as profiles
from game.content.car_stats import PAINTS
from game.sim.looks import FACTORY, FINISH_LABELS, FINISHES, RANGES, RIM_LABELS, RIM_STYLES, Stance
from game.ui.widgets import ACCENT, BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, PANEL, RIGHT_KEYS, UP_KEYS, panel

LOOKS_ONLY = "Looks only: handling, replays and scores are unchanged."
RIM_COLOURS: tuple[tuple[str, str], ...] = (("Car's own", ""), *PAINTS)
# the page's rows: (stance field or action, label); numbers step by their garage step in looks.RANGES
ROWS: tuple[tuple[str, str], ...] = (
    ("camber_front_deg", "Camber front"), ("camber_rear_deg", "Camber rear"), ("ride_mm", "Ride height"),
    ("track_mm", "Track"), ("rim", "Rims"), ("rim_colour", "Rim colour"), ("reset", "Reset to factory"), ("done", "Done"),
)
ROW_Y0, ROW_DY, ROW_W = 0.25, 0.056, 0.36  # in camera.ui units, on the garage's right-hand panel


def next_finish(finish: str, step: int = 1) -> str:
    """The finish after (or before) this one, wrapping round."""
    i = FINISHES.index(finish) if finish in FINISHES else 0
    return FINISHES[(i + step) % len(FINISHES)]


def finish_label(finish: str) -> str:
    """The Finish row's text."""
    return f"Finish: {FINISH_LABELS.get(finish, finish)}"


def stepped(stance: Stance, field: str, step: int, wrap: bool = False) -> Stance:
    """The stance with one field moved one garage step (numbers stop at their ends unless `wrap`; styles and colours cycle)."""
    if field in RANGES:
        lo, hi, unit = RANGES[field]
        v = round(getattr(stance, field) / unit) * unit + step * unit
        if wrap and v > hi + 1e-9:
            v = lo
        elif wrap and v < lo - 1e-9:
            v = hi
        return replace(stance, **{field: min(hi, max(lo, v))})
    if field == "rim":
        i = RIM_STYLES.index(stance.rim)
        return replace(stance, rim=RIM_STYLES[(i + step) % len(RIM_STYLES)])
    if field == "rim_colour":
        hexes = [h for _, h in RIM_COLOURS]
        i = hexes.index(stance.rim_colour) if stance.rim_colour in hexes else 0
        return replace(stance, rim_colour=hexes[(i + step) % len(hexes)])
    return stance


def value_text(stance: Stance, field: str) -> str:
    """A row's value as the page shows it (degrees, signed millimetres, names)."""
    if field in ("camber_front_deg", "camber_rear_deg"):
        return f"{getattr(stance, field):+g}°".replace("+0°", "0°")
    if field in ("ride_mm", "track_mm"):
        return f"{getattr(stance, field):+g} mm".replace("+0 mm", "0 mm")
    if field == "rim":
        return RIM_LABELS[stance.rim]
    if field == "rim_colour":
        return next((name for name, h in RIM_COLOURS if h == stance.rim_colour), stance.rim_colour)
    return ""


def row_text(stance: Stance, field: str, label: str) -> str:
    """A row's whole text: a setting as "Label   ‹ value ›", an action as its label."""
    return f"{label}   ‹ {value_text(stance, field)} ›" if field not in ("reset", "done") else label


class StancePage(Entity):
    """Eight rows on the garage's right-hand panel; `on_change(stance)` shows and saves each change, `on_close()` leaves."""

    def __init__(self, stance: Stance, car_name: str, on_change: Callable[[Stance], bool], on_close: Callable[[], None],
                 parent=None) -> None:
        super().__init__(parent=parent)
        self.ignore_input = True  # keys come through Garage.input, once
        self.stance, self.on_change, self.on_close = stance, on_change, on_close
        self.index = 0
        panel(self, scale=(0.42, 0.86), position=(0.66, -0.02), alpha=0.97).z = 0.3
        Text(f"STANCE  ·  {car_name}", parent=self, position=(0.475, 0.375), scale=0.95, color=ACCENT, z=0.2)
        self.buttons: list[Button] = []
        for i in range(len(ROWS)):
            b = Button(parent=self, text="", scale=(ROW_W, ROW_DY * 0.82), position=(0.66, ROW_Y0 - i * ROW_DY, 0.2),
                       color=PANEL, highlight_color=color.rgba(1, 0.48, 0.1, 0.55), pressed_color=ACCENT, radius=0.25)
            b.on_click = (lambda k=i: self._click(k))
            self.buttons.append(b)
        self.note = Text(LOOKS_ONLY, parent=self, position=(0.475, ROW_Y0 - len(ROWS) * ROW_DY - 0.01, 0.2), scale=0.8,
                         wordwrap=38, color=color.rgba(1, 1, 1, 0.7))
        self.hint = "Up/Down  choose      Left/Right  change      Enter  select      Esc  done"
        self._paint()

    def _paint(self) -> None:
        for i, (b, (field, label)) in enumerate(zip(self.buttons, ROWS)):
            b.text = row_text(self.stance, field, label)
            b.color = color.rgba(1, 0.48, 0.1, 0.9) if i == self.index else PANEL

    def _set(self, new: Stance) -> None:
        if new != self.stance and self.on_change(new):
            self.stance = new
        self._paint()

    def _click(self, i: int) -> None:
        """The mouse: a setting moves one step on (wrapping at its end), an action runs."""
        self.index = i
        self.pick()

    def pick(self) -> None:
        """Enter on the highlighted row: reset, close, or step a setting on."""
        field = ROWS[self.index][0]
        if field == "done":
            return self.on_close()
        self._set(FACTORY if field == "reset" else stepped(self.stance, field, 1, wrap=True))

    def input(self, key: str) -> None:
        """Up/Down pick a row, Left/Right change it, Enter picks, Esc/B closes the page."""
        if key in UP_KEYS or key in DOWN_KEYS:
            self.index = (self.index + (-1 if key in UP_KEYS else 1)) % len(ROWS)
            self._paint()
        elif key in LEFT_KEYS or key in RIGHT_KEYS:
            field = ROWS[self.index][0]
            if field not in ("reset", "done"):
                self._set(stepped(self.stance, field, -1 if key in LEFT_KEYS else 1))
        elif key in OK_KEYS:
            self.pick()
        elif key in BACK_KEYS:
            self.on_close()


BAD, GOOD = color.hex("#ff6b5b"), color.hex("#7ddc7a")


class GarageLooks:
    """The Garage's Finish row and Stance page (mixed into Garage: it uses its spec, profile, car, menu, _commit and _say)."""

    def current_finish(self) -> str:
        """The paint's finish in the profile (gloss if never chosen)."""
        return self.profile.looks(self.spec.id)["finish"]

    def current_stance(self) -> Stance:
        """The stance in the profile (the factory one if never set)."""
        return self.profile.looks(self.spec.id)["stance"]

    def _finish(self) -> None:
        """Give the car on the turntable's paint the next finish (gloss, metallic, matte), shown and saved at once."""
        s = self.spec
        if s.id not in self.profile.owned:
            return self._say(f"Buy the {s.name} before you choose its finish.", BAD)
        nxt = next_finish(self.current_finish())
        if self._commit(profiles.set_finish(self.profile, s.id, nxt)):
            self.menu.focus(self.finish_row)
            self._say(f"{finish_label(nxt)}. Looks only: handling, replays and scores are unchanged.", GOOD)
        self.car.set_finish(self.current_finish())

    def _open_stance(self) -> None:
        """Open the Stance page for the car on the turntable."""
        s = self.spec
        if s.id not in self.profile.owned:
            return self._say(f"Buy the {s.name} before you change its stance.", BAD)
        if self.painting:  # a click here while a colour was being picked: that pick is dropped
            self._cancel_paint()
        self.side.enabled = False
        self.stance_page = StancePage(self.current_stance(), s.name, self._change_stance, self._close_stance, parent=self.ui)
        self._say("")
        self._refresh()

    def _change_stance(self, stance: Stance) -> bool:
        """Show a stance on the car and save it; False (and the car as saved) if the save failed."""
        ok = self._commit(profiles.set_stance(self.profile, self.spec.id, stance))
        if ok:
            self._say("Back to the factory stance." if stance == FACTORY else "")
        self.car.set_stance(self.current_stance())
        return ok

    def _close_stance(self) -> None:
        """Close the Stance page (if open) and show the garage's rows again."""
        if self.stance_page is None:
            return
        destroy(self.stance_page)
        self.stance_page = None
        self.side.enabled = True
        self.menu.focus(self.stance_row)
        self._refresh()
