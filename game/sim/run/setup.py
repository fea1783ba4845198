"""What a run needs, frozen: the car, its model, the map, the mode, the seed, the AI cars and the ghost (pure)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.sim.looks import FACTORY, Stance
from game.sim.models.model_registry import DEFAULT_MODEL

if TYPE_CHECKING:
    from game.sim.ai.drift.skill import DriftRoster
    from game.sim.ai.personality import DriverRoster
    from game.sim.judges.scoring import ScoringRules
    from game.sim.params import Catalog
    from game.sim.replay.format import Replay
    from game.sim.world import FlatWorld, World


GAME_HZ = 120.0  # the sim steps per second the game drives at


@dataclass(frozen=True)
class RunSetup:
    """One drive as it starts; a DriftRun, the drive scene and the recorder all read it (nothing changes it later)."""

    catalog: Catalog  # the catalog the run starts with (a live retune replaces the run's, not this)
    car_id: str
    world: World | FlatWorld  # a map, or a flat test pad
    rules: ScoringRules
    mode: str = "free"
    model: str = DEFAULT_MODEL  # the handling model's id (game/sim/models/model_registry.py)
    hz: float = GAME_HZ  # sim steps per second
    seed: int = 0  # the session seed: every random draw of the run comes from it
    spawn: tuple[float, float, float] | None = None  # (x, z, heading_deg); None: the world's spawn
    paint: str | None = None  # the car's paint as hex; None: the car's own colour
    track_id: str = ""
    track_digest: str = ""  # sha256 of the track file, recorded in the replay
    created: str = ""  # when the run started (local time, ISO), recorded in the replay
    ai_count: int = 0  # AI cars at the start
    drivers: DriverRoster | None = None  # the AI drivers (data/drivers.json); needed with AI cars
    ghost: Replay | None = None  # a replay whose car races along as a ghost
    course: str = ""  # Qualifying: the map's course id to drive ("" -> the map's first course)
    runs: int = 0  # Qualifying: judged runs in the session (0 -> the rules' qualifying_runs; a headless run drives 1); Tandem: 0 -> a full battle
    role: str = "chase"  # Tandem: the player's role in the first run ("lead" or "chase")
    opponent: str = ""  # Tandem: the drift driver's id or skill level ("" -> the roster's first pro)
    drift_drivers: DriftRoster | None = None  # the drift drivers (data/drift_drivers.json); needed by Tandem and the autopilot
    lead_replay: Replay | None = None  # Tandem: a replay whose best run leads instead of an AI opponent (the player chases it, one run)
    lead_file: str = ""  # Tandem: that replay's file name, recorded in this run's replay
    autopilot: str = ""  # a replay re-created: the drift driver that drove car 0 when it was recorded (a live autopilot notes itself)
    event: str = ""  # the career event's id when the run is one, recorded in the replay
    finish: str = "gloss"  # the paint's finish (looks only), recorded in the replay when not gloss
    stance: Stance = FACTORY  # the car's stance (looks only), recorded in the replay when not the factory one

    @classmethod
    def of_replay(cls, replay: Replay, catalog: Catalog, world: World | FlatWorld, rules: ScoringRules,
                  drivers: DriverRoster | None = None, drift_drivers: DriftRoster | None = None) -> RunSetup:
        """The run a replay was recorded as, re-created: its cars as they were driven (this catalog's for a replay from
        before they were kept), mode, model, seed, spawn, paint and looks, AI cars, course and runs, Tandem's role and opponent
        and the replay that led, the autopilot that drove it and its career event, on this map and these rules (the one way a replay becomes a run)."""
        return cls(replay.run_catalog(catalog), replay.car_id, world, rules, mode=replay.mode, model=replay.model, hz=replay.hz,
                   seed=replay.seed, spawn=replay.spawn, paint=replay.paint, track_id=replay.track_id, track_digest=replay.track_digest,
                   created=replay.created, ai_count=replay.ai_count, drivers=drivers, course=replay.course, runs=replay.runs,
                   role=replay.role or "chase", opponent=replay.opponent, drift_drivers=drift_drivers, lead_replay=replay.lead,
                   lead_file=replay.lead_file, autopilot=replay.autopilot, event=replay.event, finish=replay.finish, stance=replay.stance)

    @property
    def car_paint(self) -> str:
        """The paint the car wears: the chosen one, else its own colour."""
        return self.paint or self.catalog.car(self.car_id).color

    def but(self, **changes: Any) -> RunSetup:
        """A copy with these fields changed (a restart in another mode, a replay's own seed)."""
        return replace(self, **changes)
