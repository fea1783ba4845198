"""--screenshot: a target that cannot take a picture is refused before the game runs, and a failed write is reported."""

from __future__ import annotations

import os

import pytest

from game import cli
from game.content.user_paths import display_path
from game.view.boot.screenshot import FORMATS, target_problem, write_screenshot


def _refused(capsys, command: str, target) -> str:
    """The one line `sideways COMMAND --headless --screenshot TARGET` stops with, before any window opens."""
    args = [command, "--headless", "--frames", "1", "--screenshot", str(target)] if command == "play" else \
        [command, "some.swr", "--headless", "--screenshot", str(target)]
    with pytest.raises(SystemExit) as e:
        cli.main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("target, why", [
    ("{tmp}/missing/shot.png", "folder {tmp}/missing does not exist"),
    ("{tmp}", "is a folder; name the picture file"),
    ("/dev/full", "is a device or pipe, not a file"),
    ("/proc/version", "unknown picture format (no extension); use one of .png, .jpg, .jpeg, .bmp, .tga"),
    ("/proc/self/shot.png", "cannot write in /proc/self (No such file or directory)"),
    ("{tmp}/shot.xyz", "unknown picture format '.xyz'; use one of .png, .jpg, .jpeg, .bmp, .tga"),
    ("{tmp}/shot", "unknown picture format (no extension); use one of .png, .jpg, .jpeg, .bmp, .tga"),
    ("{tmp}/" + "s" * 300 + ".png", "a name in the path is 304 bytes long (at most 255)"),
])
@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_target_that_cannot_take_a_picture_is_refused_up_front(tmp_path, capsys, command, target, why) -> None:
    target, why = target.format(tmp=tmp_path), why.format(tmp=tmp_path)
    err = _refused(capsys, command, target)  # these used to run the whole game, exit 0 and write nothing
    assert err == f"sideways {command}: argument --screenshot: {display_path(target)}: {why}\n"  # an overlong path by its ends
    assert sorted(os.listdir(tmp_path)) == []  # no 0-byte file for an unknown extension, no probe left behind


def test_known_formats_in_a_writable_folder_are_accepted(tmp_path) -> None:
    for ext in FORMATS + (".PNG",):
        assert target_problem(tmp_path / f"shot{ext}") is None
    (tmp_path / "old.png").write_bytes(b"an older shot")
    assert target_problem(tmp_path / "old.png") is None  # replaced at the end


def _writer(data: bytes, ok: bool = True):
    def save(path: str) -> bool:
        with open(path, "wb") as fh:
            fh.write(data)
        return ok
    return save


def test_a_written_picture_replaces_the_target_whole(tmp_path) -> None:
    shot = tmp_path / "shot.png"
    shot.write_bytes(b"old")
    assert write_screenshot(shot, _writer(b"\x89PNG picture")) is None
    assert shot.read_bytes() == b"\x89PNG picture" and os.listdir(tmp_path) == ["shot.png"]


@pytest.mark.parametrize("save, why", [
    (lambda path: False, "the picture could not be written"),  # what Panda3D's saveScreenshot says, quietly
    (_writer(b""), "the picture came out empty"),  # an extension no writer knows used to leave 0 bytes
    (_writer(b"half", ok=False), "the picture could not be written"),
])
def test_a_failed_write_is_reported_and_leaves_nothing(tmp_path, save, why) -> None:
    shot = tmp_path / "shot.png"
    assert write_screenshot(shot, save) == f"{shot}: {why}"
    assert os.listdir(tmp_path) == []


def test_a_folder_gone_by_the_end_of_the_run_is_reported(tmp_path) -> None:
    shot = tmp_path / "gone" / "shot.png"
    assert write_screenshot(shot, _writer(b"x")) == f"{shot}: cannot write (No such file or directory)"
