"""One scored drive: the session, the drift scorer, the zone judge, the recorder and the mode's clock (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.sim.controls import Controls
from game.sim.judges.parking import ParkingEvent, ParkingJudge
from game.sim.replay.format import Replay
from game.sim.replay.recorder import Recorder
from game.sim.run.playback import add_ghost
from game.sim.run.setup import RunSetup
from game.sim.judges.scoring import DriftScorer, ScoreEvent, ScoringRules, credits_for
from game.sim.session import Session
from game.sim.judges.zones import EXITED, ZoneEvent, ZoneJudge, ZoneResult

MODES = {"free": "Free Drift", "timed": "Timed Run", "zones": "Drift Zones", "parking": "Parking"}


def hosted_modes(track) -> tuple[str, ...]:
    """The modes a map can host: zones needs drift zones, parking needs bays with a task."""
    out = ["free", "timed"]
    if track.drift_zones:
        out.append("zones")
    if any(b.task for b in track.bays):
        out.append("parking")
    return tuple(m for m in MODES if m in out)


@dataclass
class StepResult:
    """What one fixed step produced, for the view and sound."""

    events: list = field(default_factory=list)
    score_events: list[ScoreEvent] = field(default_factory=list)
    zone_events: list[ZoneEvent] = field(default_factory=list)
    parking_events: list[ParkingEvent] = field(default_factory=list)


class DriftRun:
    """A session in a mode: every step is quantised and recorded, scored, judged in zones, and timed."""

    def __init__(self, setup: RunSetup):
        catalog, car_id, world, rules, mode, hz = setup.catalog, setup.car_id, setup.world, setup.rules, setup.mode, setup.hz
        spawn, seed, ai_count, drivers, ghost, model = setup.spawn, setup.seed, setup.ai_count, setup.drivers, setup.ghost, setup.model
        self.setup = setup
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        self.mode = mode
        self.rules = rules
        self.session = Session(catalog, car_id, world, hz=hz, spawn=spawn, seed=seed, model=model)
        self.traffic = None
        if ai_count > 0:
            if drivers is None:
                raise ValueError("AI cars need the driver roster (data/drivers.json)")
            from game.sim.ai.traffic import Traffic

            self.traffic = Traffic(self.session, drivers, getattr(getattr(world, "track", None), "ai_targets", ()))
            self.traffic.add_cars(self.session, ai_count)
        self.ghost_car = add_ghost(self.session, ghost) if ghost is not None else None  # the best run, racing along
        self.scorer = DriftScorer(rules)
        zones = getattr(getattr(world, "track", None), "drift_zones", ())
        self.zones = ZoneJudge(zones, rules) if mode == "zones" and zones else None
        self.best_zone: dict[str, ZoneResult] = {}
        self.parking = None
        if mode == "parking":
            track = getattr(world, "track", None)
            if track is None or "parking" not in hosted_modes(track):
                raise ValueError(f"map {getattr(track, 'id', 'pad')!r} has no parking bays: it cannot host the parking challenge")
            spec = self.session.car
            self.parking = ParkingJudge(track, rules, spec.length_m, spec.width_m)
        self.time_limit_s = {"timed": rules.timed_run_s, "zones": rules.zones_run_s, "parking": rules.parking_run_s}.get(mode)
        start = spawn or world.spawn
        self.recorder = Recorder(car_id=car_id, track_id=setup.track_id, mode=mode, seed=seed, hz=hz, catalog_digest=catalog.digest,
                                 rules_digest=rules.digest, created=setup.created, paint=setup.paint or "#ffffff", spawn=start,
                                 track_digest=setup.track_digest,
                                 ai_count=len(self.traffic.cars) if self.traffic else 0,
                                 drivers_digest=drivers.digest if self.traffic else "", model=model)  # fmt: skip
        self.finished = False

    @property
    def score(self) -> int:
        """Banked drift points plus the best run through each zone; in the parking challenge, its tasks' points alone."""
        if self.parking is not None:
            return self.parking.score
        return int(self.scorer.banked + sum(r.points for r in self.best_zone.values()))

    @property
    def time_left_s(self) -> float | None:
        """Seconds left in a timed mode (None in Free Drift)."""
        if self.time_limit_s is None:
            return None
        return max(0.0, self.time_limit_s - self.session.t)

    def step(self, controls: Controls) -> StepResult:
        """One fixed step with these controls (quantised, so a replay reproduces it exactly)."""
        out = StepResult()
        if self.finished:
            return out
        c = self.recorder.record(controls)
        s = self.session
        out.events = s.step(c)
        mine = [e for e in out.events if e.car == 0]
        out.score_events = self.scorer.update(s.state, mine, s.dt)
        if self.zones is not None:
            out.zone_events = self.zones.update(s.state, s.dt)
            self._note_zones(out.zone_events)
        if self.parking is not None:
            st = s.state
            out.parking_events = self.parking.update(st.x, st.z, st.heading_deg, st.speed, s.t, s.dt)
            if self.parking.all_done:
                self._finish_into(out)
                return out
        if self.time_limit_s is not None and s.t >= self.time_limit_s - 1e-9:
            self._finish_into(out)
        elif self.zones is not None and len(self.best_zone) == len(self.zones.zones):
            self._finish_into(out)
        return out

    def reset(self) -> None:
        """The driver puts the car back on the track (recorded, so the replay does it too)."""
        if not self.finished:
            self.recorder.note_reset()
            self.session.reset_to_track()

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
        if delta < 0:
            car = self.traffic.remove_car(self.session) if self.traffic is not None else None
        else:
            if self.traffic is None:
                if drivers is None:
                    raise ValueError("AI cars need the driver roster (data/drivers.json)")
                from game.sim.ai.traffic import Traffic

                self.traffic = Traffic(self.session, drivers, getattr(getattr(self.session.world, "track", None), "ai_targets", ()))
            before = len(self.traffic.cars)
            self.traffic.add_cars(self.session, 1)
            car = self.traffic.cars[-1] if len(self.traffic.cars) > before else None
        if car is not None:
            self.recorder.note_fleet_change(delta, self.traffic.roster.digest)
        return car

    def finish(self) -> StepResult:
        """End the run now (bank what is pending, close open zone runs)."""
        out = StepResult()
        if not self.finished:
            self._finish_into(out)
        return out

    def _finish_into(self, out: StepResult) -> None:
        t = self.session.t
        out.score_events += self.scorer.finish(t)
        if self.zones is not None:
            closed = self.zones.finish(t)
            self._note_zones(closed)
            out.zone_events += closed
        if self.parking is not None:
            self.parking.finish(t)
        self.finished = True

    def _note_zones(self, zone_events: list[ZoneEvent]) -> None:
        for e in zone_events:
            r = e.result
            if e.kind == EXITED and r is not None and r.counted:
                best = self.best_zone.get(r.zone_id)
                if best is None or r.points > best.points:
                    self.best_zone[r.zone_id] = r

    def credits(self) -> int:
        """Credits this run earns (rate in data/scoring.json)."""
        if self.parking is not None:
            return int(self.parking.score / self.rules.points_per_credit)
        return credits_for(self.scorer.stats, self.rules) + int(sum(r.points for r in self.best_zone.values()) / self.rules.points_per_credit)

    def replay(self) -> Replay:
        """The replay of everything driven so far."""
        return self.recorder.finish(self.session.state, self.score)
