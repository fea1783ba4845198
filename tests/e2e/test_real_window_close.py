"""A drive ended by the window's close button, in a real X window: it banks as Finish does and the game exits 0.

The game is started as a shell starts a background job (SIGINT ignored): that once stopped it on its first frame.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from test_real_window import START_TIMEOUT_S, Desktop, Game, looks_like_the_park, small_window_home

from e2e_helpers import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.desktop]


def test_closing_the_window_mid_drive_banks_the_drive(tmp_path):
    home = small_window_home(tmp_path)
    desk = Desktop(tmp_path)
    game = None
    try:
        game = Game(desk, home, "play", "--car", "hatch", "--mode", "free", "--ai", "0",  # no AI car in the drift's way
                    ignore_signals="INT")
        desk.wait_for_window("Sideways", START_TIMEOUT_S, game)
        desk.shot_when("drive", lambda img: looks_like_the_park(img)["sky_blue"], START_TIMEOUT_S)  # the drive is drawn ...
        time.sleep(2.0)  # ... and running
        desk.hold(["w", "d"], 1.5)
        desk.hold(["w", "d", "space"], 0.4)  # a handbrake flick ...
        desk.hold(["w", "a"], 2.0)  # ... held with counter-steer: a drift that banks credits
        subprocess.run([sys.executable, str(ROOT / "tests" / "e2e" / "wm_close.py"), desk.window], env=desk.env, check=True, timeout=30)
        code = game.wait(timeout=60)
    finally:
        if game is not None:
            game.kill_if_running()
        desk.close()
    err = game.err()
    assert code == 0, err[-3000:]
    assert "Traceback" not in err and "sideways: banked the drive" in err, err[-3000:]
    profile = json.loads((home / "profile.json").read_text())
    assert profile["stats"]["sessions"] == 1 and profile["credits"] > 6000  # the new profile's 6,000 and the drive's
    assert len(list((home / "replays").glob("*.swr"))) == 1
