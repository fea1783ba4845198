"""Child process of test_tandem_view_window: a real Tandem drive offscreen (the ace autopilot chasing an ace), one JSON line."""

from __future__ import annotations

import json
import os
import tempfile

os.environ["SIDEWAYS_HOME"] = tempfile.mkdtemp(prefix="sideways-tandem-view-")

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(480, 270))

from panda3d.core import Point2, Point3  # noqa: E402
from ursina import application, scene  # noqa: E402

from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import DriveRequest, Opening, TandemChoice  # noqa: E402
from game.view.hud import tandem_text as tt  # noqa: E402

out: dict = {"frames": []}
choices = DriveRequest(mode="tandem", car="hatch", track="sideways_park", autopilot="ace", tandem=TandemChoice(opponent="ace"))
game = Game(load_catalog(), Opening(choices, drive=True, quality="low"), Pacing.headless(1 / 15))
base = application.base


def on_screen(node) -> bool:
    """The node's origin projects inside the camera's view."""
    p = base.cam.getRelativePoint(scene, node.getPos(scene))
    return bool(base.camLens.project(Point3(p), Point2()))


scene_ = game.scene
parts = scene_.tandem
out["built"] = parts is not None and scene_.course is not None
for i in range(165):  # 11 s of the first run: staging, the run-up, the entry and the corner
    app.step()
    if i % 8 == 7:
        mode = scene_.run.game_mode
        rival, me = mode.opponent, scene_.session.state
        live = mode.tandem_judge.live()
        out["frames"].append({
            "role": mode.role_of(0), "badge": parts.hud.role_text.text, "run": parts.hud.run_text.text, "gap_shown": parts.hud.gap_text.text,
            "gap_live": tt.gap_text(parts._live.gap_m) if parts._live is not None else None, "gap_m": live.gap_m,
            "rival_err_m": abs(parts.rival.model.getX(scene) - rival.state.x) + abs(parts.rival.model.getZ(scene) - rival.state.z),  # vs the sim's
            "rival_moved": [round(rival.state.x, 2), round(rival.state.z, 2)], "me_on_screen": on_screen(scene_.car_model),
            "rival_on_screen": on_screen(parts.rival.model), "strip": parts.hud.strip.enabled,
            "course_strip": parts._course_strip.enabled, "extra_m": round(scene_.rig.extra_m, 2),
            "cam_above_ground": base.cam.getPos(scene)[1] - scene_.world.ground(base.cam.getX(scene), base.cam.getZ(scene))[0],
            "voice": {"pitch": parts.voice.pitch, "volume": parts.voice.volume, "level": parts.voice.level,
                      "rpm": parts.voice.note.rpm, "rival_rpm": rival.state.telemetry.rpm,
                      "distance_m": ((rival.state.x - me.x) ** 2 + (rival.state.z - me.z) ** 2) ** 0.5},
        })
voice, audio = parts.voice, scene_.audio
out["voice_listed"] = voice in audio.voices  # the player's mute, pause and volumes reach it
audio.toggle_mute()
out["voice_muted_volume"] = voice.volume
audio.toggle_mute()
game.menus.main()  # the drive leaves: the opponent's car, its engine, the tandem HUD and the framing go with it
app.step()
out["voice_left"] = voice.alive or voice in audio.voices
out["rig_reset"] = scene_.rig.aim == (0.0, 0.0) and scene_.rig.extra_m == 0.0
out["entities_left"] = [e.name for e in scene.entities if e.name in ("tandem_hud", "tandem_box", "chase_strip")]
print(json.dumps(out))
