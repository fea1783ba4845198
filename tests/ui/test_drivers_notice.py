"""A player's drift_drivers.json with a mistake in it: the first screen says so in one line, and the shipped drivers drive."""

from __future__ import annotations

import json

import pytest

from tests.support.e2e_helpers import run_script

pytestmark = pytest.mark.e2e


def test_a_bad_drift_drivers_file_of_the_players_is_said_on_the_first_screen(home):
    (home / "drift_drivers.json").write_text(json.dumps({"drivers": [{"id": "rin", "consistency": 1.5}]}))
    out = run_script("tests.ui.drivers_notice_flow", env_home=home, timeout=300)
    assert out["screen"] == ["main"]
    said = " ".join(out["notice"].split())  # the panel wraps the one line to its width
    assert said == f"{home / 'drift_drivers.json'}: drivers[rin].consistency: must be <= 1, got 1.5 (playing the shipped drift drivers)"
    assert out["rin_consistency"] == 0.95  # the shipped Rin drives


def test_a_good_one_retunes_the_driver_without_a_word(home):
    (home / "drift_drivers.json").write_text(json.dumps({"drivers": [{"id": "rin", "consistency": 0.6}]}))
    out = run_script("tests.ui.drivers_notice_flow", env_home=home, timeout=300)
    assert out["notice"] is None and out["rin_consistency"] == 0.6
