"""What every mode is: a drift scorer, a clock if it has one, a way to end, its score, credits and results (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.sim.judges.scoring import DriftScorer, DriftStats, ScoreEvent, ScoringRules, credits_for
from game.sim.world import FlatWorld

if TYPE_CHECKING:
    from game.sim.run.setup import RunSetup
    from game.sim.session import Session
    from game.sim.track import TrackDef
    from game.sim.world import World

TIME_EPS_S = 1e-9  # a run whose clock reaches its limit within this ends on that step

# The HUD parts a mode's class names (Mode.hud), in plain words: the view builds the widgets of each part named.
DRIFT_SCORE = "drift_score"  # the drift score, the chain, the clock and the zone banner
ZONE_MARKERS = "zone_markers"  # the map's drift zones drawn in the world (their runs on the zone banner)
BAYS = "bays"  # the parking panel, the bay to park in marked in the world and on the minimap
COURSE = "course"  # the course in the world, the judges' strip and their call-outs
BATTLE = "battle"  # the opponent's car, the camera framing both cars, the tandem box

# The results panel a mode's class names (Mode.results_panel): the results screen lays out one of these.
DRIFT_RESULTS = "drift_results"  # the score, the session's drift statistics and any zone runs
PARKING_RESULTS = "parking_tasks"  # the score, the parking statistics and every task
JUDGED_RESULTS = "judged_runs"  # every judged run broken down, the one that counts marked
BATTLE_RESULTS = "battle_results"  # both drivers' runs side by side, the battle's sums and the judges' calls


@dataclass
class StepResult:
    """What one fixed step produced, for the view and sound."""

    events: list = field(default_factory=list)
    score_events: list[ScoreEvent] = field(default_factory=list)
    judge_events: list = field(default_factory=list)  # what the mode's own judges said: zone runs, parking tasks, course call-outs
    staged: bool = False  # the mode put the car back at its start on this step (Qualifying's next run): no interpolation

    def add(self, other: StepResult) -> None:
        """Append another step's output (a frame gathers all of its steps)."""
        self.events += other.events
        self.score_events += other.score_events
        self.judge_events += other.judge_events
        self.staged = self.staged or other.staged


@dataclass(frozen=True)
class ModeResults:
    """What the results screen and the profile take from a finished run; a mode with more to show extends it."""

    mode: str
    mode_name: str
    score: int
    stats: DriftStats
    credits: int

    def summary(self) -> dict:
        """The mode's own entries of the results summary (none here: the drift statistics are in every summary)."""
        return {}


def track_of(world: World | FlatWorld) -> TrackDef:
    """The map of a mode that reads it (Mode.__init__ has refused a flat pad: none of those modes is hosted there)."""
    if isinstance(world, FlatWorld):
        raise ValueError("a flat pad has no map")
    return world.track


COURSE_BOARD = "course"  # a board per course and handling model, a judged total out of 100 (Qualifying)
MAP_BOARD = "map"  # a board per map that hosts the mode, the run's points, models mixed (Timed Run, Drift Zones, Parking)


class Mode:
    """Free driving, scored by the drift scorer; subclasses add a clock, judges and their own end."""

    id: ClassVar[str]
    name: ClassVar[str]  # what the menus and the results screen call it
    blurb: ClassVar[str]  # one line of what it is, for the mode list
    races_ghost: ClassVar[bool] = False  # the personal best races along as a ghost
    open_ended: ClassVar[bool] = False  # no end of its own: a run the player ends is a whole run and may set a best
    traffic_by_default: ClassVar[bool] = False  # AI cars join from the settings without ai_in_timed_modes
    solo: ClassVar[bool] = False  # a solo judged run: the settings never add AI cars (only --ai does)
    on_course: ClassVar[bool] = False  # driven on one of the map's courses (the map picker asks which)
    is_battle: ClassVar[bool] = False  # against an opponent's car: a drift driver (the roster) or a replay that leads
    setup_record: ClassVar[type | None] = None  # the frozen record of the mode's own choices for a drive (None: it has none)
    hud: ClassVar[tuple[str, ...]] = (DRIFT_SCORE,)  # the HUD parts the drive shows
    camera: ClassVar[str] = ""  # the camera the drive starts with ("": the player's choice in the settings)
    results_panel: ClassVar[str] = DRIFT_RESULTS  # what the results screen lays out
    watch_from_results: ClassVar[bool] = False  # the results offer to watch the run's replay
    board: ClassVar[str] = ""  # how its runs rank on the public boards: COURSE_BOARD, MAP_BOARD, or "" (none of its own)

    @classmethod
    def time_limit_s_for(cls, rules: ScoringRules) -> float | None:
        """The run's length from data/scoring.json (None: no clock)."""
        return None

    @classmethod
    def hosting_problem(cls, track) -> str | None:
        """Why this map (None: a flat pad) cannot host the mode, as 'has no ...: it cannot host ...'; None if it can."""
        return None

    @classmethod
    def spawn_for(cls, setup: RunSetup) -> tuple[float, float, float] | None:
        """Where the run starts (x, z, heading_deg): the setup's spawn (None: the world's); a mode may stage it elsewhere."""
        return setup.spawn

    @classmethod
    def ghost_part(cls, replay) -> tuple[int, int] | None:
        """The recorded steps of a best run's replay its ghost drives (None: all of them)."""
        return None

    @classmethod
    def best_variant(cls, track, course: str, model: str) -> str:
        """What else a personal best of this mode belongs to besides car and map ("" in most modes; Qualifying: the
        course and the handling model)."""
        return ""

    @classmethod
    def hosts(cls, track) -> bool:
        """Whether this map can host the mode."""
        return cls.hosting_problem(track) is None

    def __init__(self, setup: RunSetup, session: Session) -> None:
        track = getattr(setup.world, "track", None)
        problem = self.hosting_problem(track)
        if problem is not None:
            raise ValueError(f"map {getattr(track, 'id', 'pad')!r} {problem}")
        self.rules = setup.rules
        self.scorer = DriftScorer(setup.rules)
        self.time_limit_s = self.time_limit_s_for(setup.rules)
        self.finished = False

    @property
    def best_run(self) -> int | None:
        """The judged run that counts (Qualifying), recorded in the replay; None in a mode without judged runs."""
        return None

    def time_left_s(self, t: float) -> float | None:
        """Seconds left on the clock at session time t (None without one)."""
        if self.time_limit_s is None:
            return None
        return max(0.0, self.time_limit_s - t)

    def step(self, session: Session, events: list) -> StepResult:
        """Judge the session's step that made these events; the run ends here when the mode says so."""
        out = StepResult(events=events)
        mine = [e for e in events if e.car == 0]
        out.score_events = self.scorer.update(session.state, mine, session.dt)
        self._judge(session, out)
        if self._over(session.t):
            self._close(out, session.t)
        return out

    def stats_block(self, session: Session) -> dict:
        """The mode's own blocks of `play --stats` (its judges' results as they stand), by name; none here."""
        return {}

    def replay_fields(self) -> dict:
        """What a replay of the run records of the mode besides its id (the course, Tandem's opponent), as the
        recorder's keywords; none here."""
        return {}

    def drift_brief(self, car_index: int):
        """What a drift driver in this car is told (game.sim.ai.drift.brief.DriftBrief), or None: no judged course here."""
        return None

    def note_reset(self, t: float) -> None:
        """The driver reset the car at session time t (a judged run is zeroed by it; nothing else minds)."""

    def finish(self, t: float) -> StepResult:
        """End the run at session time t: bank what is pending, close what the judges have open."""
        out = StepResult()
        if not self.finished:
            self._close(out, t)
        return out

    @property
    def score(self) -> int:
        """The run's score: its banked drift points."""
        return int(self.scorer.banked)

    def credits(self) -> int:
        """Credits the run earns (rates in data/scoring.json)."""
        return credits_for(self.scorer.stats, self.rules)

    def results(self) -> ModeResults:
        """What the results screen shows and the profile banks."""
        return ModeResults(self.id, self.name, self.score, self.scorer.stats, self.credits())

    def _judge(self, session: Session, out: StepResult) -> None:
        """A mode's own judges look at the step (none in free driving)."""

    def _over(self, t: float) -> bool:
        """Whether the run ends on this step: its clock ran out."""
        return self.time_limit_s is not None and t >= self.time_limit_s - TIME_EPS_S

    def _close(self, out: StepResult, t: float) -> None:
        out.score_events += self.scorer.finish(t)
        self._close_judges(out, t)
        self.finished = True

    def _close_judges(self, out: StepResult, t: float) -> None:
        """A mode's own judges close what they have open (none in free driving)."""
