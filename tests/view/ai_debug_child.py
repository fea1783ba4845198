"""Child process of test_ai_debug: the debug overlays' world pieces drawn offscreen; prints one JSON line.

Skidmarks seen from straight above (their pixels), the red Ackermann lines under a car, and the AI overlay over a
small fleet with live look changes.
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from game.view.boot.ursina_app import make_app, save_screenshot

app = make_app(headless=True, size=(320, 180))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402
from ursina import camera, color, window  # noqa: E402

from game.content.catalog import load_catalog  # noqa: E402
from game.content.drivers import load_drivers  # noqa: E402
from game.content.scoring_rules import load_scoring_rules  # noqa: E402
from game.sim.ai.personality import AiLook  # noqa: E402
from game.sim.controls import Controls  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402
from game.sim.run.setup import RunSetup  # noqa: E402
from game.sim.world import FlatWorld  # noqa: E402
from game.view.cars.ai_overlay import AiOverlay  # noqa: E402
from game.view.cars.car_model import CarModel  # noqa: E402
from game.view.cars.traffic_view import TrafficView  # noqa: E402
from game.view.cars.turn_lines import TurnLines  # noqa: E402
from game.view.effects.ai_marks import SKID_COLORS  # noqa: E402
from game.view.effects.skidmarks import Skidmarks  # noqa: E402

OUT = Path(tempfile.mkdtemp())
out: dict = {}


def centre_rgb(name: str) -> list[int]:
    """Render two frames and read the middle pixel."""
    app.step()
    app.step()
    path = OUT / f"{name}.png"
    save_screenshot(path)
    img = np.asarray(Image.open(path).convert("RGB"))
    h, w = img.shape[:2]
    return [int(v) for v in img[h // 2, w // 2]]


# ---- skidmarks from above, on white: an AI "turn" mark (kind 2) and a player's mark (kind 0) side by side
window.color = color.white
camera.position, camera.rotation = (0, 30, 0), (90, 0, 0)
skid = Skidmarks(max_segments=64, auto_update=False)
ai_track, player_track = skid.new_track_ids(2)
for x in np.linspace(-8.0, 8.0, 17):
    skid.add(ai_track, (x, 0.0, 0.0), 3.0, 1.0, (0.1, 0.1, 0.1, 1.0), kind=2)
    skid.add(player_track, (x, 0.0, 6.0), 3.0, 1.0, (0.1, 0.1, 0.1, 1.0), kind=0)
skid.update(0.0)
skid.set_kind_colors([SKID_COLORS[k] for k in ("accel", "turn", "stop", "bump")])
skid.set_ai_look(0.85, False)
out["ai_mark_opacity_085"] = centre_rgb("a")
skid.set_ai_look(0.0, False)  # laid already, and the opacity still reaches it
out["ai_mark_opacity_0"] = centre_rgb("b")
skid.set_ai_look(0.0, True)  # debug: the kind's colour at the raw alpha, opacity bypassed
out["ai_mark_debug"] = centre_rgb("c")
camera.position = (0, 30, 6)
out["player_mark_opacity_0"] = centre_rgb("d")
skid.set_ai_look(1.0, False)

# ---- the red lines under a car model
catalog = load_catalog()
model = CarModel(catalog.car("hatch"))
lines = TurnLines(model)
lines.sync(0.6, True)
out["turn_lines_steered"] = [lines.lines, lines._np is not None and lines._np.getParent() == model]
lines.sync(0.0, True)
out["turn_lines_straight"] = lines.lines
lines.sync(0.6, True)
lines.sync(0.6, False)
out["turn_lines_hidden"] = [lines.lines, lines._np is None]
model.destroy()

# ---- the AI overlay over two AI cars turning hard on a flat pad, the camera above them
roster = load_drivers()
run = DriftRun(RunSetup(catalog, "hatch", FlatWorld("asphalt"), load_scoring_rules(), seed=3, ai_count=2, drivers=roster))
view = TrafficView(run.traffic.cars, skid, catalog, roster)
overlay = AiOverlay(run.session, run.traffic, view.marks)
run.send_fleet(25.0, 25.0)
for _ in range(240):
    run.step(Controls())
view.sync(1.0, 1 / 60)
p = run.traffic.cars[0].state
camera.position, camera.rotation = (p.x, 40, p.z), (90, 0, 0)
overlay.sync(view.drawn, show=True)
out["overlay"] = {
    "debug_marks": [view.marks.debug, skid.debug_kinds],
    "slip_labels": [(t.text, t.enabled) for t in overlay.slip_labels],
    "slip_deg": [math.degrees(c.state.telemetry.slip_angle) for c in run.traffic.cars],
    "lines": overlay.lines_drawn,
}
overlay.sync(view.drawn, show=False)
out["overlay_hidden"] = [view.marks.debug, skid.debug_kinds, [t.enabled for t in overlay.slip_labels]]

# ---- the look, as a live reload of data/drivers.json would set it
view.set_look(AiLook(skid_opacity=0.3, shadow_opacity=0.2, shadow_blur_m=0.5, shadow_offset_x_m=1.0, shadow_offset_z_m=-0.5))
for _ in range(2):
    run.step(Controls())
view.sync(1.0, 1 / 60)
m, s = view.models[0], view.drawn[0]
shadow = m.shadow.getPos(app.render) if hasattr(app, "render") else m.shadow.getPos(m.getParent())
out["look"] = {
    "skid_opacity": skid.ai_opacity,
    "shadow_alpha": m.shadow.model.getColorScale()[3],
    "shadow_offset": [shadow[0] - s.x, shadow[2] - s.z],
    "shadow_scale": [m.shadow.getScale()[0], m.shadow.getScale()[2]],
}
print(json.dumps(out))
