"""The game as a player starts it: `python -m game` in a real X window (Xvfb), OS-level keys (xdotool), window screenshots.

Walks main menu -> Drive -> Free Drift -> Sideways Park -> a few seconds of driving -> Esc -> pause -> Main menu -> Quit,
and checks the pictures show the game and the process ends cleanly; and ends a drive by the window's close button.
Needs Xvfb, xdotool and ImageMagick's `import` (.ci/run installs them).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.support.e2e_helpers import ROOT, with_signals

pytestmark = [pytest.mark.e2e, pytest.mark.desktop]
MENU_WAIT_S = 2.5  # after a menu key: the next screen is built and armed (~0.5-1 s on a loaded software renderer)
POLL_S = 0.25  # how often a wait for the window or a picture looks again
START_TIMEOUT_S = 180.0


class Desktop:
    """A private X server and the keyboard and camera of a player sitting at it."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1024x600x24", "-nolisten", "tcp"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.env = dict(os.environ, DISPLAY=f":{self.xvfb.stdout.readline().decode().strip()}")
        self.window = ""
        self.wait_for_server()

    def wait_for_server(self, timeout: float = 30.0) -> None:
        """Until the X server answers a client (a game started before it does cannot open its window)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.xvfb.poll() is None:
            if self.x("xdotool", "getdisplaygeometry"):
                return
            time.sleep(POLL_S)
        raise AssertionError(f"the X server on {self.env['DISPLAY']} never answered (exit code {self.xvfb.poll()})")

    def x(self, *args: str) -> str:
        return subprocess.run(args, env=self.env, capture_output=True, text=True, timeout=60).stdout.strip()

    def wait_for_window(self, name: str, timeout: float, game: Game) -> None:
        """Until the game's window is up; a game that ends first, or never shows one, fails with what it printed."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and not self.window and game.proc.poll() is None:
            self.window = self.x("xdotool", "search", "--name", name).split("\n")[0]
            time.sleep(POLL_S)
        code = game.proc.poll()
        why = f"the game ended with exit code {code}" if code is not None else f"none after {timeout} s"
        assert self.window, f"no window called {name!r}: {why}; the game's stderr ends:\n{game.err()[-3000:]}"
        self.x("xdotool", "windowfocus", "--sync", self.window)

    def key(self, *names: str, wait: float = MENU_WAIT_S) -> None:
        for n in names:
            self.x("xdotool", "key", n)
            time.sleep(0.4)
        time.sleep(wait)

    def hold(self, keys: list[str], seconds: float) -> None:
        self.x("xdotool", *[a for k in keys for a in ("keydown", k)])
        time.sleep(seconds)
        self.x("xdotool", *[a for k in keys for a in ("keyup", k)])

    def shot(self, name: str) -> np.ndarray:
        path = self.tmp / f"{name}.png"
        self.x("import", "-window", self.window, str(path))
        return np.asarray(Image.open(path).convert("RGB"), dtype=np.float32)

    def shot_when(self, name: str, ready, timeout: float) -> np.ndarray:
        """A screenshot once `ready(picture)` holds (the first frames of a fresh window can still be black)."""
        end = time.monotonic() + timeout
        img = self.shot(name)
        while not ready(img) and time.monotonic() < end:
            time.sleep(POLL_S)
            img = self.shot(name)
        return img

    def close(self) -> None:
        self.xvfb.terminate()
        self.xvfb.wait(timeout=30)


def looks_like_the_park(img: np.ndarray) -> dict:
    """What a player would see at a glance: a picture (not one flat colour), sky above, and the menu's orange."""
    h = img.shape[0]
    sky = img[: h // 8].reshape(-1, 3).mean(axis=0)
    orange = ((img[..., 0] > 200) & (img[..., 1] > 90) & (img[..., 1] < 170) & (img[..., 2] < 80)).mean()
    return {"std": float(img.std()), "sky_blue": bool(sky[2] > sky[0] + 10), "orange_share": float(orange), "size": img.shape[:2]}


def shows_a_drive(img: np.ndarray) -> bool:
    """The park under the sky with no menu button lit (a menu's is > 0.3 % of the picture, the drive's HUD < 0.1 %)."""
    seen = looks_like_the_park(img)
    return seen["sky_blue"] and seen["orange_share"] < 0.003


def small_window_home(tmp_path: Path) -> Path:
    """A player's folder whose settings ask for an 800x450 window at light quality (quick on a software renderer)."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"version": 1, "resolution": [800, 450],
                                                    "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    return home


class Game:
    """`python -m game ARGS` on the desktop with this player's folder; what it prints goes to files (a pipe nobody reads
    while the test drives would stop a chatty game once it filled)."""

    def __init__(self, desk: Desktop, home: Path, *args: str, ignore_signals: str = ""):
        env = dict(desk.env, SIDEWAYS_HOME=str(home))
        self.err_path = desk.tmp / "game_stderr.txt"
        with (desk.tmp / "game_stdout.txt").open("w") as out, self.err_path.open("w") as err:
            self.proc = subprocess.Popen(with_signals([sys.executable, "-m", "game", *args], ignore=ignore_signals),
                                         cwd=ROOT, env=env, stdout=out, stderr=err)

    def err(self) -> str:
        return self.err_path.read_text(errors="replace")

    def wait(self, timeout: float) -> int:
        return self.proc.wait(timeout=timeout)

    def kill_if_running(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@contextlib.contextmanager
def game_on_a_desktop(tmp_path: Path, home: Path, *args: str, ignore_signals: str = ""):
    """A private X server with the game started on it, its window up: (desk, game); both are gone afterwards."""
    desk = Desktop(tmp_path)
    game = None
    try:
        game = Game(desk, home, *args, ignore_signals=ignore_signals)
        desk.wait_for_window("Sideways", START_TIMEOUT_S, game)
        yield desk, game
    finally:
        if game is not None:
            game.kill_if_running()
        desk.close()


def test_real_window_drive_then_esc_to_main_menu_and_quit(tmp_path):
    home = small_window_home(tmp_path)
    with game_on_a_desktop(tmp_path, home) as (desk, game):
        menu = looks_like_the_park(desk.shot_when("1_main_menu", lambda img: looks_like_the_park(img)["orange_share"] > 0.003,
                                                  START_TIMEOUT_S))
        time.sleep(1.0)  # the menu arms on its first frame
        desk.key("Return")  # Drive
        desk.key("Return")  # Free Drift
        desk.key("Return", wait=0)  # the map picker opens on Sideways Park: the drive is drawn (no menu) ...
        desk.shot_when("drive_drawn", shows_a_drive, START_TIMEOUT_S)
        time.sleep(1.0)  # ... and running
        desk.hold(["w", "d"], 4.0)  # a few seconds of throttle and steering
        drive = looks_like_the_park(desk.shot("2_driving"))
        desk.key("Escape")  # pause
        paused = looks_like_the_park(desk.shot("3_paused"))
        desk.key("Up", "Return")  # Main menu is the last option
        back = looks_like_the_park(desk.shot("4_back_at_main_menu"))
        desk.key("Up", "Return", wait=0)  # Quit
        code = game.wait(timeout=120)
    err = game.err()
    assert code == 0, err[-3000:]
    assert "Traceback" not in err and "glgsg(error)" not in err, err[-3000:]
    for name, seen in (("main menu", menu), ("drive", drive), ("pause", paused), ("main menu again", back)):
        assert seen["size"] == (450, 800), name  # the window the settings asked for
        assert seen["std"] > 25 and seen["sky_blue"], f"{name}: {seen} (see {tmp_path})"
    assert menu["orange_share"] > 0.003 and back["orange_share"] > 0.003  # the highlighted menu button
    assert paused["orange_share"] > 0.003 and drive["orange_share"] < menu["orange_share"]  # driving shows no menu


# A drive ended by the window's close button: it banks as Finish does and the game exits 0. The game is started as a
# shell starts a background job (SIGINT ignored): that once stopped it on its first frame. (In this module so the two
# real-window games run one after the other in one test worker, not side by side on a loaded machine.)
def test_closing_the_window_mid_drive_banks_the_drive(tmp_path):
    home = small_window_home(tmp_path)
    # no AI car in the drift's way
    with game_on_a_desktop(tmp_path, home, "play", "--car", "hatch", "--mode", "free", "--ai", "0", ignore_signals="INT") as (desk, game):
        desk.shot_when("drive", lambda img: looks_like_the_park(img)["sky_blue"], START_TIMEOUT_S)  # the drive is drawn ...
        time.sleep(2.0)  # ... and running
        desk.hold(["w", "d"], 1.5)
        desk.hold(["w", "d", "space"], 0.4)  # a handbrake flick ...
        desk.hold(["w", "a"], 2.0)  # ... held with counter-steer: a drift that banks credits
        subprocess.run([sys.executable, "-m", "tests.e2e.wm_close", desk.window], cwd=ROOT, env=desk.env, check=True, timeout=30)
        code = game.wait(timeout=60)
    err = game.err()
    assert code == 0, err[-3000:]
    assert "Traceback" not in err and "sideways: banked the drive" in err, err[-3000:]
    profile = json.loads((home / "profile.json").read_text())
    assert profile["stats"]["sessions"] == 1 and profile["credits"] > 6000  # the new profile's 6,000 and the drive's
    assert len(list((home / "replays").glob("*.swr"))) == 1
