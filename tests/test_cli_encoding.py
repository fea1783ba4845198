"""Every command prints on a terminal that cannot show the names in it (PYTHONIOENCODING=ascii), instead of crashing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ascii_game(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="ascii", SIDEWAYS_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, timeout=120, cwd=ROOT, env=env)


def test_a_car_with_an_accented_name_reports_on_an_ascii_terminal(tmp_path: Path) -> None:
    data = json.loads((ROOT / "data" / "cars.json").read_text(encoding="utf-8"))
    next(c for c in data["cars"] if c["id"] == "hatch")["name"] = "Café Hatch — Ü"
    (tmp_path / "cars.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # the player's own cars.json
    p = _ascii_game("report", "--car", "hatch", home=tmp_path)
    assert p.returncode == 0, p.stderr.decode(errors="replace")[-2000:]
    rows = p.stdout.decode("ascii").splitlines()
    assert rows[3].startswith("Caf? Hatch ? ?  hatch")  # one "?" per character: the table keeps its columns
    assert rows[3].index("hatch") == rows[0].index("id")
