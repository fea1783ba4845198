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
    return parse_replay(data, label)


def parse_replay(data: bytes, label: str) -> Replay:
    """A replay from its bytes, the cars it carries checked as the catalog's are; ReplayError (one line) if wrong."""
    from game.content.catalog import car_from_json

    return Replay.from_bytes(data, label, car_of=car_from_json)


def check_playable(replay: Replay, catalog, rules, track_digest: str | None, drift_drivers=None):
    """The one check that a replay plays in sync here (watched, judged, leading or racing as a ghost): this catalog has
    its car; the game, scoring.json, map, drivers.json (AI cars) and drift_drivers.json (a drift driver opponent, whose
    car it carries) are the ones it was recorded with; it carries its cars and the handling and surfaces match (before
    format 3: the whole cars.json matches); a chase of a replay lead carries that lead, checked so too. Returns the
    driver roster its AI cars need (None: none); ReplayError (one line) if not."""
    from game.content.drivers import load_drivers

    if replay.car_id not in catalog.cars:  # the game's screens name and list it by this catalog
        raise ReplayError(f"recorded with car {shown(replay.car_id)}, which {catalog.source} does not have")
    if replay.lead_digest and replay.lead is None:
        raise ReplayError("a chase of a replay lead, which is not kept with it; it would play out of sync against a drift driver")
    if replay.lead is not None:
        check_playable(replay.lead, catalog, rules, track_digest)
    if replay.opponent and drift_drivers is not None:
        _check_opponent(replay, replay.run_catalog(catalog), drift_drivers)
    drivers = None
    if replay.ai_count or replay.fleet_changes:
        try:
            drivers = load_drivers()
        except DataError as e:
            raise ReplayError(str(e)) from None
    check_compatible(replay, catalog.digest, rules.digest, track_digest=track_digest, drivers_digest=drivers.digest if drivers else None,
                     drift_drivers_digest=getattr(drift_drivers, "digest", None), physics_digest=catalog.physics_digest())
    return drivers


def _check_opponent(replay: Replay, cars, drift_drivers) -> None:
    """A Tandem replay's drift driver is in the roster, and drives a car the replay carries (or this catalog has)."""
    try:
        car = drift_drivers.get(replay.opponent).car
    except (KeyError, ValueError):
        raise ReplayError(f"its opponent {shown(replay.opponent)} is not in the drift drivers") from None
    if car not in cars.cars:
        where = "the replay does not carry" if replay.cars else f"{cars.source} does not have"
        raise ReplayError(f"its opponent {shown(replay.opponent)} drives car {shown(car)}, which {where}")


def tune_note(replay: Replay, catalog) -> str | None:
    """What the player is told when a replay's own car is not this catalog's (a retune, a friend's tune), else None."""
    mine = replay.car_spec(catalog)
    if catalog.cars.get(replay.car_id) != mine:
        return f"driven with an earlier tune of the {mine.name}; it plays with the car as it was driven"
    return None


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
