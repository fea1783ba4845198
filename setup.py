"""Ship the top-level data/ and assets/ inside the wheel, as game/data and game/assets (found through importlib.resources).

The folders stay at the top of the repository, where players and modders find them; a checkout or an
editable install reads them there (game/paths.py).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("data", "assets")  # top-level folders that travel in the package


class BuildPyWithShippedData(build_py):
    """build_py, then copy data/ and assets/ into the built game package."""

    def run(self):
        super().run()
        for name in SHIPPED:
            target = Path(self.build_lib) / "game" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(HERE / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithShippedData})
