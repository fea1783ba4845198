"""Run inside a subprocess: a Timed Run on a full disk, driven by key events; print what happened as one JSON line.

The disk "fills" (every fsync fails with ENOSPC, as on a full disk) before the run and frees after it.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import replace
from pathlib import Path

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.commands.common import inputs_for  # noqa: E402
from game.content import profile as profiles  # noqa: E402
from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import DriveRequest, Opening  # noqa: E402
from game.sim.run.playback import Playback  # noqa: E402
from tests.support.flow_keys import pick, screen, step, view  # noqa: E402

INPUTS = Path(__file__).resolve().parent / "timed_drift.jsonl"
real_fsync = os.fsync


def full_disk(_fd):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def main() -> None:
    fast = sm.Quality(shadows=False, particles="low", skidmark_length=1000)
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=fast))
    catalog = load_catalog()
    path = profiles.profile_path()
    profiles.save_profile(path, profiles.new_profile(["hatch"], 1000))
    before = path.read_bytes()
    timeline = inputs_for(str(INPUTS))
    game = Game(catalog, Opening(DriveRequest(car="hatch", script=Playback.of_timeline(timeline))), Pacing.headless(1.0))  # 1 s a frame: inputs are in sim time
    step(app, 3)
    out: dict = {"start": screen(game)}
    os.fsync = full_disk
    if screen(game) == "main":  # a chosen car may start on the mode list instead
        pick(app, game, "Drive")
    pick(app, game, "Timed Run")
    if screen(game) == "map_picker":
        pick(app, game, "Sideways Park")
    out["driving"] = screen(game)
    for _ in range(500):
        if screen(game) == "results":
            break
        app.step()
    out["after_run"] = screen(game)
    out["results_message"] = " ".join(view(game).message.text.split()) if screen(game) == "results" else None  # as read, unwrapped
    out["credits_earned"] = game.last_summary["credits"]
    out["memory_credits"] = game.profile.credits
    out["memory_best"] = dict(game.profile.bests.get("hatch|sideways_park|timed", {}))
    out["profile_untouched"] = path.read_bytes() == before
    out["replays"] = sorted(p.name for p in (path.parent / "replays").glob("*")) if (path.parent / "replays").exists() else []
    step(app, 10)  # the game keeps running on the results screen
    pick(app, game, "Main menu")
    out["menu_on_full_disk"] = screen(game)
    os.fsync = real_fsync  # room on the disk again
    pick(app, game, "Drive")
    pick(app, game, "Back")  # back at the main menu: the profile kept in memory is saved now
    out["back_at"] = screen(game)
    out["notice"] = view(game).notice.text if view(game).notice else None
    out["disk_credits"] = json.loads(path.read_text())["credits"]
    out["disk_best"] = json.loads(path.read_text())["bests"].get("hatch|sideways_park|timed")
    print(json.dumps(out))


main()
