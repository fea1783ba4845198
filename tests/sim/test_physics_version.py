"""PHYSICS_VERSION is tied to reference trajectories: a change that moves them fails until the version is bumped."""

from __future__ import annotations

import json

from game.sim.physics_version import PHYSICS_VERSION
from tools import physics_golden


def _golden() -> dict:
    return json.loads(physics_golden.golden_path().read_text(encoding="utf-8"))


def test_the_current_version_has_its_reference_trajectories():
    path = physics_golden.golden_path()
    assert path.is_file(), f"no {path.name} for physics {PHYSICS_VERSION}: {physics_golden.BUMP}"
    doc = _golden()
    assert doc["physics"] == PHYSICS_VERSION and len(doc["trajectories"]) == len(physics_golden.CASES) * 2 * 3 + 2


def test_the_sim_still_drives_the_reference_trajectories():
    why = physics_golden.moved(_golden())
    assert why is None, why


def test_a_moved_trajectory_or_judged_run_is_caught():
    """The comparison is not blind: a sample nudged past the tolerance in a copy of the golden data is reported."""
    for key in (next(iter(_golden()["trajectories"])), f"judged/{physics_golden.JUDGED_MAP}/{physics_golden.JUDGED_COURSE}"):
        doc = _golden()
        doc["trajectories"][key][-1][0] += 10 * physics_golden.TOLERANCE
        last = len(doc["trajectories"][key]) - 1
        assert physics_golden.moved(doc) == f"the sim's behaviour changed ({key} moved by 1e-05 at sample {last}): {physics_golden.BUMP}"
