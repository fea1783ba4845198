"""Pieces the commands share: loading a catalog, a world and an inputs file with one-line errors."""

from __future__ import annotations

import argparse
import math
import os
import sys

from game import paths
from game.content.catalog import active_catalog_path, load_catalog
from game.content.tracks import load_track
from game.content.user_paths import display_path
from game.safe_json import DataError, one_line, read_text_file, shown
from game.sim.inputs import Timeline, parse_inputs
from game.sim.params import Catalog
from game.sim.world import FlatWorld, World


class CommandError(Exception):
    """A problem to report as one line, exit code 2."""


def fail(prog: str, message: str) -> int:
    """Print one error line for a command (whatever it quotes, one inert line) and return exit code 2."""
    sys.stderr.write(one_line(f"{prog}: {message}") + "\n")
    return 2


def flag_value(flag: str, value: str) -> str:
    """`--flag VALUE` as a message echoes it: the value cut to a few dozen characters and escaped (shown); an empty or
    blank value quoted, so the line shows there was one."""
    return f"{flag} {shown(value, quote=not value.strip())}"


def catalog_for(path: str | None) -> Catalog:
    """The catalog named by --catalog, else the player's override, else the shipped one."""
    try:
        return load_catalog(active_catalog_path(path))
    except DataError as e:
        raise CommandError(str(e)) from None


def car_id_for(catalog: Catalog, car: str | None) -> str:
    """A car id that exists, or a one-line error listing the known ones."""
    if car is None:
        return next(iter(catalog.cars))
    if car not in catalog.cars:
        raise CommandError(f"unknown car {shown(car)} (known: {', '.join(catalog.cars)})")
    return car


def world_for(catalog: Catalog, surface: str | None = None, track: str | None = None):
    """An endless pad of one surface, or a track (the default map when neither is given)."""
    if surface is not None:
        if surface not in catalog.surfaces:
            raise CommandError(f"unknown surface {shown(surface)} (known: {', '.join(catalog.surfaces)})")
        return FlatWorld(surface)
    return World(track_for(catalog, track), list(catalog.surfaces))


def playable_world(catalog: Catalog, track: str | None = None) -> World:
    """A track's World, fully built, with the view's static geometry checked: done before any window opens."""
    from game.content.tracks import track_path
    from game.view.world.drawable import check_drawable  # numpy only: no window needed

    world = world_for(catalog, track=track)
    try:
        check_drawable(world, catalog, display_path(track_path(track or paths.DEFAULT_TRACK)))
    except DataError as e:
        raise CommandError(str(e)) from None
    return world


def track_for(catalog: Catalog, track: str | None = None):
    """A track's validated definition (the default map when none is named), without building its world."""
    try:
        return load_track(track or paths.DEFAULT_TRACK, catalog.surfaces)
    except DataError as e:
        raise CommandError(str(e)) from None


def inputs_for(path: str | None) -> Timeline:
    """Parse a JSON Lines inputs file (an empty timeline when no file is given)."""
    if path is None:
        return Timeline((), ())
    label = display_path(path)
    try:
        return parse_inputs(read_text_file(path, label), label)
    except DataError as e:
        raise CommandError(str(e)) from None


def ranged_number(flag: str, lo: float, hi: float, *, low_open: bool = False, whole: bool = False):
    """An argparse type: a number (or whole number) in [lo, hi] ((lo, hi] with low_open); one-line errors."""
    def parse(text: str):
        try:
            v = int(text) if whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} must be a {'whole number' if whole else 'number'}, got {shown(text)}") from None
        if math.isnan(v) or v > hi or v < lo or (low_open and v == lo):
            span = f"in ({lo:g}, {hi:g}]" if low_open else f"{lo:g}..{hi:g}"
            raise argparse.ArgumentTypeError(f"{flag} must be {span}, got {shown(text, quote=False)}")
        return v

    return parse


def write_output(path: str | None, prog: str, write) -> int:
    """Call write(stream) on the file at `path` (stdout when None); a failed open or write is one line and exit code 2,
    a reader that stops early (`| head`) ends the command quietly."""
    try:
        out = open(path, "w", encoding="utf-8", newline="") if path else sys.stdout
    except OSError as e:
        return fail(prog, f"{display_path(path)}: cannot write ({e.strerror or e})")
    try:
        try:
            write(out)
            out.flush()
        finally:
            if out is not sys.stdout:
                out.close()
    except BrokenPipeError:
        _drop_stdout(out)
        return 0
    except OSError as e:
        _drop_stdout(out)
        return fail(prog, f"{display_path(path) if path else 'stdout'}: cannot write ({e.strerror or e})")
    return 0


def _drop_stdout(out) -> None:
    """After stdout failed, point it at the null device so Python's exit-time flush cannot print a traceback."""
    if out is not sys.stdout:
        return
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a real file (tests capture it)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
