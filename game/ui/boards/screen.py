"""The Leaderboards screen: the boards of a scope on the left, the highlighted board's top 20 and your own row on the
right, the highlighted run's breakdown under them, and Race this ghost / Chase this run. Keys, pad or mouse."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ursina import Button, Entity, Quad, Text, camera, color, destroy

from game.shell.board_drive import can_chase
from game.ui.boards.browser import CHASE, GHOST, BoardsBrowser, Ready
from game.ui.boards.listing import board_label, breakdown_lines, row_cells
from game.ui.settings.row_widgets import put
from game.ui.widgets import ACCENT, BACK_KEYS, DOWN_KEYS, LEFT_KEYS, OK_KEYS, PANEL, RIGHT_KEYS, UP_KEYS

MUTED = color.rgba(1, 1, 1, 0.6)
GOLD = color.hex("#ffd166")
RED = color.hex("#ff6b5b")
SEL = color.rgba(1.0, 0.48, 0.1, 0.28)
LIST_X, LIST_W = -0.57, 0.6
TABLE_X, TABLE_W = 0.28, 1.14
TOP = 0.345
LIST_ROWS, LIST_DY = 14, 0.05
TABLE_DY = 0.025
COLUMNS = ((-0.53, "#", (0.5, 0)), (-0.5, "PLAYER", (-0.5, 0)), (-0.09, "SCORE", (0.5, 0)), (-0.05, "CAR", (-0.5, 0)),
           (0.22, "HANDLING", (-0.5, 0)), (0.53, "DATE", (0.5, 0)))  # x from the table's centre, title, text origin
GHOST_KEYS = {"g", "gamepad a"} | OK_KEYS
CHASE_KEYS = {"c", "gamepad x"}
HELP = {
    "boards": "Up/Down: board    Enter: its runs    Esc: back",
    "rows": "Up/Down: run    Enter / G: Race this ghost    C: Chase this run    Esc: boards",
}


class BoardsScreen(Entity):
    """`on_drive(ready)` starts a drive against a downloaded run (a Ready), False when it cannot; `on_back()` leaves."""

    def __init__(self, browser: BoardsBrowser, server: str, scope_label: str, on_drive: Callable[[Ready], bool],
                 on_back: Callable[[], None], car_names: Mapping[str, str], model_names: Mapping[str, str]) -> None:
        super().__init__(parent=camera.ui, name="boards")
        self.browser, self.on_drive, self.on_back = browser, on_drive, on_back
        self.car_names, self.model_names = car_names, model_names
        self._armed = False
        Entity(parent=self, model="quad", scale=(4, 2), z=2, color=color.rgba(0.035, 0.04, 0.055, 0.96))
        Text("LEADERBOARDS", parent=self, position=(-0.86, 0.445), origin=(-0.5, 0), scale=2.4, color=color.white)
        Text(f"{scope_label}   ·   {server}", parent=self, position=(-0.86, 0.395), origin=(-0.5, 0), scale=0.9, color=MUTED)
        for x, w in ((LIST_X, LIST_W), (TABLE_X, TABLE_W)):
            Entity(parent=self, model=Quad(radius=0.02, aspect=w / (TOP + 0.43)), scale=(w, TOP + 0.43), position=(x, (TOP - 0.43) / 2 + 0.02),
                   z=1, color=color.rgba(1, 1, 1, 0.035))
        self.list_items: list[tuple[Entity, Text, Text]] = []
        for i in range(LIST_ROWS):
            y = TOP - 0.035 - i * LIST_DY
            hit = Entity(parent=self, model="quad", position=(LIST_X, y), scale=(LIST_W - 0.03, LIST_DY * 0.9), color=color.clear,
                         collider="box", z=0.5)
            hit.on_click = self._list_clicker(i)
            name = Text("", parent=self, position=(LIST_X - LIST_W / 2 + 0.03, y), origin=(-0.5, 0), scale=0.82, z=0.4)
            runs = Text("", parent=self, position=(LIST_X + LIST_W / 2 - 0.03, y), origin=(0.5, 0), scale=0.8, color=MUTED, z=0.4)
            self.list_items.append((hit, name, runs))
        self.scroll = 0
        self.title = Text("", parent=self, position=(TABLE_X - TABLE_W / 2 + 0.03, TOP - 0.03), origin=(-0.5, 0), scale=1.05, color=ACCENT)
        self.counts = Text("", parent=self, position=(TABLE_X - TABLE_W / 2 + 0.03, TOP - 0.065), origin=(-0.5, 0), scale=0.75, color=MUTED)
        head_y = TOP - 0.105
        for dx, label, origin in COLUMNS:
            Text(label, parent=self, position=(TABLE_X + dx, head_y), origin=origin, scale=0.72, color=MUTED)
        self.row_bars: list[Entity] = []
        self.row_texts: list[list[Text]] = []
        for i in range(21):  # 20 rows and yours
            y = head_y - 0.032 - i * TABLE_DY - (0.02 if i == 20 else 0)
            bar = Entity(parent=self, model="quad", position=(TABLE_X, y), scale=(TABLE_W - 0.03, TABLE_DY * 0.92), color=color.clear,
                         collider="box", z=0.5)
            bar.on_click = self._row_clicker(i)
            self.row_bars.append(bar)
            self.row_texts.append([Text("", parent=self, position=(TABLE_X + dx, y), origin=origin, scale=0.78, z=0.4)
                                   for dx, _, origin in COLUMNS])
        self.you_label = Text("", parent=self, position=(TABLE_X - TABLE_W / 2 + 0.012, head_y - 0.032 - 20 * TABLE_DY - 0.02),
                              origin=(-0.5, 0), scale=0.6, color=GOLD, z=0.4)
        self.details = Text("", parent=self, position=(TABLE_X - TABLE_W / 2 + 0.03, -0.33), origin=(-0.5, 0.5), scale=0.74,
                            color=color.white, line_height=1.1)
        self.ghost_button = Button(parent=self, text="Race this ghost", position=(TABLE_X + 0.41, -0.355), scale=(0.26, 0.048), color=PANEL,
                                   highlight_color=SEL, radius=0.25)
        self.ghost_button.on_click = lambda: self._act(GHOST)
        self.chase_button = Button(parent=self, text="Chase this run", position=(TABLE_X + 0.41, -0.412), scale=(0.26, 0.048), color=PANEL,
                                   highlight_color=SEL, radius=0.25)
        self.chase_button.on_click = lambda: self._act(CHASE)
        self.status = Text("", parent=self, position=(LIST_X, -0.475), origin=(0, 0), scale=0.8, color=MUTED)
        self.help = Text("", parent=self, position=(TABLE_X - TABLE_W / 2 + 0.03, -0.49), origin=(-0.5, 0), scale=0.7, color=MUTED)
        self._paint()

    # ---- drawing ------------------------------------------------------------------------------

    def _paint(self) -> None:
        b = self.browser
        n = len(b.boards)
        if b.index < self.scroll:
            self.scroll = b.index
        elif b.index >= self.scroll + LIST_ROWS:
            self.scroll = b.index - LIST_ROWS + 1
        for i, (hit, name, runs) in enumerate(self.list_items):
            k = self.scroll + i
            on = k < n
            hit.enabled = name.enabled = runs.enabled = on
            if not on:
                continue
            board = b.boards[k]
            put(name, board_label(board, b.scope))
            put(runs, f"{board.get('runs', 0):,}")
            sel = k == b.index
            hit.color = (color.rgba(1, 0.48, 0.1, 0.85 if b.focus == "boards" else 0.35)) if sel else color.clear
            name.color = color.white if sel else color.rgba(0.94, 0.95, 0.97, 0.9)
        board, table = b.board, b.table
        put(self.title, board_label(board, b.scope) if board else "")
        if board is None:
            put(self.counts, "")
        elif table is None:
            put(self.counts, "Loading…")
        else:
            runs = table["board"].get("runs", len(table["rows"]))
            counts = table["board"].get("counts") or ""
            put(self.counts, f"{runs:,} verified run{'s' if runs != 1 else ''}" + (f"   ·   ranks {counts}" if counts else ""))
        rows = list(table["rows"]) if table else []
        you = table.get("you") if table else None
        for i, (bar, texts) in enumerate(zip(self.row_bars, self.row_texts)):
            row = rows[i] if i < 20 and i < len(rows) else (you if i == 20 and you else None)
            bar.enabled = row is not None
            for t, cell in zip(texts, row_cells(row, self.car_names, self.model_names) if row else ("",) * len(texts)):
                put(t, cell)
                t.color = GOLD if row is not None and row.get("rank") == 1 else color.white
            sel = b.focus == "rows" and i == b.row and i < 20
            bar.color = SEL if sel else color.rgba(1, 1, 1, 0.04) if i % 2 == 0 and row is not None else color.clear
        put(self.you_label, "YOU" if you else "")
        shown = b.picked_row or (rows[0] if rows and b.focus == "boards" else None)
        lines = breakdown_lines(shown.get("breakdown")) if shown else []
        if shown:
            lines.insert(0, f"#{shown.get('rank')}  {row_cells(shown, self.car_names, self.model_names)[1]}  ·  run {shown.get('run')}")
        put(self.details, "\n".join(lines[:4]))
        acting = b.focus == "rows" and b.picked_row is not None
        self.ghost_button.enabled = acting
        self.chase_button.enabled = acting and board is not None and can_chase(board)
        put(self.status, b.status)
        self.status.color = RED if b.status and not b.status.endswith("…") and "No verified" not in b.status else MUTED
        put(self.help, HELP[b.focus] if b.focus == "boards" or (board is not None and can_chase(board)) else
             HELP["rows"].replace("    C: Chase this run", ""))

    # ---- input --------------------------------------------------------------------------------

    def _list_clicker(self, i: int) -> Callable[[], None]:
        def click() -> None:
            b = self.browser
            k = self.scroll + i
            if k < len(b.boards):
                b.focus = "boards"
                if k != b.index:
                    b.move(k - b.index)
                b.enter()
                self._paint()

        return click

    def _row_clicker(self, i: int) -> Callable[[], None]:
        def click() -> None:
            b = self.browser
            if i < len(b.rows):
                b.focus, b.row = "rows", i
                self._paint()

        return click

    def _act(self, kind: str) -> None:
        board = self.browser.board
        if kind == CHASE and (board is None or not can_chase(board)):
            self.browser.status = "Runs on this board are not driven on a course: only Race this ghost."
        else:
            self.browser.drive(kind)
        self._paint()

    def input(self, key: str) -> None:
        """Keyboard and gamepad."""
        if not self._armed or key.endswith(" up") and key not in ("page up", "gamepad dpad up"):
            return
        b = self.browser
        if key in UP_KEYS or key == "scroll up":
            b.move(-1)
        elif key in DOWN_KEYS or key == "scroll down":
            b.move(1)
        elif key == "page up" or key == "page down":
            b.move((-1 if key == "page up" else 1) * (LIST_ROWS if b.focus == "boards" else 10))
        elif b.focus == "boards" and (key in OK_KEYS or key in RIGHT_KEYS):
            b.enter()
        elif b.focus == "rows" and key in GHOST_KEYS:
            self._act(GHOST)
        elif b.focus == "rows" and key in CHASE_KEYS:
            self._act(CHASE)
        elif key in BACK_KEYS or (b.focus == "rows" and key in LEFT_KEYS):
            if not b.back():
                self.on_back()
                return
        self._paint()

    def update(self) -> None:
        """Arm after the first frame; take the server's answers; start a drive once its run is downloaded."""
        from ursina import time

        self._armed = True
        if self.browser.poll(min(time.dt, 0.1)):
            self._paint()
        ready, self.browser.ready = self.browser.ready, None
        if ready is not None and not self.on_drive(ready):  # it could not be driven: the reason is on the status line
            self._paint()

    def destroy(self) -> None:
        """Remove the screen."""
        destroy(self)
