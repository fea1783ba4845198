"""Atomic JSON writes, strict reads and quarantine of bad files."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from game.content.atomic import quarantine, set_aside, write_json_atomic
from game.safe_json import DataError, read_json_file

NOW = datetime(2026, 11, 29, 14, 3, 12)


def read_json(path: Path):
    return read_json_file(path)[0]


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_round_trip_creates_parent_dirs_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "data.json"
    obj = {"name": "Höhe", "n": [1, 2.5, None, True]}
    write_json_atomic(target, obj)
    assert read_json(target) == obj
    write_json_atomic(target, {"n": 2})
    assert read_json(target) == {"n": 2}
    assert _leftovers(target.parent) == []


def test_failed_rename_keeps_old_file_and_cleans_temp(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "data.json"
    write_json_atomic(target, {"v": 1})

    def boom(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_json_atomic(target, {"v": 2})
    assert read_json(target) == {"v": 1}
    assert _leftovers(tmp_path) == []


def test_unencodable_value_fails_before_touching_disk(tmp_path: Path) -> None:
    target = tmp_path / "data.json"
    write_json_atomic(target, {"v": 1})
    before = target.read_bytes()
    with pytest.raises((TypeError, ValueError)):
        write_json_atomic(target, {"v": object()})
    with pytest.raises(ValueError):
        write_json_atomic(target, {"v": float("nan")})
    assert target.read_bytes() == before
    assert _leftovers(tmp_path) == []


def test_read_json_rejects_nan_and_broken_text(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text('{"v": NaN}', encoding="utf-8")
    with pytest.raises(DataError):
        read_json(bad)
    bad.write_text('{"v": 1', encoding="utf-8")
    with pytest.raises(DataError):
        read_json(bad)
    bad.write_bytes(b'{"v": "\xff"}')
    with pytest.raises(DataError):
        read_json(bad)


def test_quarantine_names_with_timestamp_and_counts_up(tmp_path: Path) -> None:
    moved = []
    for i in range(3):
        src = tmp_path / "profile.json"
        src.write_bytes(b"garbage %d" % i)
        moved.append(quarantine(src, now=NOW))
        assert not src.exists()
    assert [p.name for p in moved] == [
        "profile.json.corrupt-20261129-140312",
        "profile.json.corrupt-20261129-140312-1",
        "profile.json.corrupt-20261129-140312-2",
    ]
    assert [p.read_bytes() for p in moved] == [b"garbage 0", b"garbage 1", b"garbage 2"]


def test_set_aside_message_names_the_new_file(tmp_path: Path) -> None:
    src = tmp_path / "profile.json"
    src.write_text("{", encoding="utf-8")
    msg = set_aside(src, "profile", "was unreadable", now=NOW)
    assert msg == ("Your profile was unreadable and was moved aside to "
                   "profile.json.corrupt-20261129-140312; a fresh one was started.")
    assert "\n" not in msg


def test_set_aside_reports_when_it_cannot_move(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "settings.json"
    src.write_text("{", encoding="utf-8")

    def refuse(a: object, b: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    msg = set_aside(src, "settings file", "was unreadable", now=NOW)
    assert "could not be moved aside (Permission denied)" in msg
    assert src.read_text(encoding="utf-8") == "{"


def test_written_file_is_compact_json(tmp_path: Path) -> None:
    target = tmp_path / "data.json"
    write_json_atomic(target, {"k": [1, 2], "name": "Höhe"})
    assert target.read_text(encoding="utf-8") == '{"k":[1,2],"name":"Höhe"}\n'  # no indentation: a third of the size


@pytest.mark.parametrize("obj, why", [
    ({"v": list(range(200_000))}, "too many values (at most 200000)"),
    ({"v": "x" * (8 * 1024 * 1024)}, "too big (over 8192 KB)"),
    ({"v": json.loads("[" * 40 + "]" * 40)}, "nested too deeply (at most 32 levels)"),
])
def test_a_file_that_would_not_read_back_is_not_written(tmp_path: Path, obj, why) -> None:
    from game.content.atomic import UnreadableSave

    target = tmp_path / "profile.json"
    write_json_atomic(target, {"credits": 7777})
    before = target.read_bytes()
    with pytest.raises(UnreadableSave) as e:
        write_json_atomic(target, obj)
    assert isinstance(e.value, OSError) and e.value.strerror == f"it would not read back — {why}"  # every save reports OSError
    assert target.read_bytes() == before and _leftovers(tmp_path) == []


def test_save_modules_do_not_pull_in_the_engine() -> None:
    import subprocess
    import sys

    code = ("import sys, game.content.atomic, game.content.profile, game.content.settings;"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ursina', 'panda3d', 'direct')];"
            "sys.exit(str(bad) if bad else 0)")
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("hard_links", [True, False])
def test_a_new_file_never_replaces_one_of_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool) -> None:
    from game.content.atomic import write_new_file

    if not hard_links:  # a FAT or network drive: os.link refuses, the name is claimed with O_EXCL instead
        monkeypatch.setattr(os, "link", lambda *_: (_ for _ in ()).throw(OSError(1, "Operation not permitted")))
    target = tmp_path / "replays" / "run.swr"
    made = [write_new_file(target, b"run %d" % i) for i in range(3)]
    assert [p.name for p in made] == ["run.swr", "run-1.swr", "run-2.swr"]
    assert [p.read_bytes() for p in made] == [b"run 0", b"run 1", b"run 2"]
    assert _leftovers(target.parent) == []
