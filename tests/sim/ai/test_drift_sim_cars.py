"""Issue 21: the default drift driver (the ace) drifts every course on the simulation model in the hatch too.

The hatch is on the note's original tyre model: a soft, progressive tyre that bites only near 30 deg of slip (a modern
tyre at 3-5), front-heavy, with a rear that grips 1.2x the front per newton and keeps more side grip spinning than at
its traction limit. The old hold (front slip capped at 14 deg, the throttle floored) left it understeering off every
course. The driver reads the tyre from the spec sheet (game/sim/ai/drift/sim_hold.py CarFeel): far more front slip, a
gentler angle loop and a firmer path loop, an earlier flick and transition, the throttle ridden at the traction limit.
The rally lynx drives all four wheels: its front wheels are pointed further into the turn (they pull the nose round),
the handbrake, which opens its centre coupling, is kept for the flick, and the throttle stays in past the aim.
Issue 35: the Pocket Kart drifts too, on a kart's data (hard long-life tyres, a brake on the rear axle alone, a solid
axle, a centrifugal clutch with no pedal). Its handbrake does not let the clutch out, so the driver does not feather it
(that only brakes the rear against the engine) and trails it instead while the kart runs faster than the plan.
Each run is one judged Qualifying run through tools/course_driver.py (about a second each).
"""

from __future__ import annotations

import pytest

from game.content.scoring_rules import load_scoring_rules
from game.sim.ai.drift.sim_hold import car_feel
from tests.support.clean_runs import assert_a_clean_run
from tools.course_driver import drive_course

MAPS = ("sideways_park", "mountain_pass", "frozen_lake")  # pad_hook, first_hairpin, island_loop (ice)
CARS = ("hatch", "bruiser_v8", "rally_lynx", "kart")  # the soft-tyred front-heavy hatch, a modern-tyred rear-driven car, the AWD, the kart


@pytest.fixture(scope="module")
def runs(catalog, park, maps):
    """{(map, car): (CourseResult, [(t, Controls)] as driven)}."""
    rules = load_scoring_rules()
    worlds = {"sideways_park": park, **maps}
    return {(m, car): drive_course(catalog, rules, worlds[m], m, "sim", {}, car=car) for m in MAPS for car in CARS}


@pytest.mark.parametrize("car", CARS)
@pytest.mark.parametrize("track", MAPS)
def test_the_default_driver_finishes_and_scores_at_least_70(runs, track, car):
    r, _ = runs[track, car]
    assert_a_clean_run(r, track, car)


def test_the_driver_reads_the_hatchs_soft_tyres_the_lynxs_four_driven_wheels_and_the_karts_clutch_from_their_specs(catalog):
    hatch = car_feel(catalog.cars["hatch"])
    assert hatch.bite_deg >= 25.0 and not hatch.spin_loosens and not hatch.all_wheel, hatch
    for car in ("kart", "rally_lynx", "vortex_gt", "bruiser_v8", "zenith_hyper"):
        feel = car_feel(catalog.cars[car])
        assert feel.bite_deg <= 8.0 and feel.spin_loosens and feel.all_wheel == (car == "rally_lynx"), (car, feel)
    # only the kart's clutch (centrifugal, no pedal) stays in with the handbrake up
    assert {car: car_feel(spec).lever_declutches for car, spec in catalog.cars.items()} == {car: car != "kart" for car in catalog.cars}


def test_the_hatch_rides_the_throttle_at_its_traction_limit_where_the_bruiser_keeps_its_rear_spinning(runs):
    # on the park's loop, well after the flick: the hatch's throttle eases off whenever the rear wheels spin (the old
    # hold floored it, 1.0, and the spinning rear gripped the car straight)
    def held(car):
        r, driven = runs["sideways_park", car]
        mid = [c for t, c in driven if 9.0 <= t <= 13.0]  # the held loop, well after the flick
        return sum(c.throttle for c in mid) / len(mid)

    hatch, bruiser = held("hatch"), held("bruiser_v8")  # 0.51 and 0.68 when written
    assert hatch < 0.65 and hatch < bruiser - 0.1, (hatch, bruiser)
