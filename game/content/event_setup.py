"""How a career event is driven: its car, handling model, map, course, mode, opponent, role and ghost, planned once so the
game, headless play and the tuning tools share one path (pure apart from reading a ghost race's shipped replay)."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.sim.career.event import DONE_ROUND, GHOST, QUALIFYING_ROUND, Cup, Event
from game.sim.run.modes.qualifying import Qualifying
from game.sim.run.modes.registry import mode_class
from game.sim.run.modes.tandem import Tandem
from game.sim.run.setup import RunSetup

if TYPE_CHECKING:
    from game.sim.career.progress import CupRecord
    from game.sim.replay.format import Replay

QUALIFYING_RUNS = 1  # a career Qualifying or ghost race is one judged run (what its targets were tuned on)
BATTLE_RUNS = 0  # a career tandem is a whole battle (its one-more-times included)


@dataclass(frozen=True)
class EventPlan:
    """One event (or a cup's next step) as it will be driven."""

    event: Event | Cup
    car_id: str
    loaned: bool  # the player owns no car the event allows: this one is lent for the event
    model: str  # the handling model id
    track_id: str
    course: str  # "" for the modes without a course
    mode: str  # the registry mode driven (a ghost race is Qualifying; a cup step Qualifying or Tandem)
    opponent: str = ""  # tandem: the drift driver's id
    role: str = "chase"  # tandem: the player's role in the first run
    ghost: Replay | None = None  # a ghost race: the shipped Replay racing along (None: none, or it could not be read)
    ghost_note: str = ""  # why a ghost race has no ghost (one line), else ""
    round: str = ""  # a cup: the step this plan drives (QUALIFYING_ROUND or a bracket round); "" for an event
    planned: CupRecord | None = None  # a cup: the CupRecord (None: none yet) the step was planned on, to settle against the one on disk

    @property
    def runs(self) -> int:
        """The judged runs of the session: one for Qualifying, the whole battle for Tandem."""
        return BATTLE_RUNS if mode_class(self.mode).is_battle else QUALIFYING_RUNS

    @property
    def is_cup(self) -> bool:
        return isinstance(self.event, Cup)


def plan_event(career, event: Event | Cup, profile, catalog, roster=None, rules=None, track_digest: str | None = None) -> EventPlan:
    """The plan of an event for this profile (a cup: its next step, a new attempt's qualifying after the last one ended).

    The car: the equipped one if the event allows it, else the first allowed car owned, else one lent; the model: the
    event's, else the player's choice for that car. A ghost race's ghost is checked against this catalog and the scoring
    rules (None: data/scoring.json's) and the map file's digest (None: read now), so a retuned cars.json races without it
    rather than out of sync."""
    from game.content.profile import handling_for
    from game.sim.career.entry import car_for, model_for

    car_id, loaned = car_for(event, tuple(profile.owned), profile.equipped)
    model = model_for(event, handling_for(profile, catalog.car(car_id)))
    base = EventPlan(event=event, car_id=car_id, loaned=loaned, model=model, track_id=event.map, course=event.course, mode=event.mode)
    if isinstance(event, Cup):
        return _cup_step(career, event, profile, base)
    if event.mode == GHOST:
        ghost, note = _ghost_of(event, catalog, rules, track_digest)
        return replace(base, mode=event.run_mode, ghost=ghost, ghost_note=note)
    if mode_class(event.mode).is_battle:
        return replace(base, opponent=event.opponent, role=event.role)
    return base


def _cup_step(career, cup: Cup, profile, base: EventPlan) -> EventPlan:
    """The cup's next step (base: the plan's car, model and map): its qualifying run (a first or a new attempt), else the
    player's next battle."""
    from game.sim.career.bracket import next_battle

    record = profile.career.cups.get(cup.id) if hasattr(profile, "career") else None
    if record is None or record.round in (QUALIFYING_ROUND, DONE_ROUND):
        return replace(base, planned=record, mode=Qualifying.id, round=QUALIFYING_ROUND)
    nxt = next_battle(cup, record)
    if nxt is None:
        return replace(base, planned=record, mode=Qualifying.id, round=QUALIFYING_ROUND)
    round_, opponent, role = nxt
    return replace(base, planned=record, mode=Tandem.id, opponent=opponent, role=role, round=round_)


def _ghost_of(event: Event, catalog, rules, track_digest: str | None) -> tuple[Replay | None, str]:
    """The shipped replay a ghost race is run against, or None and the one line saying why it cannot race here."""
    from game.content.events import load_ghost
    from game.content.replays import file_digest
    from game.content.tracks import track_path

    try:
        if rules is None:
            from game.content.scoring_rules import load_scoring_rules

            rules = load_scoring_rules()
        digest = track_digest if track_digest is not None else file_digest(track_path(event.map))
        return load_ghost(event, catalog, rules, track_digest=digest), ""
    except Exception as e:  # noqa: BLE001 (DataError, ReplayError, OSError: the race is driven without its ghost)
        return None, f"{event.name}: its ghost could not be loaded ({e})"


def run_setup_for(plan: EventPlan, catalog, world, rules, roster=None, seed: int = 0, paint: str | None = None,
                  track_digest: str | None = None) -> RunSetup:
    """The RunSetup that drives the plan on this world (the event's map) with this seed: one call to run an event in the sim
    (track_digest: the map file's, which the game knows already; None: read now)."""
    digest = track_digest if track_digest is not None else _digest_of(plan.track_id)
    tandem = dict(role=plan.role, opponent=plan.opponent, drift_drivers=roster) if mode_class(plan.mode).is_battle else dict(drift_drivers=roster)
    return RunSetup(catalog, plan.car_id, world, rules, mode=plan.mode, model=plan.model, seed=seed, paint=paint, track_id=plan.track_id,
                    track_digest=digest, created=time.strftime("%Y-%m-%dT%H:%M:%S"), ghost=plan.ghost, course=plan.course,
                    runs=plan.runs, event=plan.event.id, **tandem)


def _digest_of(track_id: str) -> str:
    """The map file's sha256 ("" where it cannot be read)."""
    from game.content.replays import file_digest
    from game.content.tracks import track_path

    try:
        return file_digest(track_path(track_id))
    except OSError:
        return ""
