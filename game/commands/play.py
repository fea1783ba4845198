"""`sideways play`: open the game (the default command)."""

from __future__ import annotations


def add_parser(sub) -> None:
    """Register the play subcommand."""
    p = sub.add_parser("play", help="open the game (default)")
    p.set_defaults(run=run)


def run(args) -> int:
    """Open the game window."""
    raise SystemExit("the game window is not built yet")
