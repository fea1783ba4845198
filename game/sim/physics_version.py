"""The physics version: which behaviour of the sim a replay was recorded on (pure, imports nothing).

Bump PHYSICS_VERSION whenever the sim's behaviour changes (a handling model, the body, contacts, the terrain, the
judges, the drift drivers: anything that makes the same inputs drive or score differently), then run
`python tools/physics_golden.py` to record the new reference trajectories. tests/sim/test_physics_version.py fails
while the trajectories have moved and the version has not; a server ranks only its own version's runs, and a new
version opens fresh boards. Replays recorded before versions existed read as version 0.
"""

from __future__ import annotations

PHYSICS_VERSION = 2
MAX_PHYSICS_VERSION = 10**6  # the highest version a replay header may name
