"""The recorder: a session's controls step by step (quantised, changes only), its resets and fleet events, into a Replay."""

from __future__ import annotations

from typing import Any

import game
from game.sim.controls import Controls
from game.sim.looks import FACTORY, Stance
from game.sim.mode_ids import MODE_IDS
from game.sim.models.model_registry import DEFAULT_MODEL
from game.sim.params import CarSpec, Catalog
from game.sim.physics_version import PHYSICS_VERSION
from game.sim.replay.format import CarSummary, Replay, quantize
from game.sim.replay.header import MAX_AI


class Recorder:
    """Collects a session's controls step by step (quantised, changes only) and makes the Replay."""

    def __init__(self, *, car_id: str, track_id: str, mode: str, seed: int, hz: float, catalog_digest: str,
                 rules_digest: str, created: str, paint: str = "#ffffff", game_version: str = game.__version__,
                 spawn: tuple[float, float, float] | None = None, track_digest: str = "", ai_count: int = 0,
                 drivers_digest: str = "", model: str = DEFAULT_MODEL, course: str = "", runs: int = 0,
                 tandem: dict | None = None, physics_digest: str = "", lead: Replay | None = None, autopilot: str = "",
                 event: str = "", finish: str = "gloss", stance: Stance = FACTORY):
        if mode not in MODE_IDS:
            raise ValueError(f"mode must be one of {', '.join(MODE_IDS)}, got {mode!r}")
        self._head: dict[str, Any] = dict(car_id=car_id, track_id=track_id, mode=mode, seed=int(seed), hz=float(hz), catalog_digest=catalog_digest,
                          rules_digest=rules_digest, created=created, paint=paint, game_version=game_version,
                          spawn=tuple(map(float, spawn)) if spawn is not None else None, track_digest=track_digest,
                          ai_count=int(ai_count), drivers_digest=drivers_digest, model=model, course=course, runs=int(runs),
                          physics_digest=physics_digest, lead=lead, physics_version=PHYSICS_VERSION, autopilot=autopilot, event=event,
                          finish=finish, stance=stance)
        self._head.update(tandem or {})  # Tandem: role, opponent, drift_drivers_digest, lead_file, lead_digest
        self._orders: list[tuple[int, float, float]] = []
        self._fleet: list[tuple[int, int]] = []
        self._changes: list[tuple[int, Controls]] = []
        self._resets: list[int] = []
        self._stages: list[int] = []
        self._last = Controls()
        self.steps = 0

    def note_reset(self) -> None:
        """The driver put the car back on the track before the next step."""
        self._resets.append(self.steps)

    def note_stage(self) -> None:
        """The mode staged the car at the course's spawn before the next step (Qualifying's next run)."""
        self._stages.append(self.steps)

    def note_autopilot(self, who: str) -> None:
        """A drift driver (an id or a skill level) drives car 0 from now on: the replay says so, whatever drives later."""
        self._head["autopilot"] = self._head["autopilot"] or who

    @property
    def autopilot(self) -> str:
        """The drift driver that drove car 0 at some point ("": the player or a script drove it)."""
        return str(self._head["autopilot"])

    def note_fleet_order(self, x: float, z: float) -> None:
        """The player sent the AI cars to (x, z) before the next step."""
        self._orders.append((self.steps, float(x), float(z)))

    def note_fleet_change(self, delta: int, drivers_digest: str) -> None:
        """An AI car joined (+1) or the newest one left (-1) before the next step; the roster they drive by."""
        self._fleet.append((self.steps, int(delta)))
        self._head["drivers_digest"] = drivers_digest

    def record(self, controls: Controls) -> Controls:
        """Note this step's controls; returns them quantised (step the sim with exactly these)."""
        q = quantize(controls)
        if q != self._last:  # neutral before the first change is implied
            self._changes.append((self.steps, q))
            self._last = q
        self.steps += 1
        return q

    def finish(self, final_state, score: int, best_run: int | None = None, cars: tuple[CarSpec, ...] = ()) -> Replay:
        """The Replay of everything recorded, ending in this state with this score (and, in Qualifying, the run that
        counted), carrying these cars (driven_cars)."""
        return Replay(**self._head, steps=self.steps, final_score=int(score), final=CarSummary.of(final_state), best_run=best_run,
                      changes=tuple(self._changes), resets=tuple(self._resets), fleet_orders=tuple(self._orders),
                      fleet_changes=tuple(self._fleet), stages=tuple(self._stages), cars=cars)


def driven_cars(catalog: Catalog, car_ids: set[str], fleet: bool) -> tuple[CarSpec, ...]:
    """The cars a replay carries, in the catalog's order: these (the player's, a drift driver's) and, with a fleet, the
    catalog's first MAX_AI cars, which AI car i draws from in turn (game/sim/ai/traffic.py: car i % the catalog's count,
    i below MAX_AI), so the fleet drives the same cars from them."""
    return tuple(c for i, c in enumerate(catalog.cars.values()) if c.id in car_ids or (fleet and i < MAX_AI))
