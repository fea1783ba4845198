"""The one hardened JSON reader, and every loader fed the hostile files that used to give tracebacks."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.commands.common import CommandError, inputs_for
from game.content.catalog import load_catalog
from game.content.profile import load_profile
from game.content.scoring_rules import load_scoring_rules
from game.content.settings import load_settings
from game.content.tracks import load_track
from game.safe_json import MAX_DEPTH, DataError, FileMissing, parse_json_text, read_json_file

BOM = b"\xef\xbb\xbf"


def _err(text: str) -> str:
    with pytest.raises(DataError) as e:
        parse_json_text(text, "f.json")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("f.json: ")
    return msg


@pytest.mark.parametrize("text, message", [
    ('{"v": NaN}', "f.json: NaN is not a number JSON allows"),
    ('{"v": -Infinity}', "f.json: -Infinity is not a number JSON allows"),
    ('{"v": 1e999}', "f.json: number 1e999 is out of range"),
    ('{"v": ' + "9" * 5000 + "}", "f.json: a number is too long (5000 characters; at most 40)"),
    ('{"a": 1, "a": 2}', "f.json: duplicate key 'a'"),
    ('{"a": "\\ud800"}', "f.json: text holds an invalid character (\\ud800)"),
    ("[" * 100_000 + "]" * 100_000, f"f.json: nested too deeply (at most {MAX_DEPTH} levels)"),
    ("[" * 40 + "]" * 40, f"f.json: nested too deeply (at most {MAX_DEPTH} levels)"),
    ('{"a": 1,\n "b": }', "f.json: broken JSON at line 2, column 7: Expecting value"),
])
def test_hostile_json_is_one_line(text, message):
    assert _err(text) == message


def test_bom_and_plain_utf8_read_the_same(tmp_path):
    p = tmp_path / "a.json"
    p.write_bytes(BOM + '{"name": "Höhe"}'.encode())
    data, digest = read_json_file(p, "a.json")
    assert data == {"name": "Höhe"} and len(digest) == 64


def test_file_problems_are_one_line(tmp_path):
    with pytest.raises(FileMissing, match=r"^x: file not found$"):
        read_json_file(tmp_path / "nope.json", "x")
    with pytest.raises(DataError, match=r"^x: is a folder, not a file$"):
        read_json_file(tmp_path, "x")
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"0," * 10 + b"0]")
    with pytest.raises(DataError, match=r"^x: file is too big \(over 0 KB\)$"):
        read_json_file(big, "x", max_bytes=8)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(DataError, match=r"^x: not UTF-8 text \(byte 7\)$"):
        read_json_file(bad, "x")


# ---- every loader, the same hostile bytes -------------------------------------------------------

HOSTILE = {
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "huge_int": b'{"version": ' + b"1" * 5000 + b"}",
    "nan": b'{"version": NaN}',
}


def _shipped_with_bom(path) -> bytes:
    return BOM + path.read_bytes()


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_catalog_track_and_scoring_refuse_hostile_bytes_with_one_line(tmp_path, catalog, kind):
    p = tmp_path / "f.json"
    p.write_bytes(HOSTILE[kind])
    for load in (load_catalog, lambda q: load_track(str(q), catalog.surfaces), load_scoring_rules):
        with pytest.raises(DataError) as e:
            load(p)
        assert "\n" not in str(e.value) and str(p) in str(e.value)


def test_shipped_files_with_a_bom_still_load(tmp_path, catalog):
    for name, load in (("cars.json", load_catalog), ("scoring.json", load_scoring_rules)):
        p = tmp_path / name
        p.write_bytes(_shipped_with_bom(paths.DATA_DIR / name))
        assert load(p).source == str(p)
    p = tmp_path / "park.json"
    p.write_bytes(_shipped_with_bom(paths.TRACKS_DIR / "sideways_park.json"))
    assert load_track(str(p), catalog.surfaces).id == "sideways_park"


@pytest.mark.parametrize("line, message", [
    (b'{"t": Infinity}', "t.jsonl:1: Infinity is not a number JSON allows"),
    (b'{"t": ' + b"1" * 5000 + b"}", "t.jsonl:1: a number is too long (5000 characters; at most 40)"),
    (b"[" * 100_000, "t.jsonl:1: nested too deeply (at most 32 levels)"),
    (b'{"t": 1e6}', "t.jsonl:1: t: must be 0..3600, got 1e+06"),
])
def test_inputs_refuse_hostile_lines_with_one_line(tmp_path, monkeypatch, line, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.jsonl").write_bytes(line + b"\n")
    with pytest.raises(CommandError) as e:
        inputs_for("t.jsonl")
    assert str(e.value) == message


def test_inputs_with_a_bom_are_read(tmp_path):
    p = tmp_path / "t.jsonl"
    p.write_bytes(BOM + b'{"t": 0, "throttle": 1}\n{"t": 2, "steer": -0.5}\n')
    tl = inputs_for(str(p))
    assert tl.times == (0.0, 2.0) and tl.at(3.0).steer == -0.5


def test_settings_and_profile_never_raise_on_hostile_bytes(tmp_path):
    for name, load in (("settings.json", load_settings),
                       ("profile.json", lambda p: load_profile(p, ["hatch"], ["hatch"], 6000))):
        p = tmp_path / name
        p.write_bytes(HOSTILE["deep"])
        result = load(p)
        assert result.message.endswith("a fresh one was started.") and "\n" not in result.message


@pytest.mark.parametrize("bad", ["NaN", "-Infinity", "1e999", "1" * 5000])
def test_a_number_no_field_can_hold_costs_only_that_field(tmp_path, bad):
    p = tmp_path / "settings.json"
    p.write_text('{"version": 1, "camera": "far", "master_volume": %s}' % bad)
    res = load_settings(p)
    shown = bad if len(bad) <= 24 else bad[:21] + "..."
    assert res.settings.camera == "far" and res.settings.master_volume == 1.0
    assert res.message == f"settings.json: master_volume: must be 0..1, got {shown} — using 1.0"
    p = tmp_path / "profile.json"
    p.write_text('{"version": 2, "credits": %s, "owned": ["hatch", "kart"], "equipped": "kart"}' % bad)
    res = load_profile(p, ["hatch", "kart"], ["hatch"], 6000)
    assert res.profile.owned == ("hatch", "kart") and res.profile.equipped == "kart" and res.profile.credits == 6000
    assert res.message == f"profile.json: credits: must be a whole number 0..1000000000000, got {shown} — reset to 6000."


def test_settings_with_a_bom_keep_their_values(tmp_path):
    p = tmp_path / "settings.json"
    p.write_bytes(BOM + json.dumps({"version": 1, "camera": "far", "master_volume": 0.3}).encode())
    result = load_settings(p)
    assert result.message is None and result.settings.camera == "far" and result.settings.master_volume == 0.3


def test_a_quoted_value_is_cut_escaped_and_one_line():
    from game.safe_json import ECHO_CHARS, one_line, shown

    long = shown("h" * 4_000_000)
    assert len(long) <= ECHO_CHARS and long.endswith("...")
    esc = shown("evil\x1b[2J\nsecond line\u202e")
    assert "\x1b" not in esc and "\n" not in esc and "\u202e" not in esc
    assert "\\x1b[2J" in esc and "\\n" in esc and "\\u202e" in esc
    assert shown("plain", quote=False) == "plain"
    assert shown(list(range(10_000))) == "<list of 10000 items>"
    assert one_line("a\r\nb\tc\x9bd") == "a\\r\\nb\\tc\\x9bd"
    assert one_line("Café 漂移") == "Café 漂移"  # printable text from any script stays as it is


def test_an_error_line_is_one_line_whatever_it_quotes(capsys):
    from game.commands.common import fail

    assert fail("sideways play", "--event 'x\nEVIL\x1b[31m': no such event") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and err.startswith("sideways play: --event")


# ---- salvaging a player's own file: what is over a limit is one stand-in, never the whole file --------------------


def test_salvage_keeps_all_but_what_is_nested_too_deeply():
    from game.safe_json import TOO_DEEP

    deep = "[" * 40 + "7" + "]" * 40
    doc = parse_json_text('{"credits": 7777, "career": {"events": {"a": {"date": %s}}, "zzz": %s}}' % (deep, deep), "f.json", salvage=True)
    assert doc["credits"] == 7777
    date = doc["career"]["events"]["a"]["date"]  # at level 5: lists down to level 32, the stand-in at 33
    for _ in range(MAX_DEPTH - 5):
        assert isinstance(date, list) and len(date) == 1
        date = date[0]
    assert date == [TOO_DEEP]
    assert _err(deep) == f"f.json: nested too deeply (at most {MAX_DEPTH} levels)"  # any other file is refused whole


def test_salvage_cuts_nesting_too_deep_for_the_parser_in_the_text_first():
    from game.safe_json import TOO_DEEP

    deep = "[" * 5000 + '"] } [ \\" {"' + "]" * 5000  # brackets inside a string are text, not nesting
    doc = parse_json_text('{"a": %s, "b": "keep [ {", "n": %s}' % (deep, "9" * 60), "f.json", salvage=True)
    assert doc["b"] == "keep [ {" and repr(doc["n"]).startswith("999")  # a run of 9s in the file is not the stand-in
    inner = doc["a"]
    while isinstance(inner, list):
        inner = inner[0]
    assert inner is TOO_DEEP
    with pytest.raises(DataError, match=r"^f\.json: broken JSON at line 1, column \d+: Expecting"):
        parse_json_text('{"a": ' + "[" * 5000, "f.json", salvage=True)


def test_the_value_count_is_exact_and_checked_before_parsing(monkeypatch):
    import game.safe_json as sj

    text = '{"a": [], "b": {}, "c": [ ], "d": "x, [y], {z}", "e": [1, 2.5, null, true, {"f": "\\"[,"}]}'
    values = 1 + 5 + 5 + 1  # the object, its five values, the list's five, the inner object's one
    monkeypatch.setattr(sj, "MAX_VALUES", values)
    assert parse_json_text(text, "f.json")["d"] == "x, [y], {z}"
    monkeypatch.setattr(sj, "MAX_VALUES", values - 1)
    assert _err(text) == f"f.json: too many values (at most {values - 1})"
    monkeypatch.setattr(sj, "json", None)  # refused before the parser is ever called
    assert _err(text) == f"f.json: too many values (at most {values - 1})"


def test_salvage_reads_a_bigger_file_and_more_values(tmp_path):
    from game.safe_json import MAX_FILE_BYTES, MAX_SALVAGE_VALUES, MAX_VALUES

    p = tmp_path / "profile.json"
    p.write_text('{"credits": 7777, "junk": [%s]}' % ",".join(["1234"] * (MAX_FILE_BYTES // 5 + 10)))
    with pytest.raises(DataError, match=r"file is too big \(over 8192 KB\)$"):
        read_json_file(p, "x")
    doc, _ = read_json_file(p, "x", salvage=True)
    assert doc["credits"] == 7777 and MAX_VALUES < len(doc["junk"]) < MAX_SALVAGE_VALUES
    p.write_text('{"credits": 7777, "junk": [%s]}' % ",".join(["0"] * MAX_SALVAGE_VALUES))
    with pytest.raises(DataError, match=rf"^x: too many values \(at most {MAX_SALVAGE_VALUES}\)$"):
        read_json_file(p, "x", salvage=True)


@pytest.mark.parametrize("obj, why", [
    ({"v": list(range(200_000))}, "too many values (at most 200000)"),
    ({"v": json.loads("[" * 31 + '"deep"' + "]" * 31)}, "nested too deeply (at most 32 levels)"),  # the string at 33
    ({"v": "x" * (8 * 1024 * 1024)}, "too big (over 8192 KB)"),
])
def test_encode_json_refuses_what_the_reader_would_refuse(obj, why):
    from game.safe_json import encode_json

    with pytest.raises(DataError) as e:
        encode_json(obj, "f.json")
    assert str(e.value) == f"f.json: {why}"


def test_encode_json_writes_compact_utf8_that_reads_back():
    from game.safe_json import encode_json, parse_json_bytes

    obj = {"name": "Höhe", "n": [1, 2.5, None, True], "deep": json.loads("[" * 30 + '"ok"' + "]" * 30)}  # "ok" at 32
    data = encode_json(obj, "f.json")
    assert data == json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    assert parse_json_bytes(data, "f.json") == obj
