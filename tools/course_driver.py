"""The scripted runs of issue 20, driven by the game's drift driver (game/sim/ai/drift/driver.py); tools and tests drive them.

GOOD is the driver as it is; SLOPPY the same driver sloppier: a late flick (`late_s`), the clips not aimed at
(`clip_pull` 0), a wider, slower line (simulation) or a wider line with less angle (arcade).
"""

from __future__ import annotations

from game.sim.ai.drift.driver import DriftDriver, make_driver

CAR = "zenith_hyper"  # rear-driven; light enough on the arcade model's grip to hold 35 deg without the handbrake, and it holds a slide on ice
GOOD: dict = {}
SLOPPY = {
    "sim": dict(late_s=0.75, clip_pull=0.0, offset_m=2.5, speed_scale=0.9),
    "arcade": dict(late_s=1.0, clip_pull=0.0, angle_scale=0.6, offset_m=2.0),  # the arcade hold finds the clips and the angle by itself: sloppier
}


def driver_for(session, course, model: str, **params) -> DriftDriver:
    """A drift driver for the session's player car on this course (model: its handling model's id, as the car has it)."""
    return make_driver(session, session.player, course, **params)


def drive_course(catalog, rules, world, track_id: str, model: str, params: dict, car: str = CAR):
    """One judged Qualifying run on the map's first course, driven by the drift driver: (CourseResult, [(t, Controls)] as driven)."""
    from game.sim.run.drift_run import DriftRun
    from game.sim.run.setup import RunSetup

    run = DriftRun(RunSetup(catalog, car, world, rules, mode="qualifying", model=model, runs=1, track_id=track_id))
    s = run.session
    driver = driver_for(s, run.game_mode.course, model, **params)
    driven = []
    while not run.finished and not run.game_mode.judged:
        c = driver(s.state)
        driven.append((s.t, c))
        run.step(c)
    return run.game_mode.judged[0], driven
