"""A board's run driven against: "Race this ghost" (the run races along as the ghost, on its map, course and handling model)
and "Chase this run" (a Tandem chase with the run as the recorded lead). The downloaded replay (its digest checked by the
client) must play in sync here, the check every replay gets (check_playable); then it is a DriveRequest like any other."""

from __future__ import annotations

from typing import Any

from game.content.replays import check_playable, file_digest
from game.content.tracks import track_ids, track_path
from game.net.names import display_name
from game.safe_json import shown
from game.shell.request import DriveRequest, TandemChoice
from game.sim.replay.format import Replay, ReplayError
from game.sim.run.modes.registry import MODES, mode_class


def _playable(game: Any, replay: Replay) -> None:
    """ReplayError (one line) unless the run is on a map this game has and plays in sync with this game's data."""
    if replay.track_id not in track_ids():
        raise ReplayError(f"a run on map {shown(replay.track_id)}, which this game does not have")
    if replay.mode not in MODES:
        raise ReplayError(f"a run of mode {shown(replay.mode)}, which this game does not have")
    check_playable(replay, game.catalog, game.rules, file_digest(track_path(replay.track_id)))


def whose(row: dict[str, Any]) -> str:
    """"Drift Ace's 92.9": the row's player (shown safely) and verified score."""
    return f"{display_name(row.get('player'))}'s {row.get('score', 0):g}"


def can_chase(board: dict[str, Any]) -> bool:
    """Whether a board's runs can lead a Tandem chase (they are driven on a course)."""
    return bool(board.get("course"))


def ghost_request(game: Any, replay: Replay, row: dict[str, Any], board: dict[str, Any]) -> DriveRequest:
    """Race this ghost: the run's mode on its map and course, on the board's handling model, in your car (a career
    event's board that fixes the cars: the run's car); the run races along as the ghost. ReplayError if it cannot play."""
    _playable(game, replay)
    if not mode_class(replay.mode).races_ghost:
        raise ReplayError(f"a {MODES[replay.mode].name} run does not race as a ghost")
    car = game.car_id()
    if board.get("event") and car != replay.car_id:  # an event's board: its cars are fixed; race in the run's own
        car = replay.car_id
    request = game.choices.picked(replay.mode, track=replay.track_id, course=replay.course)
    return request.but(car=car, model=board.get("model") or replay.model, runs=0, tandem=None, ghost=replay, ghost_label=whose(row))


def chase_request(game: Any, replay: Replay, row: dict[str, Any]) -> DriveRequest:
    """Chase this run: a Tandem on the run's map and course with it as the recorded lead, you chasing in your car (one
    run). ReplayError if it cannot lead there."""
    _playable(game, replay)
    if not replay.course:
        raise ReplayError(f"a {MODES[replay.mode].name} run is not driven on a course; only a course's run leads a chase")
    lead = TandemChoice("chase", lead_replay=replay, lead_file=f"{row.get('run', 'board')}.swr", lead_label=whose(row))
    return game.choices.picked("tandem", track=replay.track_id, course=replay.course, tandem=lead)
