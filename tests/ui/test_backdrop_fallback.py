"""The main menu's backdrop in a window (a child process): the drift driver's car drives off with the camera following;
broken data, at the start or mid-lap, parks the player's car instead, with no error."""

from __future__ import annotations

import pytest

CHILD = "tests.ui.backdrop_child"


@pytest.fixture(scope="module")
def found(child_findings):
    return child_findings(CHILD)


def test_the_backdrop_car_drives_off_with_the_camera_following(found):
    assert found["drifting"] and found["moved_m"] > 20.0  # 2 s in: off down the course, not parked
    assert found["camera_to_car_m"] < 20.0  # the camera came along


def test_broken_data_parks_the_car_instead(found):
    for when in ("broken_at_start", "broken_mid_lap"):
        assert found[when]["drifting"] is False and found[when]["parked"] and found[when]["orbit"], when
    assert found["broken_mid_lap"]["paint"] == pytest.approx([0x12 / 255, 0x34 / 255, 0x56 / 255], abs=0.01)  # the player's car in its paint
