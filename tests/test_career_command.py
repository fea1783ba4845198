"""`sideways career`: the player's tiers, events, stars, locks and the cup's bracket, read from the profile and never written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.commands.common import catalog_for
from game.content.events import load_career
from game.content.profile import new_profile, save_profile, set_career
from game.sim.career.event import CUP, PLAYER
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord, EventRecord

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def career():
    return load_career(catalog_for(None))


def _cup(career):
    return next(e for e in career.events if e.kind == CUP)


def _save(home: Path, career, progress: CareerProgress) -> Path:
    catalog = catalog_for(None)
    path = home / "profile.json"
    save_profile(path, set_career(new_profile(catalog.starter_ids, catalog.economy.starting_credits), progress))
    return path


def _run(capsys, *args: str) -> tuple[int, str, str]:
    rc = main(["career", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def _bracket(career) -> CupRecord:
    cup = _cup(career)
    field = [f.driver for f in cup.field]
    seeds = (PLAYER, *field)
    return CupRecord(round="semi", seed=5, qualifying=91, seeds=seeds, attempts=2, battles=(
        BattleRecord("quarter", PLAYER, seeds[7], 151.5, 120.0, omt=1, winner=PLAYER),
    ))


def test_the_text_shows_stars_best_targets_locks_and_never_writes_the_profile(home, career, capsys):
    first = career.events[0]
    path = _save(home, career, CareerProgress(events={first.id: EventRecord(best=first.targets[1], stars=2)}))
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    rc, out, err = _run(capsys)
    assert rc == 0 and err == ""
    assert out.startswith(f"Career: 2 of {3 * len(career.events)} stars")
    line = next(x for x in out.splitlines() if f"[{first.id}]" in x)
    assert line.lstrip().startswith("★★☆  " + first.name)
    assert f"best {first.targets[1]:,}" in line and "targets " + " / ".join(f"{t:,}" for t in first.targets) in line
    last = career.tiers[-1]
    assert f"{last.name} ({last.unlock_stars} stars to open; locked: Needs {last.unlock_stars} stars - you have 2)" in out
    assert "bracket: not entered yet" in out
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_json_is_the_same_career_as_one_object(home, career, capsys):
    first = career.events[0]
    _save(home, career, CareerProgress(events={first.id: EventRecord(best=first.targets[2], stars=3)}, cups={_cup(career).id: _bracket(career)}))
    rc, out, _ = _run(capsys, "--json")
    doc = json.loads(out)
    assert rc == 0 and doc["total_stars"] == 3 and [t["id"] for t in doc["tiers"]] == [t.id for t in career.tiers]
    cards = {c["id"]: c for t in doc["tiers"] for c in t["cards"]}
    assert list(cards) == [e.id for e in career.events]
    assert cards[first.id]["stars"] == 3 and cards[first.id]["best"] == first.targets[2] and cards[first.id]["open"]
    bracket = cards[_cup(career).id]["bracket"]
    assert bracket["round"] == "semi" and bracket["attempts"] == 2 and len(bracket["rounds"]) == 3
    quarter = bracket["rounds"][0][0]
    assert (quarter["a"], quarter["score_a"], quarter["omt"], quarter["winner"]) == (PLAYER, 151.5, 1, PLAYER)


def test_the_cup_shows_where_the_attempt_stands(home, career, capsys):
    _save(home, career, CareerProgress(cups={_cup(career).id: _bracket(career)}))
    _, out, _ = _run(capsys)
    assert "bracket: attempt 2: your semi-final is next (qualified with 91)" in out
    assert "(1) You 151.5 - 120.0 (8) " in out and ", 1 OMT, You through" in out
    assert "Semi-finals" in out and "to come" in out


def test_a_broken_events_file_is_one_line_and_exit_2(home, tmp_path, capsys):
    data = json.loads((ROOT / "data" / "events.json").read_text(encoding="utf-8"))
    data["events"][0]["map"] = "atlantis"
    bad = tmp_path / "events.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    rc, out, err = _run(capsys, "--events", str(bad))
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sideways career: ") and "events" in err and "map" in err and "atlantis" in err


@pytest.mark.parametrize("where", ["events", "tiers"])
def test_a_name_with_control_characters_in_the_events_file_is_one_line_naming_it(home, tmp_path, capsys, where):
    data = json.loads((ROOT / "data" / "events.json").read_text(encoding="utf-8"))
    data[where][0]["name"] = "Warm\x1b[2J up\nnext"
    bad = tmp_path / "events.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    rc, out, err = _run(capsys, "--events", str(bad))
    assert rc == 2 and out == ""
    assert err == (f"sideways career: {bad}: {where}[{data[where][0]['id']}].name: must match text without control characters "
                   '(no newlines, tabs or escape codes), got "Warm\\x1b[2J up\\nnext"\n')


def test_names_from_the_data_files_are_printed_inert(home, tmp_path, capsys):
    cars = json.loads((ROOT / "data" / "cars.json").read_text(encoding="utf-8"))
    for car in cars["cars"]:
        car["name"] += "\x1b[31m\u202e"  # a colour code and a right-to-left override in every car's name
    path = tmp_path / "cars.json"
    path.write_text(json.dumps(cars), encoding="utf-8")
    rc, out, err = _run(capsys, "--catalog", str(path))
    assert rc == 0 and err == ""
    assert "\\x1b[31m\\u202e" in out and "\x1b" not in out and "\u202e" not in out


def test_a_terminal_without_stars_gets_ascii_marks(home, career):
    first = career.events[0]
    _save(home, career, CareerProgress(events={first.id: EventRecord(best=first.targets[0], stars=1)}))
    env = dict(os.environ, PYTHONIOENCODING="ascii", SIDEWAYS_HOME=str(home))
    p = subprocess.run([sys.executable, "-m", "game", "career"], capture_output=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr.decode(errors="replace")[-2000:]
    line = next(x for x in p.stdout.decode("ascii").splitlines() if f"[{first.id}]" in x)
    assert line.lstrip().startswith("*--  ")
