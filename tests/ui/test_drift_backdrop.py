"""The main menu's drifting backdrop, its drive without a window: the ace drifts the park's course, is staged at the
spawn again lap after lap, the same every time; a map without a course or a broken roster refuses (the menu then parks
the car)."""

from __future__ import annotations

import math

import pytest

from game.sim.ai.drift.driver import body_slip
from game.ui.drift_backdrop import BackdropLap


def _drive(lap: BackdropLap, seconds: float) -> dict:
    most, laps_seen = 0.0, set()
    for _ in range(int(seconds * 60)):
        lap.advance(1 / 60)
        most = max(most, abs(math.degrees(body_slip(lap.session.state))))
        laps_seen.add(lap.lap)
    return {"most_deg": most, "laps": laps_seen, "state": lap.session.state.as_dict()}


@pytest.fixture(scope="module")
def driven(catalog, park):
    return _drive(BackdropLap(park, catalog), 30.0)


def test_the_backdrop_car_drifts_the_course_and_loops(driven):
    assert driven["most_deg"] > 25.0  # sideways, not a drive round
    assert len(driven["laps"]) >= 2  # staged again at the spawn after the finish


def test_the_backdrop_is_the_same_every_time(driven, catalog, park):
    assert _drive(BackdropLap(park, catalog), 30.0)["state"] == driven["state"]


def test_without_a_course_or_drivers_it_refuses(catalog, maps):
    with pytest.raises(ValueError, match="no course"):
        BackdropLap(maps["parking_yard"], catalog)

    class Broken:
        def get(self, who):
            raise ValueError(f"unknown drift driver {who!r}")

    with pytest.raises(ValueError, match="unknown drift driver"):
        BackdropLap(maps["frozen_lake"], catalog, roster=Broken())
