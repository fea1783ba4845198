"""What a run needs, frozen: the car, its model, the map, the mode, the seed, the AI cars and the ghost (pure)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.sim.models.registry import DEFAULT_MODEL


@dataclass(frozen=True)
class RunSetup:
    """One drive as it starts; a DriftRun, the drive scene and the recorder all read it (nothing changes it later)."""

    catalog: object  # game.sim.params.Catalog the run starts with (a live retune replaces the run's, not this)
    car_id: str
    world: object  # game.sim.world.World (or a flat test pad)
    rules: object  # game.sim.judges.scoring.ScoringRules
    mode: str = "free"
    model: str = DEFAULT_MODEL  # the handling model's id (game/sim/models/registry.py)
    hz: float = 120.0  # sim steps per second
    seed: int = 0  # the session seed: every random draw of the run comes from it
    spawn: tuple[float, float, float] | None = None  # (x, z, heading_deg); None: the world's spawn
    paint: str | None = None  # the car's paint as hex; None: the car's own colour
    track_id: str = ""
    track_digest: str = ""  # sha256 of the track file, recorded in the replay
    created: str = ""  # when the run started (local time, ISO), recorded in the replay
    ai_count: int = 0  # AI cars at the start
    drivers: object = None  # game.content.drivers roster (data/drivers.json); needed with AI cars
    ghost: object = None  # a Replay whose car races along as a ghost
    course: str = ""  # Qualifying: the map's course id to drive ("" -> the map's first course)
    runs: int = 0  # Qualifying: judged runs in the session (0 -> the rules' qualifying_runs; a headless run drives 1); Tandem: 0 -> a full battle
    role: str = "chase"  # Tandem: the player's role in the first run ("lead" or "chase")
    opponent: str = ""  # Tandem: the drift driver's id or skill level ("" -> the roster's first pro)
    drift_drivers: object = None  # game.sim.ai.drift_skill.DriftRoster (data/drift_drivers.json); needed by Tandem and the autopilot
    lead_replay: object = None  # Tandem: a Replay whose best run leads instead of an AI opponent (the player chases it, one run)
    lead_file: str = ""  # Tandem: that replay's file name, recorded in this run's replay

    @property
    def car_paint(self) -> str:
        """The paint the car wears: the chosen one, else its own colour."""
        return self.paint or self.catalog.car(self.car_id).color

    def but(self, **changes) -> RunSetup:
        """A copy with these fields changed (a restart in another mode, a replay's own seed)."""
        return replace(self, **changes)
