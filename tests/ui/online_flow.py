"""Run inside a subprocess with a board server's URL: set the server and a name in Settings → Online by typing, drive a
Qualifying run on recorded inputs, Submit it from the results, then open Leaderboards, race the top run as a ghost and
chase it as a lead; print what happened as one JSON line. Key events only, as a player would (the drive itself is the
recorded inputs, as `--inputs` drives it)."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace

from game.view.boot.ursina_app import make_app

app = make_app(headless=True, size=(320, 180))

from game.content import settings as sm  # noqa: E402
from game.content.catalog import load_catalog  # noqa: E402
from game.shell.app import Game, Pacing  # noqa: E402
from game.shell.request import DriveRequest  # noqa: E402
from game.sim.inputs import parse_inputs  # noqa: E402
from game.sim.run.playback import Playback  # noqa: E402
from tests.support.board_runs import QUALIFYING_BOARD, QUALIFYING_INPUTS  # noqa: E402
from tests.support.flow_keys import options, pick, press, screen, step  # noqa: E402

WAIT_S = 90.0  # the longest any answer from the server is waited for


def until(check, what: str) -> None:
    """Render frames until check() holds (at most WAIT_S of wall time)."""
    deadline = time.monotonic() + WAIT_S
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        step(app, 1)


def type_text(text: str) -> None:
    """Characters as ursina's keystroke event delivers them (Panda3D's 'keystroke' -> app.text_input)."""
    for ch in text:
        app.text_input(ch)
        step(app, 1)


def settings_online(game: Game, url: str, name: str) -> dict:
    """Main menu -> Settings -> Online: type the server's address (a bad one first) and a name."""
    out: dict = {}
    pick(app, game, "Settings")
    menu = game.stack.top.view
    names = [t.text for t in menu.tabs]
    for _ in range(names.index("Online") - menu.section):
        press(app, "down arrow")
    press(app, "enter")  # into the page: the Server row
    out["rows"] = [r.label for r in menu.page.rows]
    press(app, "enter")  # type
    type_text("ftp://nowhere")
    press(app, "enter")
    out["bad_url"] = [menu.message, menu.typing]
    press(app, "delete")
    type_text(url)
    press(app, "enter")
    out["server_row"] = menu.page.rows[0].text(menu.settings)
    press(app, "down arrow")
    press(app, "enter")
    type_text(name)
    press(app, "enter")
    out["typing_after"] = menu.typing
    press(app, "escape")  # the page -> the tabs
    press(app, "escape")  # the tabs -> the main menu
    out["back_at"] = screen(game)
    out["in_game"] = [game.settings.online.server, game.settings.online.name, game.settings.online.submit]
    out["on_disk"] = sm.load_settings(sm.settings_path()).settings.online.to_json()
    return out


def drive_and_submit(game: Game) -> dict:
    """A Qualifying run on recorded inputs, its results, Submit, and the verdict's line."""
    out: dict = {}
    script = Playback.of_timeline(parse_inputs(QUALIFYING_INPUTS.read_text(encoding="utf-8"), QUALIFYING_INPUTS.name))
    game.drive(DriveRequest(mode="qualifying", car="hatch", model="arcade", track="sideways_park", course="pad_hook", runs=1,
                            script=script))
    until(lambda: screen(game) == "results", "the results")
    out["results_options"] = options(game)[0]
    pick(app, game, "Submit")
    view = game.stack.top.view
    out["first_line"] = " ".join(view.message.text.split())  # as drawn (wrapped to the buttons)
    until(lambda: view.submission is not None and view.submission.finished, "the verdict")
    out["verdict"] = view.submission.line.text
    out["verdict_shown"] = " ".join(view.message.text.split())
    out["button"] = view.menu.buttons[view.submit_index].text
    out["result"] = view.submission.result.as_dict() if view.submission.result else None
    return out


def leaderboards(game: Game) -> dict:
    """Main menu -> Leaderboards: the Qualifying board's rows; Race this ghost; back; Chase this run."""
    out: dict = {}
    pick(app, game, "Main menu")
    pick(app, game, "Leaderboards")
    browser = game.stack.top.view.browser
    until(lambda: browser.boards, "the boards")
    out["listed"] = len(browser.boards)
    target = [b["id"] for b in browser.boards].index(QUALIFYING_BOARD)
    for _ in range(target - browser.index):
        press(app, "down arrow")
    press(app, "enter")
    until(lambda: browser.focus == "rows", "the board's rows")
    row = browser.picked_row
    out["top_row"] = [row["rank"], row["player"], row["score"], row["car"]]
    out["you"] = None if browser.table["you"] is None else browser.table["you"]["rank"]
    out["details"] = game.stack.top.view.details.text
    press(app, "g")  # Race this ghost
    until(lambda: screen(game) == "drive", "the ghost race")
    step(app, 3)
    run = game.scene.run
    out["ghost"] = {"mode": game.scene.mode, "track": game.track_id, "course": run.setup.course, "model": run.setup.model,
                    "ghost_car": run.ghost_car is not None, "ghost_is_board_run": run.setup.ghost is game.driven.ghost,
                    "ghost_run_steps": run.setup.ghost.steps if run.setup.ghost else 0}
    press(app, "escape")
    pick(app, game, "Main menu")
    pick(app, game, "Leaderboards")
    browser = game.stack.top.view.browser
    until(lambda: browser.boards and browser.table is not None, "the boards again")
    out["highlighted_again"] = browser.board["id"]
    press(app, "enter")
    until(lambda: browser.focus == "rows", "the rows again")
    press(app, "c")  # Chase this run
    until(lambda: screen(game) == "tandem", "the chase")
    step(app, 3)
    setup = game.scene.run.setup
    out["chase"] = {"mode": game.scene.mode, "role": setup.role, "notice": game.driven.tandem.lead_label, "lead_is_board_run": setup.lead_replay is not None
                    and setup.lead_replay is game.driven.tandem.lead_replay, "course": setup.course}
    return out


def main() -> None:
    url, name = sys.argv[1], sys.argv[2]
    sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
    game = Game(load_catalog(), pacing=Pacing.headless(1 / 60))
    step(app, 3)
    out = {"main_options": options(game)[0]}
    out.update(settings_online(game, url, name))
    out.update(drive_and_submit(game))
    out.update(leaderboards(game))
    print(json.dumps(out), flush=True)
    game.online.close()


if __name__ == "__main__":
    main()
