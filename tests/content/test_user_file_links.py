"""User files kept elsewhere through a symbolic link stay linked; a save waits for another game's lock, and a dead game leaves none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.content import atomic
from game.content import profile as P
from game.content import settings as S
from game.content.atomic import write_json_atomic

REPO = Path(__file__).resolve().parents[2]
CARS = ["hatch", "kart", "coupe"]


@pytest.fixture
def synced(tmp_path: Path) -> tuple[Path, Path]:
    """home/profile.json -> ../Sync/sideways/profile.json, as a player who syncs their profile has it."""
    home, cloud = tmp_path / "home", tmp_path / "Sync" / "sideways"
    home.mkdir()
    cloud.mkdir(parents=True)
    target = cloud / "profile.json"
    P.save_profile(target, P.new_profile(["hatch"], 100))
    (home / "profile.json").symlink_to(target)
    return home / "profile.json", target


def _temp_files(*folders: Path) -> list[str]:
    return [p.name for f in folders for p in f.iterdir() if p.name.endswith(".tmp")]


def test_a_symlinked_profile_stays_a_link_and_the_save_lands_in_its_target(synced) -> None:
    link, target = synced
    p = P.load_profile(link, CARS, ["hatch"], 0).profile
    P.save_profile(link, P.add_credits(p, 23))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["credits"] == 123
    assert _temp_files(link.parent, target.parent) == []


def test_settings_and_any_json_file_are_written_through_their_link(synced, tmp_path: Path) -> None:
    link, target = synced
    settings_target = target.parent / "settings.json"
    settings_target.write_text("{}")
    settings_link = link.parent / "settings.json"
    settings_link.symlink_to(settings_target)
    S.save_settings(settings_link, replace(S.default_settings(), units="mph"))
    assert settings_link.is_symlink() and S.load_settings(settings_target).settings.units == "mph"
    chain = tmp_path / "chain.json"  # a link to a link
    chain.symlink_to(settings_link)
    write_json_atomic(chain, {"n": 1})
    assert chain.is_symlink() and settings_link.is_symlink() and json.loads(settings_target.read_text()) == {"n": 1}


def test_a_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    P.save_profile(path, P.new_profile(["hatch"], 1))
    path.chmod(0o644)  # readable by a sync client running as another user
    P.save_profile(path, P.new_profile(["hatch"], 5))
    assert path.stat().st_mode & 0o777 == 0o644


def test_a_broken_linked_profile_is_moved_aside_beside_its_target_and_the_link_kept(synced) -> None:
    link, target = synced
    target.write_bytes(b"{not json")
    res = P.load_profile(link, CARS, ["hatch"], 6000)
    assert "moved aside" in res.message
    assert [p.read_bytes() for p in target.parent.glob("profile.json.corrupt-*")] == [b"{not json"]
    P.save_profile(link, res.profile)
    assert link.is_symlink() and json.loads(target.read_text())["credits"] == 6000


HOLD_LOCK = """
import sys, time
from game.content.atomic import locked
with locked({path!r}):
    print("held", flush=True)
    sys.stdin.readline()  # until the test kills us
"""


def test_a_save_waits_for_the_other_games_lock_and_a_killed_game_leaves_none(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "profile.json"
    P.save_profile(path, P.new_profile(["hatch"], 100))
    p = P.load_profile(path, CARS, ["hatch"], 0).profile
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK.format(path=str(path))],
                              cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(atomic, "LOCK_WAIT_S", 0.0)  # do not wait out the other game here
        with pytest.raises(OSError, match="another Sideways has held the lock on profile.json"):
            P.save_profile(path, P.add_credits(p, 1))
        assert json.loads(path.read_text())["credits"] == 100  # nothing written while the other game held it
    finally:
        holder.kill()  # kill -9 in the middle of its save
        holder.wait()
    P.save_profile(path, P.add_credits(p, 1))  # the dead game's lock went with it
    assert json.loads(path.read_text())["credits"] == 101
