"""Record the inputs file of the test boards' Qualifying run: the ace autopilot's controls of one judged run on the park's
Pad Hook (hatch, Arcade), saved once as --inputs JSON Lines, so tests drive it as a player's script, not the autopilot.

    python tools/board_inputs.py     # writes tests/support/data/qualifying_pad_hook.jsonl

It replays with `sideways play --headless --mode qualifying --track sideways_park --course pad_hook --car hatch
--model arcade --inputs tests/support/data/qualifying_pad_hook.jsonl --stats`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from game.content.drift_drivers import load_drift_drivers  # noqa: E402
from game.content.settings import default_settings  # noqa: E402
from game.driving.drive_loop import DriveLoop  # noqa: E402
from game.server.shipped import Shipped  # noqa: E402
from game.sim.inputs import Timeline, dump_inputs  # noqa: E402
from game.sim.run.autopilot import make_autopilot  # noqa: E402
from game.sim.run.drift_run import DriftRun  # noqa: E402
from game.sim.run.setup import GAME_HZ, RunSetup  # noqa: E402

OUT = ROOT / "tests" / "support" / "data" / "qualifying_pad_hook.jsonl"
FRAME_DT = 1 / 60


def main() -> int:
    shipped = Shipped.load()
    setup = RunSetup(shipped.catalog, "hatch", shipped.world("sideways_park"), shipped.rules, mode="qualifying", model="arcade",
                     course="pad_hook", runs=1, track_id="sideways_park")
    run = DriftRun(setup)
    loop = DriveLoop(run, default_settings(), max_frame_dt=FRAME_DT)
    loop.set_autopilot(make_autopilot(run, "ace", load_drift_drivers()))
    while not run.finished:
        loop.frame(FRAME_DT, {})
    replay = run.replay()
    # each change half a step early: the step it was recorded on reads it whatever the float rounding of step / hz
    times = tuple(max(0.0, (step - 0.5) / GAME_HZ) for step, _ in replay.changes)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump_inputs(Timeline(times, tuple(c for _, c in replay.changes))), encoding="utf-8")
    best = run.results().best_judged
    print(f"wrote {OUT.relative_to(ROOT)}: {replay.steps} steps ({replay.seconds:.2f} s), judged {best.total:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
