"""`play --autopilot/--lead/--role`: what cannot be driven is one line and exit code 2, before any window opens."""

from __future__ import annotations

import pytest

from game.cli import main


def _refused(capsys, *args: str) -> str:
    assert main(["play", "--headless", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("args, line", [
    (["--autopilot", "nobody"], "sideways play: --autopilot nobody: unknown drift driver 'nobody' (choose one of "),
    (["--mode", "tandem", "--lead", "nobody"], "sideways play: --lead nobody: unknown drift driver 'nobody' (choose one of "),
    (["--lead", "ace"], "sideways play: --lead ace: only Tandem has a lead and a chase (add --mode tandem)"),
    (["--mode", "qualifying", "--role", "lead"], "sideways play: --role lead: only Tandem has a lead and a chase (add --mode tandem)"),
    (["--track", "parking_yard", "--autopilot", "ace"], "sideways play: --autopilot ace: map 'parking_yard' has no course to drive"),
    (["--mode", "tandem", "--lead", "replay:"], "sideways play: --lead replay:FILE: name the replay file after replay:"),
    (["--mode", "tandem", "--lead", "replay:/nowhere/run.swr"], "sideways play: --lead replay:/nowhere/run.swr: "),
    (["--mode", "tandem", "--role", "lead", "--lead", "replay:run.swr"],
     "sideways play: --role lead: the replay run.swr leads and car 0 chases it (drop --role lead or the replay)"),
])
def test_what_cannot_be_driven_is_one_line(args, line, capsys, home):
    said = _refused(capsys, *args)
    assert said.startswith(line)
    if "unknown drift driver" in line:
        assert said.endswith("or a skill level: rookie, amateur, pro, ace)")  # the choices are listed


def test_the_autopilot_and_an_inputs_file_are_one_driver_too_many(capsys, home, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short relative path, quoted whole (a long one is cut, whatever the test's folder)
    (tmp_path / "drive.jsonl").write_text('{"t": 0, "throttle": 1}\n')
    line = _refused(capsys, "--autopilot", "ace", "--inputs", "drive.jsonl")
    assert line == "sideways play: --autopilot ace: car 0 is driven by --inputs drive.jsonl already (pick one)"


def test_a_lead_replay_of_another_map_is_refused(capsys, home, tmp_path, catalog):
    from game.content.replays import save_replay
    from game.content.scoring_rules import load_scoring_rules
    from game.content.tracks import load_track
    from game.sim.controls import Controls
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup
    from game.sim.world import World

    lake = World(load_track("frozen_lake", catalog.surfaces), list(catalog.surfaces))
    run = DriftRun(RunSetup(catalog, "hatch", lake, load_scoring_rules(), mode="qualifying", track_id="frozen_lake", runs=1))
    for _ in range(10):
        run.step(Controls(throttle=1.0))
    run.finish()
    path = tmp_path / "lake.swr"
    save_replay(path, run.replay())
    line = _refused(capsys, "--mode", "tandem", "--lead", f"replay:{path}")
    assert line == f"sideways play: --lead replay:{path}: a run on map 'frozen_lake', not 'sideways_park'"


TANDEM_KEYS = {"role", "gap_m", "proximity", "angle_match", "line_match", "initiation", "chase_total", "lead_total", "contact", "zero", "free_pass",
               "lead_end"}


@pytest.mark.e2e
def test_a_headless_tandem_run_prints_the_tandem_and_judging_blocks(home):
    """One run, car 0 leading under the ace autopilot with the AI chasing: the stats' tandem block has the contract's keys,
    car 0's judging block is its lead run, and the frames end with the run."""
    out = _headless_tandem(home, "lead")
    t = out["tandem"]
    assert out["mode"] == "tandem" and out["finished"] and set(t) == TANDEM_KEYS
    assert t["role"] == "lead" and set(t["gap_m"]) == {"mean", "p90"} and set(t["lead_end"]) == {"x", "z", "heading_deg"}
    assert 0.0 <= t["chase_total"] <= 100.0 and 0.0 <= t["lead_total"] <= 100.0 and isinstance(t["contact"], bool)
    assert out["judging"]["course"] == "pad_hook" and out["judging"]["total"] == pytest.approx(t["lead_total"], abs=0.01)
    assert (t["lead_end"]["x"], t["lead_end"]["z"]) == pytest.approx((out["car"]["x"], out["car"]["z"]), abs=2e-3)  # car 0 led
    assert out["frames"] * 0.1 < 40.0  # one run, not a battle: the frames end with it


@pytest.mark.e2e
def test_a_headless_tandem_chase_prints_its_own_course_judging(home):
    """Car 0 chasing under the ace autopilot: the stats' judging block is the course judge's view of its own run
    (Line / Angle / Style, as in Qualifying), not null, beside the tandem block that scores the chase."""
    out = _headless_tandem(home, "chase")
    t, j = out["tandem"], out["judging"]
    assert t["role"] == "chase" and set(t) == TANDEM_KEYS
    assert j is not None and j["course"] == "pad_hook" and {"line", "angle", "style", "total", "clips", "sectors"} <= set(j)
    assert j["finished"] and j["zero"] is None and 0.0 < j["total"] <= 100.0 and min(j["line"], j["angle"], j["style"]) > 0.0


def _ace_lead(path, catalog, rules, roster, car: str = "zenith_hyper"):
    """The ace's Qualifying run of the park's first course in `car` of this catalog, saved to `path` (a lead replay)."""
    from game.content.replays import file_digest, save_replay
    from game.content.tracks import load_track, track_path
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup
    from game.sim.world import World
    from tests.support.tandem_helpers import autopilot, drive, pilot_controls

    park = World(load_track("sideways_park", catalog.surfaces), list(catalog.surfaces))
    run = DriftRun(RunSetup(catalog, car, park, rules, mode="qualifying", runs=1, seed=2, track_id="sideways_park",
                            track_digest=file_digest(track_path("sideways_park"))))
    drive(run, pilot_controls(autopilot(run, roster)))
    save_replay(path, run.replay())
    return run


def _catalog_copy(tmp_path, change) -> str:
    """data/cars.json with change(data) applied, written under tmp_path: its path."""
    import json

    from game import paths

    data = json.loads(paths.DEFAULT_CATALOG.read_text())
    change(data)
    out = tmp_path / "cars.json"
    out.write_text(json.dumps(data))
    return str(out)


def _car(data: dict, car_id: str) -> dict:
    return next(c for c in data["cars"] if c["id"] == car_id)


def test_a_lead_replay_is_refused_when_what_every_car_drives_by_was_retuned(capsys, home, tmp_path, catalog, rules, roster, park):
    """A lead that would play out of sync (the handling block retuned) is one line, as `sideways replay` says it, not a
    silent 0.0; a retuned car is not a reason: the lead drives the car it keeps."""
    from game.content.catalog import load_catalog
    from game.content.replays import check_lead, file_digest, load_replay
    from game.content.tracks import track_path

    path = tmp_path / "lead.swr"
    _ace_lead(path, catalog, rules, roster)
    car = load_catalog(_catalog_copy(tmp_path, lambda d: _car(d, "zenith_hyper").update(grip=_car(d, "zenith_hyper")["grip"] + 0.5)))
    check_lead(load_replay(path), park.track, "", car, rules, file_digest(track_path("sideways_park")))  # leads as it was driven
    retuned = _catalog_copy(tmp_path, lambda d: d["handling"].update(gravity=20.0))
    ours = load_catalog(retuned).physics_digest()
    line = _refused(capsys, "--catalog", retuned, "--mode", "tandem", "--lead", f"replay:{path}")
    assert line == (f"sideways play: --lead replay:{path}: replay was recorded with a different cars.json handling and surfaces "
                    f"(digest {catalog.physics_digest()[:6]}… vs {ours[:6]}…); it would play out of sync")


def test_a_lead_replay_in_a_car_this_catalog_lacks_is_refused(capsys, home, tmp_path, rules, roster):
    """A friend's run in a car of their own cars.json: one line naming the car, not a KeyError in the mode."""
    from game.content.catalog import load_catalog

    theirs = load_catalog(_catalog_copy(tmp_path, lambda d: _car(d, "zenith_hyper").update(id="friends_hyper")))
    path = tmp_path / "friend.swr"
    _ace_lead(path, theirs, rules, roster, car="friends_hyper")
    line = _refused(capsys, "--mode", "tandem", "--lead", f"replay:{path}")
    assert line == f"sideways play: --lead replay:{path}: recorded with car 'friends_hyper', which data/cars.json does not have"


@pytest.mark.e2e
def test_an_unchanged_lead_replay_leads_as_recorded_and_its_chase_keeps_it(capsys, home, tmp_path, catalog, rules, roster):
    """The ace's recorded run leads the headless chase and scores what it scored when recorded; the chase's own replay
    keeps that lead, so it plays against it (tests/e2e/test_replay_recreates.py watches one)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "lead.swr"
    recorded = _ace_lead(path, catalog, rules, roster).results().judged[0].total
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-m", "game", "play", "--headless", "--mode", "tandem", "--lead", f"replay:{path}", "--stats",
                        "--frame-dt", "0.1", "--size", "320x180", "--quality", "low"], capture_output=True, text=True, timeout=300, cwd=root,
                       env=dict(os.environ, SIDEWAYS_HOME=str(home)))
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["tandem"]["role"] == "chase" and out["tandem"]["lead_total"] == pytest.approx(recorded, abs=0.01)
    from game.content.replays import load_replay

    kept = load_replay(home / "replays" / out["results"]["replay_file"]).lead
    assert kept is not None and kept.changes == load_replay(path).changes and kept.car_id == "zenith_hyper"


def test_a_lead_replay_is_checked_again_before_each_drive_it_leads(tmp_path, catalog, rules, roster, park):
    """In the game, a cars.json retuned live (or another map picked) since --lead was checked drops the replay lead with
    one line on the HUD, rather than leading out of sync."""
    from types import SimpleNamespace

    from game.content.catalog import load_catalog
    from game.content.replays import file_digest, load_replay
    from game.content.tracks import track_path
    from game.shell.planner import checked
    from game.shell.request import DriveRequest, TandemChoice

    path = tmp_path / "lead.swr"
    _ace_lead(path, catalog, rules, roster)
    lead = load_replay(path)
    request = DriveRequest(mode="tandem", tandem=TandemChoice("chase", "", lead, "lead.swr"))
    game = SimpleNamespace(choices=request, world=park, catalog=catalog, rules=rules, notice=None,
                           track_digest=file_digest(track_path("sideways_park")))
    assert checked(game, request) is request and game.notice is None  # as recorded: it leads
    game.catalog = load_catalog(_catalog_copy(tmp_path, lambda d: _car(d, "zenith_hyper").update(grip=_car(d, "zenith_hyper")["grip"] + 0.5)))
    assert checked(game, request) is request and game.notice is None  # a retuned car: it leads in the car it keeps
    game.catalog = load_catalog(_catalog_copy(tmp_path, lambda d: d["handling"].update(gravity=20.0)))
    driven = checked(game, request)
    assert driven.tandem == TandemChoice("chase", "") and driven.mode == "tandem"  # a drift driver leads it instead
    assert game.choices.tandem == TandemChoice("chase", "")  # and every later drive: the command line's lead is dropped
    assert game.notice.startswith("The replay lead no longer leads as recorded (replay was recorded with a different cars.json handling and surfaces (digest ")
    assert game.notice.endswith("); a drift driver leads instead.")


HOSTILE = "x" * 10_000 + "\nsideways play: all good\x1b[2J\x1b]0;pwned\x07"


@pytest.mark.parametrize("args", [
    ["--event", HOSTILE],
    ["--autopilot", HOSTILE],
    ["--mode", "tandem", "--lead", HOSTILE],
    ["--telemetry", HOSTILE],
    ["--telemetry", HOSTILE + ":5300"],
    ["--mode", "qualifying", "--course", HOSTILE],
    ["--car", HOSTILE],
    ["--track", HOSTILE[-40:]],
    ["--event", "park_warmup", "--car", HOSTILE],
    ["--mode", HOSTILE],  # argparse's own errors: a choice, an argument it does not know
    ["--headless", HOSTILE],
])
def test_a_long_or_hostile_flag_value_is_echoed_cut_and_escaped(args, capsys, home):
    try:
        code = main(["play", "--headless", *args])
    except SystemExit as e:  # a value argparse itself refuses
        code = e.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("\n"), err[:300]
    assert len(err) < 400 and err[:-1].isprintable(), err[:400]  # cut to a few dozen characters; no raw ESC, BEL or newline
    assert "\\n" in err or "..." in err, err  # the value is quoted, escaped or cut


@pytest.mark.parametrize("event", ["", "  "])
def test_an_empty_event_is_refused_not_played_as_free_drift(event, capsys, home):
    line = _refused(capsys, "--event", event)
    assert line == f"sideways play: --event {event!r}: name a career event's id (`sideways career` lists them)"  # quoted: visibly empty


@pytest.mark.parametrize("headless", [True, False])
def test_a_locked_event_is_refused_before_the_engine_starts(headless, capsys, home, monkeypatch):
    import game.commands.play
    import game.shell.launch
    from game.commands.common import catalog_for
    from game.content.events import load_career
    from game.sim.career.progress import CareerProgress
    from game.sim.career.unlocks import is_open, stars_needed

    career = load_career(catalog_for(None))
    locked = next(e for e in career.events if not is_open(career, CareerProgress(), e))  # a new profile has no stars

    def engine(*_a, **_k):
        raise AssertionError("the engine was started for a refusal")

    monkeypatch.setattr(game.commands.play, "run_headless", engine)
    monkeypatch.setattr(game.shell.launch, "run", engine)
    assert main(["play", *(["--headless"] if headless else []), "--event", locked.id]) == 2
    assert capsys.readouterr().err == f"sideways play: {locked.name} is locked: Needs {stars_needed(career, locked)} stars - you have 0\n"


def _headless_tandem(home, role: str) -> dict:
    """`sideways play --headless --stats` of a Tandem on the Pad Hook, car 0 under the ace autopilot in this role against
    the pro: its stats."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-m", "game", "play", "--headless", "--mode", "tandem", "--track", "sideways_park", "--course", "pad_hook",
                        "--autopilot", "ace", "--role", role, "--lead", "pro", "--stats", "--frame-dt", "0.1", "--size", "320x180",
                        "--quality", "low"], capture_output=True, text=True, timeout=300, cwd=root, env=dict(os.environ, SIDEWAYS_HOME=str(home)))
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1])
