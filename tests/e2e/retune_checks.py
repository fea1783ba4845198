"""Run inside a subprocess: edit the catalog file while a headless session drives; report what the game did as JSON."""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

from game.commands.common import world_for
from game.content.catalog import load_catalog
from game.content.scoring_rules import load_scoring_rules
from game.content.settings import default_settings
from game.sim.inputs import parse_inputs
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup
from game.view.boot.ursina_app import make_app
from game.view.drive.drive_scene import DriveScene

DT = 1 / 60
drive = parse_inputs('{"t": 0, "throttle": 1}\n{"t": 1.0, "throttle": 0.6, "steer": 0.5}\n')


def frames(scene, app, n):
    for _ in range(n):
        scene.frame(DT, {})
        app.step()


def edit(path: Path, grip: float | None = None, text: str | None = None) -> None:
    if text is None:
        data = json.loads(path.read_text())
        next(c for c in data["cars"] if c["id"] == "hatch")["grip"] = grip
        text = json.dumps(data, indent=1)
    path.write_text(text)


def main() -> None:
    catalog_file = Path(sys.argv[1])
    app = make_app(headless=True, size=(320, 180))
    cat = load_catalog(catalog_file)
    setup = RunSetup(cat, "hatch", world_for(cat), load_scoring_rules())
    scene = DriveScene(setup, default_settings(), script=Playback.of_timeline(drive), catalog_path=catalog_file)
    out = {"grip_before": scene.session.car.grip}
    frames(scene, app, 60)
    s = scene.session.state
    before = (s.x, s.z, scene.session.t)
    edit(catalog_file, grip=1.5)
    time.sleep(0.3)  # the watcher looks at the file every 0.25 s
    t0 = time.monotonic()
    while scene.session.car.grip != 1.5 and time.monotonic() - t0 < 1.0:
        frames(scene, app, 1)
    out["applied_within_s"] = round(time.monotonic() - t0 + 0.3, 3)
    out["grip_after_edit"] = scene.session.car.grip
    s = scene.session.state
    # the car was not moved: it is a couple of frames further along its path, not back at the spawn
    out["jump_m"] = math.hypot(s.x - before[0], s.z - before[1]) - (scene.session.t - before[2]) * s.speed
    out["message_after_edit"] = scene.hud.msg_text.text
    edit(catalog_file, text='{"version": 1, "cars": [ broken')
    time.sleep(0.3)
    frames(scene, app, 3)
    out["grip_after_broken_edit"] = scene.session.car.grip
    out["message_after_broken_edit"] = scene.hud.msg_text.text
    out["retuned"] = scene.retuned
    print(json.dumps(out))


main()
