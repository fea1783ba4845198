"""Verify a replay: re-simulate it headless in its mode, through the same Playback the game plays it with (pure)."""

from __future__ import annotations

from game.sim.replay.format import Replay
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback, RunCues
from game.sim.run.setup import RunSetup


def resimulate(replay: Replay, catalog, world, rules, drivers=None, drift_drivers=None) -> DriftRun:
    """Re-simulate the replay headless in its mode (its AI cars and fleet orders too), finished as the recording was.

    The caller loads the data (scoring rules, the driver roster when the replay has AI cars, and for a Tandem replay
    with a drift driver opponent the drift driver roster): the sim reads no files. A Tandem chase of a replay lead
    carries that lead (format 3); an older one, which does not, cannot be re-simulated (ValueError).
    """
    if (replay.ai_count or replay.fleet_changes) and drivers is None:
        raise ValueError("this replay has AI cars: pass the driver roster it was recorded with")
    if replay.lead_file and replay.lead is None:
        raise ValueError(f"this tandem replay was led by {replay.lead_file}, which is not kept with it")
    if replay.opponent and drift_drivers is None:
        raise ValueError("this tandem replay has a drift driver opponent: pass the drift driver roster (data/drift_drivers.json)")
    return run_replay(RunSetup.of_replay(replay, catalog, world, rules, drivers, drift_drivers), replay)


def run_replay(setup: RunSetup, replay: Replay) -> DriftRun:
    """The replay's run (RunSetup.of_replay) driven through its recording headless, finished as the recording was."""
    run, _ = drive_replay(setup, replay)
    run.finish()
    return run


def drive_replay(setup: RunSetup, replay: Replay) -> tuple[DriftRun, int]:
    """The replay's run driven through its recording headless, not yet finished, and the steps driven: the recording's,
    or fewer where the mode ended the run first (the game records no step after that)."""
    run = DriftRun(setup)
    playback, cues = Playback.of_replay(replay), RunCues(run, setup.drivers)
    for step in range(replay.steps):
        if run.finished:
            return run, step
        run.step(playback.drive(step, step * run.session.dt, cues))
    return run, replay.steps


def verify(replay: Replay, catalog, world, rules, drivers=None, drift_drivers=None) -> tuple:
    """Re-simulate the replay headless in its mode; returns (final CarState, score)."""
    run = resimulate(replay, catalog, world, rules, drivers, drift_drivers)
    return run.session.state, run.score
