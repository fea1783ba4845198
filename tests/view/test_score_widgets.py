"""Score HUD, results screen, mode select and ghost car, built offscreen in a child process (one ursina app per process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD = "tests.view.score_widgets_child"


@pytest.fixture(scope="module")
def out() -> dict:
    """Run the child once; what it measured."""
    proc = subprocess.run([sys.executable, "-m", CHILD], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_chain_text_follows_the_scorer(out):
    assert out["kinds"] == ["chain_start", "chain_grow", "banked"]  # the script links two drifts and banks them
    assert out["chain_seen"] and out["mismatches"] == []
    assert out["chain_hidden_after_bank"]
    assert out["banked"] > 0 and out["score_text"] == out["score_want"]  # the count-up ends on the banked score


def test_bank_and_loss_make_popups_that_fade(out):
    (head, sub), = out["popups_at_bank"]
    assert head == f"+{out['banked']:,} GREAT CHAIN" and sub == "2 drifts  x1.5"
    assert out["popups_left"] == 0
    assert out["lost_popup"] == "CHAIN LOST \u2014 WALL"


def test_timer_and_zone_banner(out):
    assert out["timer_long"] == ["1:24", True]
    text, rgb = out["timer_short"]
    assert text == "9.5" and rgb[0] > 0.9 and rgb[1] < 0.5  # red under ten seconds
    assert out["timer_hidden"]
    assert out["zone_entered"] == [True, "The Pad", False]
    assert out["zone_result"] == ["+835", ["90", "84", "75"], True]
    assert out["zone_gone"] and out["hud_destroyed"]


def test_score_hud_update_cost_is_measured(out):
    # a few microseconds on a desktop, plus ~0.1 ms of glyph layout on frames where the pending points change: printed
    # to read (tools/bench_frame.py measures the frame), not asserted (a shared machine's timings are noise)
    cost = out["cost_us"]
    assert cost["median"] > 0 and cost["median_with_layout"] > 0  # both paths ran and were timed
    print(f"score HUD update: {cost['median']:.1f} us, {cost['median_with_layout']:.1f} us with glyph layout")


def test_results_screen_keys(out):
    assert out["results_unarmed"] == []  # the key that ended the run does not pick
    calls, message, flags = out["results_save"]
    assert calls == ["save"] and message == "Replay saved: run-7.swr" and flags == [True, False, True]
    assert out["results_menu"] == ["save", "menu"]
    texts = out["results_texts"]
    assert texts["score"] == "5,860" and texts["best"].startswith("NEW PERSONAL BEST!") and "4,100" in texts["best"]
    assert texts["credits"] == "+590 CR" and texts["top"] == "89 mph" and texts["zone"] == ["+860"]
    assert out["results_plain_options"] == ["Drive again", "Main menu"]  # no Save replay without a callback
    assert out["results_again"] == ["again", "menu"]  # Enter on the first option, Esc goes to the menu


def test_mode_select_keys(out):
    assert out["mode_buttons"] == ["Free Drift", "Timed Run", "Drift Zones", "Parking", "Qualifying", "Tandem", "Back"]
    assert out["mode_selected"] == "zones"
    assert out["mode_picks"] == ["zones", "back"]


def test_ghost_follows_the_recording(out):
    assert out["ghost_moved_m"] > 20.0
    assert out["ghost_max_err"] < 1e-3  # float32 scene graph vs float64 sim
    assert out["ghost_mid_err"] < 1e-3  # alpha 0.5 sits halfway between the last two steps
    look = out["ghost_look"]
    assert look["transparent"] and not look["depth_write"] and 0.2 < look["alpha"] < 0.6 and look["shadow"] and look["visible"]
    assert out["ghost_hidden_when_done"] == [True, True]
    assert out["ghost_destroyed"]
