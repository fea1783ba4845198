"""Replay files: reading one (size-capped, one-line errors), writing one atomically, a file's digest, and whether one plays here."""

from __future__ import annotations

import hashlib
from pathlib import Path

from game.content.atomic import write_bytes_atomic
from game.content.user_paths import display_path
from game.safe_json import DataError, read_bytes, shown
from game.sim.replay import format as replay_format
from game.sim.replay.format import Replay, ReplayError, check_compatible


def file_digest(path: str | Path) -> str:
    """sha256 hex of a file's bytes (for a track file's digest)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def save_replay(path: str | Path, replay: Replay) -> None:
    """Write a replay atomically through the game's one atomic writer: the target is the old file or the new, never torn."""
    write_bytes_atomic(path, replay.to_bytes())


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; ReplayError with one line naming the file on anything wrong."""
    label = display_path(path)
    try:
        data = read_bytes(path, label, replay_format.MAX_FILE_BYTES)
    except DataError as e:
        raise ReplayError(str(e)) from None
    return Replay.from_bytes(data, label)


def check_playable(replay: Replay, catalog, rules, track_digest: str | None, lead: Replay | None = None):
    """The one check that a replay plays in sync with this game and data (watched, judged, leading or racing as a ghost):
    its car is in this catalog, a Tandem chase of a replay lead has that lead (`lead`), and the game, cars.json,
    scoring.json, map file and (with AI cars) drivers.json are the ones it was recorded with. Returns the driver roster
    its AI cars need (None: it has none); ReplayError (one line) if not."""
    from game.content.drivers import load_drivers

    if replay.car_id not in catalog.cars:
        raise ReplayError(f"recorded with car {shown(replay.car_id)}, which {catalog.source} does not have")
    if replay.lead_digest and (lead is None or hashlib.sha256(lead.to_bytes()).hexdigest() != replay.lead_digest):
        raise ReplayError("a chase of a replay lead, which is not kept with it; it would play out of sync against a drift driver")
    drivers = None
    if replay.ai_count or replay.fleet_changes:
        try:
            drivers = load_drivers()
        except DataError as e:
            raise ReplayError(str(e)) from None
    check_compatible(replay, catalog.digest, rules.digest, track_digest=track_digest, drivers_digest=drivers.digest if drivers else None)
    return drivers


def check_lead(replay: Replay, track, course: str, catalog, rules, track_digest: str | None) -> None:
    """That a replay can lead a Tandem on this map and course ("" -> its first) as it was recorded: a run of this map and
    course that plays in sync here (check_playable); ReplayError (one line) if not."""
    from game.sim.run.modes.course_mode import course_of

    track_id = getattr(track, "id", "")
    if replay.track_id != track_id:
        raise ReplayError(f"a run on map {shown(replay.track_id)}, not {shown(track_id)}")
    if not replay.course:
        raise ReplayError(f"a {shown(replay.mode, quote=False)} run, not one on a course (lead with a Qualifying or Tandem run)")
    want = course_of(track, course).id
    if replay.course != want:
        raise ReplayError(f"a run on course {shown(replay.course)}, not {shown(want)}")
    check_playable(replay, catalog, rules, track_digest)
