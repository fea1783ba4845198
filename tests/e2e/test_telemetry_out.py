"""A headless drive with --telemetry: its Forza Dash packets, received on loopback and decoded, say what the sim's own
CSV of the same drive says (speed, position, rpm, gear) at the same sim times. (Arcade handling here: the Simulation
model's packets are checked against its state on loopback in tests/telemetry/test_telemetry_tap.py.)"""

from __future__ import annotations

import csv
import io
import socket
import threading

import pytest

from game.telemetry.dash_frame import forza_gear
from game.telemetry.forza_dash import decode
from tests.support.e2e_helpers import ROOT, run_game

pytestmark = pytest.mark.e2e

FRAMES = 180  # 3 s of the drive at 60 frames a second: the launch, the handbrake flick and the slide
SMALL = ("--size", "192x120", "--quality", "low")  # the packets come from the sim: a small, plain picture draws the frames cheaply


def _receive(sock: socket.socket, into: list, stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            into.append(decode(sock.recvfrom(2048)[0]))
        except TimeoutError:
            continue


def test_headless_drive_sends_what_the_sim_csv_says(home):
    inputs = ROOT / "tests" / "e2e" / "timed_drift.jsonl"
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    packets: list[dict] = []
    stop = threading.Event()
    reader = threading.Thread(target=_receive, args=(sock, packets, stop))
    reader.start()
    try:
        p = run_game("play", "--headless", "--inputs", str(inputs), "--car", "hatch", "--model", "arcade", "--ai", "0", "--frames", str(FRAMES),
                     "--telemetry", f"127.0.0.1:{sock.getsockname()[1]}", *SMALL, env_home=home)
    finally:
        stop.set()
        reader.join()
        sock.close()
    assert p.returncode == 0, p.stderr[-2000:]
    sim = run_game("sim", "--car", "hatch", "--model", "arcade", "--inputs", str(inputs), "--seconds", str(FRAMES / 60))
    assert sim.returncode == 0, sim.stderr[-2000:]
    rows = {round(float(r["t"]) * 1000): r for r in csv.DictReader(io.StringIO(sim.stdout))}

    assert len(packets) == FRAMES  # one a frame, 60 a second of sim time, none lost on loopback
    assert all(pk["IsRaceOn"] == 1 for pk in packets)
    assert [pk["TimestampMS"] for pk in packets] == sorted({pk["TimestampMS"] for pk in packets})
    moved = False
    for pk in packets:
        row = rows[pk["TimestampMS"]]
        assert pk["Speed"] * 3.6 == pytest.approx(float(row["speed_kmh"]), abs=0.01)
        for axis in "XYZ":
            assert pk[f"Position{axis}"] == pytest.approx(float(row[axis.lower()]), abs=0.001)
        assert pk["CurrentEngineRpm"] == pytest.approx(float(row["rpm"]), abs=0.1)
        assert pk["Gear"] == forza_gear(int(row["gear"]))
        assert pk["Accel"] == round(float(row["throttle"]) * 255) and pk["HandBrake"] == (255 if row["handbrake"] == "1" else 0)
        moved = moved or float(row["speed_kmh"]) > 20
    assert moved and {pk["Gear"] for pk in packets} >= {1, 2}  # the drive went somewhere, through the gears
    assert packets[-1]["EngineMaxRpm"] == 7500 and packets[-1]["DistanceTraveled"] > 10
