"""Names and notices from players' files are drawn as written: car names that are ursina markup (`<scale:big> Kart`,
`<rgb(x,y,z)>`, `<hsb(1)>`, `<scale:nan>`) crashed the main menu and the results screen; now every screen shows them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.e2e_helpers import ROOT, run_game

pytestmark = pytest.mark.e2e

NAMES = {"kart": "<scale:big> Kart", "hatch": "<rgb(x,y,z)>", "rally_lynx": "<hsb(1)>", "vortex_gt": "<scale:nan>"}
DESCRIPTION = "<red>Light</red> and <image:file_icon> twitchy <scale:2>"
NOTICE = "/home/<scale:nan>/cars.json: broken JSON at line 1 — playing with the shipped cars.json until it is fixed"
SETTINGS = {"camera": "<hsb(1)>", "units": "<scale:big>"}
SCREENS = ["main menu", "garage", "garage description", "hud message", "pause", "results", "map picker"]


def bad_settings(home: Path) -> None:
    """A settings.json whose bad values are markup: the menu's notice quotes them."""
    (home / "settings.json").write_text(json.dumps(SETTINGS))


def user_catalog(home: Path) -> None:
    """The shipped cars.json with four cars renamed to markup and the kart's description full of tags."""
    cat = json.loads((ROOT / "data" / "cars.json").read_text())
    for car in cat["cars"]:
        car["name"] = NAMES.get(car["id"], car["name"])
        if car["id"] == "kart":
            car["description"] = DESCRIPTION
    (home / "cars.json").write_text(json.dumps(cat))


def test_markup_in_names_is_drawn_as_written_on_every_screen(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    user_catalog(home)
    bad_settings(home)
    p = subprocess.run([sys.executable, "-m", "tests.ui.markup_names_flow", json.dumps(NAMES), NOTICE],
                       capture_output=True, text=True, timeout=600, cwd=ROOT, env=dict(os.environ, SIDEWAYS_HOME=str(home)))
    assert p.returncode == 0, p.stderr[-3000:]
    out = json.loads([s for s in p.stdout.splitlines() if s.startswith("{")][-1])
    assert out.get("error") is None, out["error"]
    found = out["found"]
    assert found[0]["screen"] == "main menu notice"
    notice = [t for t in found[0]["drawn"] if " ".join(t.split()).startswith(NOTICE)]  # wrapped onto lines, as written
    assert len(notice) == 1, found[0]["drawn"]
    assert all(f'got "{v}"' in notice[0] for v in SETTINGS.values()), notice[0]  # the settings file's bad values, quoted
    by_car = [found[1 + i * len(SCREENS): 1 + (i + 1) * len(SCREENS)] for i in range(len(NAMES))]
    for name, seen in zip(NAMES.values(), by_car):
        assert [s["screen"] for s in seen] == SCREENS
        for s in seen:
            assert isinstance(s["drawn"], str), f"{name!r}: the {s['screen']} drew no {s['want']!r}, only {s['drawn']}"
            if s["screen"] == "garage description":
                assert s["drawn"].split() == s["want"].split()  # wrapped to the panel
            else:
                assert s["drawn"] == s["want"], s["screen"]
        assert name in seen[0]["drawn"] and name in seen[-1]["drawn"] and seen[-1]["want"].startswith("BEST ")
    assert by_car[0][2]["drawn"].split() == DESCRIPTION.split()


def test_a_settings_file_with_markup_values_starts_the_game(tmp_path):
    """The menu's notice quotes a bad setting as the file has it: `"<scale:big>"` must not crash the first screen."""
    home = tmp_path / "home"
    home.mkdir()
    bad_settings(home)
    p = run_game("play", "--headless", "--menu", "--frames", "3", "--size", "320x180", env_home=home)
    assert p.returncode == 0, p.stderr[-3000:]
