"""Real-window walk of the online flow (not committed): Xvfb + xdotool, screenshots into /tmp/walk."""
import json, shutil, sys, time
from pathlib import Path
from tests.e2e.test_real_window import game_on_a_desktop, looks_like_the_park, shows_a_drive

OUT = Path("/tmp/walk"); shutil.rmtree(OUT, ignore_errors=True); OUT.mkdir()
url = sys.argv[1]
home = OUT / "home"; home.mkdir()
(home / "settings.json").write_text(json.dumps({"version": 1, "resolution": [1280, 720], "quality": {"shadows": False}}))

def k(desk, *keys, wait=2.0):
    desk.key(*keys, wait=wait)

# launch 1: Settings -> Online, typed with the keyboard
with game_on_a_desktop(OUT, home) as (desk, game):
    desk.shot_when("01_menu", lambda i: looks_like_the_park(i)["orange_share"] > 0.003, 180); time.sleep(1)
    k(desk, "Down", "Down", "Down", "Return")  # Settings
    k(desk, *["Down"] * 6, "Return")  # Online, into the page
    k(desk, "Return")  # type the server
    desk.x("xdotool", "type", "--delay", "60", url); time.sleep(1)
    desk.shot("02_typing_server")
    k(desk, "Return", "Down", "Return")
    desk.x("xdotool", "type", "--delay", "60", "Window Ace"); time.sleep(1)
    k(desk, "Return")
    desk.shot("03_settings_online")
    k(desk, "Escape", "Escape", "Up", "Return", wait=5)  # back to the menu, Quit
    print("launch 1 exit", game.wait(60))
print(json.loads((home / "settings.json").read_text()).get("online"))
# launch 2: a Qualifying run on recorded inputs, Submit, Leaderboards, ghost, chase
args = ["play", "--mode", "qualifying", "--track", "sideways_park", "--course", "pad_hook", "--car", "hatch", "--model", "arcade",
        "--inputs", "tests/support/data/qualifying_pad_hook.jsonl"]
with game_on_a_desktop(OUT, home, *args) as (desk, game):
    desk.shot_when("04_results", lambda i: looks_like_the_park(i)["orange_share"] > 0.004, 300); time.sleep(3)
    desk.shot("04_results")
    k(desk, "Down", "Return", wait=1)  # Submit (under Drive again)
    desk.shot("05_verifying")
    time.sleep(8)
    desk.shot("06_verified")
    k(desk, "Down", "Return", wait=4)  # Main menu
    k(desk, "Down", "Down", "Return", wait=6)  # Leaderboards
    desk.shot("07_boards")
    k(desk, *["Down"] * 4, "Return", wait=4)
    desk.shot("08_board_rows")
    k(desk, "g", wait=0)
    desk.shot_when("09_ghost", shows_a_drive, 120); time.sleep(6)
    desk.shot("09_ghost")
    k(desk, "Escape", "Up", "Return", wait=4)  # pause -> Main menu
    k(desk, "Down", "Down", "Return", wait=6)
    k(desk, "Return", wait=4)
    k(desk, "c", wait=0)
    desk.shot_when("10_chase", shows_a_drive, 120); time.sleep(6)
    desk.shot("10_chase")
    k(desk, "Escape", "Up", "Return", wait=4)
    k(desk, "Up", "Return", wait=5)  # Quit
    print("launch 2 exit", game.wait(60))
