"""The player's identity on each board server: online.json in the user data folder, {"servers": {URL: {"player", "name",
"token"}}}, written atomically and readable by its owner only (mode 0600)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game import paths
from game.content.atomic import locked, resolve_target, set_aside, write_json_atomic
from game.content.online_settings import MAX_URL_CHARS, normal_url, url_problem
from game.safe_json import DataError, FileMissing, read_json_file

IDENTITY_FILE = "online.json"
_TOKEN = re.compile(r"[A-Za-z0-9_.~+/=-]{16,200}")  # what a Bearer header may carry
_PLAYER = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Identity:
    """Who the player is on one server: the server's player id, the name it took and the secret token."""

    player: str
    name: str
    token: str

    def to_json(self) -> dict[str, str]:
        """The on-disk form."""
        return {"player": self.player, "name": self.name, "token": self.token}

    @classmethod
    def of(cls, doc: Any) -> Identity | None:
        """An identity from a server's answer or the file; None when any field is not what one holds."""
        if not isinstance(doc, dict):
            return None
        player, name, token = (doc.get(k) for k in ("player", "name", "token"))
        if not (isinstance(player, str) and _PLAYER.fullmatch(player) and isinstance(token, str) and _TOKEN.fullmatch(token)
                and isinstance(name, str) and 0 < len(name) <= 100 and name.isprintable()):
            return None
        return cls(player, name, token)


def identity_path(home: Path | None = None) -> Path:
    """Where the identities live: user_home()/online.json."""
    return (home or paths.user_home()) / IDENTITY_FILE


def load_identities(path: Path, now: datetime | None = None) -> tuple[dict[str, Identity], str | None]:
    """Every server's identity, and one line for the player when the file was unreadable and set aside (None otherwise)."""
    try:
        raw, _ = read_json_file(path, path.name)
    except FileMissing:
        return {}, None
    except DataError:
        return {}, set_aside(path, "online identity file", "was unreadable", now)
    servers = raw.get("servers") if isinstance(raw, dict) else None
    if isinstance(servers, dict) and all(isinstance(u, str) and u and not url_problem(u) for u in servers):
        found = {normal_url(u): Identity.of(doc) for u, doc in servers.items()}
        kept = {u: i for u, i in found.items() if i is not None}
        if len(kept) == len(servers):
            return kept, None
    return {}, set_aside(path, "online identity file", "held something other than server identities", now)


def identity_for(url: str, home: Path | None = None) -> tuple[Identity | None, str | None]:
    """The player's identity on the server at url (None: not registered there yet), and a line if the file was set aside."""
    found, note = load_identities(identity_path(home))
    return found.get(normal_url(url)), note


def save_identity(url: str, ident: Identity | None, home: Path | None = None) -> str | None:
    """Keep (None: forget) the identity for one server, the others untouched; OSError if it cannot be written. The line
    load_identities gave, if the old file was set aside."""
    path = identity_path(home)
    key = normal_url(url)[:MAX_URL_CHARS]
    with locked(path):
        found, note = load_identities(path)
        if ident is None:
            found.pop(key, None)
        else:
            found[key] = ident
        try:
            os.chmod(resolve_target(path), 0o600)  # the new file keeps the old one's mode: make that owner-only first
        except FileNotFoundError:
            pass  # a new file is written owner-only already
        write_json_atomic(path, {"servers": {u: i.to_json() for u, i in found.items()}})
    return note
