"""Player settings: defaults, forgiving field-by-field loading, rebinding rules."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.content import settings as S
from game.content.settings import default_settings, load_settings, rebind, reset_bindings, save_settings

NOW = datetime(2026, 11, 29, 14, 3, 12)


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))
    p = S.settings_path()
    assert p == tmp_path / "home" / "settings.json"
    p.parent.mkdir(parents=True)
    return p


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def test_defaults_match_the_controls_sheet() -> None:
    s = default_settings()
    kb = {a: list(s.bindings[a]["keyboard"]) for a in S.ACTIONS}
    pad = {a: list(s.bindings[a]["gamepad"]) for a in S.ACTIONS}
    assert kb == {"throttle": ["w", "up arrow"], "brake": ["s", "down arrow"],
                  "steer_left": ["a", "left arrow"], "steer_right": ["d", "right arrow"],
                  "handbrake": ["space"], "camera": ["c"], "reset": ["r"], "pause": ["escape"],
                  "clutch": ["left shift"], "shift_up": ["e"], "shift_down": ["q"],
                  "mute": ["m"], "debug": ["f3"], "reload": ["f5"], "call_ai": ["g"], "add_ai": ["="], "remove_ai": ["-"]}
    assert pad == {"throttle": ["gamepad right trigger"], "brake": ["gamepad left trigger"],
                   "steer_left": ["gamepad dpad left"], "steer_right": ["gamepad dpad right"], "handbrake": ["gamepad a"],
                   "clutch": ["gamepad b", "gamepad right stick y"], "shift_up": ["gamepad right shoulder"],
                   "shift_down": ["gamepad left shoulder"], "camera": ["gamepad y"], "reset": ["gamepad back"],
                   "pause": ["gamepad start"], "mute": [], "debug": [], "reload": [], "call_ai": ["gamepad dpad up"],
                   "add_ai": [], "remove_ai": []}
    assert (s.master_volume, s.camera, s.units, s.resolution) == (1.0, "near", "kmh", (1280, 720))
    assert s.gearbox_assist == "automatic"  # Simulation handling pulls away and shifts on its own until the player asks for more
    assert (s.ai_cars, s.ai_in_timed_modes) == (3, False)  # a few AI cars in Free Drift, none in the scored modes


def test_ai_cars_a_few_in_free_drift_none_in_scored_modes_unless_asked() -> None:
    s = default_settings()
    assert [S.ai_cars_for(s, m) for m in ("free", "timed", "zones")] == [3, 0, 0]
    asked = replace(s, ai_cars=7, ai_in_timed_modes=True)
    assert [S.ai_cars_for(asked, m) for m in ("free", "timed", "zones")] == [7, 7, 7]
    assert S.ai_cars_for(s, "timed", override=5) == 5 and S.ai_cars_for(asked, "free", override=0) == 0


def test_ai_car_count_is_bounded(path: Path) -> None:
    path.write_text('{"ai_cars": 13, "ai_in_timed_modes": true}')
    res = load_settings(path)
    assert res.settings.ai_cars == 3 and res.settings.ai_in_timed_modes is True
    assert "ai_cars: must be a whole number 0..12" in res.message


def test_missing_file_gives_defaults_silently(path: Path) -> None:
    res = load_settings(path)
    assert res.settings == default_settings() and res.message is None


def test_round_trip(path: Path) -> None:
    s = replace(default_settings(), master_volume=0.3, fullscreen=True, resolution=(1920, 1080),
                  camera="hood", units="mph", gamepad_deadzone=0.2, steer_sensitivity=1.5,
                  quality=S.Quality(tier="medium", shadows=False, particles="low", skidmark_length=800))
    s = rebind(s, "handbrake", "keyboard", "left control", slot=1)
    save_settings(path, s)
    res = load_settings(path)
    assert res.message is None
    assert res.settings == s
    assert res.settings.bindings["handbrake"]["keyboard"] == ("space", "left control")


def test_bad_value_falls_back_and_names_the_field(path: Path) -> None:
    data = default_settings().to_json() | {"master_volume": 7, "engine_volume": 0.25}
    _write(path, data)
    res = load_settings(path)
    assert res.message == "settings.json: master_volume: must be 0..1, got 7 — using 1.0"
    assert res.settings.master_volume == 1.0
    assert res.settings.engine_volume == 0.25  # the rest is kept
    assert path.exists()  # a bad value is not a corrupt file


@pytest.mark.parametrize("field,value,fallback_attr,default", [
    ("camera", "drone", "camera", "near"),
    ("units", "knots", "units", "kmh"),
    ("fullscreen", "yes", "fullscreen", False),
    ("effects_volume", True, "effects_volume", 0.8),
    ("gamepad_deadzone", 0.9, "gamepad_deadzone", 0.15),
    ("steer_sensitivity", 0.1, "steer_sensitivity", 1.0),
    ("resolution", [10, 10], "resolution", (1280, 720)),
    ("resolution", [1920.5, 1080], "resolution", (1280, 720)),
])
def test_each_field_is_checked(path: Path, field: str, value: Any, fallback_attr: str,
                               default: Any) -> None:
    _write(path, {field: value, "units": "mph"} if field != "units" else {field: value})
    res = load_settings(path)
    assert getattr(res.settings, fallback_attr) == default
    assert (res.message or "").startswith(f"settings.json: {field}: ")
    if field != "units":
        assert res.settings.units == "mph"


def test_quality_fields_fall_back_one_by_one(path: Path) -> None:
    _write(path, {"quality": {"tier": "extreme", "shadows": False, "particles": "ultra", "skidmark_length": 50}})
    res = load_settings(path)
    assert res.settings.quality == S.Quality(tier=None, shadows=False, particles="tier", skidmark_length=0)
    msg = res.message or ""
    assert "quality.tier" in msg and "quality.particles" in msg and "quality.skidmark_length" in msg and "\n" not in msg


@pytest.mark.parametrize("tier", ["low", "medium", "high", "ultra"])
def test_quality_tier_round_trips(path: Path, tier: str) -> None:
    s = replace(default_settings(), quality=replace(default_settings().quality, tier=tier))
    save_settings(path, s)
    assert json.loads(path.read_text(encoding="utf-8"))["quality"]["tier"] == tier
    res = load_settings(path)
    assert res.message is None and res.settings.quality.tier == tier


def test_fresh_settings_have_no_tier_until_the_first_start_picks_one(path: Path) -> None:
    assert default_settings().quality.tier is None
    save_settings(path, default_settings())
    assert load_settings(path).settings.quality.tier is None


def test_version_1_quality_reads_field_by_field(path: Path) -> None:
    """A file from before tiers: untouched defaults follow the tier, the player's own choices stay."""
    _write(path, {"version": 1, "quality": {"shadows": False, "particles": "high", "skidmark_length": 4000}})
    q = load_settings(path).settings.quality
    assert (q.tier, q.shadows, q.particles, q.skidmark_length) == (None, False, "tier", 0)
    _write(path, {"version": 1, "quality": {"shadows": True, "particles": "off", "skidmark_length": 1000}})
    q = load_settings(path).settings.quality
    assert (q.particles, q.skidmark_length) == ("off", 1000)


def test_unknown_keys_dropped_with_reassuring_note(path: Path) -> None:
    _write(path, {"master_volume": 0.5, "ray_tracing": True, "quality": {"bloom": 1}})
    res = load_settings(path)
    assert res.settings.master_volume == 0.5
    msg = res.message or ""
    assert "ray_tracing" in msg and "quality.bloom" in msg and "fine" in msg
    save_settings(path, res.settings)
    assert "ray_tracing" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe"])
def test_unreadable_file_is_moved_aside(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    res = load_settings(path, now=NOW)
    moved = path.with_name("settings.json.corrupt-20261129-140312")
    assert moved.read_bytes() == content and not path.exists()
    assert res.settings == default_settings()
    assert "moved aside to settings.json.corrupt-20261129-140312" in (res.message or "")


def test_bad_binding_entry_resets_only_that_action(path: Path) -> None:
    data = default_settings().to_json()
    data["bindings"]["camera"]["keyboard"] = ["v"]
    data["bindings"]["mute"]["keyboard"] = "m"  # not a list
    _write(path, data)
    res = load_settings(path)
    assert res.settings.bindings["camera"]["keyboard"] == ("v",)
    assert res.settings.bindings["mute"]["keyboard"] == ("m",)
    assert "bindings.mute.keyboard" in (res.message or "")


def test_clashing_bindings_in_file_reset_to_defaults(path: Path) -> None:
    data = default_settings().to_json()
    data["bindings"]["brake"]["keyboard"] = ["w"]  # also throttle
    _write(path, data)
    res = load_settings(path)
    assert res.settings.bindings == default_settings().bindings
    assert "'w' is bound to both throttle and brake" in (res.message or "")


def test_rebind_refuses_a_key_used_by_another_action() -> None:
    s = default_settings()
    with pytest.raises(ValueError, match="'space' is already used by handbrake on the keyboard"):
        rebind(s, "throttle", "keyboard", "space")
    with pytest.raises(ValueError, match="handbrake on the gamepad"):
        rebind(s, "steer_left", "gamepad", "gamepad a")
    with pytest.raises(ValueError):
        rebind(s, "fly", "keyboard", "x")
    with pytest.raises(ValueError):
        rebind(s, "throttle", "mouse", "x")


def test_rebind_replaces_slot_and_leaves_original() -> None:
    s = default_settings()
    t = rebind(s, "throttle", "keyboard", "i")
    assert t.bindings["throttle"]["keyboard"] == ("i", "up arrow")
    assert s.bindings["throttle"]["keyboard"] == ("w", "up arrow")
    assert rebind(s, "throttle", "keyboard", "up arrow").bindings["throttle"]["keyboard"] == (
        "up arrow", "w")  # a key the action already has swaps slots, nothing is lost
    u = rebind(t, "brake", "keyboard", "w")  # 'w' is free again once throttle let it go
    assert u.bindings["brake"]["keyboard"] == ("w", "down arrow")


def test_reset_bindings_keeps_other_settings() -> None:
    s = rebind(replace(default_settings(), master_volume=0.2), "reset", "keyboard", "backspace")
    r = reset_bindings(s)
    assert r.bindings == default_settings().bindings and r.master_volume == 0.2


def test_gearbox_assist_is_saved_and_a_bad_one_falls_back_naming_the_field(path: Path) -> None:
    save_settings(path, replace(default_settings(), gearbox_assist="manual"))
    assert load_settings(path).settings.gearbox_assist == "manual"
    _write(path, default_settings().to_json() | {"gearbox_assist": "paddles"})
    res = load_settings(path)
    assert res.settings.gearbox_assist == "automatic"
    assert res.message == ('settings.json: gearbox_assist: must be one of manual, sequential, automatic, '
                           'got "paddles" — using "automatic"')


def test_an_older_file_gets_the_new_gearbox_keys_without_losing_its_own(path: Path) -> None:
    data = default_settings().to_json()
    for action in ("clutch", "shift_up", "shift_down"):
        del data["bindings"][action]  # written before the gearbox keys existed ...
    data["bindings"]["camera"]["keyboard"] = ["e"]  # ... by a player who put the camera on E
    _write(path, data)
    res = load_settings(path)
    b = res.settings.bindings
    assert res.message is None
    assert b["camera"]["keyboard"] == ("e",)  # the player's key stays theirs
    assert b["shift_up"]["keyboard"] == () and b["shift_up"]["gamepad"] == ("gamepad right shoulder",)
    assert b["shift_down"]["keyboard"] == ("q",) and b["clutch"]["keyboard"] == ("left shift",)


@pytest.mark.parametrize("data, quoted", [
    ({"telemetry": {"host": "h" * 4_000_000}}, 'telemetry.host: must be an IPv4 address or a host name, got "hhhh'),
    ({"wheel": {"devices": {"G29": {"steer_axis": "x" * 1_000_000}}}}, 'wheel.devices[G29].steer_axis: must be a name of 1..120 characters, got "xxx'),
    ({"resolution": list(range(150_000))}, "resolution: must be [width, height] within 640x360..7680x4320, got [0, 1, 2, 3,"),
    ({"camera": "\x1b[2J\x1b[31mnear\nnext line"}, 'camera: must be one of near, far, hood, top, got "\\x1b[2J\\x1b[31mnear\\nnext line"'),
    ({"wheel": {"devices": {"\x1b]0;pwned\x07": {"curve": 9}}}}, "wheel.devices[\\x1b]0;pwned\\x07].curve: must be 0.5..3"),
    ({"wheel": {"devices": {"G29": {"gears": {f"g{i}\n": "b" for i in range(100_000)}}}}}, "wheel.devices[G29].gears.g0\\n: must be R or 1..7"),
    ({f"opt{i}\x1b" * 20: 1 for i in range(5_000)}, "ignored unknown setting(s) opt0\\x1bopt0\\x1b"),
    ({"bindings": {"brake": {"keyboard": ["w" * 1_000_000]}, "throttle": {"keyboard": ["w" * 1_000_000]}}}, "bindings: 'wwww"),
])
def test_a_huge_or_hostile_bad_value_is_quoted_short_and_escaped(path: Path, data, quoted) -> None:
    _write(path, data)
    message = load_settings(path).message or ""
    assert quoted in message, message[:300]
    assert len(message) < 1200 and message.isprintable(), message[:300]  # one short, inert line: no ESC, no newline
