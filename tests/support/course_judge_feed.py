"""A hand-built straight course and scripted CarState feeds for the course judge's tests (no physics)."""

from __future__ import annotations

import math
from types import SimpleNamespace

from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.course import FINISH, INNER, OUTER, Clip, Course, Gate, Sector, station_along
from game.sim.judges.course.run_judge import CourseJudge
from game.sim.track import Spawn

# the car: 4.4 m long, 1.8 m wide, wheelbase 2.6 m, track 1.5 m
SPEC = SimpleNamespace(length_m=4.4, width_m=1.8, wheelbase_m=2.6, track_m=1.5)
LINE = ((0.0, -60.0), (0.0, 260.0))  # due north along x = 0: a point's station is z + 60
DT = 1.0 / 60.0
DRIFT_DEG = 40.0
SPEED = 20.0


def _gate(z: float) -> Gate:
    return Gate((-8.0, z), (8.0, z), station_along(LINE, 0.0, z)[0])  # a on the left (-x) driving north


def _clip(cid: str, kind: str, points, full_m: float, zero_m: float) -> Clip:
    xs, zs = zip(*points)
    return Clip(cid, kind, tuple(points), full_m, zero_m, cid.upper(), station_along(LINE, sum(xs) / len(xs), sum(zs) / len(zs))[0])


CLIPS = (
    _clip("c1", INNER, [(3.0, 20.0)], 1.0, 3.0),  # right of the line, station 80
    _clip("z1", OUTER, [(-5.0, 50.0), (-5.0, 70.0)], 1.0, 4.0),  # left of it, stations 110..130
    _clip("c2", INNER, [(3.0, 110.0)], 1.0, 3.0),  # station 170
    _clip("z2", OUTER, [(-5.0, 140.0), (-5.0, 160.0)], 1.0, 4.0),  # stations 200..220
)
SECTORS = (
    Sector("entry", "Entry", "c1", 30.0, 35.0, 40.0, 80.0),
    Sector("mid", "Middle", "z1", 40.0, 35.0, 80.0, 120.0),
    Sector("exit", "Exit", FINISH, 30.0, 35.0, 120.0, 280.0),
)
COURSE = Course("strip", "Test Strip", Spawn(0.0, -60.0, 0.0), _gate(-40.0), _gate(-20.0), _gate(220.0), LINE, 12.0, CLIPS, SECTORS,
                reference_speed_mps=SPEED, time_limit_s=40.0)

# the front bumper's right end is the inner clip's nearest part with the nose 40 deg right: at x = 0 it sits
# 2.2 sin 40 + 0.9 cos 40 = 2.1036 m right of the centre and 2.2 cos 40 - 0.9 sin 40 = 1.1068 m ahead of it
INNER_GAP_M = 3.0 - (2.2 * math.sin(math.radians(40)) + 0.9 * math.cos(math.radians(40)))  # 0.8964
OUTER_GAP_M = 5.0 - 2.0 - (2.2 * math.sin(math.radians(40)) + 0.9 * math.cos(math.radians(40)))  # rear-left end at x = -2
C1_POSE_STATION = 20.0 - (2.2 * math.cos(math.radians(40)) - 0.9 * math.sin(math.radians(40))) + 60.0


def state(t: float, x: float, z: float, heading_deg: float, travel_deg: float, speed: float) -> CarState:
    """A CarState at a pose travelling at `speed` towards travel_deg (forward and lateral as the models fill them)."""
    s = CarState(x=x, z=z, heading=math.radians(heading_deg))
    s.t = t
    tr = math.radians(travel_deg)
    s.vx, s.vz = speed * math.sin(tr), speed * math.cos(tr)
    h = s.heading
    s.forward = s.vx * math.sin(h) + s.vz * math.cos(h)
    s.lateral = s.vx * math.cos(h) - s.vz * math.sin(h)
    return s


def good_x(station: float) -> float:
    """The good line: x = 0 past the inner clips, x = -2 along the outer zones, 5 m ramps between."""

    def ramp(s, a, b):
        return min(1.0, max(0.0, (s - a) / (b - a)))

    return -2.0 * (ramp(station, 100, 105) - ramp(station, 140, 145) + ramp(station, 190, 195))


def good(t: float, station: float):
    """(x, drift angle deg, speed, travel deg) of the well-drifted run: 40 deg all the way at 20 m/s."""
    return good_x(station), DRIFT_DEG, SPEED, 0.0


def drive(plan, judge: CourseJudge | None = None, s0: float = C1_POSE_STATION - 70.0, t_max: float = 60.0, walls=None, dt: float = DT):
    """Feed the judge one state per step from plan(t, station) -> (x, angle, speed, travel); walls: {step: impact m/s}.

    The station advances by speed x dt along the travel (a travel of 180 deg goes back); returns the judge and
    every JudgeEvent it gave."""
    judge = judge or CourseJudge(COURSE, _rules(), SPEC)
    out = []
    station, k = s0, 0
    while not judge.done and k * dt <= t_max:
        t = k * dt
        x, angle, speed, travel = plan(t, station)
        heading = travel + angle
        events = [ev.Event(ev.WALL_HIT, t, x, station - 60.0, walls[k])] if walls and k in walls else []
        out += judge.update(state(t, x, station - 60.0, heading, travel, speed), events, dt)
        station += speed * dt * math.cos(math.radians(travel))
        k += 1
    return judge, out


def _rules():
    from game.content.scoring_rules import load_scoring_rules

    return load_scoring_rules().judging
