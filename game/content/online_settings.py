"""Settings -> Online: settings.json's "online" block (the board server's address, your name, submitting on/off), loaded field by field."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from game.content.setting_fields import boolean, field
from game.safe_json import shown

MAX_URL_CHARS = 200
MAX_NAME_CHARS = 24  # the server's limit on a player's name (after stripping)
_HOST = re.compile(r"[A-Za-z0-9:][A-Za-z0-9.:-]{0,252}")  # a host name, an IPv4 or (unbracketed by urlsplit) IPv6 address


@dataclass(frozen=True)
class OnlineSettings:
    """Where finished runs are submitted (no server by default), under which name, and whether the game offers it."""

    server: str = ""
    name: str = ""
    submit: bool = True

    def to_json(self) -> dict[str, Any]:
        """The on-disk form (the settings file's "online" block)."""
        return {"server": self.server, "name": self.name, "submit": self.submit}


def url_problem(v: Any, empty: bool = True) -> str | None:
    """Why v is not a board server's address (http:// or https://, a host, an optional port and path), or None; "" is no
    server (when empty is allowed)."""
    want = "must be an http:// or https:// address" + (" (or empty for none)" if empty else "")
    if not isinstance(v, str) or len(v) > MAX_URL_CHARS or not v.isprintable() or " " in v or (v == "" and not empty):
        return want
    if v == "":
        return None
    try:
        parts = urlsplit(v)
        parts.port  # noqa: B018 (a port that is not a number 0..65535 raises here)
    except ValueError:
        return want
    bad = parts.scheme not in ("http", "https") or parts.username is not None or parts.query or parts.fragment
    return want if bad or not _HOST.fullmatch(parts.hostname or "") else None


def name_problem(v: Any) -> str | None:
    """Why v is not a player name to register (printable, at most MAX_NAME_CHARS after stripping; "" asks later), or None."""
    if isinstance(v, str) and v.isprintable() and len(v.strip()) <= MAX_NAME_CHARS and len(v) <= 4 * MAX_NAME_CHARS:
        return None
    return f"must be printable text of at most {MAX_NAME_CHARS} characters"


def normal_url(url: str) -> str:
    """A server address as the game keys it (identity file, outbox): without trailing slashes."""
    return url.rstrip("/")


def check_url(url: str, label: str = "--server") -> str:
    """url normalised, or ValueError naming label with one line."""
    problem = url_problem(url, empty=False)
    if problem:
        raise ValueError(f"{label} {problem}, got {shown(url)}")
    return normal_url(url)


_FIELDS = {"server": url_problem, "name": name_problem, "submit": boolean}


def load_online(raw: Any, notes: list[str], unknown: list[str]) -> OnlineSettings:
    """The "online" block, field by field: a bad value falls back to its default with a note naming it."""
    default = OnlineSettings()
    if raw is None:
        return default
    if not isinstance(raw, dict):
        notes.append("online: must be an object — using defaults (no server)")
        return default
    unknown.extend(f"online.{k}" for k in sorted(set(raw) - set(_FIELDS)))
    values = {name: field(raw, name, check, getattr(default, name), f"online.{name}", notes) for name, check in _FIELDS.items()}
    return OnlineSettings(**values)
