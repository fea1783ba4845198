"""How the game starts a drive: the RunSetup from its car, model, map, mode, traffic and ghost (or a career event's plan),
and the drive scene over the shared park (split from game.app)."""

from __future__ import annotations

import time as wallclock

from game.content import settings as settings_mod
from game.content.session_results import best_replay
from game.sim.run.modes.registry import mode_class
from game.sim.run.setup import RunSetup
from game.view.boot.fast_start import prune_idle_entities


def new_drive(game, mode: str):
    """The drive's scene; the best run so far races along as a ghost (a career event: its own rules, ghost and car)."""
    game.scenery.drop_backdrop()
    plan = game.career.active
    if game.spectate is not None:  # a replay being watched: its own run (RunSetup.of_replay), played by game.script
        setup = game.spectate
    else:
        setup = event_setup(game, plan) if plan is not None else free_setup(game, mode)
    scene = new_scene(game, setup)
    engage_autopilot(game, scene)
    prune_idle_entities()
    if game.notice:  # e.g. a restart whose unfinished run could not be saved
        scene.hud.show_message(game.notice, 6.0)
        game.notice = None
    return scene


def free_setup(game, mode: str) -> RunSetup:
    """A drive the player chose from the menus (or the command line): the game's car, model, course and traffic."""
    cid = game.car_id()
    ghost = None
    if mode_class(mode).races_ghost and game.spectate is None:
        replay = best_replay(game.profile, cid, game.track_id, mode, game.catalog, game.rules, game.track_digest,
                             variant=mode_class(mode).best_variant(game.world.track, game.course, game.model_id(cid)))  # fmt: skip
        ghost = replay or None
    paint = game.spectate.paint if game.spectate else game.profile.paint.get(cid)
    ai_count, drivers, seed = traffic_for(game, mode)
    return RunSetup(game.catalog, cid, game.world, game.rules, mode=mode, model=game.model_id(cid), seed=seed, spawn=game.spawn,
                    paint=paint or game.catalog.car(cid).color, track_id=game.track_id, track_digest=game.track_digest,
                    created=wallclock.strftime("%Y-%m-%dT%H:%M:%S"), ai_count=ai_count, drivers=drivers, ghost=ghost,
                    course=game.course, runs=game.runs, **tandem_setup(game, mode))  # fmt: skip


def event_setup(game, plan) -> RunSetup:
    """A career event's drive: the plan's car, model, course, opponent, role and ghost, no traffic (game.content.event_setup)."""
    from game.content.event_setup import run_setup_for

    paint = game.profile.paint.get(plan.car_id) if not plan.loaned else None
    return run_setup_for(plan, game.catalog, game.world, game.rules, game.drift_roster(), game.pacing.session_seed(), paint=paint,
                         track_digest=game.track_digest)


def new_scene(game, setup: RunSetup):
    """The DriveScene for a run, drawn over the shared park."""
    from game.view.drive.drive_scene import DriveScene

    catalog_path = None if game.spectate is not None else game.catalog_path  # a watched replay drives its own cars, never retuned
    return DriveScene(setup, game.settings, script=game.script, catalog_path=catalog_path, on_finish=game.finish_session,
                      max_frame_dt=game.pacing.frame_dt_s, world_view=game.draw_world(), tier=game.tier)  # fmt: skip


def tandem_setup(game, mode: str) -> dict:
    """A Tandem run's setup fields: car 0's role, the opponent (or the replay that leads) and the drift drivers."""
    if mode != "tandem":
        return {}
    return dict(role=game.role or "chase", opponent=game.lead or "", drift_drivers=game.drift_roster(), lead_replay=lead_replay_for(game))


def lead_replay_for(game):
    """The replay that leads this drive, checked again as --lead checked it (check_lead): a map, course or cars.json
    changed since (the map picker, live retuning) drops it with one line on the HUD, and a drift driver leads instead."""
    from game.content.replays import check_lead
    from game.sim.replay.format import ReplayError

    lead = game.lead_replay
    if lead is None:
        return None
    try:
        check_lead(lead, game.world.track, game.course, game.catalog, game.rules, game.track_digest)
    except (ReplayError, ValueError) as e:
        game.lead_replay = None
        said = f"The replay lead no longer leads as recorded ({e}); a drift driver leads instead."
        game.notice = f"{game.notice} {said}" if game.notice else said
        return None
    return lead


def engage_autopilot(game, scene) -> None:
    """--autopilot: the drift driver takes car 0 (not of a watched replay or a scripted drive), said on the HUD."""
    if game.autopilot and game.spectate is None and game.script is None:
        from game.sim.run.autopilot import engage

        scene.hud.show_message(engage(scene.loop, game.autopilot, game.drift_roster()), 5.0)


def traffic_for(game, mode: str) -> tuple[int, object, int]:
    """(AI cars, driver roster, session seed): a replay's own; else --ai or the settings (none in scored modes unless asked)."""
    from game.content.drivers import load_drivers
    from game.safe_json import DataError

    if game.spectate is not None:
        count, seed = game.spectate.ai_count, game.spectate.seed
    else:
        count, seed = settings_mod.ai_cars_for(game.settings, mode, game.ai), game.pacing.session_seed()
    if count <= 0:
        return 0, None, seed
    try:
        return count, load_drivers(), seed
    except DataError as e:
        game.notice = f"{e} — driving without AI cars"
        return 0, None, seed
