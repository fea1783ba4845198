"""Stars from a score against the targets, and settling runs into the career: best kept, each star paid once."""

from __future__ import annotations

import math

from game.sim.career.progress import CareerProgress, EventRecord
from game.sim.career.stars import settle_event, stars_for
from tests.support.career_fixtures import career


def test_stars_count_the_targets_reached_and_a_target_hit_exactly_counts():
    t = (40, 60, 80)
    assert [stars_for(s, t) for s in (0, 39.9, 40, 59, 60, 79.99, 80, 200)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert stars_for(float("nan"), t) == 0 and stars_for(math.inf, t) == 0 and stars_for(-5, t) == 0


def test_a_first_run_records_its_best_pays_its_stars_and_a_lower_replay_changes_nothing():
    c = career()
    ev = c.get("park_opener")
    p1, o1 = settle_event(c, CareerProgress(), ev, 65.7, replay="a.swr", date="20261201-230000")
    assert (o1.stars, o1.stars_before, o1.stars_after, o1.new_stars, o1.credits) == (2, 0, 2, 2, 200)
    assert o1.is_best and o1.best == 65 and o1.targets == (40, 60, 80)
    assert p1.events["park_opener"] == EventRecord(best=65, stars=2, replay="a.swr", date="20261201-230000")
    p2, o2 = settle_event(c, p1, ev, 45.0, replay="b.swr", date="20261201-231000")
    assert (o2.stars, o2.stars_after, o2.new_stars, o2.credits, o2.best, o2.is_best) == (1, 2, 0, 0, 65, False)
    assert p2.events["park_opener"] == p1.events["park_opener"]  # the old best's replay and date stay
    assert o2.unlocked == ()


def test_a_better_run_pays_only_the_stars_it_adds():
    c = career()
    ev = c.get("park_opener")
    p, _ = settle_event(c, CareerProgress(), ev, 45)
    p, o = settle_event(c, p, ev, 90, replay="c.swr")
    assert (o.stars_before, o.stars_after, o.new_stars, o.credits, o.best) == (1, 3, 2, 200, 90)
    p, o = settle_event(c, p, ev, 95)  # a new best, but no star left to earn
    assert (o.new_stars, o.credits, o.is_best, o.best) == (0, 0, True, 95)
    assert p.events["park_opener"].stars == 3


def test_an_equal_score_is_not_a_new_best_and_the_first_run_scoring_nothing_is_recorded():
    c = career()
    ev = c.get("park_zones")
    p, o = settle_event(c, CareerProgress(), ev, 0)
    assert o.is_best and p.events["park_zones"].best == 0 and o.stars == 0 and o.credits == 0
    p, _ = settle_event(c, p, ev, 150, replay="x.swr")
    p2, o = settle_event(c, p, ev, 150, replay="y.swr")
    assert not o.is_best and p2.events["park_zones"].replay == "x.swr"


def test_settling_names_only_what_newly_opened_in_file_order():
    c = career()
    p, o = settle_event(c, CareerProgress(), c.get("park_opener"), 99)  # 3 stars: not yet the Club's 4
    assert o.unlocked == ()
    p, o = settle_event(c, p, c.get("park_zones"), 150)  # +1 -> 4: the Club tier's first event, not club_late (6)
    assert o.unlocked == ("club_qual",)
    p, o = settle_event(c, p, c.get("park_zones"), 310)  # +2 -> 6
    assert o.unlocked == ("club_late",)
    p, o = settle_event(c, p, c.get("club_qual"), 85)  # +3 -> 9: the Pro tier, the tandem event and the cup
    assert o.unlocked == ("pro_tandem", "sideways_cup")
    p, o = settle_event(c, p, c.get("club_qual"), 85)
    assert o.unlocked == () and o.credits == 0


def test_a_replayed_event_never_loses_stars_even_from_a_record_with_more_stars_than_its_best_earns():
    c = career()
    p = CareerProgress(events={"park_opener": EventRecord(best=10, stars=2)})  # e.g. targets lowered since
    p2, o = settle_event(c, p, c.get("park_opener"), 30)
    assert o.stars == 0 and o.stars_after == 2 and o.new_stars == 0 and o.is_best and p2.events["park_opener"].best == 30
    _, o = settle_event(c, p, c.get("park_opener"), math.inf)
    assert o.best == 10 and not o.is_best and o.stars == 0 and o.credits == 0  # a broken score is no record


def test_the_stats_block_has_the_issue_fields():
    c = career()
    _, o = settle_event(c, CareerProgress(), c.get("park_opener"), 61.5)
    j = o.to_json()
    assert {"id", "score", "stars", "targets", "credits", "unlocked", "best"} <= set(j)
    assert j["targets"] == [40, 60, 80] and j["stars"] == 2 and j["credits"] == 200 and j["id"] == "park_opener"


def test_a_broken_score_leaves_the_stats_block_valid_json():
    import json

    c = career()
    _, o = settle_event(c, CareerProgress(), c.get("park_opener"), float("nan"))
    j = json.loads(json.dumps(o.to_json(), allow_nan=False))
    assert j["score"] is None and j["stars"] == 0 and j["best"] == 0
