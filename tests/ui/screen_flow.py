"""Run inside a subprocess: walk every edge of the screen graph with key events only; print one JSON line per step.

Each line is {"step": i, "src", "kind", "arg", "dst", "got", "stack", "error", ...}; the last line is {"done": ...}.
A crash in a step is caught, printed with its traceback and ends the walk (the state after it is not trusted).
"""

from __future__ import annotations

import json
import traceback
from dataclasses import replace

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from ursina import camera, held_keys, scene  # noqa: E402

from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.view.boot.blending import dual_pass_nodes  # noqa: E402
from tests.support.flow_keys import options, pick, press, screen, step  # noqa: E402
from tests.support.screen_graph import EDGES, MENU_SCREENS, walk_plan  # noqa: E402

DRIVE_FRAMES = 20  # frames of throttle and steering after arriving in a drive, so leaving it has a run to keep


def drive_a_little() -> None:
    """Throttle and some steering for a few frames (held keys, as a player would)."""
    held_keys["w"], held_keys["d"] = 1, 1
    step(app, DRIVE_FRAMES)
    held_keys["w"], held_keys["d"] = 0, 0
    step(app, 1)


def emit(obj: dict) -> None:
    print(json.dumps(obj), flush=True)


def seed_career(catalog) -> None:
    """A profile with three stars on every career event but the cup: the grid opens on the Sideways Cup, whose qualifying,
    bracket and first battle the walk then takes (a fresh profile's first event is walked by tests/e2e/test_career_headless.py)."""
    from game.content import profile as profiles
    from game.content.events import load_career
    from game.sim.career.progress import CareerProgress, EventRecord

    career = load_career(catalog)
    records = {e.id: EventRecord(best=e.targets[2], stars=3) for e in career.events if e.kind != "cup"}
    p = profiles.new_profile(catalog.starter_ids, catalog.economy.starting_credits)
    profiles.save_profile(profiles.profile_path(), profiles.set_career(p, CareerProgress(events=records)))


def main() -> None:
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    catalog = load_catalog()
    seed_career(catalog)
    game = Game(catalog, pacing=Pacing.headless(1 / 30))
    step(app, 3)
    seen: dict[str, list[str]] = {}
    emit({"start": screen(game)})
    for i, e in enumerate(walk_plan(EDGES)):
        rec = {"step": i, "src": e.src, "kind": e.kind, "arg": e.arg, "dst": e.dst, "at": screen(game), "error": None}
        try:
            if e.kind == "pick":
                pick(app, game, e.arg)
            else:
                press(app, e.arg)
            step(app, 2)
            rec["got"] = screen(game)
            rec["stack"] = game.stack.names  # e.g. ["drive", "pause"]: the pause menu over the drive
            drive = game.scene
            if drive is not None:  # which drive is on the stack (a new one after Restart) and whether it is frozen
                rec["drive"], rec["drive_paused"] = id(drive), drive.paused
            rec["entities"] = len(scene.entities)  # a screen left behind shows up as growth here
            rec["dual_pass"] = dual_pass_nodes(app.render) + dual_pass_nodes(camera.ui)  # pieces drawn twice a frame
            if rec["got"] in MENU_SCREENS:
                seen.setdefault(rec["got"], options(game)[0])
            rec["spectating"] = game.watching
            if rec["got"] in ("drive", "tandem", "event"):
                drive_a_little()
            if rec["got"] == "photo" and e.arg == "enter":  # the shot photo mode saved (a few frames for it to be written)
                step(app, 3)
                from game import paths

                rec["photos"] = sorted(p.name for p in (paths.user_home() / "photos").glob("*.png"))
            if rec["got"] == "event_results":  # the event's stars, targets and credits beside the run's results
                rec["event_panel"] = getattr(game.stack.top.view, "event_panel", None) is not None
            if rec["got"] in ("drive", "tandem", "watch", "event"):  # a watched replay plays itself: a couple of frames, not a drive
                rec["sim_steps"] = game.scene.session.steps
            if game.scene is not None and game.scene.mode == "tandem":  # the runs its results show and its replay plays
                rec["tandem_runs"] = len(game.scene.run.game_mode.runs)
        except SystemExit:
            rec["got"] = "quit"
        except Exception:
            rec["got"] = screen(game)
            rec["error"] = traceback.format_exc()[-3000:]
        emit(rec)
        if rec["error"] or rec["got"] == "quit":
            break
    emit({"done": True, "options": seen})


main()
