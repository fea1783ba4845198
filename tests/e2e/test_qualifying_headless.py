"""Headless Qualifying: one judged run, the stats' "judging" block, the run over when the judged run is; `judge` agrees."""

from __future__ import annotations

import json

import pytest

from tests.support.e2e_helpers import last_json, run_game

pytestmark = pytest.mark.e2e

# up the park's south road, a flick right at the initiation line that swings wide, then off the course: a short run
DRIVE = [{"t": 0, "throttle": 1}, {"t": 1.25, "throttle": 0.8, "steer": 0.8, "handbrake": True}, {"t": 1.5, "throttle": 0.7, "steer": -0.4}]


def test_one_judged_run_ends_the_headless_session_and_judge_re_judges_it(tmp_path, home):
    inputs = tmp_path / "drive.jsonl"
    inputs.write_text("\n".join(json.dumps(x) for x in DRIVE) + "\n")
    p = run_game("play", "--headless", "--mode", "qualifying", "--track", "sideways_park", "--course", "pad_hook", "--car", "hatch",
                 "--inputs", str(inputs), "--stats", "--frame-dt", "0.05", "--size", "320x180", env_home=home)
    assert p.returncode == 0, p.stderr[-2000:]
    out = last_json(p.stdout)
    judged = out["judging"]
    assert out["mode"] == "qualifying" and out["finished"] and judged["course"] == "pad_hook"
    assert set(judged) >= {"total", "line", "angle", "style", "finished", "zero", "deductions", "clips", "sectors"}
    assert [c["id"] for c in judged["clips"]] == ["c1", "z1", "c2", "z2"] and len(judged["sectors"]) == 3
    # the frames stopped with the run: its time plus the frame that shows the results, not the course's 25 s limit
    assert out["frames"] * 0.05 < judged["time_s"] + 1.0
    assert out["results"]["score"] == round(judged["total"]) and out["results"]["replay_file"].endswith("-qualifying.swr")
    again = run_game("judge", str(home / "replays" / out["results"]["replay_file"]), "--json", env_home=home)
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert len(doc["runs"]) == 1 and doc["judging"] == judged  # the saved run re-judged: exactly the live result


@pytest.mark.parametrize("args, message", [
    (["--mode", "free", "--course", "pad_hook"],
     "sideways play: --course pad_hook: only Qualifying and Tandem drive a course (add --mode qualifying or --mode tandem)"),
    (["--mode", "qualifying", "--course", "nope"],
     "sideways play: --course nope: map 'sideways_park' has no course 'nope' (it has pad_hook)"),
    (["--track", "parking_yard", "--mode", "qualifying"], "sideways play: --mode qualifying: map 'parking_yard' cannot host it"),
])
def test_a_course_that_cannot_be_driven_is_one_line(args, message, home):
    p = run_game("play", "--headless", *args, env_home=home)
    assert p.returncode == 2 and p.stderr.startswith(message) and p.stderr.count("\n") == 1
