"""The career headless, as `sideways play --headless --event ID --autopilot ace --stats` plays it: an event's stars and
best saved to the profile and in the stats, the next tier opened by the stars it earned, the cup from its qualifying
(which seeds the bracket) to its final (which ends the attempt and settles the cup's stars)."""

from __future__ import annotations

import json

import pytest

from game.content import profile as profiles
from game.content.catalog import load_catalog
from game.content.events import load_career
from tests.support.e2e_helpers import last_json, run_game

FAST = ("--frame-dt", "0.5")  # half a second of sim a frame: few frames drawn (each costs more than its sim), the same 120 Hz sim
SMALL = ("--size", "192x120", "--quality", "low")  # what is checked is the career's: a small, plain picture draws cheaply


def _seed_profile(home, events: dict, cups: dict | None = None) -> None:
    """A fresh profile whose career already holds these records (best, stars) and cup records."""
    cat = load_catalog()
    raw = profiles.new_profile(cat.starter_ids, 0).to_json()
    raw["career"] = {"events": {k: {"best": b, "stars": s, "replay": None, "date": ""} for k, (b, s) in events.items()}, "cups": cups or {}}
    (home / "profile.json").write_text(json.dumps(raw))


def _career(home) -> dict:
    return json.loads((home / "profile.json").read_text())["career"]


def _play(home, event: str, *extra: str):
    p = run_game("play", "--headless", "--event", event, "--autopilot", "ace", "--stats", *FAST, *SMALL, *extra, env_home=home, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    return last_json(p.stdout)


def _stars_short_of(career, tier: str, playing: str) -> dict:
    """Records of the first tier's other events holding one star fewer than the tier asks for."""
    need, out = career.tier(tier).unlock_stars - 1, {}
    for e in career.in_tier(career.tiers[0].id):
        if e.id != playing and need > 0:
            out[e.id] = (e.targets[min(3, need) - 1], min(3, need))
            need -= min(3, need)
    assert need == 0
    return out


@pytest.mark.e2e
def test_an_event_saves_its_stars_and_best_and_opens_the_next_tier(home):
    career = load_career(load_catalog())
    _seed_profile(home, _stars_short_of(career, "clubman", "park_first_judged"))  # the second tier opens with one more star
    out = _play(home, "park_first_judged")
    e = out["event"]
    event = career.get("park_first_judged")
    assert out["mode"] == "qualifying" and e["id"] == "park_first_judged" and e["targets"] == list(event.targets)
    assert e["stars"] >= 1 and e["best"] == e["score"] == out["score"]  # the ace earns a star at least on the first judged run
    assert e["credits"] == e["stars"] * event.credits_per_star  # each new star paid once
    opened = [x.id for x in career.in_tier("clubman") if x.unlock_stars <= career.tier("clubman").unlock_stars]
    assert opened and set(opened) <= set(e["unlocked"])  # the Clubman tier opened
    saved = _career(home)["events"]["park_first_judged"]
    assert (saved["stars"], saved["best"]) == (e["stars"], e["best"])
    assert saved["replay"] and (home / "replays" / saved["replay"]).is_file()  # the best run's replay is kept
    assert _career(home)["events"]["park_warmup"]["stars"] == 3  # the records before it stay (the warm-up's three stars)


def test_event_flags_are_one_line_each(home):
    p = run_game("play", "--headless", "--event", "park_warmup", "--track", "frozen_lake", env_home=home)
    line = "sideways play: --event park_warmup: the event sets its own track (drop --track frozen_lake)"
    assert p.returncode == 2 and p.stderr.strip().splitlines() == [line]
    p = run_game("play", "--headless", "--event", "no_such_event", env_home=home)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "park_warmup" in p.stderr  # names a few ids


SEEDS = ["player", "rin", "ines", "vera", "marco", "hugo", "duke", "pip"]  # the player qualified first


def _battle(rnd, a, b, sa, sb, winner, drawn=True):
    return {"round": rnd, "a": a, "b": b, "score_a": sa, "score_b": sb, "omt": 0, "winner": winner, "drawn": drawn, "replay": None}


@pytest.mark.e2e
def test_the_cup_from_qualifying_to_the_final(home):
    career = load_career(load_catalog())
    every = {e.id: (e.targets[2], 3) for e in career.events if e.kind != "cup"}  # three stars everywhere: the cup is open
    _seed_profile(home, every)
    qual = _play(home, "sideways_cup")
    assert qual["mode"] == "qualifying" and qual["cup"]["round"] == "quarter"
    assert sorted(qual["cup"]["seeds"]) == sorted(SEEDS) and qual["cup"]["qualifying"] == qual["score"]  # the run seeded the bracket
    assert _career(home)["cups"]["sideways_cup"]["round"] == "quarter"
    # the quarter- and semi-final as won (the player's) and drawn (the rest): the final against Duke is next
    battles = [_battle("quarter", "player", "pip", 150.0, 90.0, "player", False), _battle("quarter", "vera", "marco", 160.0, 150.0, "vera"),
               _battle("quarter", "rin", "duke", 120.0, 130.0, "duke"), _battle("quarter", "ines", "hugo", 140.0, 145.0, "hugo"),
               _battle("semi", "player", "vera", 150.0, 140.0, "player", False), _battle("semi", "duke", "hugo", 150.0, 120.0, "duke")]
    cup = {"round": "final", "seed": 1, "qualifying": 99, "seeds": SEEDS, "battles": battles, "place": "", "attempts": 1}
    _seed_profile(home, every, {"sideways_cup": cup})
    final = _play(home, "sideways_cup")
    assert final["mode"] == "tandem" and final["cup"]["round"] == "done" and final["cup"]["place"] in ("winner", "final")
    mine = [b for b in final["cup"]["battles"] if b["round"] == "final"]
    assert len(mine) == 1 and {mine[0]["a"], mine[0]["b"]} == {"player", "duke"} and not mine[0]["drawn"]
    won = 3 if final["cup"]["place"] == "winner" else 2
    e = final["event"]
    assert (e["id"], e["score"], e["stars"], e["best"]) == ("sideways_cup", won, won, won)  # battles won: 1, 2 and 3 stars
    saved = _career(home)
    assert saved["events"]["sideways_cup"]["stars"] == won and saved["cups"]["sideways_cup"]["place"] == final["cup"]["place"]


@pytest.mark.e2e
def test_two_games_in_one_home_settling_the_same_cup_final_record_it_once(home):
    """Two headless games drive the cup's final at once in one home (the second started a moment later, so it settles
    after the first recorded the final): both exit 0 with their stats, the final is in the bracket once, its stars are
    paid once, and both runs' credits are kept; the game that came second says so in one line."""
    import os
    import subprocess
    import sys
    import time

    from tests.support.e2e_helpers import ROOT

    career = load_career(load_catalog())
    every = {e.id: (e.targets[2], 3) for e in career.events if e.kind != "cup"}
    battles = [_battle("quarter", "player", "pip", 150.0, 90.0, "player", False), _battle("quarter", "vera", "marco", 160.0, 150.0, "vera"),
               _battle("quarter", "rin", "duke", 120.0, 130.0, "duke"), _battle("quarter", "ines", "hugo", 140.0, 145.0, "hugo"),
               _battle("semi", "player", "vera", 150.0, 140.0, "player", False), _battle("semi", "duke", "hugo", 150.0, 120.0, "duke")]
    _seed_profile(home, every, {"sideways_cup": {"round": "final", "seed": 1, "qualifying": 99, "seeds": SEEDS, "battles": battles,
                                                 "place": "", "attempts": 1}})
    argv = [sys.executable, "-m", "game", "play", "--headless", "--event", "sideways_cup", "--autopilot", "ace", "--stats", *FAST,
            "--size", "320x180", "--quality", "low"]
    env = dict(os.environ, SIDEWAYS_HOME=str(home))
    games = []
    for _ in range(2):
        games.append(subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        time.sleep(1.0)
    done = [g.communicate(timeout=400) for g in games]
    for g, (_, err) in zip(games, done):
        assert g.returncode == 0 and "Traceback" not in err, err[-2000:]
    stats = [last_json(out) for out, _ in done]
    assert all(s["mode"] == "tandem" and s["finished"] and s["event"]["id"] == "sideways_cup" for s in stats)
    notes = [s["event"].get("note") for s in stats]
    assert sorted(notes, key=bool)[0] is None and sum(bool(n) for n in notes) == 1  # one recorded it, the other was told
    assert [n for n in notes if n][0].startswith("This final was already recorded by another game (you ")
    saved = json.loads((home / "profile.json").read_text())
    cup = saved["career"]["cups"]["sideways_cup"]
    finals = [b for b in cup["battles"] if b["round"] == "final"]
    assert len(finals) == 1 and {finals[0]["a"], finals[0]["b"]} == {"player", "duke"} and cup["round"] == "done"
    paid = max(s["event"]["credits"] for s in stats)  # the stars, paid by the game that recorded the final
    assert saved["credits"] == sum(s["results"]["credits"] for s in stats) + paid and saved["stats"]["sessions"] == 2
