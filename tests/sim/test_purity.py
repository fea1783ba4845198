"""The sim stays pure: importing any of its modules (found by walking the package) pulls in neither ursina nor panda3d."""

from __future__ import annotations

import json
import subprocess
import sys

ENGINE = ["ursina", "panda3d", "direct"]

# imports every module of game.sim and game.content in turn; prints how many, and which module first pulled in what
WALK = """
import importlib, json, pkgutil, sys
import game.sim, game.content
engine = set(json.loads(sys.argv[1]))
names = sorted(m.name for p in (game.sim, game.content) for m in pkgutil.walk_packages(p.__path__, p.__name__ + "."))
pulled = {}
for name in names:
    importlib.import_module(name)
    for top in sorted({m.split(".")[0] for m in sys.modules} & engine - set(pulled)):
        pulled[top] = name
print(json.dumps({"modules": len(names), "pulled": pulled}))
"""


def test_importing_every_sim_and_content_module_imports_no_engine():
    proc = subprocess.run([sys.executable, "-c", WALK, json.dumps(ENGINE)], capture_output=True, text=True, check=True)
    found = json.loads(proc.stdout)
    assert found["modules"] > 50  # the walk found the sim's modules, not an empty package
    assert found["pulled"] == {}, f"engine modules pulled in (engine: first module that imported it): {found['pulled']}"
