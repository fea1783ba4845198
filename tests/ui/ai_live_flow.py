"""Run inside a subprocess: a Free Drift whose AI fleet changes while driving (the = and - keys, then Settings -> AI
cars applied live), finished from the pause menu; prints one JSON line of what happened, the saved replay verified."""

from __future__ import annotations

import json
from dataclasses import replace

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.commands.common import playable_world  # noqa: E402
from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.content.drivers import load_drivers  # noqa: E402
from game.content.replays import load_replay  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.content.session_results import replays_dir  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.sim.run.verify import verify  # noqa: E402
from game.ui.apply_settings import apply_settings  # noqa: E402
from tests.support.flow_keys import pick, press, screen, step  # noqa: E402


def fleet(game) -> dict:
    scene = game.scene
    tv = scene.traffic_view
    return {"ai": scene.fleet.count, "models": len(tv.models) if tv is not None else 0,
            "session_cars": len(scene.session.cars), "message": scene.hud.msg_text.text}


def main() -> None:
    settings = replace(sm.default_settings(), ai_cars=2, quality=replace(sm.Quality(), shadows=False))
    sm.save_settings(sm.settings_path(), settings)
    catalog = load_catalog()
    game = Game(catalog, pacing=Pacing.headless(1 / 60))
    step(app, 3)
    pick(app, game, "Drive")
    pick(app, game, "Free Drift")
    press(app, "enter")  # the map picker: Sideways Park
    out: dict = {"screen": screen(game), "start": fleet(game)}
    step(app, 30)
    press(app, "=")
    step(app, 20)
    out["added"] = fleet(game)
    press(app, "-")
    press(app, "-")
    press(app, "-")
    step(app, 20)
    out["removed_all"] = fleet(game)
    press(app, "-")
    out["none_left"] = fleet(game)
    apply_settings(replace(settings, ai_cars=4), game.scene)  # as the pause menu's Settings does on the way back
    step(app, 60)
    out["from_settings"] = fleet(game)
    out["overlay_toggled"] = game.scene.fleet.toggle_overlay()
    press(app, "=")
    out["overlay_kept"] = game.scene.fleet.overlay.visible
    step(app, 60)
    press(app, "escape")
    pick(app, game, "Finish and see results")
    out["after"] = screen(game)
    saved = sorted(replays_dir().glob("*"), key=lambda p: p.stat().st_mtime)
    replay = load_replay(saved[-1])
    out["fleet_changes"] = [list(c) for c in replay.fleet_changes]
    out["ai_count"] = replay.ai_count
    state, score = verify(replay, catalog, playable_world(catalog, replay.track_id), load_scoring_rules(), load_drivers())
    out["replay_matches"] = replay.matches(state, score)
    print(json.dumps(out))


main()
