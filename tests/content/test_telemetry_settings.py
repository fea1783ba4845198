"""Settings -> Telemetry: off by default, saved in settings.json's "telemetry" block, bad fields fall back one by one."""

import json

import pytest

from game.content.settings import Settings, load_settings, save_settings
from game.content.telemetry_settings import TelemetrySettings, parse_target


def test_off_by_default_and_round_trips(tmp_path):
    assert Settings().telemetry == TelemetrySettings(False, "127.0.0.1", 5300)
    path = tmp_path / "settings.json"
    mine = Settings(telemetry=TelemetrySettings(True, "192.168.1.20", 20777))
    save_settings(path, mine)
    assert json.loads(path.read_text())["telemetry"] == {"enabled": True, "host": "192.168.1.20", "port": 20777}
    loaded = load_settings(path)
    assert loaded.settings.telemetry == mine.telemetry and loaded.message is None


def test_a_bad_field_falls_back_alone_with_a_note_naming_it(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"minimap": False, "telemetry": {"enabled": True, "host": "dash.local", "port": 80, "rate": 5}}))
    loaded = load_settings(path)
    assert loaded.settings.telemetry == TelemetrySettings(True, "dash.local", 5300)
    assert loaded.settings.minimap is False
    assert "telemetry.port: must be a whole number 1024..65535, got 80 — using 5300" in loaded.message
    assert "telemetry.rate" in loaded.message  # unknown, ignored


@pytest.mark.parametrize("block", ["on", [1], {"host": "not a host!"}, {"enabled": "yes"}])
def test_a_bad_block_keeps_telemetry_off(tmp_path, block):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"telemetry": block}))
    loaded = load_settings(path)
    assert loaded.settings.telemetry.enabled is False and loaded.settings.telemetry.host == "127.0.0.1"
    assert "telemetry" in loaded.message


def test_parse_target():
    assert parse_target("127.0.0.1:5301") == TelemetrySettings(True, "127.0.0.1", 5301)
    assert parse_target("rig.local:20777").host == "rig.local"
    for bad, words in (("127.0.0.1", "HOST:PORT"), ("127.0.0.1:80", "port must be"), ("300.1.1.1:5300", "host must be"), (":5300", "host")):
        with pytest.raises(ValueError, match=words):
            parse_target(bad)
