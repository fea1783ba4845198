"""Child process of test_run_looks: the player's finish and stance in a drive, its replay watched and raced as a ghost, and
a tandem rival in its drift driver's looks, offscreen; one JSON line."""

from __future__ import annotations

import json
import os
import tempfile

os.environ["SIDEWAYS_HOME"] = tempfile.mkdtemp(prefix="sideways-looks-")

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.content import profile as profiles  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import DriveRequest, Opening, TandemChoice  # noqa: E402
from game.sim.looks import Stance  # noqa: E402

LOW = Stance(camber_front_deg=-7, camber_rear_deg=-2, ride_mm=-50, track_mm=25, rim="mesh", rim_colour="#f0efe9")


def looks(model) -> list:
    return [model.finish, model.stance.to_json()]


catalog = load_catalog()
p = profiles.equip(profiles.new_profile(list(catalog.starter_ids), 0), "hatch")
p = profiles.set_stance(profiles.set_finish(p, "hatch", "matte"), "hatch", LOW)
profiles.save_profile(profiles.profile_path(), p)
out: dict = {}
free = DriveRequest(mode="free", car="hatch", track="sideways_park", ai=0)
game = Game(catalog, Opening(free, drive=True, quality="low"), Pacing.headless(1 / 15))
for _ in range(20):
    app.step()
out["player"] = looks(game.scene.car_model)
replay = game.scene.run.replay()
out["replay"] = [replay.finish, replay.stance.to_json()]

game.drive(DriveRequest.watching(replay))  # watched: the car as it was recorded
app.step()
out["watched"] = looks(game.scene.car_model)

game.drive(free.but(mode="timed", ghost=replay, ghost_label="test"))
app.step()
ghost = game.scene.ghost_view
out["ghost"] = looks(ghost.model) if ghost is not None else None

game.drive(DriveRequest(mode="tandem", car="hatch", track="sideways_park", tandem=TandemChoice(opponent="vera")))
app.step()
out["rival"] = looks(game.scene.tandem.rival.model)
print(json.dumps(out))
