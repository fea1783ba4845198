"""Live retuning: editing cars.json during a session changes the car at once; a broken edit keeps the old values."""

from __future__ import annotations

import shutil

import pytest

from tests.support.e2e_helpers import ROOT, run_script

pytestmark = pytest.mark.e2e


def test_editing_grip_while_driving_applies_at_once_and_a_broken_edit_is_refused(tmp_path, home):
    catalog = tmp_path / "cars.json"
    shutil.copy(ROOT / "data" / "cars.json", catalog)
    out = run_script("tests.e2e.retune_checks", str(catalog), env_home=home)
    assert out["grip_before"] == 6.0
    assert out["grip_after_edit"] == 1.5
    assert out["applied_within_s"] < 1.0
    assert abs(out["jump_m"]) < 1.0  # the car kept going where it was
    assert "reloaded" in out["message_after_edit"]
    assert out["grip_after_broken_edit"] == 1.5  # last good values kept
    msg = out["message_after_broken_edit"]
    assert "cars.json: broken JSON at line 1" in msg and "kept the last good values" in msg
    assert out["retuned"] is True
