"""The developer tools docs/development.md and docs/performance.md name still run: a renamed function once broke tools/screenshots.py unnoticed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, home: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, SIDEWAYS_HOME=str(home))
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env)


def test_screenshots_tool_renders_the_menu(tmp_path):
    p = _run("tools/screenshots.py", "--out", str(tmp_path / "shots"), "--size", "640x360", "menu", home=tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == "menu: ok", p.stdout + p.stderr[-2000:]
    img = np.asarray(Image.open(tmp_path / "shots" / "menu.png").convert("RGB")).astype(float)
    assert img.shape == (360, 640, 3) and img.std() > 20  # a picture, not a blank frame


def test_frame_benchmark_prints_a_row_and_start_times(tmp_path):
    p = _run("tools/bench_frame.py", "--frames", "40", "--tiers", "low", "--sizes", "320x180", "--starts", "1", "--ai", "0",
             "--json", str(tmp_path / "runs.json"), home=tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    assert any(line.startswith("low 320x180") for line in p.stdout.splitlines())
    runs = json.loads((tmp_path / "runs.json").read_text())
    drive = next(r for r in runs if "frame_ms" in r)
    assert drive["dual_pass"] == 0 and drive["frame_ms"]["p50"] > 0
    starts = next(r for r in runs if "start_fresh_s" in r)
    assert all(0 < t[0] < 60 for t in starts["start_fresh_s"] + starts["start_cached_s"])


@pytest.mark.desktop
def test_window_benchmark_runs_tiers_interleaved_in_one_window(tmp_path):
    p = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 640x360x24", sys.executable, "tools/bench_window.py", "--frames", "50",
                        "--size", "640x360", "--ai", "1", "--tiers", "low,high", "--json", str(tmp_path / "w.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, env=dict(os.environ, SIDEWAYS_HOME=str(tmp_path)))
    assert p.returncode == 0, p.stderr[-2000:]
    lines = [json.loads(s) for s in p.stdout.splitlines() if s.startswith("{")]
    assert [r["tier"] for r in lines if "tier" in r] == ["low", "high"]  # each tier drawn, in the order asked
    low, high = (r for r in lines if "summary" in r)
    assert (low["summary"], low["vs_low"], high["summary"]) == ("low", 1.0, "high")
    assert high["vs_low"] == round(high["frame_ms_p50"] / low["frame_ms_p50"], 2)
    assert high["vertices"] > low["vertices"] > 0  # High draws the fuller world (props, terrain)
    assert json.loads((tmp_path / "w.json").read_text())["summary"] == [low, high]


def test_drift_sweep_prints_a_style_table_with_the_styles_a_car_cannot_do_marked(tmp_path):
    """--initiations: one row per style, car and model; the kart cannot clutch-kick on Simulation (the driver data says so),
    so that row is n/a, not a run; a summary line per style and one for all."""
    p = _run("tools/drift_sweep.py", "--cars", "kart,zenith_hyper", "--models", "sim", "--tracks", "mountain_pass", "--initiations",
             "clutch_kick,flick", home=tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr[-2000:]
    rows = {tuple(line.split()[:3]): line.split()[3] for line in p.stdout.splitlines() if line.split()[:1] in (["clutch_kick"], ["flick"])}
    assert rows[("clutch_kick", "kart", "sim")] == "n/a" and float(rows[("clutch_kick", "zenith_hyper", "sim")].rstrip("*")) >= 70.0, p.stdout
    assert "clutch_kick: 1 runs  >=70: 1" in p.stdout and "all styles: 3 runs" in p.stdout, p.stdout
    bad = _run("tools/drift_sweep.py", "--initiations", "moonwalk", home=tmp_path)
    assert bad.returncode == 2 and "unknown initiation style 'moonwalk'" in bad.stderr, bad.stderr
