"""The autopilot in the drive loop (no engine): a drift driver drives car 0 through a judged run, its controls recorded like
keys, so the run's replay verifies to the same end; in a mode that briefs none it drives the map's first course."""

from __future__ import annotations

import pytest

from game.content.settings import DEFAULT_BINDINGS, default_settings
from game.driving.drive_loop import DriveLoop
from game.sim.run.autopilot import AutopilotRefused, make_autopilot
from game.sim.run.drift_run import DriftRun
from game.sim.run.setup import RunSetup
from game.sim.run.verify import resimulate, verify

HZ = 120.0
THROTTLE = DEFAULT_BINDINGS["throttle"]["keyboard"][0]


def autopiloted(catalog, world, rules, roster, who="ace", **setup) -> DriveLoop:
    run = DriftRun(RunSetup(catalog, "hatch", world, rules, hz=HZ, seed=7, **setup))
    loop = DriveLoop(run, default_settings(), max_frame_dt=0.05)
    loop.set_autopilot(make_autopilot(run, who, roster))
    return loop


@pytest.fixture(scope="module")
def qualified(catalog, park, rules, roster):
    """An ace's one judged Qualifying run on the park's course, driven through the loop in 0.05 s frames with the keys held."""
    loop = autopiloted(catalog, park, rules, roster, mode="qualifying", runs=1)
    frames = 0
    while not loop.run.finished and frames < 1200:
        loop.frame(0.05, {THROTTLE: 1})  # the autopilot drives: held keys count for nothing
        frames += 1
    return loop


def test_the_autopilot_drives_a_judged_run_to_its_end_and_scores(qualified):
    result = qualified.run.results().best_judged
    assert qualified.run.finished and result is not None
    assert result.finished and result.zero is None and result.total > 50.0  # drifted through to the finish (92.9 now), not rolled to the limit
    assert not qualified.live  # no key drives it


def test_the_autopilots_run_replays_to_the_same_end(qualified, catalog, park, rules):
    replay = qualified.run.replay()
    again = resimulate(replay, catalog, park, rules)
    assert again.session.state.as_dict() == qualified.session.state.as_dict()
    assert again.results().best_judged.as_dict() == qualified.run.results().best_judged.as_dict()
    assert replay.matches(*verify(replay, catalog, park, rules))


def test_in_free_drift_it_drives_the_maps_first_course(catalog, park, rules, roster):
    loop = autopiloted(catalog, park, rules, roster)
    s0 = loop.session.state
    start = (s0.x, s0.z)
    for _ in range(80):  # 4 s
        loop.frame(0.05, {})
    s = loop.session.state
    assert loop.autopilot.briefs.course.id == park.track.courses[0].id
    assert s.speed > 5.0 and (s.x - start[0]) ** 2 + (s.z - start[1]) ** 2 > 100.0


def test_a_map_without_a_course_refuses_it_in_one_line(catalog, maps, rules, roster):
    yard = maps["parking_yard"]
    run = DriftRun(RunSetup(catalog, "hatch", yard, rules, hz=HZ))
    with pytest.raises(AutopilotRefused, match=r"^map 'parking_yard' has no course for the autopilot to drive$"):
        make_autopilot(run, "ace", roster)


def test_an_unknown_driver_names_the_choices(catalog, park, rules, roster):
    run = DriftRun(RunSetup(catalog, "hatch", park, rules, hz=HZ))
    with pytest.raises(AutopilotRefused, match="nobody.*ace"):
        make_autopilot(run, "nobody", roster)


def test_a_reset_starts_the_autopilot_afresh_where_the_car_was_put(catalog, park, rules, roster):
    loop = autopiloted(catalog, park, rules, roster)
    for _ in range(40):
        loop.frame(0.05, {})
    first = loop.autopilot.driver
    loop.reset_car()
    loop.frame(0.05, {})
    assert loop.autopilot.briefs.restarts == 1 and loop.autopilot.driver is not first
    assert loop.run.replay().resets  # the reset is recorded, as the player's is
