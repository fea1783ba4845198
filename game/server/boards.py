"""The boards of this physics version, and which one a replay belongs to, with the setup that board fixes checked (pure)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.event_setup import BATTLE_RUNS, QUALIFYING_RUNS
from game.safe_json import shown
from game.server.verdict import Board, Refused
from game.sim.career.event import GHOST, Cup, Event
from game.sim.models.model_registry import MODELS
from game.sim.physics_version import PHYSICS_VERSION
from game.sim.run.modes.base import COURSE_BOARD, MAP_BOARD
from game.sim.run.modes.registry import MODES, hosted_modes

if TYPE_CHECKING:
    from game.server.shipped import Shipped
    from game.sim.replay.format import Replay

QUALIFYING_COUNTS = "the best judged run's total out of 100"
POINTS_COUNTS = "the run's points"
COUNTS = {COURSE_BOARD: QUALIFYING_COUNTS, MAP_BOARD: POINTS_COUNTS}  # what a board of each kind ranks by


def _id(*parts: str) -> str:
    return "-".join((*parts, f"p{PHYSICS_VERSION}"))


def boards(shipped: Shipped) -> list[Board]:
    """Every board of this physics version: each Qualifying course on each handling model, each map's Timed Run, Drift
    Zones and Parking (where it hosts them), and each career event (not the cup: its battles are decided against a field)."""
    out = []
    ranked = [m for m in MODES.values() if m.board == COURSE_BOARD]
    for mode in ranked:
        for map_id, track in shipped.tracks.items():
            for course in track.courses:
                for model in MODELS.values():
                    out.append(Board(_id(mode.id, map_id, course.id, model.id), mode.id,
                                     f"{mode.name} · {track.name} · {course.name} · {model.name}", map_id, course.id, model.id,
                                     counts=QUALIFYING_COUNTS))
    for mode in [m for m in MODES.values() if m.board == MAP_BOARD]:
        for map_id, track in shipped.tracks.items():
            if mode.id in hosted_modes(track):
                out.append(Board(_id(mode.id, map_id), mode.id, f"{mode.name} · {track.name}", map_id, counts=POINTS_COUNTS))
    for event in shipped.career.events:
        if isinstance(event, Event):
            counts = COUNTS.get(MODES[event.run_mode].board, POINTS_COUNTS)
            out.append(Board(_id("event", event.id), "event", f"Career · {event.name}", event.map, event.course, event.model, event.id,
                             counts=counts))
    return out


def board_of(replay: Replay, shipped: Shipped) -> Board:
    """The board this replay's run ranks on, the setup that board fixes checked; Refused (one line) if it has none."""
    if replay.event:
        return _event_board(replay, shipped)
    mode = MODES[replay.mode]
    if mode.board == COURSE_BOARD:
        track = shipped.tracks[replay.track_id]
        if replay.course not in {c.id for c in track.courses}:
            raise Refused(f"course {shown(replay.course)} is not one of map {shown(replay.track_id)}")
        most = shipped.rules.judging.qualifying_runs
        if replay.runs > most:
            raise Refused(f"a session of {replay.runs} judged runs; a {mode.name} board counts the better of at most {most}")
        return _find(shipped, _id(mode.id, replay.track_id, replay.course, replay.model))
    if mode.board == MAP_BOARD:
        _check_spawn(replay, shipped)
        return _find(shipped, _id(mode.id, replay.track_id))
    if mode.is_battle:
        raise Refused(f"a {mode.name} run outside the career has no board (its career events have theirs)")
    ranked = ", ".join(m.name for m in MODES.values() if m.board)
    raise Refused(f"a {mode.name} run has no board (boards rank {ranked} and career events)")


def _find(shipped: Shipped, board_id: str) -> Board:
    for b in boards_of(shipped):
        if b.id == board_id:
            return b
    raise Refused(f"no board {board_id!r}: map {shown(board_id.split('-')[1])} cannot host that mode")


def boards_of(shipped: Shipped) -> tuple[Board, ...]:
    """boards(shipped), made once for this Shipped."""
    made = shipped.memo.get("boards")
    if not isinstance(made, tuple):
        made = shipped.memo["boards"] = tuple(boards(shipped))
    return made


def _check_spawn(replay: Replay, shipped: Shipped) -> None:
    """A Timed Run, Drift Zones or Parking run starts at the map's spawn (the header may claim another)."""
    spawn = shipped.world(replay.track_id).spawn
    if replay.spawn is not None and tuple(replay.spawn) != tuple(map(float, spawn)):
        raise Refused(f"started at {tuple(round(v, 2) for v in replay.spawn)}, not at the map's start; a board run starts where the game starts it")


def _event_board(replay: Replay, shipped: Shipped) -> Board:
    """A career event's board: its map, mode, course, handling model, cars, runs, and in a tandem the opponent and role."""
    try:
        event = shipped.career.get(replay.event)
    except ValueError:
        raise Refused(f"career event {shown(replay.event)} is not one the game ships") from None
    if isinstance(event, Cup):
        raise Refused(f"the cup {shown(event.id)} has no board (its battles are decided against a field)")
    battle = MODES[event.run_mode].is_battle
    fixed = (
        ("map", replay.track_id, event.map),
        ("mode", replay.mode, event.run_mode),
        ("course", replay.course, event.course),
        ("judged runs", replay.runs, BATTLE_RUNS if battle else QUALIFYING_RUNS),
        ("opponent", replay.opponent, event.opponent if battle else ""),
        ("role", replay.role, event.role if battle else ""),
    )
    for what, got, want in fixed:
        if got != want:
            raise Refused(f"not {event.name} as the career sets it: its {what} is {shown(got)}, the event's {shown(want)}")
    if event.model and replay.model != event.model:
        raise Refused(f"not {event.name} as the career sets it: driven on the {replay.model} model, the event's is {event.model}")
    if event.cars and replay.car_id not in event.cars:
        raise Refused(f"not {event.name} as the career sets it: car {shown(replay.car_id)} is not one it allows ({', '.join(event.cars)})")
    if event.mode != GHOST and not MODES[event.run_mode].on_course:
        _check_spawn(replay, shipped)
    return _find(shipped, _id("event", event.id))
