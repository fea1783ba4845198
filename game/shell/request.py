"""What a drive is asked to be, frozen: the player's picks (or a career event, or a replay to watch); the planner makes the run."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.content.event_setup import EventPlan
    from game.sim.replay.format import Replay
    from game.sim.run.playback import Playback
    from game.sim.world import World


@dataclass(frozen=True)
class TandemChoice:
    """Tandem's picks: car 0's role in the first run and the other car (a drift driver, or a saved run that leads)."""

    role: str = "chase"  # "chase" or "lead"
    opponent: str = ""  # a drift driver id or skill ("" -> the roster's first pro)
    lead_replay: Replay | None = None  # --lead replay:FILE: a saved run leads instead of a drift driver (car 0 chases it)
    lead_file: str = ""  # ... and its file
    lead_label: str = ""  # ... and whose run it is, for the HUD ("Drift Ace's 92.9": a board's run)


@dataclass(frozen=True)
class DriveRequest:
    """One drive as asked for. Left empty, a pick is the game's: the profile's car, paint and handling, the map shown, the
    settings' AI cars, the pacing's seed, the map's spawn, the personal best as the ghost. `event` and `watch` make it a career event's or a replay's drive."""

    mode: str = "free"  # a mode id of the registry (game/sim/run/modes/registry.py)
    car: str | None = None  # a car id (None: the profile's equipped car)
    paint: str | None = None  # the car's paint as hex (None: the profile's paint for that car, else its own colour)
    model: str | None = None  # a handling model id (None: the profile's choice for that car)
    track: str | None = None  # a map id (None: the map the game shows now)
    course: str = ""  # Qualifying, Tandem: the map's course id ("" -> its first)
    runs: int = 0  # Qualifying, Tandem: judged runs (0: the rules' session, the whole battle)
    ai: int | None = None  # AI cars (None: the settings decide)
    autopilot: str | None = None  # a drift driver id or skill drives car 0 (not a watched replay or a scripted drive)
    seed: int | None = None  # the session seed (None: the pacing's: the clock in a window, a fixed one headless)
    spawn: tuple[float, float, float] | None = None  # (x, z, heading_deg) of car 0 (None: the map's spawn)
    script: Playback | None = None  # --inputs: scripted controls drive car 0
    tandem: TandemChoice | None = None  # Tandem's picks (None: chase the roster's first pro)
    event: EventPlan | None = None  # a career event's plan (car, model, course, opponent, ghost): it decides what it names
    watch: Replay | None = None  # a saved run to watch (nothing is banked or saved)
    ghost: Replay | None = None  # a run that races along as the ghost instead of the personal best (a board's run)
    ghost_label: str = ""  # ... and whose it is, for the HUD ("Drift Ace's 92.9")

    @classmethod
    def watching(cls, replay: Replay) -> DriveRequest:
        """Watch a saved run on its map, in its car and paint (RunSetup.of_replay re-creates it: its cars, the lead it chased)."""
        tandem = TandemChoice(replay.role, replay.opponent, replay.lead, replay.lead_file) if replay.role else None  # a role: Tandem's
        return cls(mode=replay.mode, car=replay.car_id, paint=replay.paint, track=replay.track_id, course=replay.course,
                   runs=replay.runs, spawn=replay.spawn, tandem=tandem, watch=replay)

    def picked(self, mode: str, track: str | None = None, course: str | None = None, tandem: TandemChoice | None = None) -> DriveRequest:
        """A drive picked on the menus, these choices kept: this mode (on this map and course, with these Tandem picks where
        given); the career event driven or the replay watched is not carried over."""
        if track is not None:
            return replace(self, mode=mode, track=track, course=course or "", tandem=tandem or self.tandem, event=None, watch=None,
                           ghost=None, ghost_label="")
        course = self.course if course is None else course
        return replace(self, mode=mode, course=course, tandem=tandem or self.tandem, event=None, watch=None, ghost=None, ghost_label="")

    def but(self, **changes: Any) -> DriveRequest:
        """A copy with these fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Opening:
    """How a game opens: the command line's choices for every drive, and a drive of them at once, a career event, or the
    menus (the mode list when a car was named)."""

    choices: DriveRequest = DriveRequest()  # the menus start each drive from these (game.shell.app.Game.choices)
    drive: bool = False  # drive `choices` at once
    event: str = ""  # --event: open on this career event (a cup: its next step)
    notice: str | None = None  # a line for the first screen
    world: World | None = None  # the first map, built already (None: built now)
    catalog_path: Any = None  # the cars.json watched for live retuning
    quality: str | None = None  # --quality: this run's tier, not saved
