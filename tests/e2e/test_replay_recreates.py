"""`sideways replay --headless --stats` of a saved run re-creates the run as it was played: a Tandem led against a named
driver, a chase of a `replay:` lead, a Qualifying run and a career event end with the same stats (score, judging,
battle; timings aside); a retuned cars.json does not change how a replay plays, and a replay saved before replays kept
their cars (tests/e2e/data/v2_*.swr, written by the game before format 3) still plays to the end it recorded, given the
cars.json of its day (v2_cars.json), or is refused in one line where the rules it was judged by have changed."""

from __future__ import annotations

import json
import shutil

import pytest

from game.content.replays import load_replay
from game.content.user_paths import display_path
from tests.support.e2e_helpers import ROOT, last_json, run_game

pytestmark = pytest.mark.e2e
FAST = ("--frame-dt", "0.5", "--size", "192x120")  # half a second of sim a frame: few frames drawn, the same 120 Hz sim
RUN = ("car", "score", "mode", "finished", "model", "ai", "parking", "judging", "tandem")  # the stats of the run itself
DATA = ROOT / "tests" / "e2e" / "data"


@pytest.fixture
def fast_home(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "quality": {"shadows": False, "particles": "low", "skidmark_length": 1000}}))
    return home


def _play(home, *args: str) -> tuple[dict, str]:
    """`sideways play --headless --stats` with these arguments: (its stats, the replay it saved)."""
    p = run_game("play", "--headless", "--stats", *FAST, *args, env_home=home, timeout=400)
    assert p.returncode == 0, p.stderr[-2000:]
    out = last_json(p.stdout)
    assert out["finished"] and out["results"]["replay_file"]
    return out, str(home / "replays" / out["results"]["replay_file"])


def _replay(home, path: str, *args: str) -> tuple[dict, str]:
    """`sideways replay --headless --stats FILE`: (its stats, what it said on stderr but the engine's own lines)."""
    p = run_game("replay", path, "--headless", "--stats", *FAST, *args, env_home=home, timeout=400)
    assert p.returncode == 0, p.stderr[-2000:]
    said = [line for line in p.stderr.splitlines() if line.startswith("sideways")]
    return last_json(p.stdout), "\n".join(said)


def _run(stats: dict) -> dict:
    return {k: stats.get(k) for k in RUN}


def test_a_tandem_led_against_a_named_driver_replays_its_battle(fast_home):
    played, path = _play(fast_home, "--mode", "tandem", "--track", "sideways_park", "--car", "hatch", "--autopilot", "ace",
                         "--role", "lead", "--lead", "vera")
    assert played["tandem"]["role"] == "lead" and played["tandem"]["chase_total"] > 0
    again, said = _replay(fast_home, path)
    assert _run(again) == _run(played) and said == ""


def test_a_qualifying_run_and_a_chase_of_it_as_a_replay_lead_replay_as_played(fast_home, tmp_path):
    led, lead_path = _play(fast_home, "--mode", "qualifying", "--track", "sideways_park", "--course", "pad_hook", "--car", "zenith_hyper",
                           "--autopilot", "ace")
    assert led["judging"]["total"] > 0
    assert _run(_replay(fast_home, lead_path)[0]) == _run(led)
    kept = tmp_path / "lead.swr"
    shutil.move(lead_path, kept)  # the lead is a file of the player's choosing: the chase must not need it later
    chased, path = _play(fast_home, "--mode", "tandem", "--track", "sideways_park", "--course", "pad_hook", "--car", "hatch",
                         "--autopilot", "ace", "--lead", f"replay:{kept}")
    assert chased["tandem"]["role"] == "chase"
    kept.unlink()
    assert load_replay(path).lead is not None  # the chase keeps the replay that led it
    again, said = _replay(fast_home, path)
    assert _run(again) == _run(chased) and said == ""


def test_a_career_event_replays_as_played(fast_home):
    played, path = _play(fast_home, "--event", "park_first_judged", "--autopilot", "ace")
    assert played["mode"] == "qualifying" and played["event"]["id"] == "park_first_judged"
    saved = load_replay(path)
    assert (saved.event, saved.autopilot) == ("park_first_judged", "rin")  # the career event, driven by the ace skill level's driver
    assert _run(_replay(fast_home, path)[0]) == _run(played)


def test_a_retuned_cars_json_plays_a_replay_with_the_cars_it_keeps(fast_home, tmp_path):
    played, path = _play(fast_home, "--mode", "qualifying", "--track", "sideways_park", "--course", "pad_hook", "--car", "hatch",
                         "--autopilot", "ace")
    shipped = json.loads((ROOT / "data" / "cars.json").read_text())

    def retuned(car: str | None = None, gravity: float | None = None):
        cat = json.loads(json.dumps(shipped))
        for c in cat["cars"]:
            if c["id"] == car:
                c["grip"], c["power"] = c["grip"] * 1.4, c["power"] * 0.8
        if gravity is not None:
            cat["handling"]["gravity"] = gravity
        return cat

    other = tmp_path / "other.json"
    other.write_text(json.dumps(retuned("kart")))
    again, said = _replay(fast_home, path, "--catalog", str(other))
    assert _run(again) == _run(played) and said == ""  # another car retuned: nothing to say
    (fast_home / "cars.json").write_text(json.dumps(retuned("hatch")))  # the player's own cars.json retunes its car
    again, said = _replay(fast_home, path)
    assert _run(again) == _run(played)
    assert said == f"sideways replay: {display_path(path)}: driven with an earlier tune of the Sprite Hatch; it plays with the car as it was driven"
    (fast_home / "cars.json").write_text(json.dumps(retuned(gravity=20.0)))  # what every car drives by: refused, one line
    p = run_game("replay", path, "--headless", env_home=fast_home)
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert p.stderr.startswith(f"sideways replay: {display_path(path)}: replay was recorded with a different cars.json handling and surfaces (digest ")


def test_a_replay_saved_before_replays_kept_their_cars_plays_to_its_recorded_end(fast_home, tmp_path):
    """Given the cars.json it was driven with (v2_cars.json: the shipped file of its day), an old replay plays to its end;
    without it, it is refused in one line (it names no car of its own, so any retune of the file would move it)."""
    name = "v2_timed_kart.swr"
    old = load_replay(DATA / name)
    assert old.format_version == 2 and old.cars == ()
    again, said = _replay(fast_home, str(DATA / name), "--catalog", str(DATA / "v2_cars.json"))
    f = old.final
    assert again["score"] == old.final_score and again["finished"] and said == ""
    assert (again["car"]["x"], again["car"]["z"]) == (round(f.x, 4), round(f.z, 4))
    retuned = json.loads((DATA / "v2_cars.json").read_text())
    retuned["cars"][0]["grip"] = 9.0
    (fast_home / "cars.json").write_text(json.dumps(retuned))
    p = run_game("replay", str(DATA / name), "--headless", env_home=fast_home)  # it needs the cars.json it was recorded with
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "replay was recorded with a different cars.json (digest" in p.stderr


def test_an_old_tandem_replay_judged_by_other_rules_is_refused_in_one_line(fast_home):
    """A Tandem led against vera under the tandem rules of its day: its chase would be judged by rules it was not driven
    under (and by a drift driver that has learnt since), so it is refused, naming the file that differs."""
    name = "v2_tandem_lead_vera.swr"
    p = run_game("replay", str(DATA / name), "--headless", "--catalog", str(DATA / "v2_cars.json"), env_home=fast_home)
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert "replay was recorded with a different scoring.json" in p.stderr
