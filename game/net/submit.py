"""Submitting a run to a board server, the one way the command and the game do it: register on first use, send, wait
for the verdict if asked, and keep the run in the outbox while the server cannot be reached."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from game.content.online_settings import normal_url
from game.net import outbox
from game.net.board_client import REFUSED, BoardClient, NetError, Result, run_id_of
from game.net.identity import Identity, identity_for, save_identity
from game.safe_json import DataError, one_line, shown

QUEUED_REASON = "server unreachable; waiting in the outbox"
NO_NAME = "no player name yet for this server; pass --name NAME or set your name in Settings → Online"


class NeedName(ValueError):
    """The server has no identity for this player yet and no name was given to register one with."""


class NameRefused(NetError):
    """The server would not register the player under that name (taken, too long...): about the player, not the run."""


def submit(data: bytes, server: str, name: str = "", wait_s: float = 0.0, home: Path | None = None) -> Result:
    """Send one run's bytes to the server at `server` and say where it stands (verified, refused, or queued: still being
    verified after wait_s, or kept in the outbox while the server cannot be reached); then send what the outbox holds
    for that server. NeedName when a first submission has no name; NetError (one line) only when the server cannot be
    reached and the outbox could not keep the run either."""
    url = normal_url(server)
    notes: list[str] = []
    with BoardClient(url) as client:
        try:
            result = _send(client, data, name, home, notes)
        except NetError as e:
            if e.offline:
                return _keep(data, url, str(e), home, notes)
            return Result("refused", run_id_of(data), reason=str(e), note=_note(notes))
        try:  # the server holds the run from here on: a failure now leaves it queued there, never in the outbox
            if result.status == "queued" and wait_s > 0:
                result = client.wait(result.run, wait_s)
        except NetError as e:
            notes.append(f"the verdict did not come ({e})")
        flushed = flush(client, name, home)
    if flushed.stopped and not flushed.stopped.startswith("cannot reach"):
        notes.append(flushed.stopped)
    return replace(result, note=_note(notes))


def _send(client: BoardClient, data: bytes, name: str, home: Path | None, notes: list[str]) -> Result:
    """Submit with this player's token, registering first if there is none (or the server no longer knows it)."""
    ident = _identity(client, name, home, notes, fresh=False)
    try:
        return client.submit(data, ident.token)
    except NetError as e:
        if e.status != 401:
            raise
    return client.submit(data, _identity(client, name or ident.name, home, notes, fresh=True).token)


def _identity(client: BoardClient, name: str, home: Path | None, notes: list[str], fresh: bool) -> Identity:
    """The player's identity on this server: the kept one, else a new one registered under `name` and kept."""
    found, note = identity_for(client.url, home)
    if note:
        notes.append(note)
    if found is not None and not fresh:
        return found
    if not name.strip():
        raise NeedName(NO_NAME)
    try:
        ident = Identity.of(client.register(name.strip()))
    except NetError as e:
        if e.kind != REFUSED:
            raise
        raise NameRefused(f"the name {shown(name.strip())} was refused: {e.reason}", REFUSED, e.status, e.reason) from None
    if ident is None:
        raise NetError(f"the board server at {client.url} sent an identity the game cannot keep", "bad answer")
    try:
        note = save_identity(client.url, ident, home)
    except OSError as e:
        notes.append(f"could not keep your online identity ({e.strerror or e}); the next submission registers again")
    else:
        if note:
            notes.append(note)
    return ident


def _keep(data: bytes, url: str, why: str, home: Path | None, notes: list[str]) -> Result:
    """The server could not be reached: the run waits in the outbox (queued), or NetError when it cannot be written."""
    try:
        outbox.add(data, url, home)
    except OSError as e:
        raise NetError(f"{why}; and the outbox could not keep the run ({e.strerror or e})", "unreachable") from None
    return Result("queued", run_id_of(data), reason=QUEUED_REASON, note=_note([why, *notes]))


@dataclass(frozen=True)
class Flushed:
    """What one flush did: each run sent (with where it stands) or dropped (refused, with the reason), and why it
    stopped early (the server went down again, no name to register with, an outbox that cannot be changed), if it did."""

    sent: tuple[Result, ...] = ()
    stopped: str = ""


def flush(client: BoardClient, name: str = "", home: Path | None = None) -> Flushed:
    """Send what waits in the outbox for this client's server, oldest first: a run the server takes or refuses leaves the
    outbox; while it stays unreachable the rest keep waiting. Never raises."""
    sent: list[Result] = []
    for item in outbox.pending(client.url, home):
        try:
            data = item.data()
        except DataError as e:
            sent.append(Result("refused", item.sha256[:16], reason=str(e)))
            stop = _change(outbox.done, item)
            if stop:
                return Flushed(tuple(sent), stop)
            continue
        try:
            result = _send(client, data, name, home, [])
        except (NeedName, NameRefused) as e:  # the player's name to settle first: every run keeps waiting
            return Flushed(tuple(sent), str(e))
        except NetError as e:
            if e.offline or e.status == 401:
                return Flushed(tuple(sent), _change(outbox.tried, item, str(e)) or str(e))
            result = Result("refused", item.sha256[:16], reason=str(e))
        sent.append(result)
        stop = _change(outbox.done, item)
        if stop:
            return Flushed(tuple(sent), stop)
    return Flushed(tuple(sent))


def _change(change: Callable[..., None], item: outbox.Pending, *args: str) -> str:
    """Apply an outbox change; the one line saying it failed ("" when it did not)."""
    try:
        change(item, *args)
    except OSError as e:
        return f"the outbox could not be changed ({e.strerror or e}); its runs stay there"
    return ""


def _note(notes: list[str]) -> str:
    """The notes as one line (each already quotes what it quotes escaped)."""
    return one_line("; ".join(notes))
