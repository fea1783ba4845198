"""The Tandem results: who won and by how much, then every run with both drivers side by side (the lead's course total
and its Line / Angle / Style, the chase's total and its proximity / angle / line / initiation, a zero and why), each
pair's sums (the deciding one's are the battle scores), and the judges' calls; the results screen's menu (Drive again,
Watch replay, Main menu) goes in the right-hand column. Laid out for 1280x720 (camera.ui units)."""

from __future__ import annotations

from ursina import Entity, Text, color

from game.ui import tandem_rows as rows
from game.ui.widgets import ACCENT, panel

GOLD = color.hex("#ffd166")
GREEN = color.hex("#7ddc7a")
RED = color.hex("#ff6b5b")
BLUE = color.hex("#5c9dff")
ORANGE = color.hex("#ff9a3c")
MUTED = color.rgba(1, 1, 1, 0.62)
TONES = {"win": GOLD, "loss": RED, "omt": GOLD, "open": color.white}
LABEL_X = -0.86  # the run names' column, left edge
CELL_X = (-0.44, 0.08)  # the two drivers' columns' centres (player, opponent)
CELL_W = 0.5
MENU_X, SIDE_W = 0.6, 0.46  # the right-hand column: the judges' call, then the menu
TOP = 0.2  # the table's top edge
BOTTOM = -0.47
HEAD_H = 0.07  # the drivers' names over their columns
ROW_H, SUM_H = 0.105, 0.058
PAD = 0.025


class TandemBreakdown:
    """Builds the battle under `parent` (the results screen); `menu_top` is where its buttons go (right-hand column)."""

    def __init__(self, parent: Entity, summary: dict) -> None:
        self.parent = parent
        self.battle = battle = summary.get("tandem")
        self.texts: dict[str, Text] = {}
        name = summary.get("opponent_name") or "Opponent"
        self._header(summary, battle, name)
        self._table(summary, battle, name)
        self.menu_top = self._calls(summary, battle)

    def _text(self, s: str, x: float, y: float, scale: float = 1.0, col=color.white, origin=(-0.5, 0)) -> Text:
        return Text(s, parent=self.parent, position=(x, y), origin=origin, scale=scale, color=col)

    def _header(self, s: dict, battle, name: str) -> None:
        Text("TANDEM  \u2014  RESULTS", parent=self.parent, origin=(0, 0), y=0.455, scale=1.2, color=ACCENT)
        course = getattr(s.get("course"), "name", "")
        where = "   \u00b7   ".join(p for p in (s.get("track_name", ""), course, f"vs {name}") if p)
        Text(where, parent=self.parent, origin=(0, 0), y=0.418, scale=0.95, color=MUTED)
        big, sub, tone = rows.headline(battle, name)
        Text(big, parent=self.parent, origin=(0, 0), y=0.336, x=0.004, scale=3.6, color=color.rgba(0, 0, 0, 0.55))
        self.texts["headline"] = Text(big, parent=self.parent, origin=(0, 0), y=0.34, scale=3.6, color=TONES[tone])
        self.texts["score"] = Text(sub, parent=self.parent, origin=(0, 0), y=0.265, scale=1.15, color=color.white)

    def _table(self, s: dict, battle, name: str) -> None:
        """Both drivers' columns: a row per run, a sum row after each pair."""
        runs = rows.run_rows(battle) if battle is not None else []
        sums = rows.pair_sums(battle) if battle is not None else []
        room = TOP - HEAD_H - BOTTOM
        k = min(1.0, room / max(0.01, len(runs) * ROW_H + len(sums) * SUM_H))  # an OMT battle squeezes its rows
        row_h, sum_h = ROW_H * k, SUM_H * k
        bottom = TOP - HEAD_H - len(runs) * row_h - len(sums) * sum_h - 0.015
        winner = getattr(battle, "winner", None) if getattr(battle, "decided", False) else None
        heads = (f"YOU  \u00b7  {s.get('car_name', '')}", f"{name.upper()}  \u00b7  {s.get('opponent_car', '')}".rstrip(" \u00b7"))
        for i, x in enumerate(CELL_X):
            panel(self.parent, scale=(CELL_W, TOP - min(bottom, TOP - HEAD_H - 0.05)), position=(x, (TOP + min(bottom, TOP - HEAD_H - 0.05)) / 2),
                  alpha=0.8).z = 0.5
            self._text(heads[i], x - CELL_W / 2 + PAD, TOP - 0.033, 0.95, GOLD if winner == i else color.white)
        if not runs:
            self._text("no run was judged", CELL_X[0] - CELL_W / 2 + PAD, TOP - HEAD_H - 0.03, 0.9, MUTED)
            return
        y = TOP - HEAD_H
        for n, r in enumerate(runs):
            self._run_row(n, r, y, row_h)
            y -= row_h
            if n % 2 == 1 or n == len(runs) - 1:
                self._sum_row(sums[n // 2], y, sum_h, deciding=n // 2 == len(sums) - 1, winner=winner)
                y -= sum_h

    def _run_row(self, n: int, r: rows.RunRow, y: float, h: float) -> None:
        self._text(r.name.split(" \u00b7 ")[0], LABEL_X, y - 0.03, 0.95, MUTED)
        if " \u00b7 " in r.name:
            self._text(r.name.split(" \u00b7 ")[1], LABEL_X, y - 0.058, 0.72, MUTED)
        for i, cell in enumerate((r.you, r.them)):
            x0, x1 = CELL_X[i] - CELL_W / 2 + PAD, CELL_X[i] + CELL_W / 2 - PAD
            self._text(cell.role, x0, y - 0.03, 0.95, BLUE if cell.role == "LEAD" else ORANGE)
            self.texts[f"run{n}:{i}"] = self._text(cell.total, x1, y - 0.03, 1.45, RED if cell.zero else color.white, origin=(0.5, 0))
            self._text(cell.detail, x0, y - 0.062, 0.7, MUTED)
            if cell.note and h > 0.09:
                self._text(cell.note, x0, y - 0.085, 0.68, RED if cell.zero else MUTED)
        Entity(parent=self.parent, model="quad", position=((CELL_X[0] + CELL_X[1]) / 2, y - h + 0.002), scale=(CELL_X[1] - CELL_X[0] + CELL_W - 0.04, 0.0015),
               color=color.rgba(1, 1, 1, 0.12))

    def _sum_row(self, pair: tuple[str, str, str], y: float, h: float, deciding: bool, winner) -> None:
        name, you, them = pair
        self._text(name, LABEL_X, y - h / 2, 0.95, GOLD if deciding else MUTED)
        for i, total in enumerate((you, them)):
            x1 = CELL_X[i] + CELL_W / 2 - PAD
            self._text("battle score" if deciding else "pair", CELL_X[i] - CELL_W / 2 + PAD, y - h / 2, 0.8, MUTED)
            lit = deciding and winner == i
            self.texts[f"{name}:{i}"] = self._text(total, x1, y - h / 2, 1.3 if deciding else 1.0, GOLD if lit else color.white if deciding else MUTED,
                                                   origin=(0.5, 0))

    def _calls(self, s: dict, battle) -> float:
        """Right-hand column, top: the judges' call (one more time, how many), credits; returns where the menu goes."""
        h = 0.2
        panel(self.parent, scale=(SIDE_W, h), position=(MENU_X, TOP - h / 2), alpha=0.8).z = 0.5
        x0, x1 = MENU_X - SIDE_W / 2 + PAD, MENU_X + SIDE_W / 2 - PAD
        self._text("THE JUDGES", x0, TOP - 0.03, 0.9, MUTED)
        omt = getattr(battle, "one_more_times", 0)
        self._text("One more time", x0, TOP - 0.075, 0.95)
        self.texts["omt"] = self._text(f"{omt} call{'s' if omt != 1 else ''}" if omt else "none", x1, TOP - 0.075, 1.05, GOLD if omt else MUTED,
                                       origin=(0.5, 0))
        self._text(rows.outcome_text(battle), x0, TOP - 0.115, 0.8, MUTED)
        self._text("Credits earned", x0, TOP - 0.16, 0.95)
        self.texts["credits"] = self._text(f"+{int(s.get('credits', 0)):,} CR", x1, TOP - 0.16, 1.2, GREEN, origin=(0.5, 0))
        return TOP - h - 0.06
