"""Child process of test_backdrop_fallback: the menu's backdrop drawn offscreen, drifting, then with its data broken
at the start and mid-lap; prints one JSON line."""

from __future__ import annotations

import json

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(160, 120))

from ursina import camera  # noqa: E402

from game.content.catalog import load_catalog  # noqa: E402
from game.content.quality import resolve  # noqa: E402
from game.content.settings import default_settings  # noqa: E402
from game.content.tracks import load_track  # noqa: E402
from game.safe_json import DataError  # noqa: E402
from game.sim.world import World  # noqa: E402
from game.ui import drift_backdrop  # noqa: E402
from game.ui.scenery import Scenery  # noqa: E402

catalog = load_catalog()
world = World(load_track("sideways_park", catalog.surfaces), list(catalog.surfaces))
settings = default_settings()
scenery = Scenery()
scenery.world(world, catalog, resolve(settings.quality, "low"), False)
spec = catalog.car("kart")
out = {}


def frames(n: int) -> None:
    for _ in range(n):
        scenery.update(1 / 60)
        app.step()


scenery.park(world, spec, "#123456", catalog=catalog)
frames(120)
d = scenery.drifting
out["drifting"] = d is not None and scenery.parked is None
out["moved_m"] = ((d.session.state.x - d.spawn[0]) ** 2 + (d.session.state.z - d.spawn[1]) ** 2) ** 0.5 if d else 0.0
out["camera_to_car_m"] = ((camera.world_position[0] - d.session.state.x) ** 2 + (camera.world_position[2] - d.session.state.z) ** 2) ** 0.5


def broken(*_a, **_k):
    raise DataError("data/drift_drivers.json: drivers[0].skill: must be one of rookie, amateur, pro, ace, got 'legend'")


real = drift_backdrop.BackdropLap.__init__
drift_backdrop.BackdropLap.__init__ = broken
scenery.park(world, spec, "#123456", catalog=catalog)
frames(5)
out["broken_at_start"] = {"drifting": scenery.drifting is not None, "parked": scenery.parked is not None, "orbit": scenery.backdrop is not None}
drift_backdrop.BackdropLap.__init__ = real

scenery.park(world, spec, "#123456", catalog=catalog)
frames(10)
scenery.drifting.step = lambda: (_ for _ in ()).throw(ZeroDivisionError("mid-lap"))
frames(5)
out["broken_mid_lap"] = {"drifting": scenery.drifting is not None, "parked": scenery.parked is not None, "orbit": scenery.backdrop is not None,
                         "paint": [round(scenery.parked.paint_mesh.color[i], 3) for i in range(3)] if scenery.parked is not None else None}
scenery.release()
print(json.dumps(out))
