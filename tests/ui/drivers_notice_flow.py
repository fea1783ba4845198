"""Run inside a subprocess (SIDEWAYS_HOME holding a drift_drivers.json): start the game to its main menu; print, as one
JSON line, the notice the first screen shows and who the backdrop's drift driver is."""

from __future__ import annotations

import json

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(640, 360))

from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game  # noqa: E402
from game.shell.request import Opening  # noqa: E402


def main() -> None:
    game = Game(load_catalog(), Opening())
    app.step()
    view = game.stack.top.view
    notice = view.notice.text if getattr(view, "notice", None) is not None else None
    roster = game.drift_roster()
    print(json.dumps({"screen": game.stack.names, "notice": notice, "rin_consistency": roster.get("rin").consistency}))


main()
