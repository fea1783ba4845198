"""How the game starts a drive: a DriveRequest made into its RunSetup (the player's picks with the profile's car, model,
paint and ghost, a career event's plan, or a replay to watch), and the drive scene over the shared park."""

from __future__ import annotations

import time as wallclock
from typing import TYPE_CHECKING

from game.content import profile as profiles
from game.content import settings as settings_mod
from game.content.session_results import best_replay
from game.shell.request import DriveRequest, TandemChoice
from game.sim.run.modes.registry import mode_class
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup
from game.view.boot.fast_start import prune_idle_entities

if TYPE_CHECKING:
    from game.sim.ai.personality import DriverRoster
    from game.sim.replay.format import Replay


def new_drive(game, request: DriveRequest):
    """The drive's scene; the best run so far races along as a ghost (a career event: its own rules, ghost and car)."""
    game.scenery.drop_backdrop()
    scene = new_scene(game, plan(game, request), request)
    engage_autopilot(game, scene, request)
    prune_idle_entities()
    said = f"Racing {request.ghost_label} as your ghost." if request.ghost_label and request.ghost is not None else \
        f"Chasing {request.tandem.lead_label}." if request.tandem is not None and request.tandem.lead_label else ""
    if said:  # a board's run raced or chased
        game.notice = " ".join(m for m in (game.notice, said) if m)
    if game.notice:  # e.g. a restart whose unfinished run could not be saved
        scene.hud.show_message(game.notice, 6.0)
        game.notice = None
    return scene


def plan(game, request: DriveRequest) -> RunSetup:
    """The RunSetup of a request on the game's map (game.drive has made request.track the one shown)."""
    if request.watch is not None:
        return watch_setup(game, request.watch, request)
    if request.event is not None:
        return event_setup(game, request)
    return picked_setup(game, request)


def picked_setup(game, request: DriveRequest) -> RunSetup:
    """A drive the player chose from the menus (or the command line): the car, model, course and traffic asked for, else
    the profile's; the best run so far races along as a ghost where the mode races one."""
    cid = request.car or game.profile.equipped
    model = request.model or profiles.handling_for(game.profile, game.catalog.car(cid))
    mode = mode_class(request.mode)
    ghost = request.ghost if mode.races_ghost else None  # a board's run to race (game.shell.board_drive), else the best
    if mode.races_ghost and ghost is None:
        replay = best_replay(game.profile, cid, game.track_id, request.mode, game.catalog, game.rules, game.track_digest,
                             variant=mode.best_variant(game.world.track, request.course, model))
        ghost = replay or None
    paint = request.paint or game.profile.paint.get(cid)
    ai_count, drivers = traffic_for(game, request.mode, request.ai)
    seed = request.seed if request.seed is not None else game.pacing.session_seed()
    return RunSetup(game.catalog, cid, game.world, game.rules, mode=request.mode, model=model, seed=seed, spawn=request.spawn,
                    paint=paint or game.catalog.car(cid).color, track_id=game.track_id, track_digest=game.track_digest,
                    created=wallclock.strftime("%Y-%m-%dT%H:%M:%S"), ai_count=ai_count, drivers=drivers, ghost=ghost,
                    course=request.course, runs=request.runs, **tandem_setup(game, request), **game.profile.looks(cid))


def event_setup(game, request: DriveRequest) -> RunSetup:
    """A career event's drive: the plan's car, model, course, opponent, role and ghost, no traffic (game.content.event_setup)."""
    from game.content.event_setup import run_setup_for

    plan = request.event
    assert plan is not None
    paint = game.profile.paint.get(plan.car_id) if not plan.loaned else None
    seed = request.seed if request.seed is not None else game.pacing.session_seed()
    setup = run_setup_for(plan, game.catalog, game.world, game.rules, game.drift_roster(), seed, paint=paint, track_digest=game.track_digest)
    return setup if plan.loaned else setup.but(**game.profile.looks(plan.car_id))



def watch_setup(game, replay: Replay, request: DriveRequest) -> RunSetup:
    """A saved run to watch: the run it was recorded as (RunSetup.of_replay: its cars as driven, model, seed, spawn, AI
    cars, course; Tandem's role, opponent and the lead it chased), in its paint, on this map."""
    ai_count, drivers = traffic_for(game, replay.mode, replay.ai_count)  # its own AI cars (none where drivers.json is broken)
    roster = game.drift_roster() if replay.opponent else None  # a Tandem opponent that was a drift driver
    setup = RunSetup.of_replay(replay, game.catalog, game.world, game.rules, drivers, roster)
    return setup.but(paint=request.paint or setup.car_paint, track_digest=game.track_digest, created=wallclock.strftime("%Y-%m-%dT%H:%M:%S"),
                     ai_count=ai_count)


def new_scene(game, setup: RunSetup, request: DriveRequest):
    """The DriveScene for a run, drawn over the shared park; a watched replay's recorded controls (or --inputs) drive car 0."""
    from game.view.drive.drive_scene import DriveScene

    script = Playback.of_replay(request.watch) if request.watch is not None else request.script
    catalog_path = None if request.watch is not None else game.catalog_path  # a watched replay drives its own cars, never retuned
    return DriveScene(setup, game.settings, script=script, catalog_path=catalog_path, on_finish=game.finish_session,
                      max_frame_dt=game.pacing.frame_dt_s, world_view=game.draw_world(), tier=game.tier)


def tandem_setup(game, request: DriveRequest) -> dict:
    """A Tandem run's setup fields: car 0's role, the opponent (or the replay that leads) and the drift drivers."""
    if mode_class(request.mode).setup_record is None:  # a mode with no choices of its own (only Tandem has them)
        return {}
    t = request.tandem or TandemChoice()
    return dict(role=t.role or "chase", opponent=t.opponent, drift_drivers=game.drift_roster(), lead_replay=t.lead_replay)


def checked(game, request: DriveRequest) -> DriveRequest:
    """A Tandem request as it can be driven now on the game's map: its replay lead checked again as --lead checked it (check_lead).
    A map, course or cars.json changed since (the map picker, live retuning) drops it, from the game's choices too, with
    one line on the HUD, and a drift driver leads instead."""
    from game.content.replays import check_lead
    from game.sim.replay.format import ReplayError

    t = request.tandem
    if t is None or t.lead_replay is None:
        return request
    try:
        check_lead(t.lead_replay, game.world.track, request.course, game.catalog, game.rules, game.track_digest)
    except (ReplayError, ValueError) as e:
        said = f"The replay lead no longer leads as recorded ({e}); a drift driver leads instead."
        game.notice = f"{game.notice} {said}" if game.notice else said
        dropped = TandemChoice(t.role, t.opponent)
        if game.choices.tandem is not None and game.choices.tandem.lead_replay is t.lead_replay:
            game.choices = game.choices.but(tandem=TandemChoice(game.choices.tandem.role, game.choices.tandem.opponent))
        return request.but(tandem=dropped)
    return request


def engage_autopilot(game, scene, request: DriveRequest) -> None:
    """--autopilot: the drift driver takes car 0 (not of a watched replay or a scripted drive), said on the HUD."""
    if request.autopilot and request.watch is None and request.script is None:
        from game.sim.run.autopilot import engage

        scene.hud.show_message(engage(scene.loop, request.autopilot, game.drift_roster()), 5.0)


def traffic_for(game, mode: str, ai: int | None) -> tuple[int, DriverRoster | None]:
    """(AI cars, driver roster): `ai` or the settings' (none in scored modes unless asked), without them where
    data/drivers.json cannot be read (one line on the HUD)."""
    from game.content.drivers import load_drivers
    from game.safe_json import DataError

    count = settings_mod.ai_cars_for(game.settings, mode, ai)
    if count <= 0:
        return 0, None
    try:
        return count, load_drivers()
    except DataError as e:
        game.notice = f"{e} — driving without AI cars"
        return 0, None
