"""The game's side of the board server, never on the frame: each request runs on one background thread and answers a
Future that the screens poll once a frame. A submission is followed until its verdict (`Submission`), the outbox is sent
when the game starts, and the thread is let go when the game ends."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.online_settings import OnlineSettings, check_url, normal_url
from game.net.board_client import BoardClient, Result
from game.safe_json import one_line

NO_SERVER = "No board server set: set one in Settings → Online."
NAME_FIRST = "Set your name in Settings → Online first: your first submission registers you under it."
CHECK_EVERY_S = 0.4  # how often a queued run's verdict is asked for
GIVE_UP_S = 180.0  # a run still being verified after this: the screen says so and stops asking (the server keeps it)


def problem(e: BaseException) -> str:
    """One line for whatever a request raised (a NetError, no name, a bad address, an unreadable file, a disk error)."""
    if isinstance(e, OSError):
        return f"Could not read or write the online files: {e.strerror or e}"
    return one_line(str(e)) or type(e).__name__


def ranked(mode: str, autopilot: str, event: Any = None) -> bool:
    """Whether a board ranks a run driven by the player (not the autopilot): each career event has its board (a cup's
    steps have none), outside the career the mode says (Mode.board)."""
    from game.sim.run.modes.registry import MODES

    if autopilot:
        return False
    if event is not None:
        return not event.is_cup
    known = MODES.get(mode)
    return known is not None and bool(known.board)


class Online:
    """The board server of Settings → Online, asked on one worker thread; `settings()` is read at each request, so a
    server or name changed in Settings is used at once."""

    def __init__(self, settings: Callable[[], OnlineSettings], home: Path | None = None) -> None:
        self.settings, self.home = settings, home
        self._pool: ThreadPoolExecutor | None = None
        self._live: BoardClient | None = None  # the client of the request under way

    @property
    def server(self) -> str:
        """The server's address as the game keys it ("" for none)."""
        return normal_url(self.settings().server)

    def _ask(self, work: Callable[[], Any]) -> Future:
        """Run work() on the thread; a Future whose exception is ValueError(NO_SERVER) when no server is set."""
        if not self.server:
            failed: Future = Future()
            failed.set_exception(ValueError(NO_SERVER))
            return failed
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="sideways-online")
        return self._pool.submit(work)

    def _client(self) -> BoardClient:
        return BoardClient(check_url(self.server, "Settings → Online's server"))

    def submit(self, source: bytes | Path) -> Future:
        """Send a run, its bytes or its replay file (read on the thread), registering under Settings' name on first use;
        its Result: queued (taken, or kept in the outbox), verified or refused. The outbox is sent after it."""
        from game.net.submit import NO_NAME, NeedName, submit
        from game.safe_json import read_bytes
        from game.sim.replay.format import MAX_FILE_BYTES

        def work() -> Result:
            data = source if isinstance(source, bytes) else read_bytes(source, source.name, MAX_FILE_BYTES)
            try:
                return submit(data, self.server, self.settings().name, 0.0, self.home)
            except NeedName as e:  # the command's line names --name; a player sets it in Settings
                raise NeedName(NAME_FIRST) if str(e) == NO_NAME else e from None

        return self._ask(work)

    def run(self, run_id: str) -> Future:
        """Where a run stands now (its Result)."""
        return self._ask(lambda: self._with(lambda c: c.run(run_id)))

    def boards(self) -> Future:
        """The boards document: {"physics", "boards": [...]}."""
        return self._ask(lambda: self._with(lambda c: c.boards()))

    def top(self, board_id: str, limit: int = 20) -> Future:
        """A board's top rows and the player's own row: {"board", "rows", "you"}."""
        def work() -> Any:
            from game.net.identity import identity_for

            ident, _ = identity_for(self.server, self.home)
            return self._with(lambda c: c.top(board_id, limit, ident.token if ident else None))

        return self._ask(work)

    def replay(self, run_id: str) -> Future:
        """A run's replay as downloaded (Download: its bytes checked against its digest, and the Replay they read as)."""
        return self._ask(lambda: self._with(lambda c: c.replay(run_id)))

    def flush(self) -> Future:
        """Send what the outbox holds for this server (game.net.submit.flush): what was sent and why it stopped."""
        from game.net.outbox import pending
        from game.net.submit import flush

        def work() -> Any:
            if not pending(self.server, self.home):
                return None
            return self._with(lambda c: flush(c, self.settings().name, self.home))

        return self._ask(work)

    def _with(self, call: Callable[[BoardClient], Any]) -> Any:
        with self._client() as client:
            self._live = client
            try:
                return call(client)
            finally:
                self._live = None

    def close(self) -> None:
        """Let the thread go: requests not started are dropped, one under way is cut (its connection closed), so the
        game's exit never waits on a server."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        live = self._live
        if live is not None:
            live.close()


@dataclass(frozen=True)
class Line:
    """What the results screen shows of a submission: the text, and its tone ("wait", "good", "bad")."""

    text: str
    tone: str


class Submission:
    """One run sent from the results screen, followed to its verdict: `poll()` once a frame, `line` to show."""

    def __init__(self, online: Online, data: bytes | Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.online, self.clock = online, clock
        self.started = clock()
        self.future: Future | None = online.submit(data)
        self.result: Result | None = None
        self.board: dict[str, Any] | None = None  # the board's document and the run's place on it, once verified
        self.error = ""
        self.next_ask = 0.0
        self.line = Line("Verifying…", "wait")

    @property
    def finished(self) -> bool:
        """Whether nothing more will change (a verdict, a refusal, the outbox, or an error)."""
        return self.future is None and self.next_ask == 0.0

    def poll(self) -> bool:
        """Take an answer that came (never waits); whether the line changed."""
        now = self.clock()
        if self.future is None:
            if self.next_ask and now >= self.next_ask and self.result is not None:
                self.future, self.next_ask = self.online.run(self.result.run), 0.0
            return False
        if not self.future.done():
            return False
        future, self.future = self.future, None
        try:
            answer = future.result()
        except Exception as e:  # NetError, NeedName, a bad address, a disk error: one line
            self.error = problem(e)
            self.line = Line(self.error, "bad")
            return True
        if isinstance(answer, dict):  # the board, asked once the run was verified
            self.board = answer
        else:
            self.result = answer
            if answer.status == "verified" and answer.board:
                self.future = self.online.top(answer.board, 1)
            elif answer.status == "queued" and not answer.reason:  # on the server: ask again in a moment
                if now - self.started < GIVE_UP_S:
                    self.next_ask = now + CHECK_EVERY_S
        self.line = verdict_line(self.result, self.board, waiting=self.future is not None or bool(self.next_ask))
        return True


def verdict_line(result: Result | None, board: dict[str, Any] | None = None, waiting: bool = False) -> Line:
    """The one line a submission shows: verifying, the verified score and rank on its board, the server's reason, or
    waiting in the outbox."""
    if result is None or (result.status == "queued" and waiting):
        return Line("Verifying…", "wait")
    if result.status == "refused":
        if result.reason.startswith("the name "):  # about the player, not the run: the name is changed in Settings
            return Line(f"Not sent: {result.reason} (your name is in Settings → Online)", "bad")
        return Line(f"Refused: {result.reason}", "bad")
    if result.status == "queued":
        if result.reason:  # the server could not be reached: in the outbox
            return Line("Server unreachable: the run waits in the outbox and goes out with your next submission.", "wait")
        return Line("Still being verified; see Leaderboards later.", "wait")
    title = (board or {}).get("board", {}).get("title") or result.board or "its board"
    runs = (board or {}).get("board", {}).get("runs")
    if result.rank is None:
        you = (board or {}).get("you") or {}
        best = f" (your best there: {you['score']:g}, rank {you['rank']})" if you else ""
        return Line(f"Verified {result.score:g}, not your best on {title}{best}", "good")
    of = f" of {runs}" if isinstance(runs, int) and runs >= result.rank else ""
    return Line(f"Verified {result.score:g} · rank {result.rank}{of} on {title}", "good")

