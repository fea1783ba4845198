"""One drive in a mode: the session, the recorder, the AI cars, the ghost and the mode that judges it (pure)."""

from __future__ import annotations

from game.sim.ai.traffic import Traffic
from game.sim.controls import Controls
from game.sim.judges.scoring import DriftScorer
from game.sim.replay.format import Replay
from game.sim.replay.recorder import Recorder, driven_cars
from game.sim.run.modes.base import ModeResults, StepResult
from game.sim.run.modes.registry import mode_class
from game.sim.run.playback import PlaybackController, add_ghost
from game.sim.run.setup import RunSetup
from game.sim.session import GHOST, Session


class DriftRun:
    """A session in a mode: every step is quantised and recorded, then the mode judges it and says when the run is over."""

    def __init__(self, setup: RunSetup):
        catalog, car_id, world, rules, mode, hz = setup.catalog, setup.car_id, setup.world, setup.rules, setup.mode, setup.hz
        seed, ai_count, drivers, ghost, model = setup.seed, setup.ai_count, setup.drivers, setup.ghost, setup.model
        self.setup = setup
        mode_type = mode_class(mode)
        self.mode = mode
        self.rules = rules
        start = mode_type.spawn_for(setup) or world.spawn  # Qualifying stages the car at its course's spawn
        self.session = Session(catalog, car_id, world, hz=hz, spawn=start, seed=seed, model=model)
        self.traffic: Traffic | None = None
        if ai_count > 0:
            self._start_traffic(drivers).add_cars(self.session, ai_count)
        self.ghost_car = add_ghost(self.session, ghost, mode_type.ghost_part(ghost)) if ghost is not None else None  # the best run, racing along
        self.session.player.finish, self.session.player.stance = setup.finish, setup.stance  # looks only
        self.game_mode = mode_type(setup, self.session)
        self.recorder = Recorder(car_id=car_id, track_id=setup.track_id, mode=mode, seed=seed, hz=hz, catalog_digest=catalog.digest,
                                 rules_digest=rules.digest, created=setup.created, paint=setup.paint or "#ffffff", spawn=start,
                                 track_digest=setup.track_digest,
                                 ai_count=len(self.traffic.cars) if self.traffic else 0,
                                 drivers_digest=drivers.digest if self.traffic else "", model=model, runs=setup.runs,
                                 physics_digest=catalog.physics_digest(),
                                 lead=setup.lead_replay.carrying_cars(catalog) if setup.lead_replay is not None else None,
                                 autopilot=setup.autopilot, event=setup.event, finish=setup.finish, stance=setup.stance,
                                 **self.game_mode.replay_fields())

    @property
    def scorer(self) -> DriftScorer:
        """The mode's drift scorer."""
        return self.game_mode.scorer

    @property
    def time_limit_s(self) -> float | None:
        """The mode's clock (None in Free Drift)."""
        return self.game_mode.time_limit_s

    @property
    def finished(self) -> bool:
        """Whether the run is over (its mode ended it, or Finish)."""
        return self.game_mode.finished

    @property
    def score(self) -> int:
        """The mode's score of the run so far."""
        return self.game_mode.score

    @property
    def time_left_s(self) -> float | None:
        """Seconds left in a timed mode (None in Free Drift)."""
        return self.game_mode.time_left_s(self.session.t)

    def step(self, controls: Controls) -> StepResult:
        """One fixed step with these controls (quantised, so a replay reproduces it exactly), judged by the mode."""
        if self.finished:
            return StepResult()
        c = self.recorder.record(controls)
        out = self.game_mode.step(self.session, self.session.step(c))
        if out.staged:
            self.recorder.note_stage()  # a ghost of this run is staged with it (the re-simulation stages itself)
            self._restage_ghost()
        return out

    def _restage_ghost(self) -> None:
        """The next judged run starts: the ghost's best run starts again beside it, from the staging point."""
        g, ghost = self.ghost_car, self.setup.ghost  # a ghost car races along exactly when the setup has a ghost
        if g is not None and ghost is not None and self.game_mode.ghost_part(ghost) is not None:
            self.session.reset_to(ghost.spawn or self.session.world.spawn, g)
            g.controller.restart()

    def note_autopilot(self, who: str) -> None:
        """A drift driver (game/sim/run/autopilot.py) drives car 0 from now on: recorded, so its replay is never a player's."""
        self.recorder.note_autopilot(who)

    @property
    def autopilot(self) -> str:
        """The drift driver that drove car 0 at some point ("": a player's run, or a script's)."""
        return self.recorder.autopilot

    def reset(self) -> None:
        """The driver puts the car back on the track (recorded, so the replay does it too)."""
        if not self.finished:
            self.recorder.note_reset()
            self.session.reset_to_track()
            self.game_mode.note_reset(self.session.t)

    def send_fleet(self, x: float, z: float) -> bool:
        """The player sends the AI cars to (x, z) (recorded, so the replay sends them too); False without AI cars."""
        if self.finished or self.traffic is None:
            return False
        self.recorder.note_fleet_order(x, z)
        self.traffic.send(self.session, x, z)
        return True

    def change_fleet(self, delta: int, drivers=None):
        """An AI car joins (+1, driving by `drivers` if the run had none yet) or the newest one leaves (-1), recorded so
        the replay does it too; the car that joined or left, or None (none to remove, the fleet full, run over)."""
        if self.finished or delta not in (-1, 1):
            return None
        traffic = self.traffic
        if delta < 0:
            if traffic is None:
                return None
            car = traffic.remove_car(self.session)
        else:
            if traffic is None:
                traffic = self._start_traffic(drivers)
            before = len(traffic.cars)
            traffic.add_cars(self.session, 1)
            car = traffic.cars[-1] if len(traffic.cars) > before else None
        if car is not None:
            self.recorder.note_fleet_change(delta, traffic.roster.digest)
        return car

    def _start_traffic(self, drivers) -> Traffic:
        """The run's AI traffic, driving by this roster, on the map's AI targets."""
        if drivers is None:
            raise ValueError("AI cars need the driver roster (data/drivers.json)")
        self.traffic = Traffic(self.session, drivers, getattr(getattr(self.session.world, "track", None), "ai_targets", ()))
        return self.traffic

    def retune(self, catalog) -> None:
        """Live retuning: the run drives on with this catalog, the player's car taking its values from it (not moved)."""
        self.session.catalog = catalog
        self.session.set_car(catalog.car(self.session.car.id))

    def finish(self) -> StepResult:
        """End the run now (bank what is pending, close open zone runs)."""
        return self.game_mode.finish(self.session.t)

    def credits(self) -> int:
        """Credits this run earns (rates in data/scoring.json)."""
        return self.game_mode.credits()

    def results(self) -> ModeResults:
        """What the results screen shows and the profile banks."""
        return self.game_mode.results()

    def replay(self) -> Replay:
        """The replay of everything driven so far, carrying the cars as the run started with them (a lead replay's and
        a ghost's cars are theirs to carry)."""
        ids = {car.spec.id for car in self.session.cars if car.kind != GHOST and not isinstance(car.controller, PlaybackController)}
        cars = driven_cars(self.setup.catalog, ids | {self.setup.car_id}, self.traffic is not None)
        return self.recorder.finish(self.session.state, self.score, self.game_mode.best_run, cars)
