import sys, time, json
from dataclasses import replace
from game.view.boot.ursina_app import make_app, save_screenshot
app = make_app(headless=True, size=(1280, 720))
from game.content import settings as sm
from game.content.catalog import load_catalog
from game.shell.app import Game, Pacing
from game.shell.request import DriveRequest
from game.sim.inputs import parse_inputs
from game.sim.run.playback import Playback
from tests.support.board_runs import QUALIFYING_BOARD, QUALIFYING_INPUTS
from tests.support.flow_keys import options, pick, press, screen, step

def until(check):
    d = time.monotonic() + 600
    while not check():
        assert time.monotonic() < d
        step(app, 1)

url, name = sys.argv[1], sys.argv[2]
sm.save_settings(sm.settings_path(), replace(sm.default_settings(), quality=replace(sm.Quality(), shadows=False)))
game = Game(load_catalog(), pacing=Pacing.headless(1 / 60))
step(app, 5)
save_screenshot("/tmp/shots/main.png")
pick(app, game, "Settings")
menu = game.stack.top.view
for _ in range([t.text for t in menu.tabs].index("Online")):
    press(app, "down arrow")
press(app, "enter"); press(app, "enter")
for ch in url: app.text_input(ch); step(app, 1)
save_screenshot("/tmp/shots/settings_typing.png")
press(app, "enter"); press(app, "down arrow"); press(app, "enter")
for ch in name: app.text_input(ch); step(app, 1)
press(app, "enter"); step(app, 3)
save_screenshot("/tmp/shots/settings_online.png")
press(app, "escape"); press(app, "escape")
script = Playback.of_timeline(parse_inputs(QUALIFYING_INPUTS.read_text(encoding="utf-8"), QUALIFYING_INPUTS.name))
game.drive(DriveRequest(mode="qualifying", car="hatch", model="arcade", track="sideways_park", course="pad_hook", runs=1, script=script))
until(lambda: screen(game) == "results")
step(app, 3)
pick(app, game, "Submit")
step(app, 2)
save_screenshot("/tmp/shots/results_verifying.png")
view = game.stack.top.view
until(lambda: view.submission.finished)
step(app, 3)
save_screenshot("/tmp/shots/results_verified.png")
print(view.message.text)
pick(app, game, "Main menu")
pick(app, game, "Leaderboards")
b = game.stack.top.view.browser
until(lambda: b.boards and b.table is not None)
step(app, 3)
save_screenshot("/tmp/shots/boards_all.png")
target = [x["id"] for x in b.boards].index(QUALIFYING_BOARD)
for _ in range(target - b.index): press(app, "down arrow")
press(app, "enter")
until(lambda: b.focus == "rows")
step(app, 3)
save_screenshot("/tmp/shots/boards_rows.png")
press(app, "g")
until(lambda: screen(game) == "drive")
step(app, 200)
save_screenshot("/tmp/shots/ghost_race.png")
press(app, "escape"); pick(app, game, "Main menu"); pick(app, game, "Leaderboards")
b = game.stack.top.view.browser
until(lambda: b.boards and b.table is not None)
press(app, "enter"); until(lambda: b.focus == "rows")
press(app, "c")
until(lambda: screen(game) == "tandem")
step(app, 240)
save_screenshot("/tmp/shots/chase.png")
game.online.close()
print("done")
