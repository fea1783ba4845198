"""A broken cars.json in the player's folder never stops the game: it plays on the shipped catalog and says why."""

from __future__ import annotations

import game.app
from game.cli import main


def test_broken_user_catalog_falls_back_with_a_notice(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "cars.json").write_text('{"version": 1, "cars": [')
    seen = {}

    def fake_run(catalog, track, car, **kw):
        seen.update(catalog=catalog, **kw)
        return 0

    monkeypatch.setattr(game.app, "run", fake_run)
    assert main(["play"]) == 0
    assert seen["catalog"].source == "data/cars.json"
    assert seen["notice"].startswith(f"{tmp_path / 'cars.json'}: broken JSON at line 1")
    assert seen["catalog_path"] == tmp_path / "cars.json"  # still watched: fixing it applies live


def test_tools_and_headless_runs_refuse_a_broken_catalog(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path))
    (tmp_path / "cars.json").write_text('{"version": 1, "cars": [')
    assert main(["play", "--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "broken JSON at line 1" in err and err.count("\n") == 1
