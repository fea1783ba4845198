"""online.json: one identity per server, written atomically and owner-only; a broken file is set aside with one line."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game.net.identity import Identity, identity_for, identity_path, load_identities, save_identity

ME = Identity("p1", "Keiichi", "t" * 43)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_kept_per_server_owner_only_and_forgotten_one_by_one(tmp_path):
    other = Identity("p9", "Keiichi", "u" * 43)
    assert identity_for("http://127.0.0.1:8000", tmp_path) == (None, None)
    assert save_identity("http://127.0.0.1:8000/", ME, tmp_path) is None
    save_identity("https://boards.example.org", other, tmp_path)
    path = identity_path(tmp_path)
    assert json.loads(path.read_text()) == {"servers": {"http://127.0.0.1:8000": ME.to_json(), "https://boards.example.org": other.to_json()}}
    assert _mode(path) == 0o600
    assert identity_for("http://127.0.0.1:8000", tmp_path) == (ME, None)  # the trailing slash is the same server
    save_identity("http://127.0.0.1:8000", None, tmp_path)
    assert load_identities(path) == ({"https://boards.example.org": other}, None)


def test_a_file_others_could_read_becomes_owner_only_on_the_next_save(tmp_path):
    path = identity_path(tmp_path)
    path.write_text(json.dumps({"servers": {}}))
    os.chmod(path, 0o644)
    save_identity("http://127.0.0.1:8000", ME, tmp_path)
    assert _mode(path) == 0o600 and identity_for("http://127.0.0.1:8000", tmp_path)[0] == ME


@pytest.mark.parametrize("text", ["{broken", json.dumps([1]), json.dumps({"servers": {"http://a": {"player": "p", "name": "n", "token": "short"}}}),
                                  json.dumps({"servers": {"ftp://a": ME.to_json()}}),
                                  json.dumps({"servers": {"http://a": {**ME.to_json(), "name": "a\nb"}}})])
def test_a_broken_file_is_set_aside_with_one_line_and_kept(tmp_path, text):
    path = identity_path(tmp_path)
    path.write_text(text)
    found, note = identity_for("http://a", tmp_path)
    assert found is None
    assert note.startswith("Your online identity file ") and "was moved aside to online.json.corrupt-" in note and "\n" not in note
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("online.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == text  # nothing lost: the player's old token is still on disk
    assert save_identity("http://a", ME, tmp_path) is None and identity_for("http://a", tmp_path) == (ME, None)


def test_a_failed_write_is_an_oserror(tmp_path):
    home = tmp_path / "not a folder"
    home.write_text("")
    with pytest.raises(OSError):
        save_identity("http://a", ME, home)
