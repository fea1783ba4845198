"""The `sideways` command: play (the default), sim, and the other tools, each in game/commands/."""

from __future__ import annotations

import argparse
import sys

from game import __version__


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        from game.safe_json import one_line

        sys.stderr.write(one_line(f"{self.prog}: {message}") + "\n")
        raise SystemExit(2)

    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        """argparse's, with what it did not recognise quoted cut and escaped (shown) instead of whole."""
        from game.safe_json import shown

        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            self.error(f"unrecognized arguments: {shown(' '.join(extra), quote=False)}")
        return parsed

    def _check_value(self, action, value) -> None:
        """argparse's check of a value against the flag's choices, the value quoted cut and escaped (shown)."""
        from game.safe_json import shown

        if action.choices is not None and value not in action.choices:
            raise argparse.ArgumentError(action, f"invalid choice: {shown(value)} (choose from {', '.join(map(repr, action.choices))})")


def build_parser() -> OneLineParser:
    """All subcommands and their flags."""
    from game.commands import board, career, fleet, judge, play, replay, report, server, sim, telemetry

    p = OneLineParser(prog="sideways", description="Sideways: a 3D arcade drift game.")
    p.add_argument("--version", action="version", version=f"sideways {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=OneLineParser)
    for mod in (play, sim, fleet, report, replay, judge, career, telemetry, server, board):
        mod.add_parser(sub)
    return p


def survive_any_terminal() -> None:
    """Print what stdout's encoding cannot hold (a car named "Café" on an ASCII terminal, PYTHONIOENCODING=ascii) as "?",
    one per character so tables keep their columns, instead of dying with UnicodeEncodeError. (Python's stderr
    already writes such characters as backslash escapes, so an error line still names the exact file or car.)"""
    try:
        sys.stdout.reconfigure(errors="replace")
    except (AttributeError, ValueError, OSError):  # not a text stream we may change (replaced, closed)
        pass


def main(argv: list[str] | None = None) -> int:
    """Entry point of `sideways` and `python -m game`."""
    survive_any_terminal()
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser()  # imports every command: a second or more on a busy machine
    except KeyboardInterrupt:  # Ctrl+C while starting up: the same one line as later, no traceback
        named = argv[0] if argv and argv[0].isalpha() else "play"
        sys.stderr.write(f"sideways {named}: interrupted\n")
        return 130
    args = parser.parse_args(argv or ["play"])
    from game import paths

    try:
        paths.user_home()  # every command reads the player's folder (cars.json, settings, profile, cache)
    except paths.HomeError as e:
        from game.commands.common import fail

        return fail(f"sideways {args.command}", str(e))
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:  # Ctrl+C before a drive exists (starting up, a menu): nothing to bank, no traceback
        sys.stderr.write(f"sideways {args.command}: interrupted\n")
        return 130
