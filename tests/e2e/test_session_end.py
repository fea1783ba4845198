"""A session ended any way banks what it earned: SIGTERM, SIGHUP and Ctrl+C mid-drive, and the window's close button,
end Free Drift as Finish does (credits, session count, replay, profile saved), then exit; a second signal exits at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.support.e2e_helpers import ROOT, with_signals

pytestmark = pytest.mark.e2e

CHILD = "tests.e2e.session_end_child"
START_CREDITS = 6000  # a new profile's (data/cars.json economy)
DONUTS = [{"t": 0, "throttle": 1}, {"t": 1.5, "throttle": 1, "steer": 1, "handbrake": True}, {"t": 2.0, "throttle": 0.9, "steer": 1}]


AS_FROM_A_TERMINAL = {"default": "TERM,INT,HUP"}  # the signals' default actions, as from a player's shell (not a nohup's ignore)
AS_UNDER_NOHUP = {"default": "TERM,INT", "ignore": "HUP"}  # as `nohup sideways ...` starts it: hangups ignored


class Child:
    """session_end_child.py in its own process, its stderr in a file; killed if it outlives the test's patience."""

    def __init__(self, home: Path, tmp: Path, *args: str, start=AS_FROM_A_TERMINAL):
        self.err_path = tmp / "stderr.txt"
        self.err = self.err_path.open("w")
        env = dict(os.environ, SIDEWAYS_HOME=str(home))
        self.proc = subprocess.Popen(with_signals([sys.executable, "-m", CHILD, *args], **start), stdout=subprocess.PIPE, stderr=self.err,
                                     text=True, cwd=ROOT, env=env)
        self.watchdog = threading.Timer(240, self.proc.kill)
        self.watchdog.start()

    def driving(self) -> dict:
        """Wait for the line saying the drive has earned credits; its figures."""
        for line in self.proc.stdout:
            if line.startswith('{"driving"'):
                return json.loads(line)["driving"]
        raise AssertionError(f"the drive never earned credits: {self.stderr()[-3000:]}")

    def wait(self) -> tuple[int, float]:
        """The exit code and the seconds it took to exit from now."""
        t0 = time.monotonic()
        self.proc.stdout.read()
        rc = self.proc.wait()
        took = time.monotonic() - t0
        self.watchdog.cancel()
        self.err.close()
        return rc, took

    def stderr(self) -> str:
        if not self.err.closed:
            self.err.flush()
        return self.err_path.read_text()


def banked(home: Path) -> tuple[int, int, list[Path]]:
    """Credits earned over a new profile's, the sessions counted, and the replays saved."""
    profile = json.loads((home / "profile.json").read_text()) if (home / "profile.json").exists() else {}
    replays = sorted((home / "replays").glob("*.swr")) if (home / "replays").is_dir() else []
    return profile.get("credits", START_CREDITS) - START_CREDITS, profile.get("stats", {}).get("sessions", 0), replays


def check_replay(path: Path, home: Path) -> None:
    """The saved replay is the Free Drift just driven and plays back."""
    from game.content.replays import load_replay

    r = load_replay(path)
    assert (r.mode, r.car_id, r.track_id) == ("free", "hatch", "sideways_park") and r.steps > 0
    back = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--headless", "--frames", "3", "--size", "320x180"],
                          capture_output=True, text=True, timeout=240, cwd=ROOT, env=dict(os.environ, SIDEWAYS_HOME=str(home)))
    assert back.returncode == 0, back.stderr[-2000:]


@pytest.fixture
def donuts(tmp_path) -> Path:
    p = tmp_path / "donuts.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in DONUTS) + "\n")
    return p


def headless(home: Path, tmp: Path, inputs: Path, start=AS_FROM_A_TERMINAL) -> Child:
    """`sideways play --headless --mode free` on scripted donuts, far more frames than the test will let it draw."""
    return Child(home, tmp, "headless", "--mode", "free", "--car", "hatch", "--inputs", str(inputs), "--frames", "100000",
                 "--frame-dt", "0.1", "--size", "320x180", start=start)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_mid_drive_banks_it_and_exits(sig, home, tmp_path, donuts):
    child = headless(home, tmp_path, donuts)
    earned = child.driving()
    child.proc.send_signal(sig)
    rc, _ = child.wait()
    err = child.stderr()
    assert rc == 128 + sig, err[-3000:]  # the shell's convention: ended because of the signal, after banking
    credits, sessions, replays = banked(home)
    assert credits >= earned["credits"] >= 10 and sessions == 1 and len(replays) == 1, err[-3000:]
    assert err.rstrip().splitlines()[-1] == f"sideways: stopped by {sig.name}: banked the drive ({credits:,} credits, replay {replays[0].name})"
    check_replay(replays[0], home)


def test_a_second_signal_exits_at_once_banking_nothing(home, tmp_path, donuts):
    child = headless(home, tmp_path, donuts)
    child.driving()
    pid = child.proc.pid
    os.kill(pid, signal.SIGSTOP)  # both signals arrive before the game can act on the first
    while Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "T":
        time.sleep(0.01)
    os.kill(pid, signal.SIGTERM)
    os.kill(pid, signal.SIGINT)
    os.kill(pid, signal.SIGCONT)
    rc, _ = child.wait()
    assert rc in (128 + signal.SIGINT, 128 + signal.SIGTERM), child.stderr()[-3000:]
    assert banked(home) == (0, 0, [])  # the player asked twice: out at once, nothing more is written


def test_a_hangup_under_nohup_is_still_ignored(home, tmp_path, donuts):
    child = headless(home, tmp_path, donuts, start=AS_UNDER_NOHUP)
    child.driving()
    child.proc.send_signal(signal.SIGHUP)  # ignored, as whoever started the game asked
    child.proc.send_signal(signal.SIGTERM)
    rc, _ = child.wait()
    err = child.stderr()
    assert rc == 128 + signal.SIGTERM and "stopped by SIGTERM: banked the drive" in err, err[-3000:]
    assert banked(home)[1] == 1


def test_closing_the_window_mid_drive_banks_it(home, tmp_path):
    child = Child(home, tmp_path, "window", "close")  # the windowed path on an offscreen buffer; the close is simulated
    earned = child.driving()
    rc, _ = child.wait()
    err = child.stderr()
    assert rc == 0, err[-3000:]  # the player quit: a normal exit
    credits, sessions, replays = banked(home)
    assert credits >= earned["credits"] >= 10 and sessions == 1 and len(replays) == 1, err[-3000:]
    check_replay(replays[0], home)


def test_ctrl_c_in_the_window_banks_the_drive(home, tmp_path):
    child = Child(home, tmp_path, "window")  # app.run(): Panda3D's own Ctrl+C handling used to stop it with exit code 0
    earned = child.driving()
    child.proc.send_signal(signal.SIGINT)
    rc, _ = child.wait()
    err = child.stderr()
    assert rc == 128 + signal.SIGINT, err[-3000:]
    credits, sessions, replays = banked(home)
    assert credits >= earned["credits"] >= 10 and sessions == 1 and len(replays) == 1, err[-3000:]
