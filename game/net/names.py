"""A player's name from a board server as the game shows it. Ursina's `<...>` markup is never read from any text on screen
(game/view/boot/plain_text.py draws every Text as written), so a name needs no markup escape: only one inert, short line."""

from __future__ import annotations

from game.content.online_settings import MAX_NAME_CHARS
from game.safe_json import shown

SHOWN_CHARS = MAX_NAME_CHARS + 8  # a name the server took fits whole; a longer one (an untrusted server) is cut with "..."


def display_name(name: object) -> str:
    """The name cut to SHOWN_CHARS, control characters, line breaks and bidi overrides shown as backslash escapes."""
    return shown(name if isinstance(name, str) else "?", SHOWN_CHARS, quote=False)
