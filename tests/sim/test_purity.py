"""The sim stays pure: importing it pulls in neither ursina nor panda3d."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_sim_imports_no_engine():
    code = (
        "import sys, game.sim.session, game.sim.world, game.sim.car, game.sim.clock, game.sim.inputs;"
        "import game.sim.ai.fleet, game.sim.ai.scenario, game.sim.ai.personality;"
        "import game.content.catalog, game.content.tracks;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'ursina', 'panda3d', 'direct'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
