"""`sideways judge FILE.swr`: a saved Qualifying run re-judged gives exactly the live result; bad files are one line."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.cli import main
from game.content.catalog import load_catalog
from game.content.replays import file_digest
from game.content.scoring_rules import load_scoring_rules
from game.content.tracks import track_path
from game.sim.controls import Controls
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup

# up the road past the start and initiation lines, a flick right that swings wide, then straight on off the course
PLAN = [(Controls(throttle=1.0), 150), (Controls(throttle=0.8, steer=0.8, handbrake=True), 30), (Controls(throttle=0.7, steer=-0.4), 600)]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory, park):
    """A two-run Qualifying session on the park's course, driven live, and its replay saved: (live run, file)."""
    catalog, rules = load_catalog(), load_scoring_rules()
    setup = RunSetup(catalog, "hatch", park, rules, mode="qualifying", track_id="sideways_park",
                     track_digest=file_digest(track_path("sideways_park")), created="2026-12-01T18:00:00")
    run = DriftRun(setup)
    while not run.finished:
        for c, n in PLAN:
            for _ in range(n):
                if not run.finished:
                    run.step(c)
    path = tmp_path_factory.mktemp("replays") / "q.swr"
    path.write_bytes(run.replay().to_bytes())
    return run, path


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEWAYS_HOME", str(tmp_path / "home"))
    return tmp_path


def _judge(capsys, *args) -> tuple[int, str, str]:
    code = main(["judge", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_equals_the_live_result_exactly(recorded, home, capsys):
    run, path = recorded
    code, out, err = _judge(capsys, path, "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    live = run.results()
    assert len(live.judged) == 2 and doc["runs"] == [r.as_dict() for r in live.judged]
    assert doc["best_run"] == live.best_run and doc["judging"] == live.best_judged.as_dict()
    assert doc["judging"]["course"] == "pad_hook" and doc["judging"]["deductions"]  # something to show: it was judged


def test_the_breakdown_lists_every_run_clip_sector_and_deduction(recorded, home, capsys):
    run, path = recorded
    code, out, _ = _judge(capsys, path)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}: Qualifying on Pad Hook (pad_hook), map sideways_park, car hatch, arcade model")
    best = run.results().best_judged
    assert sum(line.startswith("Run ") for line in lines) == 2 and f"Run 1: {best.total:.1f} / 100" in out
    for c in best.clips:
        assert any(line.split()[:2] == [c.id, c.kind] for line in lines)
    for s in best.sectors:
        assert any(line.split()[:2] == [s.id, "mean"] for line in lines)
    for d in best.deductions:
        assert any(line.split()[:3] == [d.kind, "at", f"{d.at_s:.2f}"] for line in lines)
    if best.zero:
        assert f"ZERO: {best.zero}" + (f" ({best.zero_detail})" if best.zero_detail else "") in out
    assert lines[-1] == f"Counts: run {run.results().best_run + 1}, {run.score} points"


def _one_line(capsys, *args) -> str:
    code, out, err = _judge(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("sideways judge: ")
    return err.strip()


def test_a_bad_file_an_unjudged_replay_and_an_out_of_sync_one_are_one_line(recorded, home, capsys, park):
    run, path = recorded
    junk = home / "junk.swr"
    junk.write_bytes(b"not a replay")
    assert _one_line(capsys, junk) == f"sideways judge: {junk}: not a Sideways replay (no SWRP signature)"
    assert _one_line(capsys, home / "missing.swr").startswith(f"sideways judge: {home / 'missing.swr'}: ")
    free = DriftRun(dataclasses.replace(run.setup, mode="free"))
    for _ in range(10):
        free.step(Controls(throttle=1.0))
    fpath = home / "free.swr"
    fpath.write_bytes(free.replay().to_bytes())
    assert _one_line(capsys, fpath) == f"sideways judge: {fpath}: a free replay has no judged runs (only Qualifying is judged)"
    bent = home / "bent.swr"
    bent.write_bytes(dataclasses.replace(run.replay(), final_score=run.score + 3).to_bytes())
    assert "did not end where the recording did" in _one_line(capsys, bent)
