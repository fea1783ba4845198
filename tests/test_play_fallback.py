"""A broken cars.json in the player's folder never stops the game: it plays on the shipped catalog and says why."""

from __future__ import annotations

import game.commands.play
import game.shell.launch
from game.cli import main


def test_broken_user_catalog_falls_back_with_a_notice(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "cars.json").write_text('{"version": 1, "cars": [')
    seen = {}

    def fake_run(catalog, opening, **kw):
        seen.update(catalog=catalog, opening=opening)
        return 0

    monkeypatch.setattr(game.shell.launch, "run", fake_run)
    assert main(["play"]) == 0
    assert seen["catalog"].source == "data/cars.json"
    assert seen["opening"].notice.startswith(f"{tmp_path / 'cars.json'}: broken JSON at line 1")
    assert seen["opening"].catalog_path == tmp_path / "cars.json"  # still watched: fixing it applies live


def test_headless_play_falls_back_to_the_shipped_catalog_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "cars.json").write_text('{"version": 1, "cars": [')
    seen = {}

    def fake_headless(catalog, opening, frames, *rest):
        seen.update(catalog=catalog, frames=frames, world=opening.world)
        return 0

    monkeypatch.setattr(game.commands.play, "run_headless", fake_headless)
    assert main(["play", "--headless", "--frames", "3"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"sideways play: {tmp_path / 'cars.json'}: broken JSON at line 1") and err.count("\n") == 1
    assert "playing with the shipped cars.json" in err
    assert seen["catalog"].source == "data/cars.json" and seen["frames"] == 3
    assert seen["world"].track.id == "sideways_park"  # the map was built before the session started


def test_tools_and_an_explicit_catalog_refuse_a_broken_catalog(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "cars.json").write_text('{"version": 1, "cars": [')
    assert main(["sim", "--car", "hatch", "--inputs", str(tmp_path / "none.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "broken JSON at line 1" in err and err.count("\n") == 1
    assert main(["play", "--headless", "--catalog", str(tmp_path / "cars.json")]) == 2
    err = capsys.readouterr().err
    assert "broken JSON at line 1" in err and err.count("\n") == 1
