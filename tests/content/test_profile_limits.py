"""A profile over the reader's limits keeps the player's credits, cars and bests: what is over a limit is dropped with
one note, the rest repaired record by record; a save never writes a file the game would not read back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import career_progress as CP
from game.content import profile_repair as PR
from game.content.atomic import write_json_atomic
from game.content.profile import Profile, add_credits, load_profile, record_best, save_profile
from game.safe_json import MAX_FILE_BYTES, MAX_SALVAGE_BYTES, MAX_VALUES, read_json_file
from game.sim.career.event import PLAYER
from game.sim.career.progress import BattleRecord, CareerProgress, CupRecord, EventRecord
from game.sim.models.model_registry import MODELS

CARS = ["hatch", "coupe", "rally"]
BEST_KEY = "coupe|sideways_park|free"
BASE = {"version": 2, "credits": 7777, "owned": ["hatch", "coupe"], "equipped": "coupe",
        "bests": {BEST_KEY: {"score": 4200, "replay": "coupe-1.swr", "date": "20261129-100000"}},
        "stats": {"km_sideways": 12.5},
        "career": {"events": {"park_opener": {"best": 74, "stars": 3, "replay": None, "date": "20261231-230000"}}}}
ROOT = Path(__file__).resolve().parents[2]


def _deep(levels: int, inner: str = "7") -> str:
    return "[" * levels + inner + "]" * levels


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _retired(n: int) -> dict:
    """n event records of events no longer in the career: stars 0-3, dates over a year."""
    return {f"retired_{i}": {"best": i, "stars": i % 4, "replay": f"retired-event-{i}.swr", "date": f"2026{i % 12 + 1:02d}{i % 28 + 1:02d}-{i % 24:02d}0000"}
            for i in range(n)}


def _load(path: Path):
    res = load_profile(path, CARS, ["hatch"], 500)
    assert not list(path.parent.glob("profile.json.corrupt-*"))  # nothing set aside
    assert res.message is None or "\n" not in res.message
    return res


def _kept_the_player(p: Profile) -> None:
    assert p.credits == 7777 and p.owned == ("hatch", "coupe") and p.equipped == "coupe"
    assert p.bests[BEST_KEY]["score"] == 4200 and p.stats["km_sideways"] == 12.5


def _reads_back_strictly(path: Path) -> dict:
    """The file on disk as any reader of the game takes it: no salvage, every limit."""
    return read_json_file(path)[0]


def test_70000_retired_event_records_keep_the_rest_of_the_profile(tmp_path):
    path = tmp_path / "profile.json"
    events = {**_retired(70_000), **BASE["career"]["events"]}
    _write(path, json.dumps({**BASE, "career": {"events": events}}, indent=2))  # as older builds saved it
    res = _load(path)
    _kept_the_player(res.profile)
    assert res.message == ("profile.json: career.events: 65001 dropped, over the 5000 a profile keeps "
                           "(those with the fewest stars, the oldest first).")
    kept = res.profile.career.events
    assert len(kept) == CP.MAX_EVENTS and kept["park_opener"].stars == 3
    oldest_kept = min(r.date for r in kept.values())
    assert all(r.stars == 3 for r in kept.values())
    assert all(r["date"] <= oldest_kept for k, r in events.items() if r["stars"] == 3 and k not in kept)
    assert len(_reads_back_strictly(path)["career"]["events"]) == CP.MAX_EVENTS  # the repair was saved, and reads back
    assert _load(path).message is None


def test_an_unknown_career_field_nested_40_deep_is_ignored(tmp_path):
    path = tmp_path / "profile.json"
    _write(path, json.dumps(BASE).replace('"career": {', '"career": {"zzz": ' + _deep(40) + ", "))
    res = _load(path)
    _kept_the_player(res.profile)
    assert res.profile.career.events["park_opener"].stars == 3
    assert res.message == "profile.json: career: ignored unknown field(s) zzz — that is fine."
    save_profile(path, add_credits(res.profile, 5))
    assert _reads_back_strictly(path)["credits"] == 7782


def test_an_event_date_nested_40_deep_is_cleared_and_the_record_kept(tmp_path):
    path = tmp_path / "profile.json"
    _write(path, json.dumps(BASE).replace('"date": "20261231-230000"', '"date": ' + _deep(40, '"20261201"')))
    res = _load(path)
    _kept_the_player(res.profile)
    assert res.profile.career.events["park_opener"] == EventRecord(best=74, stars=3, date="")
    assert res.message == "profile.json: career.events[park_opener].date: must be a date string, got list — cleared."
    assert _reads_back_strictly(path)["career"]["events"]["park_opener"]["date"] == ""


def test_nesting_5000_deep_is_cut_where_it_is_and_the_rest_kept(tmp_path):
    path = tmp_path / "profile.json"  # deeper than the JSON parser's own stack: cut in the text before parsing
    text = json.dumps(BASE).replace('"date": "20261231-230000"', '"date": ' + _deep(5000, '"[{ ]"'))
    _write(path, text.replace('"career": {', '"career": {"zzz": ' + _deep(5000, "{}") + ", "))
    res = _load(path)
    _kept_the_player(res.profile)
    assert res.profile.career.events["park_opener"] == EventRecord(best=74, stars=3, date="")
    assert res.message == ("profile.json: career: ignored unknown field(s) zzz — that is fine. "
                           "career.events[park_opener].date: must be a date string, got list — cleared.")
    assert "zzz" not in _reads_back_strictly(path)["career"]


LOAD_AND_MEASURE = """
import json, resource, sys, time
from game.content.profile import load_profile
t = time.perf_counter()
res = load_profile(sys.argv[1], ["hatch", "coupe", "rally"], ["hatch"], 500)
took = time.perf_counter() - t
p = res.profile
print(json.dumps({"s": round(took, 2), "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
                  "credits": p.credits, "owned": list(p.owned), "best": p.bests["coupe|sideways_park|free"]["score"],
                  "events": len(p.career.events), "message": res.message}))
"""


def test_a_9_mb_career_block_is_cut_to_its_limit_and_the_rest_kept(tmp_path):
    path = tmp_path / "profile.json"
    events = {**_retired(90_000), **BASE["career"]["events"]}
    _write(path, json.dumps({**BASE, "career": {"events": events}}))
    size = path.stat().st_size
    assert 9 * 2**20 < size < MAX_SALVAGE_BYTES
    proc = subprocess.run([sys.executable, "-c", LOAD_AND_MEASURE, str(path)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    print(f"\n9 MB career block ({size / 2**20:.1f} MB, {len(events)} event records): loaded and repaired in {out['s']} s, "
          f"peak RSS {out['rss_mb']} MB")
    assert (out["credits"], out["owned"], out["best"], out["events"]) == (7777, ["hatch", "coupe"], 4200, CP.MAX_EVENTS)
    assert out["message"] == ("profile.json: career.events: 85001 dropped, over the 5000 a profile keeps "
                              "(those with the fewest stars, the oldest first).")
    assert path.stat().st_size < MAX_FILE_BYTES and _reads_back_strictly(path)["credits"] == 7777


def test_a_profile_near_the_reader_limits_is_saved_compact_and_read_back(tmp_path):
    path = tmp_path / "profile.json"
    events = {k: {**r, "replay": f"{'x' * 64}-{k}.swr"} for k, r in _retired(39_580).items()} | BASE["career"]["events"]
    doc = {**BASE, "career": {"events": events}}
    text = json.dumps(doc, separators=(",", ":"))
    assert 6_000_000 < len(text) < MAX_FILE_BYTES and 197_000 < len(events) * 5 < MAX_VALUES  # 6.3 MB, 198k values
    assert len(json.dumps(doc, indent=2)) > MAX_FILE_BYTES  # saved indented, as before, it would not have read back
    write_json_atomic(path, doc)  # what a save of it writes
    assert path.read_text(encoding="utf-8") == text + "\n" and _reads_back_strictly(path) == doc
    res = _load(path)  # the game keeps the 5000 records it may, and its save of them reads back too
    assert res.message.startswith("profile.json: career.events: 34581 dropped, over the 5000 a profile keeps")
    saved = save_profile(path, add_credits(res.profile, 100))
    again = _load(path)
    assert again.message is None and again.profile == saved
    assert again.profile.credits == 7877 and again.profile.bests == res.profile.bests
    assert _reads_back_strictly(path)["owned"] == ["hatch", "coupe"]


def test_a_save_that_would_not_read_back_keeps_the_old_file(tmp_path):
    path = tmp_path / "profile.json"
    _write(path, json.dumps(BASE))
    res = _load(path)
    before = path.read_bytes()
    huge = record_best(res.profile, "hatch|sideways_park|free", {"score": 1, "note": "x" * MAX_FILE_BYTES}, lambda a, b: True)
    with pytest.raises(OSError) as e:
        save_profile(path, huge)
    assert e.value.strerror == "it would not read back — too big (over 8192 KB)"
    assert path.read_bytes() == before and _load(path).profile.credits == 7777
    assert save_profile(path, add_credits(res.profile, 1)).credits == 7778  # the next save that fits goes through


SEEDS = [PLAYER, "rin", "vera", "marco", "hugo", "duke", "pip", "ines"]
BATTLE = {"round": "quarter", "a": PLAYER, "b": "ines", "score_a": 150.0, "score_b": 120.5, "winner": PLAYER}
OVER = {"round": "quarter", "seeds": SEEDS, "battles": [BATTLE] * (CP.MAX_BATTLES + 1)}


@pytest.mark.parametrize("change, note, check", [
    (dict(owned=["hatch", "coupe", *(f"car_{i}" for i in range(PR.MAX_CARS - 1))]),
     "owned: 1 dropped, over the 1000 a profile keeps (the last in the file)",
     lambda p: len(p.owned) == PR.MAX_CARS and p.owned[-1] == "car_997"),
    (dict(paint={f"car_{i}": "#112233" for i in range(PR.MAX_CARS + 1)}),
     "paint: 1 dropped, over the 1000 a profile keeps (the last in the file)",
     lambda p: len(p.paint) == PR.MAX_CARS and "car_1000" not in p.paint),
    (dict(handling={f"car_{i}": "sim" for i in range(PR.MAX_CARS + 1)}),
     "handling: 1 dropped, over the 1000 a profile keeps (the last in the file; they drive Arcade)",
     lambda p: len(p.handling) == PR.MAX_CARS and "car_1000" not in p.handling),
    (dict(stats={"km_sideways": 12.5, **{f"s{i}": 1 for i in range(PR.MAX_STATS)}}),
     "stats: 1 dropped, over the 256 a profile keeps (the last in the file)",
     lambda p: len(p.stats) == PR.MAX_STATS and "s255" not in p.stats),
    (dict(bests={**{f"hatch|map_{i}|free": {"score": i, "date": f"2025{i:010d}"} for i in range(PR.MAX_BESTS)}, **BASE["bests"]}),
     "bests: 1 dropped, over the 5000 a profile keeps (the oldest)",
     lambda p: len(p.bests) == PR.MAX_BESTS and "hatch|map_0|free" not in p.bests),
    (dict(career={"events": BASE["career"]["events"],
                  "cups": {**{f"cup_{i}": {"round": "done"} for i in range(CP.MAX_CUPS)}, "park_opener": {"round": "qualifying"}}}),
     "career.cups: 1 dropped, over the 200 a profile keeps (those not in play with the fewest stars, the oldest first)",
     lambda p: len(p.career.cups) == CP.MAX_CUPS and p.career.cups["park_opener"].round == "qualifying"),
    (dict(career={"events": BASE["career"]["events"], "cups": {"park_opener": OVER}}),
     "career.cups[park_opener].battles: a bracket has at most 7 battles, got 8 — that cup's record dropped",
     lambda p: p.career.cups == {} and p.career.events["park_opener"].stars == 3),
])
def test_a_part_over_its_limit_keeps_the_most_it_may_with_one_note(tmp_path, change, note, check):
    path = tmp_path / "profile.json"
    _write(path, json.dumps({**BASE, **change}))
    res = _load(path)
    assert res.message == f"profile.json: {note}."
    assert check(res.profile) and res.profile.credits == 7777 and res.profile.bests[BEST_KEY]["score"] == 4200
    assert _load(path).message is None  # the cut profile was saved, and is within every limit


# ---- every part at its limit, every value as long as its repair lets it be -------------------------------------


def _name(i: int, n: int = 32) -> str:
    return f"{i:0{n}d}"


def _ctl(n: int, i: int) -> str:
    """n characters that JSON writes as six bytes each (a control character), unique by i."""
    return "\x01" * (n - 8) + f"{i:08d}"


def _best(i: int) -> tuple[str, dict]:
    """A best with as many values as a best may hold, padded to as many bytes as it may take."""
    key = f"{_ctl(40, i)}|sideways_park|free"
    best = {"score": 10**12, "replay": "r" * 120 + ".swr", **{f"f{j}": 0 for j in range(PR.MAX_BEST_FIELDS - 3)}, "date": ""}
    while len(json.dumps({key: {**best, "date": best["date"] + "\x01"}}, ensure_ascii=False).encode()) <= PR.MAX_BEST_BYTES:
        best["date"] += "\x01"
    assert len(best) == PR.MAX_BEST_FIELDS and best["date"]
    return key, best


def _full_cup(i: int) -> CupRecord:
    seeds = (PLAYER, *(_name(i * 8 + j, 48) for j in range(7)))
    battles = tuple(BattleRecord("quarter", seeds[j % 8], seeds[(j + 1) % 8], 199.99999999999997, 0.30000000000000004, omt=99,
                                 winner=seeds[j % 8], drawn=True, replay="b" * 120 + ".swr") for j in range(CP.MAX_BATTLES))
    return CupRecord(round="final", seed=CP.MAX_SEED, qualifying=CP.MAX_SCORE, seeds=seeds, battles=battles,
                     place="semi", attempts=CP.MAX_SCORE)


def test_a_profile_at_every_limit_saves_and_reads_back_within_the_reader_limits(tmp_path):
    cars = [_name(i) for i in range(PR.MAX_CARS)]
    longest_model = max(MODELS, key=len)
    career = CareerProgress(
        events={_name(i, 48): EventRecord(best=CP.MAX_SCORE, stars=3, replay="e" * 120 + ".swr", date=_ctl(CP.MAX_DATE, i))
                for i in range(CP.MAX_EVENTS)},
        cups={_name(10**6 + i, 48): _full_cup(i) for i in range(CP.MAX_CUPS)})
    profile = Profile(credits=PR.MAX_CREDITS, owned=tuple(cars), equipped=cars[0], paint=dict.fromkeys(cars, "#ffffff"),
                      bests=dict(_best(i) for i in range(PR.MAX_BESTS)), handling=dict.fromkeys(cars, longest_model),
                      stats={_ctl(PR.MAX_STAT_NAME, i): -1.2345678901234567e14 for i in range(PR.MAX_STATS)}, career=career)
    path = tmp_path / "profile.json"
    save_profile(path, profile)
    size = path.stat().st_size
    data = _reads_back_strictly(path)
    print(f"\na profile at every limit: {size / 2**20:.2f} MB saved (the reader takes {MAX_FILE_BYTES / 2**20:.0f} MB)")
    assert data["credits"] == PR.MAX_CREDITS and len(data["bests"]) == PR.MAX_BESTS
    res = load_profile(path, cars, cars[:1], 500)
    assert res.message is None and res.profile == profile  # nothing at a limit is cut: each limit keeps as many as it says
