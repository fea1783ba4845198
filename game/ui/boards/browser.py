"""The Leaderboards screen's state, without ursina: the boards a scope lists (asked once), the highlighted board's top
rows and your own (asked when it is highlighted a moment), the highlighted row, and a run's replay downloaded for Race
this ghost or Chase this run. Every answer comes as a Future from game.shell.online, polled once a frame."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.shell.online import Online, problem
from game.ui.boards.listing import Scope, listed

SETTLE_S = 0.25  # a board highlighted this long is asked for (scrolling past boards asks nothing)
GHOST, CHASE = "ghost", "chase"


@dataclass(frozen=True)
class Ready:
    """A run downloaded for a drive: what to do with it (GHOST or CHASE), the Replay, its row and its board."""

    kind: str
    replay: Any
    row: dict[str, Any]
    board: dict[str, Any]


class BoardsBrowser:
    """focus: "boards" (the list) or "rows" (the highlighted board's table)."""

    def __init__(self, online: Online, scope: Scope, board_id: str = "") -> None:
        self.online, self.scope = online, scope
        self.boards: list[dict[str, Any]] = []
        self.index, self.row, self.focus = 0, 0, "boards"
        self.tables: dict[str, dict[str, Any]] = {}  # board id -> its top document, as last read
        self.status = "Loading the boards…"
        self.ready: Ready | None = None
        self._want = board_id  # the board to highlight once listed
        self._boards: Future | None = online.boards()
        self._top: tuple[str, Future] | None = None
        self._replay: tuple[str, dict[str, Any], dict[str, Any], Future] | None = None
        self._still = 0.0  # seconds the highlighted board has stayed highlighted
        self._open_rows = False  # Enter was pressed on a board whose rows were still coming: open them when they come

    # ---- what is shown ------------------------------------------------------------------------

    @property
    def board(self) -> dict[str, Any] | None:
        """The highlighted board's document."""
        return self.boards[self.index] if self.boards else None

    @property
    def table(self) -> dict[str, Any] | None:
        """The highlighted board's top document ({"board", "rows", "you"}), once read."""
        b = self.board
        return self.tables.get(b["id"]) if b else None

    @property
    def rows(self) -> list[dict[str, Any]]:
        t = self.table
        return list(t["rows"]) if t else []

    @property
    def picked_row(self) -> dict[str, Any] | None:
        """The highlighted row of the table (focus on the rows), or None."""
        rows = self.rows
        return rows[self.row] if self.focus == "rows" and rows else None

    @property
    def busy(self) -> bool:
        """Whether a download for a drive is under way."""
        return self._replay is not None

    # ---- keys ---------------------------------------------------------------------------------

    def move(self, step: int) -> None:
        """Up/Down: the next board, or the next row of the table."""
        if self.focus == "boards" and self.boards:
            self.index = (self.index + step) % len(self.boards)
            self.row, self._still, self._open_rows = 0, 0.0, False
        elif self.focus == "rows" and self.rows:
            self.row = (self.row + step) % len(self.rows)

    def enter(self) -> None:
        """Enter on a board: its rows (read now if they were not); on an empty board, say so."""
        if self.focus != "boards" or not self.board:
            return
        if self.table is None:
            self._ask_top()
            self._open_rows = True
            return
        if self.rows:
            self.focus, self.row = "rows", 0
        elif self.table is not None:
            self.status = "No verified runs on this board yet: be the first (submit a run from its results)."

    def back(self) -> bool:
        """Esc: from the rows to the list (True); from the list, False (the screen closes)."""
        if self.focus == "rows":
            self.focus = "boards"
            return True
        return False

    def drive(self, kind: str) -> None:
        """Race this ghost (GHOST) or Chase this run (CHASE) with the highlighted row: its replay is downloaded first."""
        row, board = self.picked_row, self.board
        if row is None or board is None or self.busy:
            return
        self._replay = (kind, row, board, self.online.replay(str(row["run"])))
        self.status = "Downloading the run…"

    # ---- answers ------------------------------------------------------------------------------

    def poll(self, dt_s: float) -> bool:
        """Take the answers that came (never waits); whether anything shown changed."""
        changed = False
        if self._boards is not None and self._boards.done():
            changed, future, self._boards = True, self._boards, None
            try:
                doc = future.result()
            except Exception as e:
                self.status = problem(e)
            else:
                self.boards = listed(doc["boards"], self.scope)
                ids = [b["id"] for b in self.boards]
                self.index = ids.index(self._want) if self._want in ids else 0
                self.status = "" if self.boards else "This server has no boards here."
                if self.boards:
                    self._ask_top()
        if self._top is not None and self._top[1].done():
            changed, (bid, future), self._top = True, self._top, None
            try:
                self.tables[bid] = future.result()
                self.status = ""
            except Exception as e:
                self.status = problem(e)
            if self._open_rows and self.board is not None and self.board["id"] == bid:
                self._open_rows = False
                self.enter()
        if self._replay is not None and self._replay[3].done():
            changed, (kind, row, board, future), self._replay = True, self._replay, None
            try:
                self.ready = Ready(kind, future.result().replay, row, board)
                self.status = ""
            except Exception as e:
                self.status = problem(e)
        b = self.board
        if b is not None and b["id"] not in self.tables and self._top is None and self._boards is None:
            self._still += dt_s
            if self._still >= SETTLE_S:
                self._ask_top()
                changed = True
        return changed

    def _ask_top(self) -> None:
        b = self.board
        if b is not None and (self._top is None or self._top[0] != b["id"]):
            self._top = (b["id"], self.online.top(b["id"], 20))
