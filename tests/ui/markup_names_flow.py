"""Run inside a subprocess (SIDEWAYS_HOME holds a cars.json whose car names are ursina markup): walk the real screens
with each such car and print, as one JSON line, every text each screen drew that should hold a name or notice.

Each entry is {"screen", "want", "drawn"}: `drawn` is the text of the screen's Text whose letters match `want`
(whitespace aside, as wrapping adds line breaks), or every text on that screen when none does. A crash prints its
traceback and ends the walk.
"""

from __future__ import annotations

import json
import sys
import traceback

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from ursina import Text, held_keys  # noqa: E402

from game.content.catalog import active_catalog_path, load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import Opening  # noqa: E402
from tests.support.flow_keys import SparseDraw, step, view  # noqa: E402

NAMES = json.loads(sys.argv[1])  # {car id: name as written in cars.json}
NOTICE = sys.argv[2]  # a notice that quotes a player's file
found: list[dict] = []
DRAW = SparseDraw(app)  # the donuts draw every 4th frame: what is checked is text on the screens around them


def squash(s: str) -> str:
    return " ".join(s.split())


def texts(root) -> list[str]:
    """Every ursina Text shown under this screen (Buttons' labels included), walking its children."""
    out, todo = [], [root]
    while todo:
        e = todo.pop()
        if not e.enabled:
            continue
        if isinstance(e, Text):
            out.append(e.text)
        todo += list(e.children)
    return out


def look(screen: str, root, want: str) -> None:
    """Record the text on this screen that matches `want`, or all of them if none does."""
    drawn = texts(root)
    hit = next((t for t in drawn if squash(t) == squash(want)), None)
    found.append({"screen": screen, "want": want, "drawn": hit if hit is not None else drawn})


def drive(frames: int) -> None:
    """Throttle, full lock and the handbrake on and off: donuts, so the run scores and sets a best."""
    held_keys["w"], held_keys["d"] = 1, 1
    DRAW.every = 4
    for i in range(frames):
        held_keys["space"] = 1 if (i // 8) % 2 else 0
        step(app, 1)
    DRAW.every = 1
    held_keys["w"], held_keys["d"], held_keys["space"] = 0, 0, 0


def main() -> None:
    catalog = load_catalog(active_catalog_path(None))
    game = Game(catalog, Opening(catalog_path=active_catalog_path(None), notice=NOTICE), Pacing.headless(0.1))
    step(app, 2)
    found.append({"screen": "main menu notice", "want": NOTICE, "drawn": texts(view(game))})  # with the settings' repairs
    for car_id, name in NAMES.items():
        game.choices = game.choices.but(car=car_id)  # as --car: the car the menus show and drive
        game.menus.main()
        step(app, 2)
        look("main menu", view(game), f"{name}   \u00b7   {game.profile.credits:,} credits")
        game.menus.garage()
        step(app, 2)
        garage = view(game)
        while garage.ids[garage.index] != car_id:
            garage.browse(1)
        step(app, 2)
        look("garage", garage.ui, name)
        look("garage description", garage.ui, catalog.car(car_id).description)
        game.drive(game.choices.picked("free"))
        drive(80)
        game.scene.hud.show_message(f"{name} reloaded at 10:00", 3.0)  # the way a reload names the file
        step(app, 2)
        found.append({"screen": "hud message", "want": f"{name} reloaded at 10:00", "drawn": game.scene.hud.msg_text.node.get_text()})
        game.toggle_pause()
        step(app, 2)
        look("pause", view(game), "PAUSED")
        game.scene.finish()  # the pause menu's "Finish and see results"
        step(app, 3)
        look("results", view(game), f"{name}   \u00b7   {game.world.track.name}")
        summary = game.last_summary
        game.menus.main()  # Main menu, Drive, Free Drift: the map picker with the best just set
        game.menus.modes()
        game.menus.maps("free")
        step(app, 2)
        want = f"BEST {summary['score']:,}  ({name})" if summary["is_best"] else f"(the run set no best: {summary['score']})"
        look("map picker", view(game), want)
    print(json.dumps({"found": found}), flush=True)


try:
    main()
except Exception:
    print(json.dumps({"found": found, "error": traceback.format_exc()[-4000:]}), flush=True)
