"""Settings -> Online: no server by default, saved in settings.json's "online" block, bad fields fall back one by one."""

import json

import pytest

from game.content.online_settings import OnlineSettings, check_url, url_problem
from game.content.settings import Settings, load_settings, save_settings


def test_no_server_by_default_and_round_trips(tmp_path):
    assert Settings().online == OnlineSettings("", "", True)
    path = tmp_path / "settings.json"
    mine = Settings(online=OnlineSettings("https://boards.example.org:8443/sideways", "Keiichi", False))
    save_settings(path, mine)
    assert json.loads(path.read_text())["online"] == {"server": "https://boards.example.org:8443/sideways", "name": "Keiichi", "submit": False}
    loaded = load_settings(path)
    assert loaded.settings.online == mine.online and loaded.message is None


def test_a_bad_field_falls_back_alone_with_a_note_naming_it(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"online": {"server": "ftp://boards.example.org", "name": "Keiichi", "submit": "yes", "colour": 1}}))
    loaded = load_settings(path)
    assert loaded.settings.online == OnlineSettings("", "Keiichi", True)
    assert 'online.server: must be an http:// or https:// address (or empty for none), got "ftp://boards.example.org" — using ""' in loaded.message
    assert "online.submit: must be true or false" in loaded.message
    assert "online.colour" in loaded.message  # unknown, ignored
    assert loaded.message.count("\n") == 0


@pytest.mark.parametrize("block", ["on", [1], {"name": "x" * 200}, {"name": "a\nb"}, {"server": "http://a b"}])
def test_a_bad_block_or_name_keeps_the_rest(tmp_path, block):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"minimap": False, "online": block}))
    loaded = load_settings(path)
    assert loaded.settings.online.server == "" and loaded.settings.online.name == "" and loaded.settings.minimap is False
    assert "online" in loaded.message and "\n" not in loaded.message


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "https://boards.example.org/", "http://[::1]:9000/x", "http://localhost"])
def test_server_addresses_taken(url):
    assert url_problem(url) is None


@pytest.mark.parametrize("url", ["127.0.0.1:8000", "http://", "http://host:99999", "http://user:pw@host", "http://host/?q=1",
                                 "javascript:alert(1)", "http://" + "h" * 300, "http://ho st", 5])
def test_server_addresses_refused(url):
    assert url_problem(url) is not None


def test_check_url_drops_the_trailing_slash_and_names_the_flag():
    assert check_url("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    with pytest.raises(ValueError, match=r"^--server must be an http:// or https:// address, got 'ftp://x'$"):
        check_url("ftp://x")
    with pytest.raises(ValueError, match=r"^--server must be an http:// or https:// address, got ''$"):
        check_url("")
