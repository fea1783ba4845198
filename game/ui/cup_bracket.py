"""The Sideways Cup's bracket: quarter-finals -> semi-finals -> final with lines between the rounds, each battle's names,
scores and one-more-times, the player's path lit, battles to come 'TBD'; Continue (the next battle) and Back."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from ursina import Entity, Quad, Text, camera, color, destroy, time

from game.sim.career import words
from game.ui.career import rows as cr
from game.ui.career.art import GOLD, MUTED, bar, drawn_width, fit
from game.ui.widgets import ACCENT, MenuList, panel

COL_X = (-0.655, -0.2, 0.255)  # the rounds' box centres (camera.ui units, laid out for 1280x720)
CHAMP_X = 0.655
BOX_W, BOX_H = 0.33, 0.118
ROW_Y = ((0.245, 0.065, -0.115, -0.295), (0.155, -0.205), (-0.025,))
HEAD_Y = 0.36
LINE = color.rgba(1, 1, 1, 0.22)
LIT_LINE = color.rgba(1, 0.48, 0.1, 0.95)
BOX = color.rgba(0.07, 0.08, 0.11, 0.92)
BOX_PLAYER = color.rgba(0.2, 0.1, 0.03, 0.95)
LOSER = color.rgba(1, 1, 1, 0.4)


def _is_player(who: str) -> bool:
    return who == cr.PLAYER


class BracketScreen(Entity):
    """The bracket of one cup attempt; on_continue (None: no battle to drive) starts the next battle, on_back leaves."""

    def __init__(self, rows: Sequence[Sequence], names: Mapping[str, str], title: str, on_continue: Callable[[], None] | None,
                 on_back: Callable[[], None], subtitle: str = "", continue_label: str = "Next battle") -> None:
        """subtitle: a line under the title ("": where the player stands, worked out from the rows)."""
        super().__init__(parent=camera.ui, name="cup_bracket")
        self.rows = [list(r) for r in rows]
        self.names = dict(names)
        self.texts: dict[str, Text] = {}
        self.next_box: Entity | None = None
        self._t = 0.0
        self.shade = Entity(parent=self, model="quad", scale=(4, 2), color=color.rgba(0.0, 0.01, 0.03, 0.64), z=1)
        Text(title.upper(), parent=self, position=(-0.865, 0.445), origin=(-0.5, 0), scale=2.2, color=color.white)
        subtitle = subtitle or cr.bracket_status(self.rows, self.names)
        self.texts["subtitle"] = Text(subtitle or " ", parent=self, position=(-0.865, 0.4), origin=(-0.5, 0), scale=0.9, color=MUTED)
        for r, name in enumerate(words.ROUND_HEADS):
            Text(name, parent=self, position=(COL_X[r], HEAD_Y), origin=(0, 0), scale=0.85, color=GOLD if r == 2 else MUTED)
        Text("CHAMPION", parent=self, position=(CHAMP_X, HEAD_Y), origin=(0, 0), scale=0.85, color=GOLD)
        for r, matches in enumerate(self.rows[:3]):
            for i, m in enumerate(matches[: len(ROW_Y[r])]):
                self._box(r, i, m)
                if r < 2:
                    self._lines(r, i, m)
        self._champion()
        options = ([(continue_label, on_continue)] if on_continue is not None else []) + [("Back", on_back)]
        self.menu = MenuList(options, on_back=on_back, parent=self, x=CHAMP_X, y=-0.235, width=0.32, spacing=0.075)
        self.menu.ignore_input = True
        Text("Up / Down choose     Enter / A pick     Esc / B back", parent=self, origin=(0, 0), position=(0, -0.465), scale=0.8, color=MUTED)

    # ---- building ---------------------------------------------------------------------------
    def _box(self, r: int, i: int, m) -> None:
        x, y = COL_X[r], ROW_Y[r][i]
        mine = _is_player(m.a) or _is_player(m.b)
        pending = bool(getattr(m, "pending", False))
        if mine:
            frame = Entity(parent=self, model=Quad(radius=0.012, aspect=(BOX_W + 0.01) / (BOX_H + 0.01)), scale=(BOX_W + 0.01, BOX_H + 0.01),
                           position=(x, y, 0.45), color=ACCENT)
            if pending:
                self.next_box = frame
        Entity(parent=self, model=Quad(radius=0.012, aspect=BOX_W / BOX_H), scale=(BOX_W, BOX_H), position=(x, y, 0.4), color=BOX_PLAYER if mine else BOX)
        Entity(parent=self, model="quad", scale=(BOX_W - 0.03, 0.0015), position=(x, y, 0.3), color=color.rgba(1, 1, 1, 0.12))
        x0, x1 = x - BOX_W / 2 + 0.018, x + BOX_W / 2 - 0.018
        seeds = (getattr(m, "seed_a", 0), getattr(m, "seed_b", 0))
        for k, (name, score, won) in enumerate(cr.match_lines(m, self.names)):
            who = m.a if k == 0 else m.b
            yy = y + (0.03 if k == 0 else -0.03)
            if seeds[k]:
                Text(str(seeds[k]), parent=self, position=(x0, yy), origin=(-0.5, 0), scale=0.7, color=MUTED)
            decided = not pending
            col = ACCENT if _is_player(who) else color.white
            if decided and not won:
                col = LOSER if not _is_player(who) else color.rgba(1, 0.48, 0.1, 0.55)
            if not who:
                col = MUTED
            t = fit(Text(name, parent=self, position=(x0 + 0.032, yy), origin=(-0.5, 0), scale=0.95, color=col), BOX_W - 0.13)
            self.texts[f"{r}.{i}.{k}"] = t
            s = Text(score, parent=self, position=(x1, yy), origin=(0.5, 0), scale=1.0, color=GOLD if won else LOSER if decided else MUTED)
            self.texts[f"{r}.{i}.{k}:score"] = s
        omt = cr.omt_mark(m)
        if omt:
            t = Text(omt, parent=self, position=(0, y + BOX_H / 2 + 0.004), origin=(0, 0), scale=0.6, color=color.rgba(0.1, 0.06, 0.0, 1))
            w = drawn_width(t) + 0.018
            t.x = x1 - w / 2
            Entity(parent=self, model=Quad(radius=0.3, aspect=w / 0.026), scale=(w, 0.026), position=(t.x, t.y, 0.35), color=GOLD)
            self.texts[f"{r}.{i}:omt"] = t
        if pending and mine:
            Text("NEXT", parent=self, position=(x - BOX_W / 2 + 0.004, y + BOX_H / 2 + 0.018), origin=(-0.5, 0), scale=0.6, color=ACCENT)

    def _lines(self, r: int, i: int, m) -> None:
        """From this battle's right edge to the next round's box it feeds (lit where the player went through)."""
        x_out, x_in = COL_X[r] + BOX_W / 2, COL_X[r + 1] - BOX_W / 2
        xm = (x_out + x_in) / 2
        y0, y1 = ROW_Y[r][i], ROW_Y[r + 1][i // 2]
        lit = (not getattr(m, "pending", True)) and _is_player(m.winner)
        col, w = (LIT_LINE, 0.005) if lit else (LINE, 0.003)
        z = 0.35 if lit else 0.38
        bar(self, x_out, y0, xm, y0, w, col, z)
        bar(self, xm, y0, xm, y1, w, col, z)
        if i % 2 == 0 or lit:
            bar(self, xm, y1, x_in, y1, w, col, z - 0.001)

    def _champion(self) -> None:
        x, y = CHAMP_X, ROW_Y[2][0]
        winner = cr.champion(self.rows)
        x_out = COL_X[2] + BOX_W / 2
        lit = _is_player(winner)
        bar(self, x_out, y, x - 0.15, y, 0.005 if lit else 0.003, LIT_LINE if lit else LINE, 0.38)
        Entity(parent=self, model=Quad(radius=0.015, aspect=0.3 / 0.13), scale=(0.31, 0.14), position=(x, y, 0.45), color=GOLD if winner else LINE)
        panel(self, scale=(0.3, 0.13), position=(x, y), alpha=0.95).z = 0.4
        name = cr.entrant(winner, self.names) if winner else "?"
        self.texts["champion"] = fit(Text(name, parent=self, position=(x, y + 0.012), origin=(0, 0), scale=1.5,
                                          color=ACCENT if lit else GOLD if winner else MUTED), 0.27)
        Text("won the cup" if winner else "to be decided", parent=self, position=(x, y - 0.035), origin=(0, 0), scale=0.7, color=MUTED)

    # ---- behaviour --------------------------------------------------------------------------
    def update(self) -> None:
        """Arm the menu after the first frame; pulse the frame of the player's next battle."""
        if self.menu.ignore_input:
            self.menu.ignore_input = False
        if self.next_box is not None:
            self._t += time.dt
            a = 0.55 + 0.45 * (0.5 + 0.5 * math.sin(self._t * 4.0))
            self.next_box.color = color.rgba(1, 0.48, 0.1, a)

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
