"""Drive -> Career: the tiers as rows of event cards (mode, map, stars, best, lock), a detail panel for the highlighted
card; arrows / d-pad / mouse choose, Enter / A / click start an open event, a locked one says what opens it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ursina import Button, Entity, Quad, Text, camera, color, destroy

from game.ui.career import rows as cr
from game.ui.career.art import GOLD, GREEN, MUTED, RED, badge, fit, padlock, star, stars_row
from game.ui.widgets import ACCENT, BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, RIGHT_KEYS, UP_KEYS, _play_ui, _pointer, panel

GRID_X0, GRID_X1 = -0.865, 0.335  # the tier rows' span (camera.ui units, 1280x720: x runs -0.89..0.89)
LABEL_W = 0.215  # the tier names' column
CARDS_X0 = GRID_X0 + LABEL_W
GAP = 0.012
TOP, BOTTOM = 0.365, -0.4  # the rows' area
PITCH_MAX, PITCH_MIN = 0.14, 0.118  # a row's height: more tiers than fit at the least scroll
CARD_W_MAX = 0.235
DETAIL_X, DETAIL_W = 0.615, 0.5  # the detail panel's centre and width
CARD_BG = color.rgba(0.08, 0.09, 0.12, 0.92)
CARD_LOCKED = color.rgba(0.05, 0.05, 0.06, 0.7)
CARD_LIT = color.rgba(0.24, 0.12, 0.03, 0.96)
DIMMED = color.rgba(1, 1, 1, 0.34)
BLURB_COLS, BLURB_LINES = 52, 5  # the detail's blurb: what fits above the targets


class _Card(Entity):
    """One event card: its back is a button (hover, click), the texts and stars sit on it."""

    def __init__(self, grid: CareerGrid, card, x: float, y: float, w: float, h: float) -> None:
        super().__init__(parent=grid.rows_root, position=(x, y))
        self.card, self.w, self.h = card, w, h
        tag, hexcol = cr.mode_tag(card.mode, card.kind)
        self.border = Entity(parent=self, model=Quad(radius=0.012, aspect=(w + 0.01) / (h + 0.01)), scale=(w + 0.01, h + 0.01), z=0.12,
                             color=ACCENT, enabled=False)
        self.face = Button(parent=self, model=Quad(radius=0.012, aspect=w / h), scale=(w, h), z=0.1, color=CARD_BG, highlight_scale=1, pressed_scale=1)
        self.face.on_click = lambda: grid.pick(card.id)
        self.face.on_mouse_enter = lambda: grid.hover(card.id)
        Entity(parent=self, model="quad", scale=(0.005, h - 0.02), position=(-w / 2 + 0.008, 0, 0.05), color=color.hex(hexcol) if card.open else DIMMED)
        x0, x1 = -w / 2 + 0.02, w / 2 - 0.012
        self.tag = badge(self, tag, hexcol, x0, h / 2 - 0.02, 0.55)
        self.name_text = fit(Text(card.name, parent=self, position=(x0, h / 2 - 0.047), origin=(-0.5, 0), scale=0.8, color=color.white), x1 - x0)
        note = getattr(card, "cup_note", "") if card.open else ""  # a cup under way: where the attempt stands, in place of the map
        col = GOLD if note else MUTED
        self.map_text = fit(Text(note or card.map_name, parent=self, position=(x0, h / 2 - 0.072), origin=(-0.5, 0), scale=0.6, color=col), x1 - x0)
        yb = -h / 2 + 0.02
        if card.open:
            stars_row(self, x0 + 0.011, yb, 0.022, ["again" if k < card.stars else "empty" for k in range(3)])
            self.best = Text(cr.fmt_score(card.best) if card.best is not None else "\u2014", parent=self, position=(x1, yb), origin=(0.5, 0),
                             scale=0.72, color=GOLD if card.best is not None else MUTED)
        else:
            need = card.unlock_stars  # the career stars that open it (its tier's or its own)
            padlock(self, x0 + 0.01, yb + 0.002, 0.024, MUTED)
            if need:
                star(self, x0 + 0.036, yb, 0.02, "held")
                Text(str(need), parent=self, position=(x0 + 0.05, yb), origin=(-0.5, 0), scale=0.68, color=MUTED)
            for t in (self.tag, self.name_text, self.map_text):
                t.color = DIMMED

    def paint(self, lit: bool) -> None:
        """Highlight (an orange frame) or not."""
        c = CARD_LIT if lit else CARD_BG if self.card.open else CARD_LOCKED
        self.face.color = self.face.highlight_color = self.face.pressed_color = c
        self.border.enabled = lit


BOARD_KEYS = {"l", "gamepad y"}  # the highlighted event's leaderboard


class CareerGrid(Entity):
    """The career's tiers and events; on_pick(event id) for an open card, on_back for Esc / B / Back."""

    def __init__(self, view, on_pick: Callable[[str], None], on_back: Callable[[], None], selected: str | None = None,
                 drives: Mapping[str, str] | None = None, on_boards: Callable[[str], None] | None = None) -> None:
        """drives: by event id, the car the player would drive there ('Sprite Hatch', 'Vortex GT (loan car)'), shown in the
        detail; on_boards(event id) opens the highlighted event's leaderboard (L / Y)."""
        super().__init__(parent=camera.ui, name="career_grid")
        self.on_boards = on_boards
        self.drives = dict(drives or {})
        self.view, self.on_pick, self.on_back = view, on_pick, on_back
        self.tiers = [t for t in view.tiers if t.cards]
        self.armed = False
        self._mouse_at_open = _pointer()
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.6), z=1)
        Text("CAREER", parent=self, position=(GRID_X0, 0.445), origin=(-0.5, 0), scale=2.4, color=color.white)
        Text("Earn stars to open the next tier", parent=self, position=(GRID_X0 + 0.25, 0.437), origin=(-0.5, 0), scale=0.85, color=MUTED)
        star(self, 0.7, 0.445, 0.05, "again")
        self.total_text = Text(f"{view.total_stars} / {view.max_stars}", parent=self, position=(0.735, 0.445), origin=(-0.5, 0), scale=1.5, color=GOLD)
        n = max(len(t.cards) for t in self.tiers) if self.tiers else 1
        self.card_w = min(CARD_W_MAX, (GRID_X1 - CARDS_X0 - (n - 1) * GAP) / n)
        self.pitch = max(PITCH_MIN, min(PITCH_MAX, (TOP - BOTTOM) / max(1, len(self.tiers))))
        self.visible_rows = max(1, int((TOP - BOTTOM) / self.pitch + 1e-6))
        self.rows_root = Entity(parent=self)
        self.cards: list[list[_Card]] = []
        self.row_backs: list[Entity] = []
        for r, tier in enumerate(self.tiers):
            self._tier_row(r, tier)
        self.first = 0  # the first tier row shown (more tiers than fit scroll)
        self.more_above = Text("more tiers above", parent=self, position=(GRID_X0 + 0.01, TOP + 0.012), origin=(-0.5, 0), scale=0.65, color=MUTED)
        self.more_below = Text("more tiers below", parent=self, position=(GRID_X0 + 0.01, BOTTOM - 0.012), origin=(-0.5, 0), scale=0.65, color=MUTED)
        self._detail()
        self.message = Text(" ", parent=self, position=((GRID_X0 + GRID_X1) / 2, -0.43), origin=(0, 0), scale=0.95, color=RED)
        keys = "Arrows / D-pad choose     Enter / A start" + ("     L / Y leaderboard" if on_boards else "") + "     Esc / B back"
        Text(keys, parent=self, origin=(0, 0), position=(0.1, -0.47), scale=0.8, color=MUTED)
        self.back_button = Button(parent=self, text="Back", scale=(0.14, 0.05), position=(GRID_X0 + 0.07, -0.465), color=color.rgba(0.05, 0.06, 0.08, 0.85),
                                  highlight_color=color.rgba(1, 0.48, 0.1, 0.55), radius=0.25)
        self.back_button.text_entity.scale *= 0.9
        self.back_button.on_click = on_back
        self.row, self.col = self._start(selected)
        self._lit = None
        self._paint()

    # ---- building ---------------------------------------------------------------------------
    def _tier_row(self, r: int, tier) -> None:
        y = TOP - (r + 0.5) * self.pitch
        h = self.pitch - 0.014
        back = panel(self.rows_root, scale=(GRID_X1 - GRID_X0 + 0.01, h + 0.008), position=((GRID_X0 + GRID_X1) / 2, y), alpha=0.45)
        back.z = 0.3
        self.row_backs.append(back)
        x0 = GRID_X0 + 0.012
        name = fit(Text(tier.name.upper(), parent=self.rows_root, position=(x0, y + 0.03), origin=(-0.5, 0), scale=0.9,
                        color=color.white if tier.open else DIMMED), LABEL_W - 0.03)
        name.z = -0.01
        earned, most = sum(c.stars for c in tier.cards), 3 * len(tier.cards)
        if tier.open:
            star(self.rows_root, x0 + 0.011, y - 0.004, 0.024, "again")
            Text(f"{earned} / {most}", parent=self.rows_root, position=(x0 + 0.03, y - 0.004), origin=(-0.5, 0), scale=0.85, color=GOLD)
            Text(f"opens at {tier.unlock_stars} stars" if tier.unlock_stars else "open from the start", parent=self.rows_root,
                 position=(x0, y - 0.035), origin=(-0.5, 0), scale=0.62, color=MUTED)
        else:
            padlock(self.rows_root, x0 + 0.011, y - 0.002, 0.026, MUTED)
            star(self.rows_root, x0 + 0.038, y - 0.004, 0.022, "held")
            Text(f"{tier.unlock_stars} to open", parent=self.rows_root, position=(x0 + 0.054, y - 0.004), origin=(-0.5, 0), scale=0.85, color=MUTED)
            Text(f"you have {self.view.total_stars}", parent=self.rows_root, position=(x0, y - 0.035), origin=(-0.5, 0), scale=0.62, color=MUTED)
        row = [_Card(self, c, CARDS_X0 + i * (self.card_w + GAP) + self.card_w / 2, y, self.card_w, h) for i, c in enumerate(tier.cards)]
        self.cards.append(row)

    def _detail(self) -> None:
        top, bottom = TOP, BOTTOM
        panel(self, scale=(DETAIL_W, top - bottom), position=(DETAIL_X, (top + bottom) / 2), alpha=0.86).z = 0.5
        x0, x1 = DETAIL_X - DETAIL_W / 2 + 0.03, DETAIL_X + DETAIL_W / 2 - 0.03
        self.dx0, self.dx1 = x0, x1
        self.d_root = None  # rebuilt for each highlighted card
        self.d_tag = Text(" ", parent=self, position=(x0, top - 0.035), origin=(-0.5, 0), scale=0.8)
        self.d_name = Text(" ", parent=self, position=(x0, top - 0.078), origin=(-0.5, 0), scale=1.45, color=color.white)
        self.d_map = Text(" ", parent=self, position=(x0, top - 0.118), origin=(-0.5, 0), scale=0.85, color=MUTED)
        self.d_blurb = Text(" ", parent=self, position=(x0, top - 0.145), origin=(-0.5, 0.5), scale=0.72, color=color.rgba(1, 1, 1, 0.8))
        self.d_status = Text(" ", parent=self, position=(x0 + 0.035, bottom + 0.04), origin=(-0.5, 0), scale=0.85, color=GREEN)

    def _show_detail(self, card) -> None:
        """The highlighted card's targets (stars beside each), credits, cars, handling, opponent and lock."""
        if self.d_root is not None:
            destroy(self.d_root)
        self.d_root = root = Entity(parent=self)
        x0, x1, top = self.dx0, self.dx1, TOP
        tag, hexcol = cr.mode_tag(card.mode, card.kind)
        self.d_tag.text, self.d_tag.color = (card.mode_name or tag).upper(), color.hex(hexcol)
        self.d_name.text, self.d_name.scale = card.name, 1.45
        fit(self.d_name, x1 - x0)
        self.d_map.text = card.map_name + (f"   \u00b7   {card.course.replace('_', ' ').title()}" if card.course else "")
        self.d_blurb.text = cr.wrap_lines(card.blurb, BLURB_COLS, BLURB_LINES) or " "
        y = top - 0.265
        Text("STAR TARGETS", parent=root, position=(x0, y), origin=(-0.5, 0), scale=0.72, color=MUTED)
        word = "battles won" if card.kind == "cup" else "score"
        Text(word, parent=root, position=(x1, y), origin=(0.5, 0), scale=0.72, color=MUTED)
        for k in (1, 2, 3):
            yk = y - 0.042 * k
            for i in range(k):
                star(root, x0 + 0.014 + i * 0.03, yk, 0.027, "again" if card.open and card.stars >= k else "empty")
            t = card.targets[k - 1] if len(card.targets) >= k else None
            held = card.stars >= k
            Text(cr.fmt_score(t), parent=root, position=(x1, yk), origin=(0.5, 0), scale=1.05, color=GOLD if held else color.white)
            if held:
                Text("earned", parent=root, position=(x1 - 0.1, yk), origin=(0.5, 0), scale=0.65, color=GOLD)
        y -= 0.042 * 3 + 0.03
        Entity(parent=root, model="quad", position=(DETAIL_X, y + 0.012), scale=(DETAIL_W - 0.06, 0.002), color=color.rgba(1, 1, 1, 0.18))
        for label, value in cr.detail_rows(card, self.drives.get(card.id, "")):
            y -= 0.038
            Text(label, parent=root, position=(x0, y), origin=(-0.5, 0), scale=0.8, color=MUTED)
            col = GOLD if label == "Your best" and card.best is not None else GREEN if label == "Credits" else color.white
            fit(Text(value, parent=root, position=(x1, y), origin=(0.5, 0), scale=0.85, color=col), x1 - x0 - 0.13)
        if card.open:
            self.d_status.text, self.d_status.color, self.d_status.x = "Enter / A  to start", GREEN, x0
        else:
            padlock(root, x0 + 0.012, BOTTOM + 0.042, 0.03, RED)
            self.d_status.text, self.d_status.color, self.d_status.x = card.lock_reason or "Locked", RED, x0 + 0.035
            fit(self.d_status, x1 - x0 - 0.035)

    # ---- behaviour --------------------------------------------------------------------------
    def _start(self, selected: str | None) -> tuple[int, int]:
        """Where the highlight starts: the selected card, else the first open card short of three stars, else the first."""
        spots = [(r, i, c) for r, row in enumerate(self.cards) for i, c in enumerate(row)]
        for want in (lambda c: c.card.id == selected, lambda c: c.card.open and c.card.stars < 3, lambda c: True):
            for r, i, c in spots:
                if want(c):
                    return r, i
        return 0, 0

    @property
    def selected(self) -> str | None:
        """The highlighted card's event id."""
        return self.cards[self.row][self.col].card.id if self.cards else None

    def _paint(self) -> None:
        if not self.cards or self._lit == (self.row, self.col):
            return
        self._lit = (self.row, self.col)
        for r, row in enumerate(self.cards):
            self.row_backs[r].color = color.rgba(0.12, 0.1, 0.08, 0.6) if r == self.row else color.rgba(0.05, 0.06, 0.08, 0.45)
            for i, c in enumerate(row):
                c.paint(r == self.row and i == self.col)
        self._scroll()
        self._show_detail(self.cards[self.row][self.col].card)

    def _scroll(self) -> None:
        """Keep the highlighted tier in view; rows outside it are hidden."""
        v = self.visible_rows
        self.first = min(max(self.first, self.row - v + 1), self.row)
        self.rows_root.y = self.first * self.pitch
        self.more_above.enabled = self.first > 0
        self.more_below.enabled = self.first + v < len(self.cards)
        for r, row in enumerate(self.cards):
            shown = self.first <= r < self.first + v
            self.row_backs[r].enabled = shown
            for c in row:
                c.enabled = shown

    def move(self, dr: int, dc: int) -> None:
        """Up / down a tier (the nearest card), left / right a card (on into the next tier at an end)."""
        if not self.cards:
            return
        r, c = self.row, self.col
        if dr:
            r = min(max(0, r + dr), len(self.cards) - 1)
            c = min(c, len(self.cards[r]) - 1)
        elif dc:
            c += dc
            if c < 0 and r > 0:
                r, c = r - 1, len(self.cards[r - 1]) - 1
            elif c >= len(self.cards[r]) and r < len(self.cards) - 1:
                r, c = r + 1, 0
            c = min(max(0, c), len(self.cards[r]) - 1)
        if (r, c) != (self.row, self.col):
            self.row, self.col = r, c
            self.message.text = " "
            _play_ui("ui_click.wav")
            self._paint()

    def hover(self, event_id: str) -> None:
        """The mouse over a card highlights it (not a pointer resting where the screen opened)."""
        if self._mouse_at_open is not None and _pointer() == self._mouse_at_open:
            return
        self._mouse_at_open = None
        for r, row in enumerate(self.cards):
            for i, c in enumerate(row):
                if c.card.id == event_id and (r, i) != (self.row, self.col):
                    self.row, self.col = r, i
                    self.message.text = " "
                    self._paint()

    def pick(self, event_id: str | None = None) -> None:
        """Start the event (the highlighted one by default); a locked one says what opens it."""
        card = next((c.card for row in self.cards for c in row if c.card.id == (event_id or self.selected)), None)
        if card is None:
            return
        if not card.open:
            _play_ui("ui_click.wav")
            self.message.text = f"Locked  \u2014  {card.lock_reason or 'earn more stars to open it'}"
            return
        _play_ui("ui_confirm.wav")
        self.on_pick(card.id)

    def input(self, key: str) -> None:
        """Keyboard and gamepad."""
        if not self.enabled or not self.armed:
            return
        if key in UP_KEYS:
            self.move(-1, 0)
        elif key in DOWN_KEYS:
            self.move(1, 0)
        elif key in LEFT_KEYS:
            self.move(0, -1)
        elif key in RIGHT_KEYS:
            self.move(0, 1)
        elif key in OK_KEYS:
            self.pick()
        elif key in BOARD_KEYS and self.on_boards is not None and self.selected:
            self.on_boards(self.selected)
        elif key in BACK_KEYS:
            self.on_back()

    def update(self) -> None:
        """Arm after the first frame (the key that opened the screen must not pick)."""
        self.armed = True

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
