"""A headless run whose picture cannot be written says so in one line and exits non-zero (it used to exit 0, silent)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from tests.support.e2e_helpers import ROOT, last_json

pytestmark = pytest.mark.e2e

CHILD = textwrap.dedent("""
    import sys
    from game.view.boot import screenshot

    screenshot._panda_save = lambda path: False  # Panda3D's saveScreenshot failing, as it does quietly
    from game.cli import main

    sys.exit(main(sys.argv[1:]))
""")


def test_a_picture_that_fails_to_write_is_one_line_and_exit_2(tmp_path, home) -> None:
    shot = tmp_path / "shot.png"
    p = subprocess.run([sys.executable, "-c", CHILD, "play", "--headless", "--frames", "2", "--stats", "--screenshot", str(shot),
                        "--size", "320x180"], capture_output=True, text=True, timeout=240, cwd=ROOT,
                       env={**os.environ, "SIDEWAYS_HOME": str(home)})
    assert p.returncode == 2, p.stderr[-2000:]
    assert f"sideways play: --screenshot {shot}: the picture could not be written\n" in p.stderr
    assert last_json(p.stdout)["frames"] == 2  # the run itself still reports
    assert list(tmp_path.iterdir()) == [home]
