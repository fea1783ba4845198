"""The server's verification (game/server/verify.py): a board run re-simulated through the one playback path and judged
with the shipped rules ranks the server's own score; what it refuses, it refuses in one line naming why."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from game.cli import main
from game.server.verdict import BOARD_ID_RE, Refused
from game.server.verify import Shipped, boards, precheck, verify_replay
from game.sim.physics_version import PHYSICS_VERSION
from tests.support import board_runs as runs


@pytest.fixture(scope="module")
def shipped():
    return Shipped.load()


def _refused(data: bytes, shipped) -> str:
    v = verify_replay(data, shipped)
    assert not v.verified and v.score == 0.0 and "\n" not in v.reason
    return v.reason


def test_a_verified_qualifying_total_is_sideways_judges_total_of_the_same_file(shipped, home, tmp_path, capsys):
    data = runs.qualifying_run()
    t0 = time.perf_counter()
    v = verify_replay(data, shipped)
    spent_ms = 1000 * (time.perf_counter() - t0)
    path = tmp_path / "run.swr"
    path.write_bytes(data)
    assert main(["judge", str(path), "--json"]) == 0
    judged = json.loads(capsys.readouterr().out)["judging"]
    print(f"verify one Qualifying run ({runs.read(data).steps} steps): {spent_ms:.0f} ms")
    assert v.verified and v.reason == "" and v.board is not None and v.board.id == runs.QUALIFYING_BOARD
    assert v.score == round(judged["total"], 1) == runs.QUALIFYING_TOTAL
    assert (v.car, v.model, v.created) == ("hatch", "arcade", runs.CREATED)
    assert v.breakdown["total"] == judged["total"] and v.breakdown["clips"] == judged["clips"] and v.breakdown["sectors"] == judged["sectors"]
    assert v.breakdown["score"] == v.score and v.breakdown["runs_judged"] == 1


def test_a_run_driven_on_a_stance_verifies_as_the_same_run_without(shipped):
    data = runs.stance_run()
    assert data != runs.qualifying_run()
    assert (runs.read(data).finish, runs.read(data).stance) == ("matte", runs.LOW_STANCE)  # the looks went into the file
    v, plain = verify_replay(data, shipped), verify_replay(runs.qualifying_run(), shipped)
    assert v.verified and v.reason == "" and v.board is not None and v.board.id == runs.QUALIFYING_BOARD
    assert v.score == plain.score == runs.QUALIFYING_TOTAL and v.breakdown == plain.breakdown


def test_a_header_claiming_a_higher_score_ranks_at_its_re_simulated_score(shipped):
    data = runs.claimed_higher_run()
    assert runs.read(data).final_score == 100 > runs.read(runs.qualifying_run()).final_score
    v = verify_replay(data, shipped)
    assert v.verified and v.score == runs.QUALIFYING_TOTAL


def test_variants_are_other_bytes_of_the_same_run(shipped):
    a, b = runs.variant(runs.qualifying_run(), 1), runs.variant(runs.qualifying_run(), 2)
    assert len({a, b, runs.qualifying_run()}) == 3
    assert [verify_replay(d, shipped).score for d in (a, b)] == [runs.QUALIFYING_TOTAL] * 2


@pytest.mark.parametrize("make, reason", [
    (runs.autopilot_run, "driven by the autopilot (rin); only a player's own runs are ranked"),
    (runs.modded_run, "car 'hatch' is not the shipped one; a modded car has no place on a shipped board"),
    (runs.other_physics_run, f"recorded on physics 0; this server ranks {PHYSICS_VERSION}"),
    (lambda: runs.other_physics_run(PHYSICS_VERSION + 1), f"recorded on physics {PHYSICS_VERSION + 1}; this server ranks {PHYSICS_VERSION}"),
    (runs.cut_short_run, "not finished: the recording ends before a judged run did; the board needs a finished run"),
    (runs.zeroed_run, "zeroed: reset; the board needs a finished run that scores"),
    (runs.free_run, "a Free Drift run has no board (boards rank Timed Run, Drift Zones, Parking, Qualifying and career events)"),
    (lambda: runs.reencoded(runs.qualifying_run(), hz=240.0), "stepped at 240 Hz; the game drives at 120 Hz"),
    (lambda: runs.reencoded(runs.qualifying_run(), ai_count=2), "driven with AI cars on the map; a board run is driven alone"),
    (lambda: runs.reencoded(runs.qualifying_run(), runs=3), "a session of 3 judged runs; a Qualifying board counts the better of at most 2"),
    (lambda: runs.reencoded(runs.qualifying_run(), rules_digest="ab" * 32),
     f"recorded with a different scoring.json (digest ababab… vs {Shipped.load().rules.digest[:6]}…); a modded game has no place on a shipped board"),
    (lambda: runs.reencoded(runs.qualifying_run(), track_digest=""), f"recorded with a different map file of sideways_park (no digest vs "
     f"{Shipped.load().track_digests['sideways_park'][:6]}…); a modded game has no place on a shipped board"),
    (lambda: runs.reencoded(runs.qualifying_run(), steps=runs.read(runs.qualifying_run()).steps + 50),
     "out of sync: the recording goes on 50 steps after its run ended"),
    (lambda: b"SWRP\x03\x00", "replay: truncated replay (6 bytes)"),
    (lambda: b"", "replay: empty file, not a replay"),
])
def test_what_a_board_cannot_rank_is_refused_with_its_reason(make, reason, shipped):
    assert _refused(make(), shipped) == reason


def test_a_car_the_game_does_not_ship_is_refused_by_name(shipped):
    replay = runs.read(runs.modded_run())
    friend = tuple(replace(c, id="friends_hyper") if c.id == "hatch" else c for c in replay.cars)
    data = runs.reencoded(runs.modded_run(), cars=friend, car_id="friends_hyper")
    assert _refused(data, shipped) == "car 'friends_hyper' is not one the game ships"


def test_precheck_refuses_without_re_simulating_and_names_the_board(shipped):
    replay, board = precheck(runs.qualifying_run(), shipped)
    assert board.id == runs.QUALIFYING_BOARD and replay.car_id == "hatch"
    with pytest.raises(Refused, match=r"^driven by the autopilot \(rin\)"):
        precheck(runs.autopilot_run(), shipped)


def test_a_career_events_run_ranks_on_its_board_with_the_setup_it_fixes(shipped):
    first = verify_replay(runs.reencoded(runs.qualifying_run(), event="park_first_judged"), shipped)  # hatch, pad_hook, one run
    assert first.verified and first.board is not None and first.board.id == f"event-park_first_judged-p{PHYSICS_VERSION}"
    assert first.score == runs.QUALIFYING_TOTAL
    manual = _refused(runs.reencoded(runs.qualifying_run(), event="park_manual_mode"), shipped)
    assert manual == "not Manual Mode as the career sets it: driven on the arcade model, the event's is sim"
    tandem = _refused(runs.reencoded(runs.qualifying_run(), event="park_follow_pip"), shipped)
    assert tandem == "not Follow Pip as the career sets it: its mode is 'qualifying', the event's 'tandem'"
    assert _refused(runs.reencoded(runs.qualifying_run(), event="sideways_cup"), shipped) == (
        "the cup 'sideways_cup' has no board (its battles are decided against a field)")
    assert _refused(runs.reencoded(runs.qualifying_run(), event="nope"), shipped) == "career event 'nope' is not one the game ships"


def test_a_timed_run_ranks_its_points_and_must_start_at_the_maps_start(shipped):
    data = runs.timed_run()
    t0 = time.perf_counter()
    v = verify_replay(data, shipped)
    print(f"verify one Timed Run ({runs.read(data).steps} steps): {1000 * (time.perf_counter() - t0):.0f} ms")
    assert v.verified and v.board is not None and v.board.id == f"timed-sideways_park-p{PHYSICS_VERSION}"
    assert v.score == runs.read(data).final_score > 0  # the honest file's claim agrees with the server
    assert v.breakdown["score"] == v.score and v.breakdown["drift"]["chains_banked"] >= 1
    moved = runs.reencoded(data, spawn=(10.0, 10.0, 0.0))
    assert _refused(moved, shipped) == "started at (10.0, 10.0, 0.0), not at the map's start; a board run starts where the game starts it"


@pytest.mark.parametrize("mode, track, name", [("zones", "frozen_lake", "Drift Zones"), ("parking", "parking_yard", "Parking"),
                                               ("timed", "parking_yard", "Timed Run")])
def test_a_points_run_cut_short_is_refused_on_its_maps_board(mode, track, name, shipped):
    v = verify_replay(runs.short_run(mode, track), shipped)
    assert not v.verified and v.board is not None and v.board.id == f"{mode}-{track}-p{PHYSICS_VERSION}"
    assert v.reason == f"not finished: the recording ends at 2.0 s, before the {name} run did; the board needs a finished run"


def test_boards_list_every_kind_with_stable_ids(shipped):
    found = boards(shipped)
    ids = [b.id for b in found]
    assert len(set(ids)) == len(ids) and all(BOARD_ID_RE.fullmatch(i) for i in ids)
    p = f"p{PHYSICS_VERSION}"
    for want in (f"qualifying-sideways_park-pad_hook-arcade-{p}", f"qualifying-mountain_pass-first_hairpin-sim-{p}",
                 f"timed-sideways_park-{p}", f"zones-frozen_lake-{p}", f"parking-parking_yard-{p}", f"event-park_warmup-{p}"):
        assert want in ids
    kinds = {k: [b for b in found if b.kind == k] for k in ("qualifying", "timed", "zones", "parking", "event")}
    courses = sum(len(t.courses) for t in shipped.tracks.values())
    assert len(kinds["qualifying"]) == courses * 2 and len(kinds["parking"]) == 1
    assert len(kinds["timed"]) == len(kinds["zones"]) == len(shipped.tracks)
    assert {b.event for b in kinds["event"]} == {e.id for e in shipped.career.events if e.kind == "event"}  # not the cup
    assert all(b.physics == PHYSICS_VERSION for b in found) and boards(shipped) == found
    board = next(b for b in found if b.id == f"qualifying-sideways_park-pad_hook-arcade-{p}")
    assert board.title == "Qualifying · Sideways Park · Pad Hook · Arcade" and board.as_dict()["model"] == "arcade"


def test_the_server_verifies_without_ursina_or_panda3d():
    code = ("import sys, game.server.verify as v; v.verify_replay(b'', v.Shipped.load()); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ursina', 'panda3d', 'direct')))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "[]", p.stderr[-2000:]
