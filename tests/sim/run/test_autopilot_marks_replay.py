"""Whoever drives car 0 is in the replay: in every mode, a run the autopilot drove says so (header "autopilot"), and a
player's or an inputs script's run does not; the fields survive the file and a replay of a replay."""

from __future__ import annotations

import pytest

from game.content.settings import DEFAULT_BINDINGS, default_settings
from game.driving.drive_loop import DriveLoop
from game.sim.controls import Controls
from game.sim.inputs import Timeline
from game.sim.mode_ids import MODE_IDS
from game.sim.replay.format import Replay
from game.sim.run.autopilot import engage
from game.sim.run.drift_run import DriftRun
from game.sim.run.playback import Playback
from game.sim.run.setup import RunSetup
from game.sim.run.verify import run_replay

THROTTLE = DEFAULT_BINDINGS["throttle"]["keyboard"][0]
FRAMES = 20  # a second of 0.05 s frames: enough to have driven


def _loop(mode, catalog, park, maps, rules, roster, script=None) -> DriveLoop:
    world = maps["parking_yard"] if mode == "parking" else park
    run = DriftRun(RunSetup(catalog, "hatch", world, rules, mode=mode, runs=1, drift_drivers=roster, track_id=world.track.id))
    return DriveLoop(run, default_settings(), playback=script, max_frame_dt=0.05)


def _drive(loop: DriveLoop) -> Replay:
    for _ in range(FRAMES):
        loop.frame(0.05, {THROTTLE: 1.0})
    loop.run.finish()
    return loop.run.replay()


@pytest.mark.parametrize("mode", MODE_IDS)
def test_an_autopilot_run_says_so_and_a_players_or_a_scripts_does_not(mode, catalog, park, maps, rules, roster):
    loop = _loop(mode, catalog, park, maps, rules, roster)
    said = engage(loop, "ace", roster)
    replay = Replay.from_bytes(_drive(loop).to_bytes())
    if mode == "parking":  # the parking yard has no course: the autopilot cannot drive there, the player does
        assert said == "No autopilot: map 'parking_yard' has no course for the autopilot to drive" and replay.autopilot == ""
    else:
        assert said == "Autopilot: Rin Takeda" and replay.autopilot == "rin"  # the ace skill level's driver
    players = _drive(_loop(mode, catalog, park, maps, rules, roster))
    script = Playback.of_timeline(Timeline((0.0,), (Controls(throttle=1.0),)))
    scripted = _drive(_loop(mode, catalog, park, maps, rules, roster, script=script))
    assert players.autopilot == "" and scripted.autopilot == "" and players.steps == scripted.steps == FRAMES * 6


def test_autopilot_event_and_physics_survive_the_file_and_a_replay_of_the_replay(catalog, park, rules, roster):
    from game.sim.physics_version import PHYSICS_VERSION

    loop = DriveLoop(DriftRun(RunSetup(catalog, "hatch", park, rules, mode="timed", event="park_warmup", track_id="sideways_park")),
                     default_settings(), max_frame_dt=0.05)
    engage(loop, "rookie", roster)
    replay = Replay.from_bytes(_drive(loop).to_bytes())
    rookie = roster.get("rookie").id
    assert (replay.physics_version, replay.autopilot, replay.event) == (PHYSICS_VERSION, rookie, "park_warmup")
    again = run_replay(RunSetup.of_replay(replay, catalog, park, rules), replay).replay()
    assert (again.physics_version, again.autopilot, again.event) == (PHYSICS_VERSION, rookie, "park_warmup")
    assert again.to_bytes() == replay.to_bytes()  # the same run, byte for byte
