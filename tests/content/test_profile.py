"""The player profile: safe loading, migration, missing cars and the garage rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from game.content import profile as P
from game.content.profile import Profile, ProfileError, add_credits, buy, equip, load_profile, new_profile, record_best, save_profile, set_paint

REPO = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 29, 14, 3, 12)
CARS = ["hatch", "coupe", "muscle", "rally", "drift", "hyper"]
STARTERS = ["hatch"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _load(path: Path, car_ids: list[str] = CARS) -> P.LoadResult:
    return load_profile(path, car_ids, STARTERS, 500, now=NOW)


def _rich() -> Profile:
    p = buy(new_profile(STARTERS, 1000), "coupe", 400)
    p = set_paint(equip(p, "coupe"), "coupe", "#FF8800")
    p = record_best(p, "coupe|park|drift", {"score": 1234}, lambda a, b: a["score"] > b["score"])
    return P.add_stat(p, "km_sideways", 1.5)


def test_profile_path_follows_sideways_home(home: Path) -> None:
    assert P.profile_path() == home / "profile.json"


def test_missing_file_gives_fresh_profile_silently(home: Path) -> None:
    res = _load(P.profile_path())
    assert res.message is None
    assert res.profile == new_profile(STARTERS, 500)
    assert res.profile.equipped == "hatch" and res.profile.credits == 500
    assert not P.profile_path().exists()


def test_save_load_round_trip(home: Path) -> None:
    p = _rich()
    save_profile(P.profile_path(), p)
    res = _load(P.profile_path())
    assert res.message is None
    assert res.profile == p
    assert res.profile.paint["coupe"] == "#ff8800"
    assert json.loads(P.profile_path().read_text(encoding="utf-8"))["version"] == 2


@pytest.mark.parametrize("content", [
    b'{"version": 2, "credits": 10,',                      # truncated JSON
    b"\x00\x00\x00\x00",                                    # zeroed by a crash
    b'["not", "an", "object"]',
    b'{"colour": "blue"}',                                  # no profile field at all
])
def test_corrupt_file_is_moved_aside_intact(home: Path, content: bytes) -> None:
    path = P.profile_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    res = _load(path)
    moved = home / "profile.json.corrupt-20261129-140312"
    assert moved.read_bytes() == content
    assert not path.exists()
    assert res.profile == new_profile(STARTERS, 500)
    assert res.message is not None and "\n" not in res.message
    assert res.message.startswith("Your profile was unreadable")
    assert res.message.endswith("moved aside to profile.json.corrupt-20261129-140312; "
                                "a fresh one was started.")
    save_profile(path, res.profile)  # the next save must not touch the quarantined bytes
    assert moved.read_bytes() == content


def test_unreadable_path_never_crashes(home: Path) -> None:
    (home / "profile.json").mkdir(parents=True)  # a directory where the file should be
    res = _load(home / "profile.json")
    assert res.profile == new_profile(STARTERS, 500)
    assert "moved aside" in (res.message or "")
    assert (home / "profile.json.corrupt-20261129-140312").is_dir()


def test_newer_version_is_moved_aside_with_its_own_message(home: Path) -> None:
    path = P.profile_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 3, "credits": 9, "hover_cars": true}', encoding="utf-8")
    res = _load(path)
    assert "newer version of Sideways" in (res.message or "")
    assert (home / "profile.json.corrupt-20261129-140312").exists()
    assert res.profile.credits == 500


def test_v1_profile_is_migrated(home: Path) -> None:
    path = P.profile_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "money": 750, "car": "rally",
                                "owned": ["hatch", "rally"]}), encoding="utf-8")
    res = _load(path)
    assert res.message is None
    p = res.profile
    assert (p.version, p.credits, p.equipped, p.owned) == (2, 750, "rally", ("hatch", "rally"))
    assert dict(p.paint) == {} and dict(p.bests) == {} and dict(p.stats) == {}
    save_profile(path, p)
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["version"] == 2 and on_disk["credits"] == 750 and "money" not in on_disk


def test_car_gone_from_catalog_keeps_its_record(home: Path) -> None:
    p = _rich()  # owns hatch + coupe, coupe equipped and painted
    save_profile(P.profile_path(), p)
    without_coupe = [c for c in CARS if c != "coupe"]
    res = _load(P.profile_path(), without_coupe)
    assert res.profile.equipped == "hatch"
    assert "coupe" in res.profile.owned and res.profile.paint["coupe"] == "#ff8800"
    assert "coupe" in (res.message or "") and "hatch" in (res.message or "")
    save_profile(P.profile_path(), res.profile)
    back = _load(P.profile_path())  # the car returns: still owned, still painted
    assert "coupe" in back.profile.owned and back.profile.paint["coupe"] == "#ff8800"
    assert equip(back.profile, "coupe").equipped == "coupe"


def test_no_owned_car_left_falls_back_to_starter(home: Path) -> None:
    p = Profile(credits=3, owned=("prototype",), equipped="prototype")
    save_profile(P.profile_path(), p)
    res = _load(P.profile_path())
    assert res.profile.equipped == "hatch"
    assert res.profile.owned == ("prototype", "hatch")


def test_interrupted_save_leaves_previous_profile(home: Path) -> None:
    """A process killed between the temp write and the rename must not damage profile.json."""
    path = P.profile_path()
    old = _rich()
    save_profile(path, old)
    script = textwrap.dedent(f"""
        import os, sys
        from game.content.profile import add_credits, load_profile, save_profile
        p = load_profile({str(path)!r}, {CARS!r}, {STARTERS!r}, 0).profile
        os.replace = lambda *a, **k: os._exit(17)   # power cut right before the rename
        save_profile({str(path)!r}, add_credits(p, 99999))
        os._exit(0)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60, cwd=REPO)
    assert proc.returncode == 17, proc.stderr.decode()
    assert any(n.endswith(".tmp") for n in os.listdir(home))  # the half-done write was real
    res = _load(path)
    assert res.message is None and res.profile == old


def test_failed_save_raises_and_keeps_old(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = P.profile_path()
    save_profile(path, new_profile(STARTERS, 100))

    def full_disk(*a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        save_profile(path, new_profile(STARTERS, 999))
    monkeypatch.undo()
    assert _load(path).profile.credits == 100


def test_buy_rules() -> None:
    p = new_profile(STARTERS, 300)
    with pytest.raises(ProfileError, match="costs 400 credits; you have 300"):
        buy(p, "coupe", 400)
    with pytest.raises(ProfileError, match="already own 'hatch'"):
        buy(p, "hatch", 0)
    q = buy(p, "coupe", 300)
    assert (q.credits, q.owned, q.equipped) == (0, ("hatch", "coupe"), "hatch")
    assert (p.credits, p.owned) == (300, ("hatch",))  # the original is untouched
    with pytest.raises(ProfileError):
        buy(p, "rally", -1)


def test_equip_and_paint_need_ownership_and_valid_colour() -> None:
    p = new_profile(STARTERS, 0)
    with pytest.raises(ProfileError, match="do not own 'coupe'"):
        equip(p, "coupe")
    with pytest.raises(ProfileError, match="do not own"):
        set_paint(p, "coupe", "#112233")
    for bad in ["red", "#12345", "#1234567", "112233", "#gg0000", None]:
        with pytest.raises(ProfileError, match="#rrggbb"):
            set_paint(p, "hatch", bad)  # type: ignore[arg-type]
    assert set_paint(p, "hatch", "#A0b1C2").paint == {"hatch": "#a0b1c2"}
    assert dict(p.paint) == {}


def test_add_credits_and_profile_is_read_only() -> None:
    p = add_credits(new_profile(STARTERS, 10), 5)
    assert p.credits == 15
    with pytest.raises(ProfileError):
        add_credits(p, -20)
    with pytest.raises(TypeError):
        p.paint["hatch"] = "#000000"  # type: ignore[index]


def test_record_best_keeps_only_improvements() -> None:
    higher = lambda new, old: new["score"] > old["score"]  # noqa: E731
    p = record_best(new_profile(STARTERS, 0), "hatch|park|drift", {"score": 100}, higher)
    assert p.bests["hatch|park|drift"]["score"] == 100
    assert record_best(p, "hatch|park|drift", {"score": 50}, higher) is p
    assert record_best(p, "hatch|park|drift", {"score": 150}, higher).bests[
        "hatch|park|drift"]["score"] == 150
    with pytest.raises(ProfileError, match="car\\|track\\|mode"):
        record_best(p, "hatch-park", {"score": 1}, higher)
    with pytest.raises(ProfileError):
        record_best(p, "hatch|park|drift", {"score": float("inf")}, higher)


def test_unknown_fields_are_dropped_with_note(home: Path) -> None:
    data = new_profile(STARTERS, 5).to_json() | {"favourite_colour": "blue"}
    P.profile_path().parent.mkdir(parents=True)
    P.profile_path().write_text(json.dumps(data), encoding="utf-8")
    res = _load(P.profile_path())
    assert res.profile.credits == 5
    assert "favourite_colour" in (res.message or "") and P.profile_path().exists()


class _FakeSim:
    """A second handling model for these tests: drives every car but the kart."""

    id, name = "sim", "Simulation"

    def supports(self, car) -> bool:
        return car.id != "kart"


@pytest.fixture
def with_sim(monkeypatch: pytest.MonkeyPatch):
    from game.content.catalog import load_catalog
    from game.sim.models import model_registry as registry

    monkeypatch.setitem(registry.MODELS, "sim", _FakeSim())
    return load_catalog()


def test_handling_is_per_car_saved_and_only_for_owned_cars_that_have_the_data(home: Path, with_sim) -> None:
    cars = with_sim.cars
    p = new_profile(["kart", "hatch"], 0)
    assert P.handling_for(p, cars["hatch"]) == "arcade"  # every car starts on Arcade
    p = P.set_handling(p, cars["hatch"], "sim")
    assert P.handling_for(p, cars["hatch"]) == "sim" and P.handling_for(p, cars["kart"]) == "arcade"
    with pytest.raises(ProfileError, match="you do not own 'vortex_gt'"):
        P.set_handling(p, cars["vortex_gt"], "sim")
    with pytest.raises(ProfileError, match="cannot drive on handling 'sim'"):
        P.set_handling(p, cars["kart"], "sim")
    path = P.profile_path()
    save_profile(path, p)
    back = load_profile(path, list(cars), ["kart"], 0, now=NOW)
    assert back.message is None and back.profile == p and dict(back.profile.handling) == {"hatch": "sim"}
    assert dict(P.set_handling(p, cars["hatch"], "arcade").handling) == {}  # back to the default: no entry


def test_a_bad_handling_entry_is_dropped_alone_with_a_note(home: Path, with_sim) -> None:
    path = P.profile_path()
    path.parent.mkdir(parents=True)
    data = new_profile(["hatch"], 300).to_json() | {"handling": {"hatch": "sim", "kart": "warp", "rally_lynx": 3}}
    path.write_text(json.dumps(data), encoding="utf-8")
    res = load_profile(path, CARS, STARTERS, 500, now=NOW)
    assert res.profile.credits == 300 and dict(res.profile.handling) == {"hatch": "sim"}  # nothing else lost
    assert "handling[kart]: must be one of arcade, sim, got 'warp' — it drives Arcade." in res.message
    assert "handling[rally_lynx]: must be one of arcade, sim, got 3" in res.message
    data["handling"] = ["sim"]
    path.write_text(json.dumps(data), encoding="utf-8")
    res = load_profile(path, CARS, STARTERS, 500, now=NOW)
    assert res.profile.credits == 300 and dict(res.profile.handling) == {}
    assert res.message == "profile.json: handling: must be an object, got list — every car drives Arcade."


def test_a_choice_this_build_cannot_drive_falls_back_to_arcade(with_sim, monkeypatch: pytest.MonkeyPatch) -> None:
    p = P.set_handling(new_profile(["hatch"], 0), with_sim.cars["hatch"], "sim")
    from game.sim.models import model_registry as registry

    monkeypatch.delitem(registry.MODELS, "sim")  # a build (or catalog) without that model for this car
    assert P.handling_for(p, with_sim.cars["hatch"]) == "arcade"
