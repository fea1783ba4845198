"""Verify a replay: re-simulate it headless in its mode, through the same Playback the game plays it with (pure)."""

from __future__ import annotations

from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback, RunCues
from game.sim.run.setup import RunSetup


def setup_of(replay: Replay, catalog, world, rules, drivers=None, drift_drivers=None, lead_replay=None, **more) -> RunSetup:
    """The RunSetup a replay was recorded with (its car, mode, model, seed, spawn, AI cars, course; Tandem's role,
    opponent and lead replay), on this data."""
    tandem = {}
    if replay.mode == "tandem":
        tandem = dict(role=replay.role or "chase", opponent=replay.opponent, drift_drivers=drift_drivers, lead_replay=lead_replay,
                      lead_file=replay.lead_file)  # fmt: skip
    return RunSetup(catalog, replay.car_id, world, rules, mode=replay.mode, hz=replay.hz, spawn=replay.spawn, seed=replay.seed,
                    ai_count=replay.ai_count, drivers=drivers, model=replay.model, course=replay.course, runs=replay.runs,
                    track_id=replay.track_id, **tandem, **more)  # fmt: skip


def resimulate(replay: Replay, catalog, world, rules, drivers=None, drift_drivers=None, lead_replay=None) -> DriftRun:
    """Re-simulate the replay headless in its mode (its AI cars and fleet orders too), finished as the recording was.

    The caller loads the data (scoring rules, the driver roster when the replay has AI cars, and for a Tandem replay the
    drift driver roster, or the replay that led): the sim reads no files.
    """
    if (replay.ai_count or replay.fleet_changes) and drivers is None:
        raise ValueError("this replay has AI cars: pass the driver roster it was recorded with")
    if replay.mode == "tandem" and replay.lead_file and lead_replay is None:
        raise ValueError(f"this tandem replay was led by {replay.lead_file}: pass that replay")
    if replay.mode == "tandem" and not replay.lead_file and drift_drivers is None:
        raise ValueError("this tandem replay has a drift driver opponent: pass the drift driver roster (data/drift_drivers.json)")
    run = DriftRun(setup_of(replay, catalog, world, rules, drivers, drift_drivers, lead_replay))
    playback, cues = Playback.of_replay(replay), RunCues(run, drivers)
    for step in range(replay.steps):
        run.step(playback.drive(step, step * run.session.dt, cues))
    run.finish()
    return run


def verify(replay: Replay, catalog, world, rules, drivers=None, drift_drivers=None, lead_replay=None) -> tuple:
    """Re-simulate the replay headless in its mode; returns (final CarState, score)."""
    run = resimulate(replay, catalog, world, rules, drivers, drift_drivers, lead_replay)
    return run.session.state, run.score
