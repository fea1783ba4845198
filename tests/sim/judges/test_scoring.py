"""Drift scoring against hand-computed cases: formula, chains, losses, air, banking, zones, rules file."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from game.cli import main
from game.content.scoring_rules import load_scoring_rules, rules_from_dict
from game.safe_json import DataError
from game.sim import step_events as ev
from game.sim.car import CarState
from game.sim.controls import Controls
from game.sim.judges.scoring import DriftScorer, DriftStats, ScoringRules, credits_for, label_for
from game.sim.judges.zone_judge import ZoneJudge
from game.sim.track import Shape
from tests.support.simdrive import flat_session, set_velocity

DT = 1.0 / 120


@pytest.fixture(scope="module")
def shipped() -> ScoringRules:
    return load_scoring_rules()


@pytest.fixture
def rules(shipped) -> ScoringRules:
    """Shipped rules with round numbers, so the answers are easy to compute by hand."""
    return replace(shipped, base_points_per_s=100.0, reference_angle_deg=30.0, angle_exponent=1.5, reference_speed_mps=20.0,
                   commit_angle_deg=35.0, commit_ramp_s=1.5, commit_bonus=0.5, grace_s=1.0, link_min_drift_s=0.4,
                   multiplier_step=0.5, multiplier_max=4.0, min_angle_deg=8.0, min_speed_mps=6.0, straight_angle_deg=12.0,
                   wall_min_impact_mps=2.5, spin_angle_deg=105.0, spin_min_speed_mps=3.0)


class Feed:
    """Drives a DriftScorer with synthetic car states, step by step."""

    def __init__(self, rules: ScoringRules):
        self.scorer = DriftScorer(rules)
        self.steps = 0
        self.events: list = []

    def hold(self, seconds: float, speed: float = 20.0, angle: float = 0.0, drifting: bool | None = None,
             airborne: bool = False, sim_events=()) -> list:
        out = []
        for i in range(int(round(seconds / DT))):
            self.steps += 1
            s = car_state(self.steps * DT, speed, angle, abs(angle) >= 5 if drifting is None else drifting, airborne)
            out += self.scorer.update(s, list(sim_events) if i == 0 else [], DT)
        self.events += out
        return out

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


def car_state(t: float, speed: float, angle_deg: float, drifting: bool, airborne: bool = False, x=0.0, z=0.0) -> CarState:
    """A car at speed with its travel `angle_deg` off its heading (over 90: going backwards)."""
    s = CarState(x=x, z=z)
    s.t = t
    a = math.radians(angle_deg)
    s.forward, s.lateral = speed * math.cos(a), speed * math.sin(a)
    set_velocity(s, s.forward, s.lateral)
    s.drifting, s.airborne = drifting, airborne
    return s


def wall(value: float) -> ev.Event:
    return ev.Event(ev.WALL_HIT, 0.0, 0.0, 0.0, value)


def test_steady_drift_scores_the_formula(rules):
    f = Feed(rules)
    f.hold(2.0, speed=20, angle=30)  # reference angle and speed, below the commitment angle
    assert f.scorer.pending == pytest.approx(200.0, rel=1e-9)  # 100 points/s x 1 x 1 x 2 s
    f.hold(1.5, speed=20, angle=0)
    assert f.scorer.banked == 200 and f.kinds() == ["chain_start", "banked"]


def test_commitment_rewards_holding_a_big_angle(rules):
    f = Feed(rules)
    f.hold(3.0, speed=30, angle=45)
    # rate = 100 x (45/30)^1.5 x (30/20); commitment ramps 1 -> 1.5 over 1.5 s (mean 1.25), then holds 1.5
    expected = 100 * 1.5**1.5 * 1.5 * (1.5 * 1.25 + 1.5 * 1.5)
    assert f.scorer.pending == pytest.approx(expected, rel=2e-3)
    assert f.scorer.label == label_for(f.scorer.pending, rules) == "Nice"  # about 1137 points
    assert f.scorer.angle_deg == pytest.approx(45)


def test_angle_is_capped_and_too_small_or_too_slow_scores_nothing(rules):
    f = Feed(replace(rules, angle_cap_deg=60.0, commit_bonus=0.0))
    f.hold(1.0, speed=20, angle=80)
    assert f.scorer.pending == pytest.approx(100 * 2**1.5, rel=1e-9)
    g = Feed(rules)
    g.hold(1.0, speed=20, angle=6, drifting=True)  # under min_angle_deg
    g.hold(1.0, speed=5, angle=40)  # under min_speed_mps
    g.hold(1.0, speed=20, angle=30, drifting=False)  # the car's drift flag is off
    assert g.events == [] and g.scorer.pending == 0


def test_two_drifts_within_grace_chain_and_multiply(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(0.5, angle=0)  # inside the 1 s grace
    f.hold(1.0, angle=-30)  # the other way: a transition
    assert f.scorer.chain_drifts == 2 and f.scorer.multiplier == 1.5
    assert f.scorer.pending == pytest.approx(200 * 1.5)
    f.hold(2.0, angle=0)
    assert f.kinds() == ["chain_start", "chain_grow", "banked"]
    assert f.events[-1].points == 300 and f.events[-1].multiplier == 1.5 and f.scorer.banked == 300


def test_drifts_further_apart_than_grace_bank_separately(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(1.5, angle=0)
    f.hold(1.0, angle=30)
    f.hold(1.5, angle=0)
    assert f.kinds() == ["chain_start", "banked", "chain_start", "banked"] and f.scorer.banked == 200


def test_wiggles_shorter_than_link_time_do_not_pump_the_multiplier(rules):
    f = Feed(rules)
    for _ in range(6):
        f.hold(0.2, angle=30)
        f.hold(0.1, angle=0)
    assert f.scorer.multiplier == 1.0 and f.scorer.chain_drifts == 1


def test_multiplier_is_capped(rules):
    f = Feed(replace(rules, multiplier_max=2.0))
    for _ in range(5):
        f.hold(0.5, angle=30)
        f.hold(0.2, angle=0)
    assert f.scorer.chain_drifts == 5 and f.scorer.multiplier == 2.0
    assert f.kinds().count("chain_grow") == 2  # 1.5, 2.0, then capped


def test_wall_hit_loses_the_pending_chain(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(0.5, angle=0)
    f.hold(0.1, angle=0, sim_events=[wall(1.5)])  # a scrape under the threshold is forgiven
    assert f.scorer.in_chain
    f.hold(0.1, angle=0, sim_events=[wall(6.0)])
    lost = f.events[-1]
    assert (lost.kind, lost.reason) == ("lost", "wall") and lost.points == pytest.approx(100.0)
    f.hold(2.0, angle=0)
    assert f.scorer.banked == 0 and f.scorer.stats.chains_lost == 1 and not f.scorer.in_chain


def test_hard_hit_on_another_car_loses_the_chain_like_a_wall(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(0.5, angle=0)
    f.hold(0.1, angle=0, sim_events=[ev.Event(ev.CAR_HIT, 0.0, 0.0, 0.0, 1.5, "3")])  # a nudge is forgiven
    assert f.scorer.in_chain
    f.hold(0.1, angle=0, sim_events=[ev.Event(ev.CAR_HIT, 0.0, 0.0, 0.0, 6.0, "3")])
    assert (f.events[-1].kind, f.events[-1].reason) == ("lost", "car") and not f.scorer.in_chain


def test_spin_out_loses_and_no_chain_until_straight(rules):
    f = Feed(rules)
    f.hold(1.0, angle=40)
    f.hold(0.1, angle=150)  # travelling backwards
    assert f.events[-1].kind == "lost" and f.events[-1].reason == "spin"
    f.hold(1.0, angle=60)  # still sliding wildly: locked out
    assert not f.scorer.in_chain and f.scorer.pending == 0
    f.hold(0.1, angle=0)
    f.hold(1.0, angle=30)
    assert f.scorer.in_chain and f.scorer.pending == pytest.approx(100.0)


def test_spin_while_idle_does_not_start_a_chain(rules):
    f = Feed(rules)
    f.hold(0.5, angle=170)
    assert f.events == []


def test_air_time_does_not_score_but_keeps_the_chain(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(0.5, angle=30, airborne=True)
    f.hold(1.0, angle=30)  # landed still sliding, within grace: the same drift
    assert f.scorer.pending == pytest.approx(200.0) and f.scorer.multiplier == 1.0
    f.hold(1.5, angle=0)
    assert f.scorer.banked == 200 and f.kinds() == ["chain_start", "banked"]


def test_a_jump_longer_than_grace_banks_on_landing(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(2.0, angle=0, airborne=True)  # grace runs out in the air: nothing banks until the car is down
    assert f.kinds() == ["chain_start"]
    f.hold(0.1, angle=30)  # lands sliding: the old chain banks, a new one starts
    assert f.kinds() == ["chain_start", "banked", "chain_start"] and f.scorer.banked == 100


def test_banks_when_grace_ends_with_the_car_straight(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    f.hold(1.0 - 2 * DT, angle=0)
    assert f.scorer.banked == 0 and f.scorer.in_chain
    f.hold(2 * DT, angle=0)
    assert f.scorer.banked == 100 and f.events[-1].t == pytest.approx(2.0)
    g = Feed(rules)
    g.hold(1.0, angle=30)
    g.hold(2.0, speed=4, angle=30)  # too slow to score, but not straight: no banking yet
    assert g.scorer.banked == 0 and g.scorer.in_chain
    g.hold(0.1, speed=4, angle=0)
    assert g.scorer.banked == 100


def test_finish_banks_what_is_pending(rules):
    f = Feed(rules)
    f.hold(1.0, angle=30)
    out = f.scorer.finish(1.0)
    assert [e.kind for e in out] == ["banked"] and f.scorer.banked == 100 and f.scorer.finish(1.0) == []


def test_stats(rules):
    f = Feed(rules)
    f.hold(0.5, speed=25, angle=20)
    f.hold(0.5, speed=10, angle=0)
    f.hold(1.5, speed=20, angle=50)
    f.hold(0.1, speed=30, angle=150)  # a spin: its angle is not a drift angle
    s = f.scorer.stats
    assert s.longest_drift_s == pytest.approx(1.5) and s.longest_drift_m == pytest.approx(30.0)
    assert s.max_angle_deg == pytest.approx(50) and s.top_speed_mps == pytest.approx(30)
    assert s.drift_distance_m == pytest.approx(12.5 + 30.0) and s.chains_lost == 1 and s.score == 0


def test_labels_and_credits(rules):
    assert [label_for(p, rules) for p in (0, 499, 500, 1500, 4000, 10000, 1e9)] == ["", "", "Nice", "Great", "Huge", "Insane", "Legendary"]
    assert credits_for(DriftStats(score=1000, drift_distance_m=500.0), rules) == 1000 // 10 + 200


def test_a_real_handbrake_drift_scores_and_banks(catalog, shipped):
    s = flat_session(catalog, "hatch")
    scorer = DriftScorer(shipped)
    kinds = []
    for c, secs in ((Controls(throttle=1), 3.0), (Controls(throttle=0.7, steer=1, handbrake=True), 1.0),
                    (Controls(throttle=1, steer=1), 1.5), (Controls(throttle=0.5), 3.0)):
        for _ in range(int(secs * 120)):
            kinds += [e.kind for e in scorer.update(s.state, s.step(c), s.dt)]
    assert kinds == ["chain_start", "banked"] and scorer.banked > 100 and scorer.stats.max_angle_deg > 40


def test_zone_run_scores_higher_with_more_angle(shipped, park):
    zone = next(z for z in park.track.drift_zones if z["id"] == "east_sweeper")

    def run(angle: float, offset: float = 0.0):
        judge = ZoneJudge([zone], shipped)
        (ax, az), (bx, bz) = zone["area"].points[1:3]
        events = []
        n = 240
        for i in range(n + 20):
            k = min(i, n) / n  # along the path's middle segment, then leave sideways
            x, z = ax + (bx - ax) * k + offset + (0 if i <= n else 30), az + (bz - az) * k
            events += judge.update(car_state((i + 1) * DT, 25.0, angle, True, x=x, z=z), DT)
        assert [e.kind for e in events] == ["entered", "exited"]
        return events[-1].result

    lazy, committed, wide = run(10), run(40), run(40, offset=6.0)
    assert committed.total > lazy.total and committed.points > lazy.points
    assert committed.angle_score == pytest.approx(100 * 40 / 45) and lazy.speed_score == pytest.approx(100 * 25 / 30)
    assert committed.line_score == pytest.approx(100) and wide.line_score == pytest.approx(100 * (1 - 6 / 8), abs=1)
    assert wide.total < committed.total


def test_zone_without_line_and_too_short_runs(shipped):
    zone = {"id": "box", "name": "Box", "area": Shape("rect", center=(0.0, 0.0), size=(10.0, 10.0))}
    judge = ZoneJudge([zone], shipped)
    for i, x in enumerate((-20, 0, 0, 20)):  # two steps inside: shorter than zone_min_time_s
        out = judge.update(car_state((i + 1) * DT, 20.0, 30.0, True, x=x), DT)
    r = out[0].result
    assert r.line_score is None and not r.counted and r.points == 0
    assert r.total == pytest.approx((20 / 30 * 100 + 2 * 30 / 45 * 100) / 3)


def test_rules_file_errors_are_one_line(shipped, tmp_path):
    data = json.loads((load_scoring_rules.__globals__["SCORING_PATH"]).read_text())
    for key, value, message in (
        ("grace_s", -1, "data/scoring.json: grace_s: must be > 0, got -1"),
        ("grace_z", 1, "data/scoring.json: grace_z: unknown field (did you mean 'grace_s'?)"),
        ("spin_angle_deg", 45, "data/scoring.json: spin_angle_deg: must be >= 90, got 45"),
        ("reference_angle_deg", 80, "data/scoring.json: reference_angle_deg: must be <= angle_cap_deg (60), got 80"),
    ):
        bad = {**data, key: value, **({"angle_cap_deg": 60} if key == "reference_angle_deg" else {})}
        with pytest.raises(DataError) as e:
            rules_from_dict(bad, "data/scoring.json")
        assert str(e.value) == message
    p = tmp_path / "scoring.json"
    p.write_text("{\"grace_s\": 1,}")
    with pytest.raises(DataError, match=r"broken JSON at line 1"):
        load_scoring_rules(p)
    assert len(shipped.digest) == 64 and shipped.grace_s > 0


def test_sim_cli_has_score_columns(capsys, tmp_path):
    p = tmp_path / "in.jsonl"
    p.write_text('{"t": 0, "throttle": 1}\n{"t": 2.5, "throttle": 0.7, "steer": 1, "handbrake": true}\n{"t": 3.5, "throttle": 0.5}\n')
    assert main(["sim", "--car", "hatch", "--surface", "asphalt", "--inputs", str(p), "--seconds", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines[0].split(",")
    assert ",events,score,pending,combo," in lines[0]
    score, pending, combo = head.index("score"), head.index("pending"), head.index("combo")
    last = lines[-1].split(",")
    assert int(last[score]) > 0 and float(last[pending]) == 0.0 and last[combo] == "1"
    assert max(float(x.split(",")[pending]) for x in lines[1:]) > 0
