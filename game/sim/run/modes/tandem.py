"""Tandem: a lead and a chase on one of the map's courses, roles swapped each run, judged as a pair, as tandem battles are (pure).

The player (car 0) and a drift driver (car 1, kind RIVAL: a DriftPilot from setup.drift_drivers, or the best run of
setup.lead_replay played back through the one playback path) share the course. Each run stages both at rest: the
lead at the course's spawn, the chase tandem.chase_start_gap_m behind it on the spawn's heading (where the ground
behind is level road; else the chase takes the spawn and the lead is staged ahead). The lead is judged by the course
judge (its solo total; a lead the chase's contact knocked out of its run keeps the run as it stood at the contact),
the chase by the tandem judge (game/sim/judges/tandem/chase_judge.py). A player who chases is watched by a course judge
of its own too (TandemRun.chase_course: Line / Angle / Style as in Qualifying, for the stats' "judging" block; it
scores nothing in the battle, and its call-outs stay off the HUD, which calls the lead's run). A run ends when both
judges are done; the cars roll on for judging.between_runs_s, then the next run is staged with the roles swapped.
A battle is two runs, plus two more for each "one more time" (at most tandem.omt_max); setup.runs caps the runs
(a headless run drives 1), and a replay lead drives one run with the player chasing.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.sim.ai.drift.brief import CHASE, LEAD, DriftBrief
from game.sim.car_contacts import CarContacts, ContactRules
from game.sim.judges.course.run_judge import CourseJudge
from game.sim.judges.scoring import credits_for
from game.sim.judges.tandem import scorecard as tr
from game.sim.judges.tandem.battle import battle_of
from game.sim.judges.tandem.chase_judge import TandemJudge
from game.sim.judges.tandem.scorecard import TandemBattle, TandemRun
from game.sim.models.model_registry import model as model_by_id
from game.sim.run.modes.base import BATTLE, BATTLE_RESULTS, COURSE, TIME_EPS_S, StepResult, track_of
from game.sim.run.modes.course_mode import CourseMode, JudgedResults, course_of
from game.sim.run.playback import Playback, PlaybackController
from game.sim.session import RIVAL

if TYPE_CHECKING:
    from game.sim.ai.drift.skill import DriftRoster
    from game.sim.judges.course.result import CourseResult
    from game.sim.params import CarSpec
    from game.sim.replay.format import Replay
    from game.sim.run.setup import RunSetup
    from game.sim.session import Session

ROLES = (LEAD, CHASE)


@dataclass(frozen=True)
class TandemChoice:
    """Tandem's own choices for a drive (its setup record): car 0's role in the first run and who takes the other car."""

    role: str = CHASE  # the player's role in the first run (a replay lead: always the chase)
    opponent: str = ""  # the drift driver's id or skill level ("" -> the roster's first pro)
    lead_replay: Replay | None = None  # a replay whose best run leads instead of a drift driver
    lead_file: str = ""  # that replay's file name, recorded in the run's replay

    @classmethod
    def of_replay(cls, replay: Replay, lead_replay: Replay | None = None) -> TandemChoice:
        """The choices a Tandem replay was recorded with (its lead replay, if it chased one, passed in)."""
        return cls(replay.role or CHASE, replay.opponent, lead_replay, replay.lead_file)

    def setup_fields(self) -> dict:
        """The RunSetup fields these choices fill."""
        return dict(role=self.role, opponent=self.opponent, lead_replay=self.lead_replay, lead_file=self.lead_file)


@dataclass(frozen=True)
class TandemResults(JudgedResults):
    """The drift statistics with the battle, every run's lead result as the judged runs, and who the opponent was."""

    tandem: TandemBattle
    opponent_name: str
    opponent_car: str  # the opponent's car's name

    def summary(self) -> dict:
        """The judged runs with the battle and the opponent, for the results screen's side-by-side table."""
        return super().summary() | {"tandem": self.tandem, "opponent_name": self.opponent_name, "opponent_car": self.opponent_car}


def first_role(setup: RunSetup) -> str:
    """The player's role in the first run (a replay lead: always the chase); ValueError for another word."""
    if setup.lead_replay is not None:
        return CHASE
    if setup.role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}, got {setup.role!r}")
    return setup.role


def roster_of(setup: RunSetup) -> DriftRoster:
    """The setup's drift driver roster; ValueError (one line) without one."""
    if setup.drift_drivers is None:
        raise ValueError("Tandem needs the drift driver roster (data/drift_drivers.json)")
    return setup.drift_drivers


def opponent_profile(setup: RunSetup):
    """The drift driver who takes the other car (setup.opponent: an id or a skill level; "" the roster's first pro)."""
    return roster_of(setup).get(setup.opponent or "pro")


def opponent_car(setup: RunSetup) -> CarSpec:
    """The opponent's car: the lead replay's as it was driven, or the drift driver's from the setup's catalog."""
    if setup.lead_replay is not None:
        return setup.lead_replay.car_spec(setup.catalog)
    return setup.catalog.car(opponent_profile(setup).car)


def stage_poses(course, rules, world, lead_len: float, chase_len: float) -> tuple[tuple, tuple]:
    """(lead pose, chase pose), each (x, z, heading_deg): the lead at the spawn and the chase behind it, or where the
    ground behind the spawn is not level road of the same surface, the chase at the spawn and the lead ahead."""
    s = course.spawn
    back = 0.5 * (lead_len + chase_len) + rules.chase_start_gap_m  # centre to centre
    h = math.radians(s.heading_deg)
    fx, fz = math.sin(h), math.cos(h)
    behind = (s.x - back * fx, s.z - back * fz, s.heading_deg)
    g0, g1 = world.ground(s.x, s.z), world.ground(behind[0], behind[1])
    if g1[4] == g0[4] and abs(g1[0] - g0[0]) <= rules.stage_level_m:
        return (s.x, s.z, s.heading_deg), behind
    return (s.x + back * fx, s.z + back * fz, s.heading_deg), (s.x, s.z, s.heading_deg)


def make_pilot(mode: Tandem, setup: RunSetup, session: Session):
    """The opponent's controller: a DriftPilot of the setup's drift driver, told its brief by the mode each step; when it
    leads, a LeadGuide keeps it chaseable (it eases off for a chase fallen behind)."""
    from game.sim.ai.drift.lead import LeadGuide
    from game.sim.ai.drift.pilot import pilot_for

    roster = roster_of(setup)
    opponent_profile(setup)  # the driver is there
    rules = setup.rules.tandem
    return pilot_for(roster, setup.opponent or "pro", lambda: mode.drift_brief(1), session.seed, 1,
                     lead_guide_factory=lambda: LeadGuide.of_rules(rules))  # leading, it stays chaseable


class Tandem(CourseMode):
    """A tandem battle on a course against a drift driver (or a replay lead); the score is the player's battle score."""

    id = "tandem"
    name = "Tandem"
    blurb = "Lead and chase against a drift driver: proximity, angle and line behind, the course judge in front; roles swap."
    solo = True  # no fleet: the two cars have the course to themselves
    races_ghost = False
    is_battle = True
    setup_record = TandemChoice
    hud = (COURSE, BATTLE)
    results_panel = BATTLE_RESULTS
    watch_from_results = True  # the battle, both cars, is worth watching again

    @classmethod
    def spawn_for(cls, setup: RunSetup) -> tuple[float, float, float] | None:
        """The player's place in the first run's staging (a map that cannot host the mode is refused by the mode)."""
        track = getattr(setup.world, "track", None)
        if cls.hosting_problem(track) is not None:
            return setup.spawn
        try:
            role, other = first_role(setup), opponent_car(setup)
        except (ValueError, KeyError, AttributeError):
            return setup.spawn  # the mode refuses the setup with its own message
        me = setup.catalog.car(setup.car_id)
        lead, chase = (me, other) if role == LEAD else (other, me)
        poses = stage_poses(course_of(track, setup.course), setup.rules.tandem, setup.world, lead.length_m, chase.length_m)
        return poses[0] if role == LEAD else poses[1]

    def __init__(self, setup: RunSetup, session: Session) -> None:
        super().__init__(setup, session)
        self.course = course_of(track_of(setup.world), setup.course)
        self.judging, self.tandem_rules = setup.rules.judging, setup.rules.tandem
        self._setup = setup
        self._first = first_role(setup)
        self.max_runs = 1 if setup.lead_replay is not None else setup.runs  # 0: a full battle
        self.opponent = self._add_opponent(setup, session)
        r = self.tandem_rules
        session.add_hook(CarContacts(ContactRules(r.contact_passes, r.contact_tolerance_m, r.car_restitution, r.hit_event_min_mps, 1.0),
                                     lambda car: None))
        self.runs: list[TandemRun] = []
        self.battle: TandemBattle = battle_of((), r.omt_margin_points, r.omt_max)
        self._judging = True
        self._stage_at_s: float | None = None
        self._pending: list = []
        self._start_judges(session)

    def _add_opponent(self, setup: RunSetup, session: Session):
        replay = setup.lead_replay
        if replay is not None:
            spec = replay.car_spec(session.catalog)  # the car as it was driven
            part = replay.run_steps(replay.best_run) if replay.best_run is not None else None
            controller, paint, model_id = PlaybackController(Playback.of_replay(replay, part), None), replay.paint, replay.model
            looks = replay.finish, replay.stance
            self.opponent_name = f"replay: {replay.car_id}"
        else:
            profile = opponent_profile(setup)
            spec, paint, model_id = session.catalog.car(profile.car), profile.paint, session.model.id
            looks = profile.finish, profile.stance
            controller = make_pilot(self, setup, session)
            self.opponent_name = profile.name
        me = session.player.spec
        lead, chase = (me, spec) if self._first == LEAD else (spec, me)
        poses = stage_poses(self.course, self.tandem_rules, session.world, lead.length_m, chase.length_m)
        pose = poses[1] if self._first == LEAD else poses[0]  # the opponent takes the other role
        return session.add_car(spec, model_by_id(model_id, spec), controller, pose, kind=RIVAL, collides=True, paint=paint,
                               finish=looks[0], stance=looks[1])

    # -- the mode's API -------------------------------------------------------------------------------------

    @property
    def run_index(self) -> int:
        """The run in progress, or the last one between runs (0-based)."""
        return len(self.runs) - (0 if self._judging else 1)

    @property
    def runs_shown(self) -> int:
        """The pair in progress: 1/2, 2/2, then 3/4 ... after one more time."""
        return self.run_index // 2 * 2 + 2

    def role_of(self, car_index: int, run: int | None = None) -> str:
        """"lead" or "chase": this car's role in a run (the one in progress by default)."""
        run = self.run_index if run is None else run
        player = self._first if run % 2 == 0 else (CHASE if self._first == LEAD else LEAD)
        if car_index == 0:
            return player
        return CHASE if player == LEAD else LEAD

    def lead_index(self, run: int | None = None) -> int:
        """The session index of the lead car in a run."""
        return 0 if self.role_of(0, run) == LEAD else 1

    def drift_brief(self, car_index: int) -> DriftBrief | None:
        """A drift driver in car 0 or 1 drives the course in its role beside the other car, a new brief each run."""
        if car_index not in (0, 1):
            return None
        return DriftBrief(self.course, self.role_of(car_index), 1 - car_index, self.run_index)

    def judging_of(self, car_index: int):
        """The course judge's result of this car's run that the stats describe (the last judged run, else the one in
        progress as it stands): its lead run, or its own run as a chase (the player's only); None where none judged it."""
        if self.runs:
            r = self.runs[-1]
            return r.lead_result if r.lead == car_index else r.chase_course if r.chase == car_index else None
        if self.lead_index() == car_index:
            return self.course_judge.result()
        cj = self.chase_course_judge
        return cj.result() if cj is not None and self.lead_index() != car_index else None

    @property
    def score(self) -> int:
        """The player's battle score, rounded to whole points."""
        return int(round(self.battle.scores[0]))

    def credits(self) -> int:
        """The drift credits plus the player's battle score at a full zone run's worth for 100 points (as Qualifying)."""
        return credits_for(self.scorer.stats, self.rules) + int(self.battle.scores[0] / 100.0 * self.rules.zone_points_max / self.rules.points_per_credit)

    def results(self) -> TandemResults:
        """The drift statistics with the battle, and every run's lead result as the judged runs."""
        return TandemResults(self.id, self.name, self.score, self.scorer.stats, self.credits(), tuple(r.lead_result for r in self.runs), None,
                             self.course, self.battle, self.opponent_name, self.opponent.spec.name)

    def replay_fields(self) -> dict:
        """The course, and what a replay of this run records so it can be re-simulated: the role, the opponent and the
        lead replay."""
        s = self._setup
        lead = s.lead_replay
        roster = s.drift_drivers
        return super().replay_fields() | {"tandem": {"role": self._first, "opponent": "" if lead is not None else (s.opponent or "pro"),
                "drift_drivers_digest": "" if lead is not None or roster is None else getattr(roster, "digest", ""),
                "lead_file": s.lead_file if lead is not None else "",
                "lead_digest": hashlib.sha256(lead.to_bytes()).hexdigest() if lead is not None else ""}}

    def stats_block(self, session: Session) -> dict:
        """"judging": the course judge's result of car 0's part in the run the "tandem" block describes (its lead run,
        or its own run as the chase); "tandem": the run that counts for the player (its last judged run, else the one in
        progress as it stands): gap, terms, totals, contact, free pass, the lead's end."""
        led = self.judging_of(0)
        return ({"judging": led.as_dict()} if led is not None else {}) | {"tandem": self._battle_block(session)}

    # -- judging --------------------------------------------------------------------------------------------

    def _start_judges(self, session: Session) -> None:
        lead = self.lead_index()
        chase = 1 - lead
        t0 = session.t
        spec = lambda i: session.cars[i].spec  # noqa: E731
        self.course_judge = CourseJudge(self.course, self.judging, spec(lead), t0=t0)
        self.tandem_judge = TandemJudge(self.course, self.tandem_rules, spec(lead), spec(chase), lead, chase, t0)
        # the player chasing: its own run judged as in Qualifying too, for its stats (an AI chase needs none)
        self.chase_course_judge = CourseJudge(self.course, self.judging, spec(chase), t0=t0) if chase == 0 else None
        self._lead_noted = False
        self._at_contact: CourseResult | None = None  # the lead's result as it stood when the chase's contact zeroed the chase

    def note_reset(self, t: float) -> None:
        """The player's reset zeroes its part of the run in progress (the lead's run or the chase's)."""
        if not self._judging:
            return
        if self.lead_index() == 0:
            self._pending += self.course_judge.note_reset(t) or []
        else:
            self._pending += self.tandem_judge.note_reset(t)
            if self.chase_course_judge is not None:
                self.chase_course_judge.note_reset(t)  # its call-outs stay off the HUD

    def _judge(self, session: Session, out: StepResult) -> None:
        out.judge_events, self._pending = self._pending, []
        if self._judging:
            lead = self.lead_index()
            chase = 1 - lead
            cars, dt = session.cars, session.dt
            out.judge_events += self.course_judge.update(cars[lead].state, [e for e in out.events if e.car == lead], dt)
            self._note_lead(session.t)
            out.judge_events += self.tandem_judge.update(cars[lead].state, cars[chase].state, out.events, dt)
            cj = self.chase_course_judge
            if cj is not None and not cj.done:  # the player's own run as a chase: judged quietly (the HUD calls the lead's)
                cj.update(cars[chase].state, [e for e in out.events if e.car == chase], dt)
            self._note_contact()
            self._end_run_if_done(session.t)
        elif self._stage_at_s is not None and session.t >= self._stage_at_s - TIME_EPS_S:
            self._stage(session, out)

    def _note_lead(self, t: float) -> None:
        if self.course_judge.done and not self._lead_noted:
            self._lead_noted = True
            self.tandem_judge.lead_ended(t, self.course_judge.result().zero)

    def _note_contact(self) -> None:
        """The chase's contact zero: the lead's run as it stood then is kept, in case the contact costs it its run."""
        if self._at_contact is None and self.tandem_judge.done and self.tandem_judge.result().zero == tr.CONTACT:
            self._at_contact = self.course_judge.result()

    def _end_run_if_done(self, t: float) -> None:
        if self._judging and self.course_judge.done and self.tandem_judge.done:
            lead = self.lead_index()
            lead_result = self.course_judge.result()
            if lead_result.zero is not None and self._at_contact is not None and self._at_contact.zero is None:
                lead_result = self._at_contact  # the zero is the driver's who caused the contact (Formula Drift), not the lead's
            cj = self.chase_course_judge
            if cj is not None and not cj.done:
                cj.finish(t)  # the chase's run ended with the tandem run: as it stood (short of the finish: unfinished)
            self.runs.append(TandemRun(len(self.runs), lead, 1 - lead, lead_result, self.tandem_judge.result(), cj.result() if cj else None))
            r = self.tandem_rules
            self.battle = battle_of(tuple(self.runs), r.omt_margin_points, r.omt_max)
            self._judging = False
            self._stage_at_s = None if self._battle_over() else t + self.judging.between_runs_s

    def _battle_over(self) -> bool:
        return self.battle.decided or (self.max_runs > 0 and len(self.runs) >= self.max_runs)

    def _stage(self, session: Session, out: StepResult) -> None:
        """The next run: both cars at rest, the new lead at its place and the chase at its, fresh judges from the next step."""
        self._judging = True  # run_index now names the new run: the drift briefs change with it
        self._stage_at_s = None
        lead = self.lead_index()
        cars = session.cars
        poses = stage_poses(self.course, self.tandem_rules, session.world, cars[lead].spec.length_m, cars[1 - lead].spec.length_m)
        session.reset_to(poses[0], cars[lead])
        session.reset_to(poses[1], cars[1 - lead])
        self._start_judges(session)
        out.staged = True

    def _over(self, t: float) -> bool:
        return not self._judging and self._battle_over()

    def _close_judges(self, out: StepResult, t: float) -> None:
        out.judge_events, self._pending = self._pending + out.judge_events, []
        if self._judging:  # the session was ended mid-run: what is open is cut, and the run counts
            out.judge_events += self.tandem_judge.finish(t)  # first: a chase cut short is unfinished, not ended by the lead's cut
            out.judge_events += self.course_judge.finish(t)
            self._note_lead(t)
            self._end_run_if_done(t)
            self._judging = False


    def _battle_block(self, session: Session) -> dict:
        if self.runs:
            r = self.runs[-1]
        else:
            lead = self.lead_index()
            r = TandemRun(len(self.runs), lead, 1 - lead, self.course_judge.result(), self.tandem_judge.result())
        end = session.cars[r.lead].state  # the lead's total: zero for a lead error (the chase's free pass)
        return {"role": LEAD if r.lead == 0 else CHASE, **r.chase_result.as_dict(), "lead_total": round(float(r.lead_total), 2),
                "lead_end": {"x": round(end.x, 3), "z": round(end.z, 3), "heading_deg": round(math.degrees(end.heading), 2)}}
