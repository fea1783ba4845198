"""Run inside a subprocess: drive a real DriveScene offscreen and report skidmark and pause facts as JSON."""

from __future__ import annotations

import json
import math

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
circle = parse_inputs('{"t": 0, "throttle": 1}\n{"t": 1.5, "throttle": 0.75, "steer": 1, "handbrake": true}\n')


def main() -> None:
    app = make_app(headless=True, size=(320, 180))
    cat = load_catalog()
    settings = default_settings()
    scene = DriveScene(RunSetup(cat, "zenith_hyper", world_for(cat), load_scoring_rules()), settings, script=Playback.of_timeline(circle))
    out = {}
    for _ in range(int(4 / DT)):
        scene.frame(DT, {})
    out["skid_segments_after_slide"] = scene.skidmarks.segment_count
    for _ in range(int(60 / DT)):  # a minute of sliding in circles (no rendering needed)
        scene.frame(DT, {})
    app.step()
    out["skid_vertices_after_minute"] = scene.skidmarks.vertex_count
    out["skid_vertex_cap"] = 4 * scene.tier.skidmark_length  # the tier in use (settings leave it to the tier)
    for _ in range(int(60 / DT)):
        scene.frame(DT, {})
    out["skid_vertices_after_two_minutes"] = scene.skidmarks.vertex_count
    s = scene.session.state
    before = (s.x, s.z, scene.session.t)
    scene.set_paused(True)
    for _ in range(60):
        scene.frame(DT, {})
        app.step()
    s = scene.session.state
    out["paused_moved_m"] = math.hypot(s.x - before[0], s.z - before[1])
    out["paused_t_delta"] = scene.session.t - before[2]
    scene.set_paused(False)
    for _ in range(30):
        scene.frame(DT, {})
    s = scene.session.state
    out["resumed_moved_m"] = math.hypot(s.x - before[0], s.z - before[1])
    print(json.dumps(out))


main()
