"""The parking judge on hand-placed car poses: inside or not, angle, offset, touches, the stopped timer, stars, points."""

from __future__ import annotations

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.controls import Controls
from game.sim.judges.parking_judge import DONE, HOLDING, TOUCH, ParkingJudge, angle_error_deg, inside_bay
from game.sim.run.drift_run import DriftRun
from game.sim.run.modes.registry import hosted_modes
from game.sim.run.setup import RunSetup
from game.sim.track import Bay, ParkedCar, Prop, Terrain, TrackDef, Wall
from game.sim.world import box_corners

L, W = 4.2, 1.8  # the judged car's footprint (m)
BAY = Bay("b1", 0.0, 10.0, 0.0, 2.7, 5.4, "nose_in", "Nose in")  # spans x -1.35..1.35, z 7.3..12.7
REV = Bay("b2", 20.0, 10.0, 0.0, 2.7, 5.4, "reverse_in")


@pytest.fixture(scope="module")
def rules():
    return load_scoring_rules()


def lot(**kw) -> TrackDef:
    return TrackDef(id="lot", name="Lot", description="", size_m=(100.0, 100.0), default_surface="asphalt", terrain=Terrain(),
                    bays=(BAY, REV), **kw)


def test_angle_error_wants_the_way_the_task_says():
    assert angle_error_deg(3.0, 0.0, "nose_in") == pytest.approx(3.0)
    assert angle_error_deg(-3.0, 0.0, "nose_in") == pytest.approx(3.0)
    assert angle_error_deg(178.0, 0.0, "reverse_in") == pytest.approx(2.0)  # facing out of a bay that points north
    assert angle_error_deg(2.0, 0.0, "reverse_in") == pytest.approx(178.0)
    assert angle_error_deg(268.0, 90.0, "garage") == pytest.approx(2.0)
    assert angle_error_deg(181.5, 0.0, "parallel") == pytest.approx(1.5)  # either way round along the kerb
    assert angle_error_deg(359.0, 0.0, "parallel") == pytest.approx(1.0)


def test_wholly_inside_the_lines_or_not():
    assert inside_bay(box_corners(0.0, 10.0, 0.0, L, W), BAY)
    assert inside_bay(box_corners(0.44, 10.0, 0.0, L, W), BAY)  # 0.9 + 0.44 = 1.34 <= 1.35
    assert not inside_bay(box_corners(0.46, 10.0, 0.0, L, W), BAY)  # a wheel on the line
    assert not inside_bay(box_corners(0.0, 10.0 + 0.61, 0.0, L, W), BAY)  # nose over the back line (2.1 + 0.61 > 2.7)
    # turned 10 degrees: half width across = 0.9 cos 10 + 2.1 sin 10 = 1.251 (inside), 20 degrees: 1.564 (out)
    assert inside_bay(box_corners(0.0, 10.0, 10.0, L, W), BAY)
    assert not inside_bay(box_corners(0.0, 10.0, 20.0, L, W), BAY)


def test_touches_of_cones_parked_cars_and_kerbs(rules):
    track = lot(props=(Prop("cone", 3.0, 10.0),), parked_cars=(ParkedCar(-3.0, 10.0, 0.0),),
                walls=(Wall(((-5.0, 13.0), (5.0, 13.0)), False, 0.15, "kerb"),))
    judge = ParkingJudge(track, rules, L, W)
    # the cone's base (0.27 m) starts 2.73 m from the bay's centre line; the car's side is at x + 0.9
    assert judge.touching(1.84, 10.0, 0.0) == {"cone0"}
    assert judge.touching(1.82, 10.0, 0.0) == set()
    # the parked car's right side is at x = -2.1; ours reaches it from x = -1.2
    assert judge.touching(-1.21, 10.0, 0.0) == {"car0"}
    assert judge.touching(-1.19, 10.0, 0.0) == set()
    # the kerb line at z = 13: our nose is at z + 2.1
    assert judge.touching(0.0, 10.91, 0.0) == {"kerb0"}
    assert judge.touching(0.0, 10.89, 0.0) == set()


def test_stopped_for_one_second_inside_completes_with_stars_and_points(rules):
    judge = ParkingJudge(lot(), rules, L, W)
    dt = 1.0 / 120.0
    t = 0.0
    events = []
    for _ in range(240):  # 2 s driving about
        t += dt
        events += judge.update(0.0, 0.0, 0.0, 3.0, t, dt)
    for _ in range(60):  # in the bay but still rolling: no timer
        t += dt
        events += judge.update(0.0, 10.2, 1.5, 0.5, t, dt)
    assert judge.hold_s == 0.0 and judge.inside
    for _ in range(119):  # stopped 0.99 s
        t += dt
        events += judge.update(0.0, 10.2, 1.5, 0.0, t, dt)
    assert judge.index == 0 and [e.kind for e in events] == [HOLDING]
    t += dt
    events += judge.update(0.0, 10.2, 1.5, 0.0, t, dt)
    done = events[-1]
    assert done.kind == DONE and judge.index == 1 and judge.current.id == "b2"
    r = done.result
    assert (r.id, r.done, r.touches, r.stars) == ("b1", True, 0, 2)
    assert r.angle_err_deg == pytest.approx(1.5) and r.offset_m == pytest.approx(0.2)
    assert r.time_s == pytest.approx(3.5)
    # 1000 - 10 / s * 3.5 s - 400 / m * 0.2 m + 2 stars * 250
    assert r.points == round(1000 - 10 * 3.5 - 400 * 0.2 + 500)


def test_moving_resets_the_timer_and_angle_sets_the_stars(rules):
    judge = ParkingJudge(lot(), rules, L, W)
    dt = 0.5
    judge.update(0.0, 10.0, 4.0, 0.0, 0.5, dt)
    judge.update(0.0, 10.0, 4.0, 0.6, 1.0, dt)  # crept: start again
    assert judge.hold_s == 0.0
    judge.update(0.0, 10.0, 4.0, 0.0, 1.5, dt)
    (e,) = judge.update(0.0, 10.0, 4.0, 0.0, 2.0, dt)
    assert e.kind == DONE and e.result.stars == 1  # 4 degrees: within 5, not within 2
    judge.update(20.0, 10.0, 186.0, 0.0, 2.5, dt)  # reverse into b2, 6 degrees off
    (e,) = judge.update(20.0, 10.0, 186.0, 0.0, 3.0, dt)
    assert e.result.stars == 0 and e.result.time_s == pytest.approx(1.0) and judge.all_done


def test_each_new_touch_is_one_penalty_at_once(rules):
    track = lot(props=(Prop("cone", 3.0, 10.0),))
    judge = ParkingJudge(track, rules, L, W)
    dt = 0.1
    first = judge.update(1.9, 10.0, 0.0, 1.0, 0.1, dt)
    assert [(e.kind, e.value) for e in first] == [(TOUCH, rules.parking_touch_penalty_s)]
    assert judge.update(1.9, 10.0, 0.0, 1.0, 0.2, dt) == []  # still against it: the same touch
    judge.update(0.0, 10.0, 0.0, 1.0, 0.3, dt)
    assert [e.kind for e in judge.update(1.9, 10.0, 0.0, 1.0, 0.4, dt)] == [TOUCH]
    judge.update(0.0, 10.0, 0.0, 0.0, 0.5, dt)
    events = []
    for k in range(10):
        events += judge.update(0.0, 10.0, 0.0, 0.0, 0.6 + 0.1 * k, dt)
    r = events[-1].result
    assert r.touches == 2 and r.penalty_s == 2 * rules.parking_touch_penalty_s
    assert r.points == round(1000 - 10 * (r.time_s + r.penalty_s) + 500)


def test_finish_reports_the_tasks_not_done(rules):
    judge = ParkingJudge(lot(props=(Prop("cone", 3.0, 10.0),)), rules, L, W)
    judge.update(1.9, 10.0, 0.0, 1.0, 4.0, 0.1)
    left = judge.finish(6.0)
    assert [(r.id, r.done, r.touches, r.stars, r.points) for r in left] == [("b1", False, 1, 0, 0), ("b2", False, 0, 0, 0)]
    assert left[0].time_s == pytest.approx(6.0) and left[0].as_stats()["angle_err_deg"] is None
    assert left[0].penalty_s == rules.parking_touch_penalty_s


def test_only_maps_with_bays_host_parking(catalog, park, maps, rules):
    assert "parking" in hosted_modes(maps["parking_yard"].track)
    assert "parking" not in hosted_modes(park.track) and "parking" not in hosted_modes(maps["mountain_pass"].track)
    with pytest.raises(ValueError, match="cannot host the parking challenge"):
        DriftRun(RunSetup(catalog, "hatch", park, rules, mode="parking"))


@pytest.mark.parametrize("model, creep_s", [("arcade", 1.5), ("sim", 5.5)])  # the Simulation car pulls away gently in first
def test_a_scripted_nose_in_park_is_judged_and_scored(catalog, maps, rules, model, creep_s):
    """Creep into bay N6 from the aisle and hold the handbrake: done, square, centred, no touches, two stars."""
    run = DriftRun(RunSetup(catalog, "hatch", maps["parking_yard"], rules, mode="parking", spawn=(-29.5, 48.5, 0.0), model=model))
    events = []
    for i in range(9 * 120):
        c = Controls(throttle=0.35) if i < creep_s * 120 else Controls(handbrake=True)
        events += run.step(c).judge_events
    done = [e.result for e in events if e.kind == DONE]
    assert len(done) == 1 and run.game_mode.parking.current.id == "s5"
    r = done[0]
    assert (r.id, r.done, r.touches, r.stars) == ("n6", True, 0, 2) and r.offset_m < 0.6
    assert run.score == r.points > 1000 and run.credits() == int(r.points / rules.points_per_credit)
    run.finish()
    assert [t.id for t in run.game_mode.parking.results] == ["n6", "s5", "p1", "garage"] and run.finished
