"""PHYSICS_VERSION is tied to reference trajectories: a change that moves them fails until the version is bumped."""

from __future__ import annotations

import json

from game.sim.physics_version import PHYSICS_VERSION
from tools import physics_golden

BUMP = "bump PHYSICS_VERSION in game/sim/physics_version.py and run `python tools/physics_golden.py`"


def test_the_current_version_has_its_reference_trajectories():
    path = physics_golden.golden_path()
    assert path.is_file(), f"no {path.name} for physics {PHYSICS_VERSION}: {BUMP}"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["physics"] == PHYSICS_VERSION and len(doc["trajectories"]) == len(physics_golden.CASES) * 2 * 3


def test_the_sim_still_drives_the_reference_trajectories():
    doc = json.loads(physics_golden.golden_path().read_text(encoding="utf-8"))
    why = physics_golden.moved(doc)
    assert why is None, f"the sim's behaviour changed ({why}): {BUMP}"


def test_a_moved_trajectory_is_caught():
    """The comparison is not blind: a sample nudged past the tolerance in a copy of the golden data is reported."""
    doc = json.loads(physics_golden.golden_path().read_text(encoding="utf-8"))
    key = next(iter(doc["trajectories"]))
    doc["trajectories"][key][-1][3] += 10 * physics_golden.TOLERANCE
    why = physics_golden.moved(doc)
    assert why is not None and why.startswith(f"{key} moved by") and why.endswith(f"at sample {len(doc['trajectories'][key]) - 1}")
