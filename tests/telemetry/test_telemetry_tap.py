"""The telemetry tap on a drive (fake scene, real session): packets on loopback, paused marks them not racing, a failed
send is counted and said once, never raised; `sideways telemetry listen` decodes what arrives."""

import socket
import threading
import time

import pytest

from game.cli import main
from game.commands.common import catalog_for, world_for
from game.content.settings import Settings
from game.content.telemetry_settings import TelemetrySettings
from game.sim.controls import Controls
from game.sim.session import Session
from game.telemetry.forza_dash import decode, encode
from game.view.drive import telemetry_tap as tt


class _Hud:
    def __init__(self):
        self.messages = []

    def show_message(self, text, seconds):
        self.messages.append(text)


class _Run:
    def __init__(self):
        self.score, self.finished = 0, False
        self.game_mode = type("Free", (), {"on_course": False})()


class _Scene:
    """What the tap reads of a DriveScene."""

    def __init__(self, target=None, model="sim"):
        catalog = catalog_for(None)
        self.session = Session(catalog, "hatch", world_for(catalog, None, None), hz=120, model=model)
        self.run, self.hud, self.controls = _Run(), _Hud(), Controls()
        self.settings = Settings(telemetry=target or TelemetrySettings())

    def drive(self, tap, frames, paused=False, throttle=1.0):
        for _ in range(frames):
            if not paused:
                self.controls = Controls(throttle=throttle)
                for _ in range(2):  # 120 Hz steps, 60 Hz frames
                    self.session.step(self.controls)
                self.run.score += 10
            tap(self, None, paused)


@pytest.fixture
def receiver():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(2.0)
    yield sock
    sock.close()


def _take(sock, n):
    return [decode(sock.recvfrom(2048)[0]) for _ in range(n)]


def test_off_by_default_and_the_flag_wins_over_the_settings():
    scene = _Scene()
    assert tt.telemetry_tap(scene) is None
    tt.set_override(TelemetrySettings(True, "127.0.0.1", 5399))
    try:
        assert tt.target_for(scene.settings).port == 5399
        tap = tt.telemetry_tap(scene)
        assert tap is not None and tap.sender.address == ("127.0.0.1", 5399)
        tap.close()
    finally:
        tt.set_override(None)
    assert tt.target_for(Settings(telemetry=TelemetrySettings(True, "10.0.0.2", 6000))).host == "10.0.0.2"


@pytest.mark.parametrize("model", ["sim", "arcade"])
def test_a_drive_arrives_on_loopback(receiver, model):
    port = receiver.getsockname()[1]
    scene = _Scene(TelemetrySettings(True, "127.0.0.1", port), model=model)
    tap = tt.telemetry_tap(scene)
    scene.drive(tap, 90)
    got = _take(receiver, 90)
    s = scene.session.state
    assert [p["TimestampMS"] for p in got[:3]] == [17, 33, 50]  # one a frame: 60 a second of sim time
    last = got[-1]
    assert last["IsRaceOn"] == 1 and last["Speed"] == pytest.approx(s.speed, rel=1e-5) and last["Accel"] == 255
    assert last["CurrentEngineRpm"] == pytest.approx(s.telemetry.rpm, rel=1e-5) and last["Boost"] == 900
    scene.drive(tap, 3, paused=True)
    paused = _take(receiver, 1)[0]  # paused: at most one a 1/60 s of wall time, marked not racing, the car where it stopped
    assert paused["IsRaceOn"] == 0 and paused["PositionZ"] == pytest.approx(s.z, rel=1e-6)
    assert tap.sender.failed == 0
    tap.close()


def test_a_failed_send_is_counted_and_said_once():
    scene = _Scene(TelemetrySettings(True, "no-such-host.invalid", 5300))
    tap = tt.telemetry_tap(scene)
    scene.drive(tap, 5)  # while the name is looked up (on a thread: a frame never waits for it), and after
    for _ in range(300):
        if not tap.sender.pending:
            break
        time.sleep(0.05)
    scene.drive(tap, 5)
    assert tap.sender.failed == 10 and tap.sender.sent == 0
    assert len(scene.hud.messages) == 1 and scene.hud.messages[0].startswith("Telemetry: no-such-host.invalid: cannot find this host")
    tap.close()
    scene.drive(tap, 1)  # a closed sender counts too
    assert tap.sender.failed == 11


def test_a_refused_port_is_counted_not_raised(receiver):
    port = receiver.getsockname()[1]
    receiver.close()  # nobody listens: on loopback the next sends may be refused (ECONNREFUSED), never raised
    scene = _Scene(TelemetrySettings(True, "127.0.0.1", port))
    tap = tt.telemetry_tap(scene)
    scene.drive(tap, 20)
    assert tap.sender.sent + tap.sender.failed == 20
    tap.close()


def test_listen_prints_decoded_packets(capsys):
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    result = {}
    t = threading.Thread(target=lambda: result.update(rc=main(["telemetry", "listen", "--port", str(port), "--count", "2", "--timeout", "20"])))
    t.start()
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    packet = encode({"IsRaceOn": 1, "CurrentRaceTime": 12.5, "Speed": 25.0, "CurrentEngineRpm": 6100, "EngineMaxRpm": 7800, "Gear": 3,
                     "Accel": 255, "Steer": -40, "DistanceTraveled": 321.0, "Boost": 4500})
    while t.is_alive():  # until the listener is up and has taken two
        out.sendto(b"not forza", ("127.0.0.1", port))
        out.sendto(packet, ("127.0.0.1", port))
        time.sleep(0.05)
    t.join()
    out.close()
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert result["rc"] == 0 and len(lines) == 2
    assert "90.0 km/h" in lines[0] and "6100/7800 rpm gear 3" in lines[0] and "dist 321.0 m score 4500" in lines[0]
    assert "ignored a packet from 127.0.0.1: a Forza Data Out packet is 232 (Sled) or 311 (Dash) bytes, got 9" in captured.err


def test_listen_on_a_taken_port_is_one_line(capsys):
    busy = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    busy.bind(("127.0.0.1", 0))
    try:
        assert main(["telemetry", "listen", "--port", str(busy.getsockname()[1]), "--count", "1"]) == 2
    finally:
        busy.close()
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err
